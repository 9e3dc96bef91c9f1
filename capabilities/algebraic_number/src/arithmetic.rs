use crate::wire::{Algebraic, NumberOut, refused, shown};
use hessian_kernels::poly::algebraic_number::{Op, binary, power, principal_root};
use hessian_op::prelude::*;

pub struct Arithmetic;

/// What to compute.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Add,
    Subtract,
    Multiply,
    Divide,
    /// aᵏ for the integer `exponent`.
    Power,
    /// The principal `exponent`-th root of a.
    Root,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub operation: Kind,
    /// The first operand: an expression or {"polynomial", "index"}.
    pub a: Algebraic,
    /// The second operand (add, subtract, multiply, divide).
    #[serde(default)]
    pub b: Option<Algebraic>,
    /// k for power (−64 to 64), n for root (2 to 64).
    #[serde(default)]
    pub exponent: Option<Bounded<-64, 64>>,
    /// Significant digits of the decimal value, 1 to 1000 (default 20).
    #[serde(default = "hessian_op::wire::twenty_digits")]
    pub digits: Bounded<1, 1000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub result: NumberOut,
    pub check: String,
}

impl Operation for Arithmetic {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "algebraic_number.arithmetic.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Exact arithmetic on algebraic numbers (root_of included)";
    const SUMMARY: &'static str = "a + b, a − b, a·b, a/b, aᵏ or the principal n-th root of algebraic numbers given as radical expressions or as root_of(polynomial, index), with the result's minimal polynomial and certified root.";
    const DESCRIPTION: &'static str = "The result is a root of a resultant (Res_y(f(y), g(x − y)) for a + b, and so on; f(xⁿ) for a root), factored over Q; the right root of the right factor is the one whose disk meets the certified enclosure computed from the operands' disks, refined until only one does. Operands may be root_of forms that no radical expression gives (the real root of x⁵ − x − 1). Intermediate degrees at most 256.";
    const KEYWORDS: &'static [&'static str] = &[
        "algebraic number arithmetic",
        "root_of",
        "CRootOf",
        "sum of algebraic numbers",
        "product of roots",
        "number field",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "add two algebraic numbers exactly",
        "the real root of x^5 - x - 1 plus sqrt(2)",
        "multiply two square root expressions and get an exact answer, no decimals",
        "add the cube root of 2 to the square root of 3 exactly",
        "square the golden ratio (1 + sqrt(5))/2 exactly for a proof",
        "how do I divide one nested radical by another without rounding",
    ];
    const ALIASES: &'static [&'static str] = &["AlgebraicNumber", "RootOf arithmetic"];
    const EXAMPLE: &'static str = r#"{"operation": "add", "a": {"polynomial": "x^3 - 2", "index": 0}, "b": "sqrt(2)", "digits": 10}"#;
    const EXPECTED: &'static str = r#"{"result": {"minimal_polynomial": {"coefficients": ["-4", "-24", "12", "-4", "-6", "0", "1"], "polynomial": "x^6 - 6*x^4 - 4*x^3 + 12*x^2 - 24*x - 4"}, "degree": 6, "root_of": {"polynomial": "x^6 - 6*x^4 - 4*x^3 + 12*x^2 - 24*x - 4", "index": 1}, "multiplicity": 1, "real": true, "decimal": "2.674134612", "error_bound": "6e-10", "enclosure": {"kind": "interval", "lower": "2.6741346122679682135688", "upper": "2.6741346122679682135712"}}, "check": "a root of the resultant, identified by a certified enclosure that meets exactly one root disk of all its irreducible factors"}"#;

    // Long run: one match over the five operations, each with its own limit and check, reads better whole.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let a = input.a.number("a", b)?;
        let exponent = |min: i64| {
            input
                .exponent
                .map(|e| e.0)
                .filter(|&e| e >= min)
                .ok_or_else(|| MathError::Input {
                    path: "exponent".into(),
                    message: format!("this operation needs an integer exponent ≥ {min}"),
                })
        };
        let formed = match input.operation {
            Kind::Power => power(&a, exponent(-64)?, b)?,
            Kind::Root => principal_root(&a, exponent(2)? as u32, b)?,
            op => {
                let second = input.b.as_ref().ok_or_else(|| MathError::Input {
                    path: "b".into(),
                    message: "this operation needs a second operand b".into(),
                })?;
                let c = second.number("b", b)?;
                let op = match op {
                    Kind::Add => Op::Add,
                    Kind::Subtract => Op::Sub,
                    Kind::Multiply => Op::Mul,
                    _ => Op::Div,
                };
                binary(op, &a, &c, b)?
            }
        };
        let n = formed.map_err(|r| refused(r, "a"))?;
        Ok(Output {
            result: shown(&n, input.digits.0 as usize, b)?,
            check: "a root of the resultant, identified by a certified enclosure that meets exactly one root disk of all its irreducible factors".into(),
        })
    }
}
