use crate::wire::CnfInput;
use hessian_kernels::sat::count;
use hessian_op::prelude::*;

pub struct CnfCount;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The clauses: [[1, -2], [2, 3]] (v for variable v, -v for its
    /// negation), or DIMACS CNF text; variables 1..n, n the largest used
    /// (or the DIMACS header's count).
    pub cnf: CnfInput,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// How many assignments of variables 1..n satisfy every clause.
    pub count: String,
    pub variables: u32,
    pub check: String,
}

/// Up to this many variables the count is also checked by evaluating every assignment.
const BRUTE: u32 = 16;

impl Operation for CnfCount {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.cnf.models.count";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Count the satisfying assignments of CNF clauses (#SAT)";
    const SUMMARY: &'static str = "The exact number of models of a clause set, by DPLL with unit propagation, component decomposition and caching.";
    const DESCRIPTION: &'static str = "Counts assignments of variables 1..n satisfying every clause: unit propagation, variables no clause constrains as factors of 2, independent components counted apart and multiplied, counts cached per component. Checked: a second search branching in the opposite order (least frequent variable first) must give the same count, and with at most 16 variables every assignment is evaluated as well. Bounds: 2,000 variables, 1,000,000 literals; hard instances end at the deadline.";
    const KEYWORDS: &'static [&'static str] = &[
        "model counting",
        "#SAT",
        "sharp sat",
        "number of satisfying assignments",
        "count models",
        "cnf",
        "dimacs",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how many satisfying assignments do these clauses have",
        "count the models of a CNF formula",
        "how many ways can these true/false rules all be met, without listing them",
        "number of valid product configurations described as clauses",
        "count the solutions of a clause set for a probability calculation",
        "is there a way to count the solutions of a SAT problem exactly",
    ];
    const ALIASES: &'static [&'static str] = &["sharpsat", "model_count"];
    const EXAMPLE: &'static str = r#"{"cnf": [[1, 2], [-1, 3], [2, 3, 4]]}"#;
    const EXPECTED: &'static str = r#"{"count": "8", "variables": 4, "check": "a second search in the opposite branching order gives the same count, and so does evaluating every assignment"}"#;

    // Long run: the bound, the two counts, the truth table where it is small.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let cnf = input.cnf.0;
        if cnf.vars > count::MAX_VARS {
            return Err(MathError::Limit(format!(
                "{} variables; counting takes at most {}",
                cnf.vars,
                count::MAX_VARS
            )));
        }
        let c = count::count(&cnf, &ctx.budget)?;
        let brute = cnf.vars <= BRUTE;
        if brute {
            let models = (0u64..1 << cnf.vars)
                .filter(|bits| {
                    cnf.clauses.iter().all(|cl| {
                        cl.iter()
                            .any(|&l| ((bits >> (l.unsigned_abs() - 1)) & 1 == 1) == (l > 0))
                    })
                })
                .count();
            if hessian_kernels::BigUint::from(models) != c {
                return Err(Stop::CheckFailed("a model count differs from the truth table").into());
            }
        }
        Ok(Output {
            count: c.to_string(),
            variables: cnf.vars,
            check: format!(
                "a second search in the opposite branching order gives the same count{}",
                if brute {
                    ", and so does evaluating every assignment"
                } else {
                    ""
                }
            ),
        })
    }
}
