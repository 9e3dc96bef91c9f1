use hessian_kernels::sequence;
use hessian_op::prelude::*;

pub struct Convolution;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// a_0..a_m (at most 10,000 terms).
    pub a: List<Rational, 10_000>,
    /// b_0..b_k (at most 10,000 terms).
    pub b: List<Rational, 10_000>,
}

impl Operation for Convolution {
    type Input = Input;
    /// c_n = Σ_{i+j=n} a_i b_j, n = 0..m+k.
    type Output = Vec<Rational>;
    const ID: &'static str = "sequence.convolution.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Convolution (Cauchy product) of two sequences";
    const SUMMARY: &'static str =
        "c_n = Σ_{i+j=n} a_i b_j: the coefficients of the product of two polynomials or series.";
    const DESCRIPTION: &'static str = "Computes the discrete (Cauchy) convolution of two finite sequences, i.e. the \
        coefficient list of the product of their generating polynomials, exactly. Each side has at most \
        10,000 terms.";
    const KEYWORDS: &'static [&'static str] = &[
        "convolution",
        "cauchy product",
        "polynomial multiplication coefficients",
        "convolve",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "Cauchy product of two sequences",
        "coefficients of the product of two generating functions",
        "discrete convolution of lists",
        "multiply two polynomials given as coefficient lists",
        "distribution of the total of two dice from each die's counts",
        "combine two number lists by summing products with indices adding to n",
        "how do I get the coefficients of a product of two series",
    ];
    const ALIASES: &'static [&'static str] = &["convolution", "ListConvolve", "numpy.convolve"];
    const EXAMPLE: &'static str = r#"{"a": [1, 2, 3], "b": [1, -1]}"#;
    const EXPECTED: &'static str = r#"["1", "1", "1", "-3"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Rational>, MathError> {
        let a: Vec<_> = input.a.0.into_iter().map(|r| r.0).collect();
        let b: Vec<_> = input.b.0.into_iter().map(|r| r.0).collect();
        Ok(crate::rationals(sequence::convolution(
            &a,
            &b,
            &ctx.budget,
        )?))
    }
}
