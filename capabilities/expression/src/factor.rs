use crate::wire::{ExprOut, Expression};
use hessian_kernels::expr::Expr;
use hessian_kernels::expr::print::factored;
use hessian_kernels::expr::rational::factor_rational;
use hessian_op::prelude::*;

pub struct Factor;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A polynomial or a rational function in one variable, with rational
    /// coefficients.
    pub expression: Expression,
}

#[derive(Serialize, JsonSchema)]
pub struct Factored {
    /// An irreducible factor over Q (primitive, positive leading coefficient).
    pub factor: ExprOut,
    pub multiplicity: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The factored form as text: content·∏ factor^multiplicity (over the
    /// denominator's factors for a rational function).
    pub expression: String,
    pub latex: String,
    /// The rational constant in front.
    pub content: Rational,
    /// The irreducible factors of the numerator.
    pub factors: Vec<Factored>,
    /// The irreducible factors of the denominator (empty for a polynomial).
    pub denominator_factors: Vec<Factored>,
}

impl Operation for Factor {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.factor.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Factor an expression over the rationals";
    const SUMMARY: &'static str =
        "Irreducible factors over Q of a polynomial or rational function in one variable.";
    const DESCRIPTION: &'static str = "Brings the expression to one reduced fraction N/D and factors N and D into irreducible polynomials over Q (Zassenhaus), with a rational content in front. The factors multiply back to the input, checked exactly before the answer is returned. One variable; degree at most 2000.";
    const KEYWORDS: &'static [&'static str] =
        &["factor", "factorise", "factorize", "irreducible factors"];
    const PHRASINGS: &'static [&'static str] = &[
        "factor this algebraic expression",
        "write a polynomial as a product of factors",
        "break x^2 - 5x + 6 into simpler pieces multiplied together",
        "pull out common factors and factor a cubic completely",
        "factor the top and bottom of a fraction so I can cancel",
        "how do I factorise x^4 - 1 with rational coefficients",
    ];
    const ALIASES: &'static [&'static str] = &["factor", "Factor", "factor_list"];
    const EXAMPLE: &'static str = r#"{"expression": "(2*x^3 - 2*x)/(x^2 + 2*x + 1)"}"#;
    const EXPECTED: &'static str = r#"{"expression": "2*x*(x - 1)/(x + 1)", "latex": "\\frac{2 \\cdot x \\cdot (x - 1)}{x + 1}", "content": "2", "factors": [{"factor": {"expression": "x - 1", "latex": "x - 1"}, "multiplicity": 1}, {"factor": {"expression": "x", "latex": "x"}, "multiplicity": 1}], "denominator_factors": [{"factor": {"expression": "x + 1", "latex": "x + 1"}, "multiplicity": 1}]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let f = factor_rational(&input.expression.0, &ctx.budget)?.ok_or_else(|| {
            MathError::Domain(
                "factor takes a polynomial or a rational function in one variable with rational coefficients".into(),
            )
        })?;
        let (expression, latex) = factored(&f);
        Ok(Output {
            expression,
            latex,
            content: Rational(f.content),
            factors: listed(f.numerator)?,
            denominator_factors: listed(f.denominator)?,
        })
    }
}

fn listed(fs: Vec<(Expr, u32)>) -> Result<Vec<Factored>, MathError> {
    fs.into_iter()
        .map(|(f, k)| {
            Ok(Factored {
                factor: ExprOut::new(&f)?,
                multiplicity: k,
            })
        })
        .collect()
}
