use hessian_kernels::knapsack;
use hessian_op::prelude::*;

pub struct Knapsack;

/// Weights and values below 2^40.
pub type Amount = Bounded<0, 1_099_511_627_775>;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Each item's weight (non-negative integers below 2^40; at most 10,000 items).
    pub weights: List<Amount, 10000>,
    /// Each item's value, one per weight (non-negative integers below 2^40).
    pub values: List<Amount, 10000>,
    /// The most total weight allowed.
    pub capacity: Amount,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The chosen items' positions, increasing.
    pub items: Vec<usize>,
    pub value: String,
    pub weight: String,
    /// Whether the value is proven the best possible (false when the
    /// deadline stopped the search; `bound` then caps the optimum).
    pub optimal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<String>,
    pub check: String,
}

impl Operation for Knapsack {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.knapsack.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "0/1 knapsack: the most valuable items that fit a capacity";
    const SUMMARY: &'static str = "Chooses items (each at most once) of greatest total value whose total weight fits the capacity, exactly, by dynamic programming or branch and bound.";
    const DESCRIPTION: &'static str = "With n·(capacity + 1) ≤ 20,000,000 a dynamic program over capacities gives the optimum, confirmed by a second table over the items in the opposite order; otherwise depth-first branch and bound with Dantzig's bound (the fractional relaxation), exact when the search ends and at the deadline the best packing found with an upper bound on the optimum. Checked: the chosen items' weight fits and their value is recomputed. At most 10,000 items, weights and values below 2^40.";
    const KEYWORDS: &'static [&'static str] = &[
        "knapsack",
        "0/1 knapsack",
        "knapsack problem",
        "best value within weight",
        "packing items",
        "capacity",
        "dynamic programming",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "knapsack problem best value",
        "which items to take to maximize value without exceeding the weight limit",
        "choose projects within a budget to maximize return",
        "pack the backpack with the most valuable items under a weight limit",
        "which items to bring on a hike when the bag holds 15 kg",
        "pick ads to fill a time slot for the most revenue",
        "how do I choose items of given weight and value to fit a capacity",
    ];
    const ALIASES: &'static [&'static str] = &["knapsack", "01_knapsack"];
    const EXAMPLE: &'static str =
        r#"{"weights": [12, 2, 1, 1, 4], "values": [4, 2, 1, 2, 10], "capacity": 15}"#;
    const EXPECTED: &'static str = r#"{"items": [1, 2, 3, 4], "value": "15", "weight": "8", "optimal": true, "check": "the 4 items weigh 8 ≤ 15 and are worth 15; optimal by dynamic programming, confirmed by a second table over the items in reverse order"}"#;

    // Long run: the items read and paired, the packing, and which method proved it.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let weights: Vec<u64> = input.weights.0.iter().map(|b| b.0 as u64).collect();
        let values: Vec<u64> = input.values.0.iter().map(|b| b.0 as u64).collect();
        if weights.len() != values.len() {
            return Err(MathError::Input {
                path: "values".into(),
                message: format!(
                    "{} values for {} weights; give one value per item",
                    values.len(),
                    weights.len()
                ),
            });
        }
        let p = knapsack::solve(&weights, &values, input.capacity.0 as u64, &ctx.budget)?;
        Ok(Output {
            check: format!(
                "the {} items weigh {} ≤ {} and are worth {}; {}",
                p.items.len(),
                p.weight,
                input.capacity.0,
                p.value,
                if !p.proven {
                    "the deadline stopped the branch and bound: the optimum lies between the value and the bound"
                } else if (weights.len() as u64).saturating_mul(input.capacity.0 as u64 + 1)
                    <= knapsack::MAX_CELLS
                {
                    "optimal by dynamic programming, confirmed by a second table over the items in reverse order"
                } else {
                    "optimal: branch and bound pruned only nodes whose fractional bound was no better"
                }
            ),
            items: p.items,
            value: p.value.to_string(),
            weight: p.weight.to_string(),
            optimal: p.proven,
            bound: (!p.proven).then(|| p.bound.to_string()),
        })
    }
}
