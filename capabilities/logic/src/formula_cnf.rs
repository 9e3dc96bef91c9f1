use crate::wire::{Decision, decide, formula};
use hessian_kernels::Budget;
use hessian_kernels::logic::formula::{Formula, tseitin};
use hessian_kernels::sat::Cnf;
use hessian_op::prelude::*;

pub struct FormulaCnf;

/// Clauses the distributive form may have before it is refused.
const MAX_CLAUSES: usize = 10_000;

#[derive(Deserialize, JsonSchema, Default, Clone, Copy, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// One new variable per subformula: linear size, equisatisfiable.
    #[default]
    Tseitin,
    /// De Morgan and distribution: an equivalent CNF over the formula's own
    /// variables, possibly exponentially larger.
    Distributive,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A propositional formula (grammar as logic.formula.satisfiable.decide:
    /// !, &, xor/^, |, ->, <->, true, false, parentheses).
    #[schemars(length(max = 100000))]
    pub formula: String,
    /// "tseitin" (default) or "distributive".
    #[serde(default)]
    pub method: Method,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Clauses as DIMACS literals: v is variable v of `variables` (from
    /// 1), -v its negation; Tseitin's auxiliaries come after them.
    pub clauses: Vec<Vec<i32>>,
    /// The same as DIMACS text.
    pub dimacs: String,
    /// Names of variables 1..k; the auxiliaries are named t1, t2, … after
    /// the k = `variables`' own.
    pub variables: Vec<String>,
    pub total_variables: u32,
    pub check: String,
}

impl Operation for FormulaCnf {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.formula.cnf.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Conjunctive normal form of a propositional formula (Tseitin or distributive)";
    const SUMMARY: &'static str = "Converts a boolean formula to CNF clauses and DIMACS text: Tseitin's linear-size equisatisfiable encoding, or the equivalent CNF by De Morgan and distribution; checked by a replayed SAT proof.";
    const DESCRIPTION: &'static str = "Tseitin: one variable per subformula, defined by clauses equivalent to t ↔ op(children), and the root asserted; its models restrict one-to-one onto the formula's. Distributive: negations pushed to the variables, | distributed over &, tautological clauses and repeated literals dropped; refused past 10,000 clauses. Checked by the SAT solver with replayed LRAT proofs: every model of the CNF satisfies the formula (CNF ∧ ¬formula is unsatisfiable) and, for the distributive form, every model of the formula satisfies the CNF. Bounds: 100,000 characters, 100,000 operators and operands.";
    const KEYWORDS: &'static [&'static str] = &[
        "cnf",
        "conjunctive normal form",
        "tseitin",
        "clauses",
        "dimacs",
        "to cnf",
        "clause form",
        "boolean formula",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "convert this boolean formula to conjunctive normal form",
        "tseitin encoding of a propositional formula as DIMACS",
        "rewrite a logic expression as an AND of ORs",
        "prepare my boolean formula as an input file for a SAT solver",
        "turn a circuit description into clauses for a solver",
        "how do I convert an if-then logic formula into clause form",
    ];
    const ALIASES: &'static [&'static str] = &["to_cnf", "BooleanConvert", "tseitin"];
    const EXAMPLE: &'static str = r#"{"formula": "(a & b) | !c", "method": "distributive"}"#;
    const EXPECTED: &'static str = r#"{"clauses": [[1, -3], [2, -3]], "dimacs": "p cnf 3 2\n1 -3 0\n2 -3 0\n", "variables": ["a", "b", "c"], "total_variables": 3, "check": "every model of the CNF satisfies the formula (CNF ∧ ¬formula unsatisfiable, LRAT proof replayed); every model of the formula satisfies the CNF (formula ∧ ¬CNF unsatisfiable, replayed)"}"#;

    // Long run: the encoding, then one or two SAT checks with replayed proofs, then the text.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, names) = formula("formula", &input.formula, &[])?;
        let n = names.len();
        let cnf = match input.method {
            Method::Tseitin => tseitin(&f, n),
            Method::Distributive => {
                let clauses = distribute(&f, false, &ctx.budget)?;
                Cnf {
                    vars: n as u32,
                    clauses,
                }
            }
        };
        // CNF ∧ ¬F: the negation encoded after the CNF's own variables.
        let as_formula = Formula::And(
            cnf.clauses
                .iter()
                .map(|c| {
                    Formula::Or(
                        c.iter()
                            .map(|&l| {
                                let v = Formula::Var(l.unsigned_abs() as usize - 1);
                                if l > 0 { v } else { Formula::Not(Box::new(v)) }
                            })
                            .collect(),
                    )
                })
                .collect(),
        );
        let mut check = Cnf {
            vars: cnf.vars,
            clauses: cnf.clauses.clone(),
        };
        let negation = tseitin(&Formula::Not(Box::new(f.clone())), cnf.vars as usize);
        check.vars = negation.vars;
        check.clauses.extend(negation.clauses);
        let mut said = vec![
            "every model of the CNF satisfies the formula (CNF ∧ ¬formula unsatisfiable, LRAT proof replayed)",
        ];
        refuted(&check, ctx)?;
        if input.method == Method::Distributive {
            let converse = Formula::And(vec![f.clone(), Formula::Not(Box::new(as_formula))]);
            refuted(&tseitin(&converse, n), ctx)?;
            said.push("every model of the formula satisfies the CNF (formula ∧ ¬CNF unsatisfiable, replayed)");
        } else {
            said.push("each auxiliary variable is defined by clauses equivalent to its subformula, so every model of the formula extends to one of the CNF");
        }
        let mut dimacs = format!("p cnf {} {}\n", cnf.vars, cnf.clauses.len());
        for c in &cnf.clauses {
            for l in c {
                dimacs.push_str(&l.to_string());
                dimacs.push(' ');
            }
            dimacs.push_str("0\n");
        }
        Ok(Output {
            clauses: cnf.clauses,
            dimacs,
            variables: names,
            total_variables: cnf.vars,
            check: said.join("; "),
        })
    }
}

