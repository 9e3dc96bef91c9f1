use crate::wire::{ExprOut, Expression, Symbol};
use hessian_kernels::expr::apart::apart;
use hessian_kernels::expr::rational::from_poly;
use hessian_op::prelude::*;

pub struct PartialFractions;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A rational function of one variable with rational coefficients.
    pub expression: Expression,
    /// The variable.
    pub variable: Symbol,
}

#[derive(Serialize, JsonSchema)]
pub struct Fraction {
    pub numerator: ExprOut,
    /// An irreducible factor p of the denominator (over Q).
    pub factor: ExprOut,
    /// The power j of p below the numerator.
    pub power: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The whole decomposition.
    #[serde(flatten)]
    pub result: ExprOut,
    /// The polynomial part (the quotient of the division).
    pub polynomial_part: ExprOut,
    /// The proper fractions A/pʲ, deg A < deg p.
    pub fractions: Vec<Fraction>,
    pub check: String,
}

impl Operation for PartialFractions {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.partial_fractions.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Partial fraction decomposition over the rationals";
    const SUMMARY: &'static str = "A rational function as a polynomial plus Σ A/pʲ over the irreducible factors p of its denominator (apart).";
    const DESCRIPTION: &'static str = "Divides N by D for the polynomial part, factors D over Q (Zassenhaus), and writes the remainder as Σ A/pʲ (deg A < deg p, one term for each power up to the multiplicity) by Bézout inverses and base-p digits; the terms are added back over the common denominator and proven equal to the input before they are returned. Irreducible quadratics and higher stay as they are (no complex or algebraic roots). Denominator degree at most 200.";
    const KEYWORDS: &'static [&'static str] = &[
        "partial fractions",
        "partial fraction decomposition",
        "apart",
        "decompose a fraction",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "partial fractions of 1/(x^2 - 1)",
        "split a rational function into simple fractions",
        "break a fraction of polynomials into a sum of simpler fractions",
        "split 1/(x(x+1)) into pieces to make integration easy",
        "decompose a transfer function into simple terms before an inverse Laplace transform",
        "how do I write (x+3)/(x^2 - x - 2) as separate fractions",
    ];
    const ALIASES: &'static [&'static str] = &["apart", "Apart", "partfrac"];
    const EXAMPLE: &'static str =
        r#"{"expression": "(x^3 + 1)/(x^2*(x - 1)*(x^2 + 1))", "variable": "x"}"#;
    const EXPECTED: &'static str = r#"{"expression": "1/(x - 1) + 1/(x^2 + 1) - 1/x - 1/x^2", "latex": "\\frac{1}{x - 1} + \\frac{1}{x^{2} + 1} - \\frac{1}{x} - \\frac{1}{x^{2}}", "polynomial_part": {"expression": "0", "latex": "0"}, "fractions": [{"numerator": {"expression": "1", "latex": "1"}, "factor": {"expression": "x - 1", "latex": "x - 1"}, "power": 1}, {"numerator": {"expression": "-1", "latex": "-1"}, "factor": {"expression": "x", "latex": "x"}, "power": 1}, {"numerator": {"expression": "-1", "latex": "-1"}, "factor": {"expression": "x", "latex": "x"}, "power": 2}, {"numerator": {"expression": "1", "latex": "1"}, "factor": {"expression": "x^2 + 1", "latex": "x^{2} + 1"}, "power": 1}], "check": "the fractions add up to the input over the common denominator (proven)"}"#;

    // Long run: each fraction is written out as numerator, factor and power.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let x = &input.variable.0;
        let parts = apart(&input.expression.0, x, &ctx.budget)?.ok_or_else(|| {
            MathError::Domain(format!("partial fractions take a rational function of {x} with rational coefficients (denominator degree ≤ 200)"))
        })?;
        let fractions = parts
            .terms
            .iter()
            .map(|(p, j, a)| {
                Ok(Fraction {
                    numerator: ExprOut::new(&from_poly(a, x))?,
                    factor: ExprOut::new(&from_poly(p, x))?,
                    power: *j,
                })
            })
            .collect::<Result<_, MathError>>()?;
        Ok(Output {
            result: ExprOut::new(&parts.expression(x))?,
            polynomial_part: ExprOut::new(&from_poly(&parts.polynomial, x))?,
            fractions,
            check: "the fractions add up to the input over the common denominator (proven)".into(),
        })
    }
}
