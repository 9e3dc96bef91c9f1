use crate::wire::{MultiOut, Multivariate};
use hessian_op::prelude::*;

pub struct PartialDerivative;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The polynomial, as text in any variables.
    pub polynomial: Multivariate,
    /// The variables to differentiate by, in order (a variable may repeat: ["x", "x", "y"] is ∂³/∂x²∂y); at most 100.
    pub by: hessian_op::wire::List<String, 100>,
}

impl Operation for PartialDerivative {
    type Input = Input;
    type Output = MultiOut;
    const ID: &'static str = "polynomial.partial_derivative.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Partial derivative of a multivariate polynomial";
    const SUMMARY: &'static str =
        "Partial derivatives of a polynomial in several variables, of any order.";
    const DESCRIPTION: &'static str = "Differentiates by each listed variable in turn, exactly. A variable the polynomial does not use gives 0.";
    const KEYWORDS: &'static [&'static str] = &[
        "partial derivative",
        "differentiate",
        "gradient",
        "multivariate",
        "mixed partial",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "partial derivative of a multivariate polynomial",
        "differentiate with respect to one variable holding others fixed",
        "rate of change of a polynomial in one variable while the others stay fixed",
        "differentiate a polynomial in x and y with respect to y twice",
        "gradient components of a polynomial function for finding critical points",
        "how do I take mixed partial derivatives of a polynomial in several variables",
    ];
    const ALIASES: &'static [&'static str] = &["diff(f, y)", "D[f, y]"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^2*y + y^3", "by": ["x", "y"]}"#;
    const EXPECTED: &'static str = r#"{"polynomial": "2*x", "variables": ["x"], "terms": [{"coefficient": "2", "exponents": [1]}]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let mut p = input.polynomial.0.clone();
        for v in &input.by.0 {
            match p.vars.iter().position(|x| x == v) {
                Some(i) => p = p.derivative(i),
                None => p = hessian_kernels::poly::sparse::Sparse::zero(&p.vars),
            }
        }
        Ok(MultiOut::new(&p))
    }
}
