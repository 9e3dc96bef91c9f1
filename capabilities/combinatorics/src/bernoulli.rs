use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Bernoulli;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 1000>,
}

impl Operation for Bernoulli {
    type Input = Input;
    /// B_n.
    type Output = Rational;
    const ID: &'static str = "combinatorics.bernoulli.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Bernoulli number B_n (exact rational)";
    const SUMMARY: &'static str =
        "B_n as an exact fraction (B_1 = −1/2), from the tangent numbers.";
    const DESCRIPTION: &'static str = "Computes the Bernoulli number B_n exactly: B_0 = 1, B_1 = −1/2 (the convention of Σ_k C(n+1, k) B_k = 0), B_odd = 0 beyond 1, and B_2m = (−1)^(m−1)·2m·T_m/(4^m(4^m − 1)) from the tangent numbers T_m (integer arithmetic only). n ≤ 1000.";
    const KEYWORDS: &'static [&'static str] = &[
        "bernoulli number",
        "bernoulli numbers",
        "B_n",
        "zeta at negative integers",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "rational coefficients in Faulhaber's formula for sums of powers",
        "values related to the Riemann zeta function at even integers",
        "exact rational number B_n from the generating function t/(e^t - 1)",
        "exact fraction for the special number used in sums of powers formulas",
        "constants needed to write 1^k + 2^k + ... + n^k as a polynomial",
        "coefficients appearing in the Euler-Maclaurin formula for approximating sums",
        "how do I get the n-th Bernoulli-type fraction exactly, not as a decimal",
    ];
    const ALIASES: &'static [&'static str] = &["bernoulli", "BernoulliB", "bernfrac"];
    const EXAMPLE: &'static str = r#"{"n": 12}"#;
    const EXPECTED: &'static str = r#""-691/2730""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        Ok(Rational(comb::bernoulli(input.n.0 as usize, &ctx.budget)?))
    }
}
