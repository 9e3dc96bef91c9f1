use crate::wire::{MultiOut, Multivariate};
use hessian_op::prelude::*;

pub struct Expand;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A polynomial expression in any variables, such as "(x + y)^3 - x*(2y - 1)".
    pub polynomial: Multivariate,
}

impl Operation for Expand {
    type Input = Input;
    type Output = MultiOut;
    const ID: &'static str = "polynomial.expand.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Expand a polynomial expression";
    const SUMMARY: &'static str = "Expands products and powers of a multivariate polynomial expression into canonical sum-of-terms form.";
    const DESCRIPTION: &'static str = "Parses a polynomial expression in any number of variables (sums, products, non-negative integer powers, division by numbers; never evaluated as code) and returns it expanded, like terms collected, terms by descending total degree, with the term list. At most 100000 terms and total degree 10000.";
    const KEYWORDS: &'static [&'static str] = &[
        "expand",
        "simplify",
        "multiply out",
        "collect terms",
        "multivariate",
        "binomial expansion",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "multiply out a polynomial expression into monomials",
        "expand powers and products of sums",
        "remove brackets from a polynomial expression",
        "multiply out brackets in an expression like (x+y)^3 (x-2)",
        "write a product of sums as a plain list of terms",
        "expand a binomial to read off coefficients for a combinatorics problem",
        "how do I multiply out (a+b)(a-b)(a^2+b^2) completely",
    ];
    const ALIASES: &'static [&'static str] = &["expand", "Expand"];
    const EXAMPLE: &'static str = r#"{"polynomial": "(x + y)^2 - y*(2x - 1)"}"#;
    const EXPECTED: &'static str = r#"{"polynomial": "x^2 + y^2 + y", "variables": ["x", "y"], "terms": [{"coefficient": "1", "exponents": [2, 0]}, {"coefficient": "1", "exponents": [0, 2]}, {"coefficient": "1", "exponents": [0, 1]}]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        Ok(MultiOut::new(&input.polynomial.0))
    }
}
