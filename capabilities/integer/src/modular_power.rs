use hessian_kernels::{BigInt, integer};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::{One, Signed};

pub struct ModularPower;

/// Beyond this, one multiplication modulo m costs more than a call should.
const MAX_MODULUS_DIGITS: usize = 2000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The base b.
    pub base: Int,
    /// The exponent e; a negative e uses the inverse of b modulo m.
    pub exponent: Int,
    /// The modulus m ≥ 1 (at most 2000 digits).
    pub modulus: Int,
}

impl Operation for ModularPower {
    type Input = Input;
    /// b^e mod m in 0..m.
    type Output = Int;
    const ID: &'static str = "integer.modular_power.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Modular exponentiation b^e mod m";
    const SUMMARY: &'static str =
        "b^e mod m by square-and-multiply, for huge exponents; negative e via the inverse.";
    const DESCRIPTION: &'static str = "Computes b^e mod m (result in 0..m) by square-and-multiply, so exponents of \
        thousands of digits are fine. A negative exponent needs gcd(b, m) = 1 (domain_error otherwise). \
        The modulus has at most 2000 digits.";
    const KEYWORDS: &'static [&'static str] = &[
        "modular exponentiation",
        "powmod",
        "modpow",
        "power mod",
        "pow(b, e, m)",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "remainder of a large power divided by m",
        "fast exponentiation modulo m",
        "a to the e reduced modulo m by square and multiply",
        "last few digits of 7 to the power 2023",
        "raise a number to a huge power and keep only the remainder",
        "RSA encryption step: message to the e mod n",
        "how do I compute a big power mod m without overflow",
    ];
    const ALIASES: &'static [&'static str] = &["pow(a, e, m)", "PowerMod", "powmod", "Mod(a,m)^e"];
    const EXAMPLE: &'static str = r#"{"base": 2, "exponent": 100, "modulus": 1000000007}"#;
    const EXPECTED: &'static str = r#""976371285""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        let m = input.modulus.0;
        if m < BigInt::one() {
            return Err(MathError::Domain("`modulus` must be at least 1".into()));
        }
        let digits = m.to_string().len();
        if digits > MAX_MODULUS_DIGITS {
            return Err(MathError::Limit(format!(
                "`modulus` has {digits} digits; at most {MAX_MODULUS_DIGITS}"
            )));
        }
        let mut base = input.base.0.mod_floor(&m);
        let e = input.exponent.0;
        if e.is_negative() {
            base = integer::mod_inverse(&base, &m).ok_or_else(|| {
                MathError::Domain("a negative exponent needs gcd(base, modulus) = 1".into())
            })?;
        }
        Ok(Int(base.modpow(&e.abs(), &m)))
    }
}
