use hessian_op::prelude::*;

pub struct Squarefree;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 100 digits).
    pub n: Int,
}

impl Operation for Squarefree {
    type Input = Input;
    /// True when no square of a prime divides n.
    type Output = bool;
    const ID: &'static str = "integer.squarefree.decide";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Is n squarefree?";
    const SUMMARY: &'static str = "Whether n has no repeated prime factor (no p² divides n).";
    const DESCRIPTION: &'static str = "Decides whether n is squarefree: no prime square p² divides n. 1 is \
        squarefree. n ≥ 1 with at most 100 digits; needs the factorization.";
    const KEYWORDS: &'static [&'static str] = &[
        "squarefree",
        "square free",
        "square-free",
        "no repeated prime factors",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "does any square number other than 1 go into n",
        "whether no prime divides n twice",
        "is n free of square factors",
        "squarefree test",
        "does n have a repeated prime factor",
        "check that no square like 4, 9 or 25 divides a number",
        "test if an integer is free of squared primes, yes or no",
        "is there a prime that goes into n twice",
    ];
    const ALIASES: &'static [&'static str] = &["is_squarefree", "SquareFreeQ", "issquarefree"];
    const EXAMPLE: &'static str = r#"{"n": 1001}"#;
    const EXPECTED: &'static str = "true";

    fn run(input: Input, ctx: &Ctx) -> Result<bool, MathError> {
        let n = crate::positive(&input.n, "n", 100)?;
        Ok(crate::factored(&n, ctx)?.iter().all(|(_, e)| *e == 1))
    }
}