/// Fails unless the clauses are proven unsatisfiable.
fn refuted(cnf: &Cnf, ctx: &Ctx) -> Result<(), MathError> {
    match decide(cnf, ctx)?.0 {
        Decision::Unsat(_) => Ok(()),
        Decision::Sat(_) => Err(Stop::CheckFailed("the CNF and the formula differ").into()),
        Decision::Unknown(_) => Err(Stop::Deadline.into()),
    }
}

/// Clauses equivalent to f (to ¬f when `negated`), within MAX_CLAUSES.
fn distribute(f: &Formula, negated: bool, budget: &Budget) -> Result<Vec<Vec<i32>>, MathError> {
    budget.check()?;
    let and = |parts: Vec<Vec<Vec<i32>>>| -> Result<Vec<Vec<i32>>, MathError> {
        let out: Vec<Vec<i32>> = parts.into_iter().flatten().collect();
        bounded(out)
    };
    let or = |parts: Vec<Vec<Vec<i32>>>| -> Result<Vec<Vec<i32>>, MathError> {
        let mut acc: Vec<Vec<i32>> = vec![vec![]];
        for p in parts {
            if acc.len().saturating_mul(p.len()) > 100 * MAX_CLAUSES {
                return Err(too_large());
            }
            let mut next = Vec::new();
            for a in &acc {
                for b in &p {
                    let mut c: Vec<i32> = a.iter().chain(b).copied().collect();
                    c.sort_unstable_by_key(|l| (l.unsigned_abs(), *l));
                    c.dedup();
                    if c.windows(2).any(|w| w[0] == -w[1]) {
                        continue;
                    }
                    next.push(c);
                }
            }
            acc = bounded(next)?;
        }
        Ok(acc)
    };
    let lit = |v: usize, positive: bool| {
        let x = v as i32 + 1;
        if positive { x } else { -x }
    };
    match (f, negated) {
        (Formula::Const(b), neg) => Ok(if *b != neg { vec![] } else { vec![vec![]] }),
        (Formula::Var(v), neg) => Ok(vec![vec![lit(*v, !neg)]]),
        (Formula::Not(g), neg) => distribute(g, !neg, budget),
        (Formula::And(gs), false) | (Formula::Or(gs), true) => and(gs
            .iter()
            .map(|g| distribute(g, negated, budget))
            .collect::<Result<_, _>>()?),
        (Formula::Or(gs), false) | (Formula::And(gs), true) => or(gs
            .iter()
            .map(|g| distribute(g, negated, budget))
            .collect::<Result<_, _>>()?),
        (Formula::Implies(a, b), false) => or(vec![
            distribute(a, true, budget)?,
            distribute(b, false, budget)?,
        ]),
        (Formula::Implies(a, b), true) => and(vec![
            distribute(a, false, budget)?,
            distribute(b, true, budget)?,
        ]),
        // a xor b = (a | b) & (!a | !b); a <-> b = (!a | b) & (a | !b).
        (Formula::Xor(a, b), false) | (Formula::Iff(a, b), true) => and(vec![
            or(vec![
                distribute(a, false, budget)?,
                distribute(b, false, budget)?,
            ])?,
            or(vec![
                distribute(a, true, budget)?,
                distribute(b, true, budget)?,
            ])?,
        ]),
        (Formula::Iff(a, b), false) | (Formula::Xor(a, b), true) => and(vec![
            or(vec![
                distribute(a, true, budget)?,
                distribute(b, false, budget)?,
            ])?,
            or(vec![
                distribute(a, false, budget)?,
                distribute(b, true, budget)?,
            ])?,
        ]),
    }
}

fn bounded(mut clauses: Vec<Vec<i32>>) -> Result<Vec<Vec<i32>>, MathError> {
    clauses.sort_unstable();
    clauses.dedup();
    if clauses.len() > MAX_CLAUSES {
        return Err(too_large());
    }
    Ok(clauses)
}

fn too_large() -> MathError {
    MathError::Limit(format!(
        "the distributive CNF passes {MAX_CLAUSES} clauses; method \"tseitin\" gives a linear-size equisatisfiable one"
    ))
}
