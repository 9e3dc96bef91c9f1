use hessian_kernels::{BigInt, integer};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::One;

pub struct ModularInverse;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer a to invert.
    pub a: Int,
    /// The modulus m ≥ 1.
    pub modulus: Int,
}

impl Operation for ModularInverse {
    type Input = Input;
    /// x in 0..m with a·x ≡ 1 (mod m).
    type Output = Int;
    const ID: &'static str = "integer.modular_inverse.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Modular inverse of an integer";
    const SUMMARY: &'static str = "x with a·x ≡ 1 (mod m); exists exactly when gcd(a, m) = 1.";
    const DESCRIPTION: &'static str = "Returns the inverse of a modulo m ≥ 1 as the representative in 0..m, by the \
        extended Euclidean algorithm. When gcd(a, m) ≠ 1 there is none and the call is refused with \
        domain_error naming the gcd. Modulo 1 every integer's inverse is 0.";
    const KEYWORDS: &'static [&'static str] = &[
        "modular inverse",
        "mod inverse",
        "inverse mod",
        "modinv",
        "multiplicative inverse",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "what times a gives remainder 1 when divided by m",
        "number x with a times x congruent to 1 modulo m",
        "inverse of a residue modulo m",
        "division in modular arithmetic",
        "how to divide by 3 when working mod 7",
        "find the number that undoes multiplication by a in mod m arithmetic",
        "compute the RSA private key d as the inverse of e",
        "how do I find x so that a times x leaves remainder 1",
    ];
    const ALIASES: &'static [&'static str] = &[
        "mod_inverse",
        "PowerMod[a, -1, m]",
        "invert",
        "pow(a, -1, m)",
    ];
    const EXAMPLE: &'static str = r#"{"a": 3, "modulus": 11}"#;
    const EXPECTED: &'static str = r#""4""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        let m = input.modulus.0;
        if m < BigInt::one() {
            return Err(MathError::Domain("`modulus` must be at least 1".into()));
        }
        integer::mod_inverse(&input.a.0, &m)
            .map(Int)
            .ok_or_else(|| {
                MathError::Domain(format!(
                    "gcd(a, m) = {}, so a has no inverse modulo m",
                    hessian_op::error::bounded(&input.a.0.gcd(&m).to_string(), 40)
                ))
            })
    }
}
