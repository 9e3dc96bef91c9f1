use crate::Terms;
use hessian_kernels::sequence;
use hessian_op::prelude::*;

pub struct DirichletConvolution;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// f(1), …, f(N).
    pub f: Terms,
    /// g(1), …, g(N), the same length as f.
    pub g: Terms,
}

impl Operation for DirichletConvolution {
    type Input = Input;
    /// (f ∗ g)(1), …, (f ∗ g)(N).
    type Output = Vec<Rational>;
    const ID: &'static str = "sequence.dirichlet_convolution.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Dirichlet convolution of two arithmetic functions";
    const SUMMARY: &'static str = "(f ∗ g)(n) = Σ_{d | n} f(d)·g(n/d) for n = 1..N.";
    const DESCRIPTION: &'static str = "Computes the Dirichlet convolution of arithmetic functions given by their \
        values f(1..N) and g(1..N) (equal lengths): (f ∗ g)(n) = Σ_{d | n} f(d) g(n/d), in O(N log N). \
        Example: 1 ∗ 1 = number of divisors.";
    const KEYWORDS: &'static [&'static str] = &[
        "dirichlet convolution",
        "dirichlet product",
        "arithmetic function convolution",
        "divisor convolution",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "sum over divisors d of n of f(d) g(n/d)",
        "Dirichlet product of arithmetic functions",
        "combine two number-theory functions by summing over divisor pairs",
        "multiply Dirichlet series coefficients exactly for n up to N",
        "build sigma from 1 star 1 or check a divisor identity",
        "how do I combine two functions over the divisors of n",
    ];
    const ALIASES: &'static [&'static str] = &["dirichlet convolution", "DirichletConvolve"];
    const EXAMPLE: &'static str = r#"{"f": [1, 1, 1, 1, 1, 1], "g": [1, 1, 1, 1, 1, 1]}"#;
    const EXPECTED: &'static str = r#"["1", "2", "2", "3", "2", "4"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Rational>, MathError> {
        let (f, g) = (crate::values(input.f), crate::values(input.g));
        if f.len() != g.len() {
            return Err(MathError::Input {
                path: "g".into(),
                message: format!("has {} values but f has {}", g.len(), f.len()),
            });
        }
        Ok(crate::rationals(sequence::dirichlet_convolution(
            &f,
            &g,
            &ctx.budget,
        )?))
    }
}
