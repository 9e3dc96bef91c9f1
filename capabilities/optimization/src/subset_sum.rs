use crate::knapsack::Amount;
use hessian_kernels::knapsack;
use hessian_op::prelude::*;

pub struct SubsetSum;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The numbers (non-negative integers below 2^40; at most 10,000).
    pub numbers: List<Amount, 10000>,
    /// The sum wanted.
    pub target: Amount,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether some numbers (each used at most once) sum to the target;
    /// absent when the deadline stopped the search first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exists: Option<bool>,
    /// The positions of such numbers, increasing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subset: Option<Vec<usize>>,
    /// The values at those positions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<String>>,
    pub check: String,
}

impl Operation for SubsetSum {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.subset_sum.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Subset sum: numbers from a list that add up to a target";
    const SUMMARY: &'static str = "Finds numbers in a list (each at most once) summing exactly to a target, or proves there are none.";
    const DESCRIPTION: &'static str = "The knapsack with values equal to weights: the largest sum not above the target is found exactly (dynamic programming over sums up to the target when n·(target + 1) ≤ 20,000,000, confirmed by a second table; else branch and bound), and the target is reachable exactly when that sum equals it. Checked: the subset's sum is recomputed. At the deadline of a branch and bound the answer leaves `exists` out. At most 10,000 numbers below 2^40.";
    const KEYWORDS: &'static [&'static str] = &[
        "subset sum",
        "numbers adding up to",
        "sum to target",
        "partition",
        "change making",
        "which numbers sum to",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "which of these numbers add up to 100",
        "is there a subset with sum exactly equal to the target",
        "pick some of these numbers to hit an exact total",
        "which invoices add up exactly to this payment amount",
        "choose coins from a list to make exactly 47 cents, each used once",
        "how do I find numbers in a list summing exactly to 250",
    ];
    const ALIASES: &'static [&'static str] = &["subset_sum", "subsetsum"];
    const EXAMPLE: &'static str = r#"{"numbers": [3, 34, 4, 12, 5, 2], "target": 9}"#;
    const EXPECTED: &'static str = r#"{"exists": true, "subset": [2, 4], "values": ["4", "5"], "check": "the 2 numbers sum to 9"}"#;

    // Long run: the knapsack with values equal to weights, then three verdicts.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let numbers: Vec<u64> = input.numbers.0.iter().map(|b| b.0 as u64).collect();
        let target = input.target.0 as u64;
        let p = knapsack::solve(&numbers, &numbers, target, &ctx.budget)?;
        let hit = p.value == target as u128;
        Ok(if hit {
            Output {
                exists: Some(true),
                values: Some(p.items.iter().map(|&i| numbers[i].to_string()).collect()),
                check: format!("the {} numbers sum to {target}", p.items.len()),
                subset: Some(p.items),
            }
        } else if p.proven {
            Output {
                exists: Some(false),
                subset: None,
                values: None,
                check: format!(
                    "the largest sum not above {target} is {}, found by an exhaustive method",
                    p.value
                ),
            }
        } else {
            Output {
                exists: None,
                subset: None,
                values: None,
                check: format!(
                    "the deadline stopped the search; the largest sum found below the target is {}",
                    p.value
                ),
            }
        })
    }
}
