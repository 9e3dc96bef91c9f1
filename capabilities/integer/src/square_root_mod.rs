use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct SquareRootMod;

const MAX_ROOTS: usize = 10_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer a whose square roots are wanted.
    pub a: Int,
    /// The modulus n ≥ 1 (at most 60 digits).
    pub modulus: Int,
}

impl Operation for SquareRootMod {
    type Input = Input;
    /// Every x in 0..n with x² ≡ a (mod n), ascending (empty when a is a non-residue).
    type Output = Vec<Int>;
    const ID: &'static str = "integer.square_root_mod.solve";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Square roots modulo n: solve x² ≡ a (mod n)";
    const SUMMARY: &'static str =
        "All solutions of x² ≡ a mod n (Tonelli–Shanks, Hensel lifting, CRT).";
    const DESCRIPTION: &'static str = "Finds every x in 0..n with x² ≡ a (mod n): Tonelli–Shanks modulo each \
        prime of n, Hensel lifting to prime powers (including a divisible by p), and the Chinese remainder \
        theorem to combine. Returns [] when a is not a square mod n. n ≤ 60 digits; more than 10,000 roots \
        is limit_exceeded.";
    const KEYWORDS: &'static [&'static str] = &[
        "modular square root",
        "sqrt mod p",
        "tonelli shanks",
        "sqrtmod",
        "quadratic congruence",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "all x with x^2 congruent to a modulo n",
        "modular square roots",
        "Tonelli-Shanks and Hensel lifting",
        "which numbers squared give remainder 10 mod 13",
        "find all x where x times x leaves remainder a on division by n",
        "take square roots on elliptic curves over a prime field",
        "how do I solve x^2 = a mod n for all x",
    ];
    const ALIASES: &'static [&'static str] = &["sqrt_mod", "PowerModList[a, 1/2, n]", "sqrtmod"];
    const EXAMPLE: &'static str = r#"{"a": 10, "modulus": 13}"#;
    const EXPECTED: &'static str = r#"["6", "7"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Int>, MathError> {
        let n = crate::positive(&input.modulus, "modulus", 60)?;
        let f = crate::factored(&n, ctx)?;
        let roots = number_theory::sqrt_mod(&input.a.0, &n, &f, MAX_ROOTS).ok_or_else(|| {
            MathError::Limit(format!(
                "x² ≡ a has more than {MAX_ROOTS} solutions modulo {n}"
            ))
        })?;
        Ok(roots.into_iter().map(|r| Int(r.into())).collect())
    }
}
