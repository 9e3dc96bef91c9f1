use crate::Terms;
use hessian_kernels::rational;
use hessian_op::prelude::*;

pub struct Product;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The terms (1 to 100,000 rationals).
    pub terms: Terms,
}

impl Operation for Product {
    type Input = Input;
    /// ∏ a_i, exactly.
    type Output = Rational;
    const ID: &'static str = "sequence.product.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Product of a finite sequence";
    const SUMMARY: &'static str = "Exact product ∏ a_i of a list of integers or fractions.";
    const DESCRIPTION: &'static str = "Multiplies up to 100,000 rational terms exactly, by a balanced product \
        tree so that big results stay fast.";
    const KEYWORDS: &'static [&'static str] = &[
        "product of sequence",
        "multiply all",
        "pi product",
        "product of list",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "product of all terms of a list",
        "multiply a list of numbers exactly",
        "multiply all of these fractions together exactly, no rounding",
        "exact result of multiplying a long list of whole numbers",
        "combine several growth factors into one overall factor",
        "how do I get the exact product of a list of numbers",
    ];
    const ALIASES: &'static [&'static str] = &["prod", "Times", "math.prod"];
    const EXAMPLE: &'static str = r#"{"terms": ["1/2", "2/3", "3/4", "4/5"]}"#;
    const EXPECTED: &'static str = r#""1/5""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        let v = crate::values(input.terms);
        Ok(Rational(rational::product(v, &ctx.budget)?))
    }
}
