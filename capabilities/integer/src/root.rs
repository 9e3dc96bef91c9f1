use hessian_kernels::BigInt;
use hessian_op::prelude::*;
use num_traits::Signed;

pub struct Root;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The radicand (at most 10,000 digits); negative only with an odd k.
    pub n: Int,
    /// The root degree k ≥ 1.
    pub k: Bounded<1, 1_000_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The integer r nearest zero with |r|^k ≤ |n| and the sign of n (⌊n^(1/k)⌋ for n ≥ 0).
    pub root: Int,
    /// True when root^k = n exactly.
    pub exact: bool,
}

impl Operation for Root {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.root.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Integer k-th root ⌊n^(1/k)⌋";
    const SUMMARY: &'static str =
        "Integer square, cube or k-th root (truncated toward zero) and whether it is exact.";
    const DESCRIPTION: &'static str = "Computes the integer k-th root of n truncated toward zero: for n ≥ 0 the \
        largest r with r^k ≤ n (isqrt for k = 2), for negative n and odd k the negative of the root of |n|. \
        Also says whether the root is exact (n is a perfect k-th power). Even roots of negative n are a domain_error.";
    const KEYWORDS: &'static [&'static str] = &[
        "isqrt",
        "integer square root",
        "cube root",
        "nth root",
        "floor root",
        "iroot",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "biggest whole number whose square or cube is at most n",
        "integer part of the k-th root of n",
        "floor of the square root or cube root",
        "whether n is an exact k-th power and its root",
        "largest whole number whose square is at most 10^30",
        "exact integer square root of a huge number, rounded down",
        "is this big number a perfect cube, and its cube root",
        "how do I take the integer square root without floating point",
    ];
    const ALIASES: &'static [&'static str] = &["integer_nthroot", "isqrt", "sqrtint", "sqrtnint"];
    const EXAMPLE: &'static str = r#"{"n": "1000000000000000000000", "k": 3}"#;
    const EXPECTED: &'static str = r#"{"root": "10000000", "exact": true}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let k = input.k.0 as u32;
        let n = input.n.0;
        if n.is_negative() && k.is_multiple_of(2) {
            return Err(MathError::Domain(format!(
                "an even root ({k}) of a negative number is not an integer"
            )));
        }
        let r = n.magnitude().nth_root(k);
        let exact = r.pow(k) == *n.magnitude();
        let r = if n.is_negative() {
            -BigInt::from(r)
        } else {
            BigInt::from(r)
        };
        Ok(Output {
            root: Int(r),
            exact,
        })
    }
}
