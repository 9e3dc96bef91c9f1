use crate::Terms;
use hessian_kernels::rational;
use hessian_op::prelude::*;

pub struct Sum;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The terms (1 to 100,000 rationals).
    pub terms: Terms,
}

impl Operation for Sum {
    type Input = Input;
    /// Σ a_i, exactly.
    type Output = Rational;
    const ID: &'static str = "sequence.sum.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Sum of a finite sequence";
    const SUMMARY: &'static str = "Exact sum Σ a_i of a list of integers or fractions.";
    const DESCRIPTION: &'static str = "Adds up to 100,000 rational terms exactly (pairwise, so large lists of \
        fractions stay fast).";
    const KEYWORDS: &'static [&'static str] =
        &["sum of sequence", "series sum", "total", "add up", "sigma"];
    const PHRASINGS: &'static [&'static str] = &[
        "sum of a list of exact numbers",
        "total of integers or fractions",
        "add up these numbers exactly, including fractions",
        "total of a list of numbers with no rounding",
        "exact sum of a column of prices or measurements",
        "how do I add a long list of fractions exactly",
    ];
    const ALIASES: &'static [&'static str] = &["sum", "Total", "math.fsum"];
    const EXAMPLE: &'static str = r#"{"terms": [1, "1/4", "1/9", "1/16"]}"#;
    const EXPECTED: &'static str = r#""205/144""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        let v = crate::values(input.terms);
        Ok(Rational(rational::sum(v, &ctx.budget)?))
    }
}
