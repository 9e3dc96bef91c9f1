use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct StirlingFirst;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0, at most 1000.
    pub n: Bounded<0, 1000>,
    /// k ≥ 0.
    pub k: Bounded<0, 1000>,
    /// Return the signed s(n, k) (default false: unsigned).
    #[serde(default = "unsigned")]
    pub signed: bool,
}

fn unsigned() -> bool {
    false
}

impl Operation for StirlingFirst {
    type Input = Input;
    /// c(n, k), or s(n, k) when signed.
    type Output = Int;
    const ID: &'static str = "combinatorics.stirling_first.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Stirling number of the first kind s(n, k)";
    const SUMMARY: &'static str =
        "Permutations of n elements with exactly k cycles (unsigned), or the signed s(n, k).";
    const DESCRIPTION: &'static str = "Computes the Stirling number of the first kind: unsigned c(n, k) = [n k], the number of permutations of n elements with exactly k cycles, or with signed = true the coefficient s(n, k) = (−1)^(n−k) c(n, k) of x^k in the falling factorial x(x−1)⋯(x−n+1). Row recurrence, n ≤ 1000.";
    const KEYWORDS: &'static [&'static str] = &[
        "stirling first kind",
        "stirling cycle numbers",
        "permutations with k cycles",
        "falling factorial coefficients",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of permutations of n elements with exactly k cycles",
        "Stirling cycle numbers",
        "coefficients of the rising factorial",
        "ways to seat n people at k round tables with nobody left out",
        "how many arrangements of n items form exactly k loops",
        "coefficients when expanding x(x+1)(x+2)...(x+n-1) as a polynomial",
        "how many permutations of 8 elements consist of exactly 3 cycles",
    ];
    const ALIASES: &'static [&'static str] = &["stirling(kind=1)", "StirlingS1"];
    const EXAMPLE: &'static str = r#"{"n": 6, "k": 3, "signed": true}"#;
    const EXPECTED: &'static str = r#""-225""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let (n, k) = (input.n.0 as usize, input.k.0 as usize);
        let c = comb::stirling_first_row(n, &ctx.budget)?
            .into_iter()
            .nth(k)
            .unwrap_or_default();
        let c = hessian_kernels::BigInt::from(c);
        Ok(Int(if input.signed && (n - k.min(n)) % 2 == 1 {
            -c
        } else {
            c
        }))
    }
}
