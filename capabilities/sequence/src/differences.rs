use crate::Terms;
use hessian_kernels::sequence;
use hessian_op::prelude::*;

pub struct Differences;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub terms: Terms,
    /// The order k of the difference (default 1); k < number of terms.
    #[serde(default = "one")]
    pub order: Bounded<0, 1000>,
}

fn one() -> Bounded<0, 1000> {
    Bounded(1)
}

impl Operation for Differences {
    type Input = Input;
    /// Δ^k a: n − k terms.
    type Output = Vec<Rational>;
    const ID: &'static str = "sequence.differences.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Finite differences Δ^k of a sequence";
    const SUMMARY: &'static str =
        "k-th forward differences: Δa_i = a_{i+1} − a_i, applied k times.";
    const DESCRIPTION: &'static str = "Computes the k-th forward differences of a sequence (default k = 1), \
        leaving n − k terms. A polynomial sequence of degree d has constant Δ^d. k must be below the number \
        of terms.";
    const KEYWORDS: &'static [&'static str] = &[
        "finite differences",
        "difference sequence",
        "forward difference",
        "delta",
        "diff",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "gaps between consecutive numbers in a list, repeated",
        "successive differences of a sequence",
        "finite difference table",
        "forward differences until constant",
        "subtract each number from the next, then do it again",
        "find how much a list changes from step to step",
        "difference table to spot the pattern in a number sequence",
        "how do I take second differences of a list of values",
    ];
    const ALIASES: &'static [&'static str] = &["differences", "Differences", "numpy.diff"];
    const EXAMPLE: &'static str = r#"{"terms": [1, 8, 27, 64, 125], "order": 3}"#;
    const EXPECTED: &'static str = r#"["6", "6"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Rational>, MathError> {
        let k = input.order.0 as usize;
        let a = crate::values(input.terms);
        if k >= a.len() {
            return Err(MathError::Input {
                path: "order".into(),
                message: format!("{k} differences of {} terms leave nothing", a.len()),
            });
        }
        Ok(crate::rationals(sequence::differences(&a, k, &ctx.budget)?))
    }
}
