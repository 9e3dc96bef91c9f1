use hessian_kernels::integer::{self, Primality};
use hessian_op::prelude::*;

pub struct Prime;

/// BPSW on a 1000-digit number takes well under a second.
const MAX_DIGITS: usize = 1000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer to test (at most 1000 digits). Integers below 2 are not prime.
    pub n: Int,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Certainty {
    /// A proof: n < 2^64, where the Miller–Rabin bases used are deterministic,
    /// or n is composite (a witness was found).
    Proven,
    /// n ≥ 2^64 passed BPSW; no composite passing BPSW is known.
    Probable,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub prime: bool,
    pub certainty: Certainty,
}

impl Operation for Prime {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.prime.decide";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Is an integer prime?";
    const SUMMARY: &'static str = "Primality test: proven below 2^64, BPSW above.";
    const DESCRIPTION: &'static str = "Decides whether n is prime. Below 2^64 the answer is proven (deterministic \
        Miller–Rabin). Above, \"composite\" is proven and \"prime\" means n passed the Baillie–PSW test \
        (certainty `probable`; no counterexample is known). At most 1000 digits.";
    const KEYWORDS: &'static [&'static str] = &[
        "prime",
        "primality",
        "isprime",
        "is prime",
        "miller rabin",
        "bpsw",
        "composite",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "can a number only be divided by 1 and itself",
        "whether a number has no divisors other than 1 and itself",
        "primality test",
        "is n prime",
        "is 2147483647 a prime number or not",
        "check whether a number has any factors besides 1 and itself",
        "test if an RSA candidate number is prime",
        "how do I tell if a big number is prime",
    ];
    const ALIASES: &'static [&'static str] = &["isprime", "PrimeQ", "is_prime"];
    const EXAMPLE: &'static str = r#"{"n": "170141183460469231731687303715884105727"}"#;
    const EXPECTED: &'static str = r#"{"prime": true, "certainty": "probable"}"#;

    // Long run: the digit bound, negative input, and the certainty mapped onto the wire.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let digits = input.n.0.magnitude().to_string().len();
        if digits > MAX_DIGITS {
            return Err(MathError::Limit(format!(
                "`n` has {digits} digits; at most {MAX_DIGITS} are accepted"
            )));
        }
        let Some(n) = input.n.0.to_biguint() else {
            return Ok(Output {
                prime: false,
                certainty: Certainty::Proven,
            });
        };
        Ok(match integer::is_prime(&n) {
            Primality::Prime => Output {
                prime: true,
                certainty: Certainty::Proven,
            },
            Primality::ProbablePrime => Output {
                prime: true,
                certainty: Certainty::Probable,
            },
            Primality::Composite => Output {
                prime: false,
                certainty: Certainty::Proven,
            },
        })
    }
}
