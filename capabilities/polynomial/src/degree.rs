use crate::wire::Multivariate;
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct TotalDegree;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The polynomial, as text in any variables.
    pub polynomial: Multivariate,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The largest sum of exponents of a term; −1 for the zero polynomial.
    pub total_degree: i64,
    /// The degree in each variable that occurs.
    pub degrees: BTreeMap<String, i64>,
    /// The number of terms after expansion.
    pub terms: usize,
}

impl Operation for TotalDegree {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "polynomial.degree.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Degrees of a polynomial";
    const SUMMARY: &'static str =
        "Total degree, degree in each variable and number of terms of an expanded polynomial.";
    const DESCRIPTION: &'static str = "Expands the polynomial and reports its total degree (−1 for 0), its degree in each variable, and its number of terms.";
    const KEYWORDS: &'static [&'static str] = &[
        "degree",
        "total degree",
        "number of terms",
        "multivariate",
        "order",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "highest exponent with a nonzero coefficient",
        "degree and leading coefficient of a polynomial",
        "highest power appearing in my polynomial and how many terms it has",
        "total degree and the degree in each separate variable of a polynomial",
        "check the order of a polynomial model before fitting data",
        "how do I find the degree of a polynomial in x and y",
    ];
    const ALIASES: &'static [&'static str] = &["degree", "Exponent", "poldegree"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^2*y^3 + x^4 - 1"}"#;
    const EXPECTED: &'static str =
        r#"{"total_degree": 5, "degrees": {"x": 4, "y": 3}, "terms": 3}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let p = input.polynomial.0.prune();
        Ok(Output {
            total_degree: p.total_degree(),
            degrees: p
                .vars
                .iter()
                .enumerate()
                .map(|(i, v)| (v.clone(), p.degree_in(i)))
                .collect(),
            terms: p.terms.len(),
        })
    }
}
