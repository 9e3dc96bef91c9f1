use crate::wire::{Literal, Weight, nonzero, weights};
use hessian_kernels::sat::counter::{self, Counter};
use hessian_op::prelude::*;

pub struct Cardinality;

/// Auxiliary variables an encoding may introduce.
const MAX_AUXILIARY: u64 = 200_000;

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    AtMost,
    AtLeast,
    Exactly,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The literals counted: v for variable v, -v for its negation.
    pub literals: List<Literal, 10_000>,
    /// "at_most", "at_least" or "exactly".
    pub relation: Relation,
    /// How many of the literals (their total weight, with weights).
    pub k: Bounded<0, 1_000_000_000_000>,
    /// A positive weight per literal, in order (a pseudo-Boolean
    /// constraint); every literal counts 1 when absent.
    #[serde(default)]
    pub weights: Option<List<Weight, 10_000>>,
    /// The first auxiliary variable; one past the largest variable of the
    /// literals when absent.
    #[serde(default)]
    pub first_auxiliary: Option<Bounded<1, 1_000_000>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Auxiliary {
    pub first: u32,
    pub count: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Clauses over the literals' variables and the auxiliary ones, each
    /// a list of DIMACS literals; [[]] (the empty clause) when no
    /// assignment meets the relation, [] when every one does.
    pub clauses: Vec<Vec<i32>>,
    /// The auxiliary variables: first .. first + count − 1.
    pub auxiliary: Auxiliary,
    /// The largest variable the clauses may use.
    pub variables: u32,
    pub check: String,
}

impl Operation for Cardinality {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.cardinality.encode";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Encode at most / at least / exactly k of these literals as CNF clauses";
    const SUMMARY: &'static str = "Clauses (with auxiliary variables) that hold exactly when at most, at least or exactly k of the given literals are true, optionally weighted (a pseudo-Boolean constraint): the sequential counter, checked sound and complete.";
    const DESCRIPTION: &'static str = "Σ wᵢ·[lᵢ] ≤ k is written as the sequential weight counter (Sinz's sequential counter when every weight is 1): an auxiliary s(i, j), for i below the number of literals and 1 ≤ j ≤ k, means 'the first i literals weigh at least j'. 'at least k' is 'at most W − k' of the negations (W the total weight); 'exactly' is both, with their own auxiliaries. Checked before it is returned, for each counter: complete — under s(i, j) = [prefix ≥ j] every clause is evaluated at each prefix value where one of its literals changes truth, so every assignment within the bound extends to a model; sound — by induction on i every model has s(i, j) true whenever the prefix reaches j and the prefix never passes k, and each clause that induction uses is confirmed present. Bounds: 10,000 literals, 200,000 auxiliary variables ((n − 1)·k per counter).";
    const KEYWORDS: &'static [&'static str] = &[
        "cardinality constraint",
        "at most k",
        "at least k",
        "exactly k",
        "exactly one",
        "at most one",
        "sequential counter",
        "cnf encoding",
        "pseudo-boolean encoding",
        "sat encoding",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "encode at most k of these variables true as clauses",
        "CNF clauses for an exactly-one constraint",
        "turn a cardinality constraint into SAT clauses",
        "turn the rule no more than two of these can be true into clauses",
        "express exactly one of these options is chosen in a form a SAT solver accepts",
        "encode each seat holds at most one person for a scheduling SAT model",
        "how do I write at least 3 of these 5 variables are true as CNF",
    ];
    const ALIASES: &'static [&'static str] = &["CardEnc.atmost", "pysat.card", "at_most_k"];
    const EXAMPLE: &'static str = r#"{"literals": [1, 2, 3], "relation": "exactly", "k": 1}"#;
    const EXPECTED: &'static str = r#"{"clauses": [[-1, 4], [-2, 5], [-4, 5], [-2, -4], [-3, -5], [1, 6], [2, 8], [-6, 8], [-7, 9], [2, -6, 9], [2, -7], [3, -9]], "auxiliary": {"first": 4, "count": 6}, "variables": 9, "check": "complete: every assignment meeting the relation extends to a model (each clause evaluated under s(i, j) = [the first i literals weigh ≥ j] at every threshold it tests); sound: by induction on i no model passes the bound, each clause the induction uses confirmed present"}"#;

    // Long run: one or two counters, each checked, then numbered.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let literals = nonzero(&input.literals.0, "literals")?;
        let weights = weights(input.weights, literals.len(), "literal")?;
        let widest = literals.iter().map(|l| l.unsigned_abs()).max().unwrap_or(0);
        let first = match input.first_auxiliary {
            Some(f) if (f.0 as u32) <= widest => {
                return Err(MathError::Input {
                    path: "first_auxiliary".into(),
                    message: format!(
                        "{} is not past the literals' largest variable {widest}",
                        f.0
                    ),
                });
            }
            Some(f) => f.0 as u32,
            None => widest + 1,
        };
        let k = input.k.0 as u64;
        let total: u64 = weights.iter().sum();
        let terms: Vec<(u64, i32)> = weights
            .iter()
            .copied()
            .zip(literals.iter().copied())
            .collect();
        let negated: Vec<(u64, i32)> = terms.iter().map(|&(w, l)| (w, -l)).collect();
        // Each relation as bounds Σ ≤ b over the literals or their negations.
        let mut bounds: Vec<(&[(u64, i32)], Option<u64>)> = Vec::new();
        if input.relation != Relation::AtLeast {
            bounds.push((&terms, Some(k)));
        }
        if input.relation != Relation::AtMost {
            bounds.push((&negated, total.checked_sub(k)));
        }
        let mut clauses = Vec::new();
        let mut next = first;
        for (terms, bound) in bounds {
            let Some(bound) = bound else {
                // Fewer than k can be true at all.
                clauses = vec![vec![]];
                break;
            };
            if bound >= total {
                continue;
            }
            let need = counter::size(terms.len(), bound);
            if need + u64::from(next - first) > MAX_AUXILIARY
                || need + u64::from(next) > i32::MAX as u64
            {
                return Err(MathError::Limit(format!(
                    "the encoding needs {} auxiliary variables, at most {MAX_AUXILIARY}",
                    need + u64::from(next - first)
                )));
            }
            let c = Counter::new(terms, bound, next);
            c.complete(&ctx.budget)?;
            c.sound(&ctx.budget)?;
            next += c.auxiliary();
            clauses.extend(c.clauses());
        }
        let relation = match input.relation {
            Relation::AtMost => "at most",
            Relation::AtLeast => "at least",
            Relation::Exactly => "exactly",
        };
        let check = if clauses == [Vec::<i32>::new()] {
            format!(
                "the literals weigh {total} in all, fewer than {k}: no assignment has {relation} {k}"
            )
        } else if clauses.is_empty() {
            format!("every assignment has {relation} {k}: no clause is needed")
        } else {
            "complete: every assignment meeting the relation extends to a model (each clause evaluated under s(i, j) = [the first i literals weigh ≥ j] at every threshold it tests); sound: by induction on i no model passes the bound, each clause the induction uses confirmed present".into()
        };
        Ok(Output {
            clauses,
            auxiliary: Auxiliary {
                first,
                count: next - first,
            },
            variables: (next - 1).max(widest),
            check,
        })
    }
}
