use crate::wire::{Algebraic, NumberOut, shown};
use hessian_op::prelude::*;

pub struct Numeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The number: an expression ("root(2, 3)") or {"polynomial", "index"}.
    pub number: Algebraic,
    /// Significant digits, 1 to 1000 (default 50).
    #[serde(default = "fifty")]
    pub digits: Bounded<1, 1000>,
}

fn fifty() -> Bounded<1, 1000> {
    Bounded(50)
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub number: NumberOut,
    pub check: String,
}

impl Operation for Numeric {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "algebraic_number.numeric.evaluate";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Decimal value of an algebraic number to N digits, rigorously";
    const SUMMARY: &'static str = "An algebraic number (radicals or root_of) to any number of digits up to 1000, with an error bound and an exact enclosure that provably holds it.";
    const DESCRIPTION: &'static str = "Makes the number exact (minimal polynomial and isolating disk), then isolates that polynomial's roots to width 10^−(digits + 8) (Aberth approximations certified by Gerschgorin disks of Weierstrass' corrections, real roots counted by Descartes) and rounds the enclosure to the digits asked; the error bound covers the rounding.";
    const KEYWORDS: &'static [&'static str] = &[
        "numeric value",
        "decimal expansion",
        "digits",
        "evaluate",
        "high precision",
        "certified",
        "N",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "cube root of 2 to 100 digits",
        "decimal value of the real root of x^5 - x - 1",
        "many decimal places of an expression with roots, guaranteed correct",
        "digits of the golden ratio with a proven error bound",
        "high precision value of a polynomial root as a reference for numerical tests",
        "how can I get sqrt(2) plus the cube root of 5 to 200 correct digits",
    ];
    const ALIASES: &'static [&'static str] = &["N", "evalf", "nsimplify inverse"];
    const EXAMPLE: &'static str = r#"{"number": "root(2, 3)", "digits": 30}"#;
    const EXPECTED: &'static str = r#"{"number": {"minimal_polynomial": {"coefficients": ["-2", "0", "0", "1"], "polynomial": "x^3 - 2"}, "degree": 3, "root_of": {"polynomial": "x^3 - 2", "index": 0}, "multiplicity": 1, "real": true, "decimal": "1.25992104989487316476721060728", "error_bound": "6e-30", "enclosure": {"kind": "interval", "lower": "1.259921049894873164767210607278228350560875", "upper": "1.259921049894873164767210607278228350572725"}}, "check": "the enclosure holds exactly one root of the minimal polynomial, the number's"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let n = input.number.number("number", &ctx.budget)?;
        Ok(Output {
            number: shown(&n, input.digits.0 as usize, &ctx.budget)?,
            check: "the enclosure holds exactly one root of the minimal polynomial, the number's"
                .into(),
        })
    }
}
