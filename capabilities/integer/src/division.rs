use hessian_kernels::BigInt;
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::{Signed, Zero};

pub struct Division;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The dividend a.
    pub a: Int,
    /// The divisor b ≠ 0.
    pub b: Int,
    /// Which quotient and remainder: floor (Python's //, %), truncate (C, Java, Rust), or euclidean (0 ≤ r < |b|). Asked when absent.
    #[serde(default)]
    pub convention: Option<Convention>,
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Convention {
    /// q = ⌊a/b⌋; r has the sign of b.
    Floor,
    /// q rounds toward zero; r has the sign of a.
    Truncate,
    /// 0 ≤ r < |b|.
    Euclidean,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub quotient: Int,
    pub remainder: Int,
}

/// The convention is this operation's own question, not the input's: the
/// three conventions disagree exactly when a or b is negative, agents guess
/// whichever their last language used, and a silent default would return a
/// wrong-signed remainder with confidence. So the plan is static — the same
/// one question for every call — and an agent that knows may send
/// `convention` up front.
const ASK_CONVENTION: &[StaticQuestion] = &[StaticQuestion {
    key: "convention",
    message: "Which division convention: floor (Python // and %), truncate (C, Java, Rust) or euclidean (0 ≤ remainder < |b|)?",
    form: r#"{"type": "object", "properties": {"convention": {"type": "string", "title": "Convention", "enum": ["floor", "truncate", "euclidean"]}}, "required": ["convention"]}"#,
    example: r#""euclidean""#,
}];

impl Operation for Division {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.division.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Integer division with remainder";
    const SUMMARY: &'static str = "Quotient and remainder of a ÷ b under an explicit convention (floor, truncate, euclidean); asks which when it is not given.";
    const DESCRIPTION: &'static str = "a = q·b + r with |r| < |b|. floor: q = ⌊a/b⌋ (r has b's sign, as Python); truncate: q toward zero (r has a's sign, as C/Java/Rust); euclidean: 0 ≤ r < |b|. They agree when a, b ≥ 0. Without `convention` the caller is asked; a client that cannot be asked gets input_required with the call to send. Integers of any size.";
    const KEYWORDS: &'static [&'static str] = &[
        "divmod",
        "integer division",
        "quotient and remainder",
        "modulo",
        "floor division",
        "euclidean division",
        "remainder",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how many times one number goes into another and what is left over",
        "quotient and remainder of integer division",
        "divide one integer by another with remainder",
        "Euclidean division with a non-negative remainder",
        "split 47 sweets among 5 children, how many each and left over",
        "floor division and modulo of negative numbers done correctly",
        "how many full boxes of 12 from 150 items and how many left",
        "how do I get the quotient and remainder of two integers",
    ];
    const ALIASES: &'static [&'static str] = &["divmod", "QuotientRemainder", "divrem"];
    const EXAMPLE: &'static str = r#"{"a": -7, "b": 2, "convention": "floor"}"#;
    const EXPECTED: &'static str = r#"{"quotient": "-4", "remainder": "1"}"#;
    const PLAN: Plan<Input> = Plan::Static(ASK_CONVENTION);

    // Long run: one arm per convention (floor, truncate, euclidean), each one call.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let (a, b) = (input.a.0, input.b.0);
        if b.is_zero() {
            return Err(MathError::Domain(
                "division by zero: b must not be 0".into(),
            ));
        }
        let Some(convention) = input.convention else {
            return Err(MathError::Input {
                path: "convention".into(),
                message: "is missing; choose floor, truncate or euclidean".into(),
            });
        };
        let (q, r): (BigInt, BigInt) = match convention {
            Convention::Floor => a.div_mod_floor(&b),
            Convention::Truncate => a.div_rem(&b),
            Convention::Euclidean => {
                let (mut q, mut r) = a.div_rem(&b);
                if r.is_negative() {
                    if b.is_positive() {
                        q -= 1;
                        r += &b;
                    } else {
                        q += 1;
                        r -= &b;
                    }
                }
                (q, r)
            }
        };
        Ok(Output {
            quotient: Int(q),
            remainder: Int(r),
        })
    }
}
