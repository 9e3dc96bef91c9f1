use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct PrimalityCertificate;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The prime to certify (at most 60 digits: p − 1 must be factored, recursively).
    pub n: Int,
}

#[derive(Serialize, JsonSchema)]
pub struct Step {
    /// A prime p of the chain.
    pub prime: Int,
    /// a with a^(p−1) ≡ 1 and a^((p−1)/q) ≢ 1 (mod p) for each prime q | p − 1, so ord(a) = p − 1.
    pub witness: Int,
    /// The complete factorization of p − 1.
    pub factors: Vec<Factor>,
}

#[derive(Serialize, JsonSchema)]
pub struct Factor {
    pub prime: Int,
    pub exponent: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Pratt steps, largest prime first; every factor below 1000 is prime by trial division, every
    /// larger one has its own step.
    pub steps: Vec<Step>,
    /// True: the certificate was checked from scratch before being returned.
    pub verified: bool,
}

impl Operation for PrimalityCertificate {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.primality.certificate.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Primality certificate (Pratt) for a prime";
    const SUMMARY: &'static str =
        "A checkable proof that n is prime: witnesses of order p − 1 down a chain of primes.";
    const DESCRIPTION: &'static str = "Proves n prime with a Pratt certificate: for n and recursively for each prime \
        factor ≥ 1000 of p − 1, a witness a of multiplicative order exactly p − 1 together with the \
        factorization of p − 1. Anyone can re-check it with modular powers and multiplications; it is \
        verified before it is returned. Composite n is a domain_error; n ≤ 60 digits, and factoring each \
        p − 1 runs under the call deadline (deadline_exceeded when it cannot finish). Turns the \
        \"probable\" answer of integer.prime.decide above 2^64 into a proof.";
    const KEYWORDS: &'static [&'static str] = &[
        "primality certificate",
        "pratt certificate",
        "prove prime",
        "primality proof",
        "certify prime",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "checkable proof that a number is prime",
        "Pratt certificate of primality",
        "primality proof by Lucas' theorem",
        "proof that a big number is prime that others can verify quickly",
        "evidence of primality that can be checked independently",
        "verifiable chain of witnesses showing a number is prime",
        "how do I prove a number is prime rather than just test it",
    ];
    const ALIASES: &'static [&'static str] = &["pratt", "PrimalityProve", "primecert"];
    const EXAMPLE: &'static str = r#"{"n": 1000003}"#;
    const EXPECTED: &'static str = r#"{"steps": [{"prime": "1000003", "witness": "2", "factors": [{"prime": "2", "exponent": 1}, {"prime": "3", "exponent": 1}, {"prime": "166667", "exponent": 1}]}, {"prime": "166667", "witness": "2", "factors": [{"prime": "2", "exponent": 1}, {"prime": "167", "exponent": 1}, {"prime": "499", "exponent": 1}]}], "verified": true}"#;

    // Long run: reshapes the kernel's checked certificate into nested steps.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let n = crate::positive(&input.n, "n", 60)?;
        let steps = number_theory::pratt_certificate(&n, &ctx.budget)?.ok_or_else(|| {
            MathError::Domain(format!(
                "{n} is not prime, so it has no primality certificate"
            ))
        })?;
        let int = |x: hessian_kernels::BigUint| Int(x.into());
        let steps = steps
            .into_iter()
            .map(|s| Step {
                prime: int(s.prime),
                witness: int(s.witness),
                factors: s
                    .factors
                    .into_iter()
                    .map(|(q, e)| Factor {
                        prime: int(q),
                        exponent: e,
                    })
                    .collect(),
            })
            .collect();
        Ok(Output {
            steps,
            verified: true,
        })
    }
}
