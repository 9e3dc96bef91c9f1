use crate::wire::formula;
use hessian_kernels::logic::formula::tseitin;
use hessian_kernels::sat::count;
use hessian_op::prelude::*;

pub struct FormulaCount;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A propositional formula (grammar as logic.formula.satisfiable.decide:
    /// !, &, xor/^, |, ->, <->, true, false, parentheses).
    #[schemars(length(max = 100000))]
    pub formula: String,
    /// The variables counted over (default: those of the formula); may list
    /// variables the formula does not use, each doubling the count.
    #[serde(default)]
    #[schemars(length(max = 10000))]
    pub variables: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// How many assignments of `variables` make the formula true.
    pub count: String,
    pub variables: Vec<String>,
    pub check: String,
}

/// Up to this many variables the count is also checked on the truth table.
const BRUTE: usize = 16;

impl Operation for FormulaCount {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.formula.models.count";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Count the assignments that make a propositional formula true";
    const SUMMARY: &'static str = "The exact number of satisfying assignments of a formula, by model counting on its Tseitin encoding.";
    const DESCRIPTION: &'static str = "Tseitin's encoding defines one auxiliary variable per subformula, so its models correspond one to one with the formula's; they are counted by DPLL with component decomposition and caching. Checked: a second search in the opposite branching order agrees, and with at most 16 variables the formula is evaluated on every row of its truth table as well.";
    const KEYWORDS: &'static [&'static str] = &[
        "count satisfying assignments",
        "number of models",
        "model counting",
        "#SAT",
        "how many rows are true",
        "boolean formula",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how many assignments make this boolean formula true",
        "number of true rows in the truth table",
        "in how many true/false combinations does this statement come out true",
        "count the input settings that make a logic circuit output 1",
        "probability a random assignment satisfies this formula, from the count",
        "how do I count the true rows without writing out the whole table",
    ];
    const ALIASES: &'static [&'static str] = &["count_models", "satcount"];
    const EXAMPLE: &'static str = r#"{"formula": "(a | b) & (b -> c) & !(a & c)"}"#;
    const EXPECTED: &'static str = r#"{"count": "2", "variables": ["a", "b", "c"], "check": "a second search in the opposite branching order gives the same count, and so does the truth table"}"#;

    // Long run: encode, bound, count twice, and the truth table where it is small.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, names) = formula("formula", &input.formula, &input.variables)?;
        let n = names.len();
        let cnf = tseitin(&f, n);
        if cnf.vars > count::MAX_VARS {
            return Err(MathError::Limit(format!(
                "the formula's encoding has {} variables (one per variable and operator); counting takes at most {}",
                cnf.vars,
                count::MAX_VARS
            )));
        }
        let c = count::count(&cnf, &ctx.budget)?;
        let brute = n <= BRUTE;
        if brute {
            let rows = (0u64..1 << n)
                .filter(|bits| {
                    let values: Vec<bool> = (0..n).map(|k| bits >> k & 1 == 1).collect();
                    f.eval(&values)
                })
                .count();
            if hessian_kernels::BigUint::from(rows) != c {
                return Err(Stop::CheckFailed(
                    "a formula's model count differs from its truth table",
                )
                .into());
            }
        }
        Ok(Output {
            count: c.to_string(),
            check: format!(
                "a second search in the opposite branching order gives the same count{}",
                if brute {
                    ", and so does the truth table"
                } else {
                    ""
                }
            ),
            variables: names,
        })
    }
}
