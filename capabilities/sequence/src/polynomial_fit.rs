use crate::Terms;
use hessian_kernels::{BigInt, Q, sequence};
use hessian_op::prelude::*;
use hessian_op::wire::polynomial_text;
use num_traits::Zero;

pub struct PolynomialFit;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// a_0, a_1, … — values at n = 0, 1, 2, … (at most 1000).
    pub terms: Terms,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Coefficients of p(n), lowest degree first, or null when no polynomial of degree < N − 1 fits.
    pub coefficients: Option<Vec<Rational>>,
    /// p(n) as text, or null.
    pub text: Option<String>,
    /// Terms beyond degree + 1 that p predicts (evidence for the fit).
    pub confirmations: usize,
}

impl Operation for PolynomialFit {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "sequence.polynomial_fit.find";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Find the polynomial formula of a sequence (closed form in n)";
    const SUMMARY: &'static str =
        "The least-degree polynomial p with p(n) = a_n for n = 0, 1, …, via finite differences.";
    const DESCRIPTION: &'static str = "Finds the polynomial p of least degree d with p(n) = a_n for every given term \
        (n from 0), by Newton's forward-difference formula, and says how many terms beyond d + 1 confirm it. \
        When the differences never become constant before the data runs out (d ≥ N − 1, which any data fits) \
        the answer is null. At most 1000 terms.";
    const KEYWORDS: &'static [&'static str] = &[
        "polynomial fit",
        "closed form",
        "formula for sequence",
        "newton interpolation",
        "finite differences formula",
    ];
    const EXAMPLE: &'static str = r#"{"terms": [0, 1, 5, 14, 30, 55]}"#;
    const EXPECTED: &'static str = r#"{"coefficients": ["0", "1/6", "1/2", "1/3"], "text": "1/3*n^3 + 1/2*n^2 + 1/6*n", "confirmations": 2}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = crate::values(input.terms);
        if a.len() > 1000 {
            return Err(MathError::Limit(format!("{} terms; at most 1000", a.len())));
        }
        // Least d with Δ^(d+1) a ≡ 0 (at least one zero term left to check).
        let Some(d) = (0..a.len().saturating_sub(1))
            .find(|&d| sequence::differences(&a, d + 1).iter().all(Zero::is_zero))
        else {
            return Ok(Output {
                coefficients: None,
                text: None,
                confirmations: 0,
            });
        };
        ctx.budget.check()?;
        // Newton: p(n) = Σ_k Δ^k a_0 · C(n, k); expand C(n, k) = n(n−1)⋯(n−k+1)/k!.
        let mut coeffs = vec![Q::zero(); d + 1];
        let mut falling = vec![Q::from(BigInt::from(1))]; // n(n−1)⋯(n−k+1)
        let mut k_fact = Q::from(BigInt::from(1));
        for k in 0..=d {
            let delta = sequence::differences(&a, k)[0].clone();
            for (i, c) in falling.iter().enumerate() {
                coeffs[i] += &delta * c / &k_fact;
            }
            // falling ← falling·(n − k)
            let mut next = vec![Q::zero(); falling.len() + 1];
            for (i, c) in falling.iter().enumerate() {
                next[i + 1] += c;
                next[i] -= c * Q::from(BigInt::from(k));
            }
            falling = next;
            k_fact *= Q::from(BigInt::from(k + 1));
        }
        let text = polynomial_text(&coeffs, "n");
        Ok(Output {
            coefficients: Some(crate::rationals(coeffs)),
            text: Some(text),
            confirmations: a.len() - (d + 1),
        })
    }
}
