use crate::Terms;
use hessian_kernels::sequence;
use hessian_op::prelude::*;
use hessian_op::wire::polynomial_text;

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
    /// p(n) as text, highest degree first, or null.
    pub polynomial: Option<String>,
    /// Terms beyond degree + 1 that p predicts (evidence for the fit).
    pub confirmations: usize,
}

impl Operation for PolynomialFit {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "sequence.polynomial_fit.find";
    const VERSION: u32 = 4;
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
    const PHRASINGS: &'static [&'static str] = &[
        "polynomial formula for the n-th term of a sequence",
        "closed form of a sequence with constant differences",
        "find the formula for 1, 4, 9, 16, 25 in terms of n",
        "exact polynomial through the terms of a number pattern",
        "derive a formula for the n-th term of a sum like 1+2+...+n",
        "how do I find a polynomial formula for my sequence",
    ];
    const ALIASES: &'static [&'static str] = &[
        "interpolate",
        "FindSequenceFunction",
        "InterpolatingPolynomial",
    ];
    const EXAMPLE: &'static str = r#"{"terms": [0, 1, 5, 14, 30, 55]}"#;
    const EXPECTED: &'static str = r#"{"coefficients": ["0", "1/6", "1/2", "1/3"], "polynomial": "1/3*n^3 + 1/2*n^2 + 1/6*n", "confirmations": 2}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = crate::values(input.terms);
        if a.len() > 1000 {
            return Err(MathError::Limit(format!("{} terms; at most 1000", a.len())));
        }
        Ok(match sequence::polynomial_fit(&a, &ctx.budget)? {
            None => Output {
                coefficients: None,
                polynomial: None,
                confirmations: 0,
            },
            Some((coeffs, d)) => Output {
                polynomial: Some(polynomial_text(&coeffs, "n")),
                coefficients: Some(crate::rationals(coeffs)),
                confirmations: a.len() - (d + 1),
            },
        })
    }
}
