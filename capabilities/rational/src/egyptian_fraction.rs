use hessian_kernels::rational;
use hessian_op::prelude::*;
use num_traits::{One, Signed};

pub struct EgyptianFraction;

/// Greedy denominators square at each step; these bound the output.
const MAX_TERMS: usize = 64;
const MAX_BITS: u64 = 100_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A rational with 0 < q ≤ 1.
    pub q: Rational,
}

impl Operation for EgyptianFraction {
    type Input = Input;
    /// Distinct denominators d1 < d2 < … with q = Σ 1/d_i.
    type Output = Vec<Int>;
    const ID: &'static str = "rational.egyptian_fraction.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Egyptian fraction (greedy): q as a sum of distinct unit fractions";
    const SUMMARY: &'static str =
        "Writes 0 < q ≤ 1 as 1/d1 + 1/d2 + … by the greedy Fibonacci–Sylvester algorithm.";
    const DESCRIPTION: &'static str = "Expands 0 < q ≤ 1 into distinct unit fractions by the greedy \
        (Fibonacci–Sylvester) algorithm: each denominator is the least d with 1/d ≤ what remains. The \
        number of terms is at most the numerator, but denominators can grow doubly exponentially: more than \
        64 terms or a denominator over 100,000 bits is limit_exceeded.";
    const KEYWORDS: &'static [&'static str] = &[
        "egyptian fraction",
        "unit fractions",
        "greedy algorithm",
        "fibonacci sylvester",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "write a fraction as a sum of distinct unit fractions",
        "unit fraction decomposition",
        "write a fraction as a sum of one-over-n fractions all different",
        "split a fraction into distinct pieces each with numerator one",
        "share 5 loaves among 6 people ancient Egyptian style",
        "how do I express 4/13 as a sum of different unit fractions",
    ];
    const ALIASES: &'static [&'static str] = &["egyptian_fraction", "EgyptianFraction"];
    const EXAMPLE: &'static str = r#"{"q": "4/13"}"#;
    const EXPECTED: &'static str = r#"["4", "18", "468"]"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Vec<Int>, MathError> {
        let q = input.q.0;
        if !q.is_positive() || q > hessian_kernels::Q::one() {
            return Err(MathError::Domain(format!(
                "`q` must satisfy 0 < q ≤ 1, got {q}"
            )));
        }
        let ds = rational::egyptian_greedy(&q, MAX_TERMS, MAX_BITS).ok_or_else(|| {
            MathError::Limit(format!("the greedy expansion needs more than {MAX_TERMS} terms or denominators over {MAX_BITS} bits"))
        })?;
        Ok(ds.into_iter().map(Int).collect())
    }
}
