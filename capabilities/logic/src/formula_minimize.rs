use crate::wire::formula;
use hessian_kernels::logic::minimize::{Term, minimum_cover, primes};
use hessian_op::prelude::*;

pub struct FormulaMinimize;

/// Variables minimised exactly (2^12 rows; prime implicants grow as 3ⁿ/n).
const MAX_VARS: usize = 12;

#[derive(Deserialize, JsonSchema, Default, Clone, Copy, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Form {
    /// A sum of products (OR of ANDs).
    #[default]
    Dnf,
    /// A product of sums (AND of ORs).
    Cnf,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A propositional formula (grammar as logic.formula.satisfiable.decide:
    /// !, &, xor/^, |, ->, <->, true, false, parentheses); at most 12
    /// variables.
    #[schemars(length(max = 100000))]
    pub formula: String,
    /// "dnf" (default): fewest products, then fewest literals; "cnf":
    /// fewest clauses, then fewest literals.
    #[serde(default)]
    pub form: Form,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact" when the cover is proven minimum, "unknown" when the
    /// deadline stopped the search (the expression is still equivalent).
    pub status: Status,
    /// The minimised formula in the same grammar.
    pub expression: String,
    /// Products (dnf) or clauses (cnf).
    pub terms: usize,
    pub literals: u32,
    /// Prime implicants (of the formula, or of its negation for cnf).
    pub prime_implicants: usize,
    /// When unknown: no equivalent two-level form has fewer terms than this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<usize>,
    pub variables: Vec<String>,
    pub check: String,
}

impl Operation for FormulaMinimize {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.formula.minimize.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Minimal sum of products (or product of sums) of a boolean formula";
    const SUMMARY: &'static str = "Minimises a boolean formula to two levels exactly (Quine–McCluskey with Petrick's method, as a Karnaugh map would): the fewest terms, then the fewest literals, checked on every row.";
    const DESCRIPTION: &'static str = "The true rows (of the negation for a product of sums) give the prime implicants by Quine–McCluskey's merging; a cover of the rows with the fewest primes, then the fewest literals, comes from branch and bound with a disjoint-rows lower bound (Petrick's problem). Checked: the expression evaluates like the formula on all 2ⁿ rows. At the deadline the best cover found is returned with status unknown and a lower bound. Bounds: 12 variables, 100,000 characters.";
    const KEYWORDS: &'static [&'static str] = &[
        "minimize",
        "simplify boolean",
        "karnaugh map",
        "quine mccluskey",
        "sum of products",
        "product of sums",
        "minimal dnf",
        "prime implicants",
        "boolean circuit minimisation",
        "logic minimization",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "simplify this boolean expression to a minimal sum of products",
        "karnaugh map minimisation of a boolean function",
        "minimal product of sums for a logic formula",
        "shortest logic expression that gives the same truth table",
        "fewest gates for a circuit implementing this boolean function",
        "simplify the logic driving one segment of a seven segment display",
        "how do I reduce a long boolean condition to the fewest terms",
    ];
    const ALIASES: &'static [&'static str] =
        &["BooleanMinimize", "SOPform", "POSform", "simplify_logic"];
    const EXAMPLE: &'static str =
        r#"{"formula": "(a & b & !c) | (a & b & c) | (!a & b & c) | (a & !b & c)"}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "expression": "(a & b) | (a & c) | (b & c)", "terms": 3, "literals": 6, "prime_implicants": 3, "variables": ["a", "b", "c"], "check": "the expression, parsed back, equals the formula on all 8 rows"}"#;

    // Long run: the rows, the primes, the cover, then the printed form and its check.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, names) = formula("formula", &input.formula, &[])?;
        let n = names.len();
        if n > MAX_VARS {
            return Err(MathError::Limit(format!(
                "{n} variables; exact two-level minimisation takes at most {MAX_VARS}"
            )));
        }
        let cnf = input.form == Form::Cnf;
        // Row r: variable i is bit i.
        let value = |r: u32| f.eval(&(0..n).map(|i| r >> i & 1 == 1).collect::<Vec<_>>());
        let rows: Vec<u32> = (0u32..1 << n).filter(|&r| value(r) != cnf).collect();
        let p = primes(&rows, &ctx.budget)?;
        let cover = minimum_cover(&rows, &p, n, &ctx.budget)?;
        let mut terms = cover.terms;
        terms.sort_by_key(|t| (std::cmp::Reverse(t.mask.count_ones()), t.bits));
        let expression = print(&terms, &names, n, cnf);
        // The check: the printed expression, parsed back, agrees on every row.
        let (g, _) = formula("expression", &expression, &names)?;
        let agrees = (0u32..1 << n).all(|r| {
            let v: Vec<bool> = (0..n).map(|i| r >> i & 1 == 1).collect();
            g.eval(&v) == f.eval(&v)
        });
        if !agrees {
            return Err(Stop::CheckFailed(
                "the minimised form differs from the formula on some row",
            )
            .into());
        }
        let literals = terms.iter().map(|t| t.literals(n)).sum();
        Ok(Output {
            status: Status::proven(cover.exact),
            terms: terms.len(),
            literals,
            prime_implicants: p.len(),
            lower_bound: (!cover.exact).then_some(cover.lower_bound),
            check: format!(
                "the expression, parsed back, equals the formula on all {} rows",
                1u64 << n
            ),
            expression,
            variables: names,
        })
    }
}

/// Products joined by |, or (for cnf) the rows' negations as clauses
/// joined by &.
fn print(terms: &[Term], names: &[String], n: usize, cnf: bool) -> String {
    if terms.is_empty() {
        return if cnf { "true" } else { "false" }.into();
    }
    let parts: Vec<String> = terms
        .iter()
        .map(|t| {
            let lits: Vec<String> = (0..n)
                .filter(|&i| t.mask >> i & 1 == 0)
                .map(|i| {
                    let positive = (t.bits >> i & 1 == 1) != cnf;
                    if positive {
                        names[i].clone()
                    } else {
                        format!("!{}", names[i])
                    }
                })
                .collect();
            match (lits.len(), cnf) {
                (0, false) => "true".to_string(),
                (0, true) => "false".to_string(),
                (1, _) => lits[0].clone(),
                (_, false) => format!("({})", lits.join(" & ")),
                (_, true) => format!("({})", lits.join(" | ")),
            }
        })
        .collect();
    if parts.len() == 1 {
        return parts[0]
            .trim_start_matches('(')
            .trim_end_matches(')')
            .to_string();
    }
    parts.join(if cnf { " & " } else { " | " })
}
