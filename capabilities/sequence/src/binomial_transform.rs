use crate::Terms;
use hessian_kernels::sequence;
use hessian_op::prelude::*;

pub struct BinomialTransform;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// a_0..a_N (at most 10,000 terms).
    pub terms: Terms,
    /// Apply the inverse transform a_n = Σ (−1)^(n−k) C(n, k) b_k instead.
    #[serde(default)]
    pub inverse: bool,
}

impl Operation for BinomialTransform {
    type Input = Input;
    /// b_n = Σ_k C(n, k) a_k (or the inverse).
    type Output = Vec<Rational>;
    const ID: &'static str = "sequence.binomial_transform.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Binomial transform of a sequence";
    const SUMMARY: &'static str = "b_n = Σ_k C(n, k) a_k, or its inverse with alternating signs.";
    const DESCRIPTION: &'static str = "Computes the binomial transform b_n = Σ_{k=0}^{n} C(n, k) a_k (with inverse: \
        true, a_n = Σ (−1)^(n−k) C(n, k) b_k), by repeated differencing in O(N²). At most 10,000 terms.";
    const KEYWORDS: &'static [&'static str] = &[
        "binomial transform",
        "euler transform",
        "inverse binomial transform",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "b_n = sum of C(n, k) a_k",
        "binomial transform of a sequence and its inverse",
        "combine the terms of a list with Pascal triangle weights",
        "apply the Pascal matrix to a sequence or undo it",
        "turn a sequence into new one using row n binomial weights",
        "how do I compute sums of n choose k times a_k for each n",
    ];
    const ALIASES: &'static [&'static str] = &["binomial_transform", "BinomialTransform"];
    const EXAMPLE: &'static str = r#"{"terms": [1, 1, 1, 1, 1]}"#;
    const EXPECTED: &'static str = r#"["1", "2", "4", "8", "16"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Rational>, MathError> {
        let row = crate::values(input.terms);
        if row.len() > 10_000 {
            return Err(MathError::Limit(format!(
                "{} terms; at most 10,000",
                row.len()
            )));
        }
        let out = sequence::binomial_transform(&row, input.inverse, &ctx.budget)?;
        Ok(crate::rationals(out))
    }
}
