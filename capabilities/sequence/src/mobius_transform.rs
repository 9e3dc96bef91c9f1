use crate::Terms;
use hessian_kernels::{BigInt, Q, sequence};
use hessian_op::prelude::*;

pub struct MobiusTransform;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// f(1), f(2), …, f(N) (index from 1).
    pub terms: Terms,
    /// forward: g(n) = Σ_{d | n} f(d); inverse (Möbius inversion): g(n) = Σ_{d | n} μ(n/d) f(d).
    #[serde(default)]
    pub direction: Direction,
}

#[derive(Deserialize, Serialize, JsonSchema, Default, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Möbius inversion: recovers f from its divisor sums.
    #[default]
    Inverse,
    /// Divisor-sum transform (Dirichlet convolution with 1).
    Forward,
}

impl Operation for MobiusTransform {
    type Input = Input;
    /// g(1), …, g(N).
    type Output = Vec<Rational>;
    const ID: &'static str = "sequence.mobius_transform.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Möbius transform and inversion (divisor sums) of a sequence";
    const SUMMARY: &'static str =
        "Möbius inversion g(n) = Σ_{d|n} μ(n/d) f(d), or the divisor-sum transform.";
    const DESCRIPTION: &'static str = "Treats the terms as f(1), …, f(N) and returns g(1), …, g(N): by default the \
        Möbius inversion g(n) = Σ_{d | n} μ(n/d) f(d) (which undoes divisor sums, e.g. recovers φ from n), \
        with direction \"forward\" the divisor-sum transform g(n) = Σ_{d | n} f(d). O(N log N).";
    const KEYWORDS: &'static [&'static str] = &[
        "mobius inversion",
        "mobius transform",
        "divisor sum transform",
        "inverse divisor sum",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "Mobius inversion of divisor sums",
        "recover f from g(n) = sum over d dividing n of f(d)",
        "undo a sum over divisors to recover the original function",
        "get the number of primitive necklaces from the total counts",
        "invert divisor sums, or form them, for a whole list",
        "how do I recover f when I know g(n) as its divisor sum",
    ];
    const ALIASES: &'static [&'static str] = &["mobius inversion", "inverse_mobius_transform"];
    const EXAMPLE: &'static str = r#"{"terms": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"#;
    const EXPECTED: &'static str = r#"["1", "1", "2", "2", "4", "2", "6", "4", "6", "4"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Rational>, MathError> {
        let f = crate::values(input.terms);
        let kernel: Vec<Q> = match input.direction {
            Direction::Forward => vec![Q::from(BigInt::from(1)); f.len()],
            Direction::Inverse => sequence::mobius_table(f.len())[1..]
                .iter()
                .map(|m| Q::from(BigInt::from(*m)))
                .collect(),
        };
        Ok(crate::rationals(sequence::dirichlet_convolution(
            &f,
            &kernel,
            &ctx.budget,
        )?))
    }
}
