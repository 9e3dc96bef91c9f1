use crate::wire::{
    CnfInput, Decision, Literal, ProofOut, Weight, append_counter, decide, literals, nonzero,
    weights,
};
use hessian_kernels::sat::Cnf;
use hessian_op::prelude::*;

pub struct CnfMaxsat;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Clauses every answer must satisfy: [[1, -2], [2, 3]] (v for variable
    /// v, -v for its negation) or DIMACS CNF text; none when absent.
    #[serde(default)]
    pub hard: Option<CnfInput>,
    /// Clauses to satisfy as many of as possible (by weight).
    pub soft: List<List<Literal, 100_000>, 100_000>,
    /// A positive weight per soft clause, in order; 1 each when absent.
    #[serde(default)]
    pub weights: Option<List<Weight, 100_000>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline (or the encoding's size)
    /// stopped the search: then the best assignment found and a lower bound.
    pub status: Status,
    /// Whether the hard clauses can be satisfied (absent when unknown
    /// before any assignment was found).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feasible: Option<bool>,
    /// Total weight of the soft clauses the assignment falsifies: the
    /// minimum when exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u64>,
    /// The assignment: v or -v for every variable 1..n.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<Vec<i32>>,
    /// Soft clauses (numbered from 1) the assignment falsifies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub falsified: Option<Vec<usize>>,
    /// No assignment costs less than this (proved).
    pub lower_bound: u64,
    /// The proof that no assignment costs cost − 1 or less (or, when
    /// infeasible, that the hard clauses are unsatisfiable). Its input
    /// clauses are the hard ones, then each soft clause with its
    /// relaxation variable n + i, then the counter's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofOut>,
    /// SAT calls made.
    pub rounds: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub check: String,
}

impl Operation for CnfMaxsat {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.cnf.maxsat.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Weighted MaxSAT: satisfy the hard clauses and as much soft-clause weight as possible";
    const SUMMARY: &'static str = "Finds an assignment satisfying every hard clause that minimises the total weight of falsified soft clauses, with optimality proved by a replayed unsatisfiability proof one below the optimum.";
    const DESCRIPTION: &'static str = "Each soft clause gets a relaxation variable rᵢ (clause ∨ rᵢ); a first SAT call gives an assignment and an upper bound (its falsified weight, counted on the clauses themselves). A binary search then asks whether Σ wᵢrᵢ ≤ b is possible, the bound encoded as a sequential weight counter checked complete; a satisfiable answer lowers the upper bound to the new assignment's cost, a refuted one (its LRAT proof replayed) raises the lower bound to b + 1. Checked: the assignment is evaluated on every hard clause and its cost recounted; the optimum is proved by the replayed refutation at cost − 1: with the counter complete, any cheaper assignment would have extended to a model. At the deadline the status is unknown with the best assignment and the proved lower bound. Bounds: 100,000 variables, 1,000,000 literals, 1,000,000 auxiliary variables per bound ((soft clauses − 1) × b).";
    const KEYWORDS: &'static [&'static str] = &[
        "maxsat",
        "max-sat",
        "weighted maxsat",
        "maximum satisfiability",
        "soft clauses",
        "hard clauses",
        "wcnf",
        "partial maxsat",
        "most clauses satisfied",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "satisfy as many clauses as possible",
        "weighted MaxSAT with hard and soft clauses",
        "minimum weight of violated soft constraints",
        "meet all the must rules and as many nice to have rules as possible",
        "schedule meetings respecting hard rules while breaking the fewest preferences",
        "when not all clauses can be true, satisfy the most important ones",
        "how do I find the assignment with the least total penalty for broken clauses",
    ];
    const ALIASES: &'static [&'static str] = &["RC2", "maxsat_solve", "pysat.examples.rc2"];
    const EXAMPLE: &'static str =
        r#"{"hard": [[-1, -2]], "soft": [[1], [2], [3], [-3]], "weights": [2, 3, 1, 1]}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "feasible": true, "cost": 3, "model": [-1, 2, -3], "falsified": [1, 3], "lower_bound": 3, "proof": {"format": "LRAT", "added": 13, "hints": 27, "bytes": 195, "text": "19 2 0 8 3 0\n20 -1 0 19 1 0\n21 4 0 20 2 0\n22 8 0 21 6 0\n23 9 0 21 7 0\n24 10 0 22 11 0\n25 11 0 23 12 0\n26 12 0 24 14 0\n27 13 0 25 15 0\n28 -6 0 25 17 0\n29 -7 0 27 18 0\n30 3 0 28 4 0\n31 0 30 29 5 0\n"}, "rounds": 3, "check": "the assignment satisfies every hard clause and falsifies soft weight 3; the replayed LRAT proof refutes weight ≤ 2, with the counter for Σ wᵢrᵢ ≤ 2 checked complete"}"#;

    // Long run: the relaxed clauses, the first model, the binary search on the bound, and the answer.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let hard = input.hard.map(|h| h.0).unwrap_or(Cnf {
            vars: 0,
            clauses: Vec::new(),
        });
        let soft: Vec<Vec<i32>> = input
            .soft
            .0
            .iter()
            .map(|c| nonzero(&c.0, "soft"))
            .collect::<Result<_, _>>()?;
        let weights = weights(input.weights, soft.len(), "soft clause")?;
        let n = soft
            .iter()
            .flatten()
            .map(|l| l.unsigned_abs())
            .max()
            .unwrap_or(0)
            .max(hard.vars);
        if u64::from(n) + soft.len() as u64 > i32::MAX as u64 / 2 {
            return Err(MathError::Limit("too many variables".into()));
        }
        // Clause i relaxed by variable n + 1 + i.
        let mut base = Cnf {
            vars: n + soft.len() as u32,
            clauses: hard.clauses.clone(),
        };
        base.clauses.extend(soft.iter().enumerate().map(|(i, c)| {
            let mut c = c.clone();
            c.push((n + 1 + i as u32) as i32);
            c
        }));
        let cost_of = |model: &[bool]| -> Result<(u64, Vec<usize>), MathError> {
            let value = |l: i32| {
                model
                    .get(l.unsigned_abs() as usize - 1)
                    .copied()
                    .unwrap_or(false)
                    == (l > 0)
            };
            if !hard.clauses.iter().all(|c| c.iter().any(|&l| value(l))) {
                return Err(Stop::CheckFailed("the assignment falsifies a hard clause").into());
            }
            let falsified: Vec<usize> = (0..soft.len())
                .filter(|&i| !soft[i].iter().any(|&l| value(l)))
                .collect();
            Ok((falsified.iter().map(|&i| weights[i]).sum(), falsified))
        };
        let mut out = Output {
            status: Status::Exact,
            feasible: None,
            cost: None,
            model: None,
            falsified: None,
            lower_bound: 0,
            proof: None,
            rounds: 1,
            reason: None,
            check: String::new(),
        };
        let mut best = match decide(&base, ctx)?.0 {
            Decision::Sat(mut model) => {
                model.truncate(n as usize);
                model
            }
            Decision::Unsat(proof) => {
                out.feasible = Some(false);
                out.proof = Some(proof);
                out.check = "the hard clauses are unsatisfiable: the LRAT proof of the relaxed clauses (every soft clause satisfiable by its relaxation variable) replays".into();
                return Ok(out);
            }
            Decision::Unknown(why) => {
                out.status = Status::Unknown;
                out.reason = Some(why);
                out.check = "nothing to check: no assignment was found".into();
                return Ok(out);
            }
        };
        out.feasible = Some(true);
        let (mut upper, _) = cost_of(&best)?;
        let mut lower = 0u64;
        let relax: Vec<(u64, i32)> = (0..soft.len())
            .map(|i| (weights[i], (n + 1 + i as u32) as i32))
            .collect();
        while lower < upper && out.reason.is_none() {
            let b = lower + (upper - 1 - lower) / 2;
            let mut query = base.clone();
            let mut used = 0;
            if let Err(e) = append_counter(&mut query, &relax, b, &mut used, ctx) {
                match e {
                    MathError::Limit(why) => {
                        out.reason = Some(format!("asking for cost ≤ {b}: {why}"))
                    }
                    other => return Err(other),
                }
                break;
            }
            out.rounds += 1;
            match decide(&query, ctx)?.0 {
                Decision::Sat(mut model) => {
                    model.truncate(n as usize);
                    let (c, _) = cost_of(&model)?;
                    if c > b {
                        return Err(Stop::CheckFailed(
                            "a model within the bound costs more than it",
                        )
                        .into());
                    }
                    upper = c;
                    best = model;
                }
                Decision::Unsat(proof) => {
                    lower = b + 1;
                    out.proof = Some(proof);
                }
                Decision::Unknown(why) => out.reason = Some(why),
            }
        }
        let (cost, falsified) = cost_of(&best)?;
        out.cost = Some(cost);
        out.model = Some(literals(&best));
        out.falsified = Some(falsified.iter().map(|i| i + 1).collect());
        out.lower_bound = lower;
        if lower == cost {
            out.check = if cost == 0 {
                format!(
                    "the assignment satisfies all {} hard and {} soft clauses",
                    hard.clauses.len(),
                    soft.len()
                )
            } else {
                format!(
                    "the assignment satisfies every hard clause and falsifies soft weight {cost}; the replayed LRAT proof refutes weight ≤ {}, with the counter for Σ wᵢrᵢ ≤ {} checked complete",
                    cost - 1,
                    cost - 1
                )
            };
        } else {
            out.status = Status::Unknown;
            out.proof = None;
            out.check = format!(
                "the assignment satisfies every hard clause and falsifies soft weight {cost}; weight below {lower} is refuted (replayed LRAT proofs)"
            );
        }
        Ok(out)
    }
}
