use crate::wire::{Expression, constant};
use hessian_kernels::expr::interval::{EvalError, numeric};
use hessian_op::prelude::*;

pub struct Numeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A constant expression (no symbols), such as "exp(pi) - pi".
    pub expression: Expression,
    /// Significant digits wanted, 1 to 100000 (default 30).
    #[serde(default = "thirty")]
    pub digits: Bounded<1, 100_000>,
}

fn thirty() -> Bounded<1, 100_000> {
    Bounded(30)
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The value rounded to `digits` significant digits, as a decimal string.
    pub value: String,
    /// A rigorous bound on |value − true value|.
    pub error_bound: String,
    pub digits: u32,
}

impl Operation for Numeric {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.numeric.evaluate";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Certified decimal value of a constant expression";
    const SUMMARY: &'static str = "A constant such as e^pi − pi, log(2) or euler_gamma to N significant digits (up to 100,000), correctly rounded, with a rigorous error bound.";
    const DESCRIPTION: &'static str = "Evaluates the expression in interval arithmetic on binary floats rounded outward (correctly rounded exp, log, trigonometric, hyperbolic and inverse functions and roots; above 4,000 bits exp by a fixed-point Taylor series with bounded roundings and log by Newton's iteration certified through exp), doubling the working precision until the enclosure fixes every digit asked for; the answer is the decimal to which every point of the enclosure rounds, so it is correctly rounded with a bound of half a unit in its last digit (a value on a rounding boundary, such as 1/40 to one digit, gets the midpoint with the radius added to the bound). The constant euler_gamma (γ) is enclosed by Brent and McMillan's Bessel-function identity with its error bound. Real values only: an expression with i, or a function outside its real domain, is refused. gamma, factorial and binomial of non-exact arguments are not enclosed.";
    const KEYWORDS: &'static [&'static str] = &[
        "numerical value",
        "decimal",
        "digits",
        "evaluate",
        "approximate",
        "n digits",
        "certified",
        "euler mascheroni constant",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "what is e^pi - pi to 50 digits",
        "decimal expansion of pi to many digits",
        "numerical value of an exact expression",
        "decimal digits of a number like log(3), guaranteed correct",
        "how close is e^pi - pi to 20, with many correct digits",
        "reference value of a constant for testing floating point code",
        "how can I get sqrt(2) times pi to 1000 digits reliably",
    ];
    const ALIASES: &'static [&'static str] = &["N", "evalf", "mpmath", "arb"];
    const EXAMPLE: &'static str = r#"{"expression": "exp(pi) - pi", "digits": 30}"#;
    const EXPECTED: &'static str =
        r#"{"value": "19.9990999791894757672664429847", "error_bound": "5e-29", "digits": 30}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let e = constant(&input.expression, "expression")?;
        let digits = input.digits.0 as usize;
        ctx.room_for_digits(digits as f64, "the value")?;
        match numeric(&e, digits, &ctx.budget) {
            Ok((value, error_bound)) => Ok(Output {
                value,
                error_bound,
                digits: digits as u32,
            }),
            Err(EvalError::Stopped(s)) => Err(s.into()),
            Err(e @ (EvalError::NotReal(_) | EvalError::Undefined(_))) => Err(MathError::Domain(
                format!("the expression has no real value: {e}"),
            )),
            Err(e) => Err(MathError::Domain(format!("no certified value: {e}"))),
        }
    }
}
