use hessian_kernels::probability::coupon;
use hessian_kernels::{BigInt, Q};
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_integer::Integer;
use num_traits::{One, Zero};

pub struct CouponCollectorExpectation;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Equally likely coupons: how many (1 to 2,000).
    #[serde(default)]
    pub coupons: Option<Bounded<1, 2000>>,
    /// Or each coupon's probability (rationals > 0 summing to 1; at most 20 coupons, common denominator at most 100,000).
    #[serde(default)]
    pub p: Option<List<Rational, 20>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Expected draws until every coupon has been seen.
    pub expected_draws: Value,
    pub check: String,
}

impl Operation for CouponCollectorExpectation {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.coupon_collector.expectation.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Coupon collector: expected draws to collect every coupon";
    const SUMMARY: &'static str = "The exact expected number of independent draws needed to see all n coupons, equally likely (n·H_n) or with unequal probabilities.";
    const DESCRIPTION: &'static str = "E = Σ over non-empty sets S of coupons of (−1)^(|S|+1)/P(S) (inclusion–exclusion), computed by grouping the sets by weight through the polynomial Π(1 − x^wᵢ) with pᵢ = wᵢ/W. Checked: equally likely coupons against n·(1 + 1/2 + … + 1/n), the sum of the geometric waits for each new coupon; unequal ones against the sum over all 2ⁿ − 1 sets directly. At most 2,000 equal or 20 unequal coupons.";
    const KEYWORDS: &'static [&'static str] = &[
        "coupon collector",
        "collect all",
        "expected number of draws to see every",
        "complete the set",
        "collect every card",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "expected number of cereal boxes to collect all 6 toys",
        "how many die rolls on average until every face has appeared",
        "coupon collector with unequal probabilities 1/2, 1/3, 1/6",
    ];
    const ALIASES: &'static [&'static str] = &["coupon_collector"];
    const EXAMPLE: &'static str = r#"{"coupons": 6}"#;
    const EXPECTED: &'static str = r#"{"expected_draws": {"exact": "147/10", "decimal": "14.7"}, "check": "inclusion–exclusion over the sets of coupons equals n·(1 + 1/2 + … + 1/n)"}"#;

    // Long run: equal (two formulas) or unequal (weights, two formulas).
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (expected, check) = match (input.coupons, input.p) {
            (Some(n), None) => {
                let n = n.0 as u64;
                let by_phases = (1..=n).fold(Q::zero(), |s, k| s + Q::new(n.into(), k.into()));
                let by_sets = coupon::expected_draws(&vec![1; n as usize], &ctx.budget)?;
                if by_phases != by_sets {
                    return Err(
                        Stop::CheckFailed("n·H_n disagrees with inclusion–exclusion").into(),
                    );
                }
                (
                    by_sets,
                    "inclusion–exclusion over the sets of coupons equals n·(1 + 1/2 + … + 1/n)",
                )
            }
            (None, Some(ps)) => {
                let ps: Vec<Q> = ps.0.into_iter().map(|r| r.0).collect();
                let total = ps.iter().fold(Q::zero(), |s, p| s + p);
                if ps.is_empty() || ps.iter().any(|p| p <= &Q::zero()) || !total.is_one() {
                    return Err(MathError::Input {
                        path: "p".into(),
                        message: format!(
                            "give probabilities > 0 summing to 1 (they sum to {total})"
                        ),
                    });
                }
                let w = ps.iter().fold(BigInt::one(), |l, p| l.lcm(p.denom()));
                if w > BigInt::from(100_000) {
                    return Err(MathError::Limit(format!(
                        "common denominator {w}; at most 100,000"
                    )));
                }
                let weights: Vec<u64> = ps
                    .iter()
                    .map(|p| {
                        (p * Q::from_integer(w.clone()))
                            .to_integer()
                            .try_into()
                            .unwrap_or(0)
                    })
                    .collect();
                let e = coupon::expected_draws(&weights, &ctx.budget)?;
                if coupon::by_subsets(&weights, &ctx.budget)? != e {
                    return Err(Stop::CheckFailed(
                        "the grouped sum disagrees with the sum over sets",
                    )
                    .into());
                }
                (
                    e,
                    "the sum grouped by Π(1 − x^wᵢ) equals the sum over all 2ⁿ − 1 sets of coupons",
                )
            }
            _ => {
                return Err(MathError::Input {
                    path: "coupons".into(),
                    message: "give `coupons` (equally likely) or `p` (each coupon's probability), not both".into(),
                });
            }
        };
        Ok(Output {
            expected_draws: Value::of(&expected),
            check: check.into(),
        })
    }
}
