use crate::wire::{Joint, labelled};
use hessian_kernels::probability::joint;
use hessian_op::prelude::*;
use hessian_op::wire::Item;

pub struct JointConditional;

/// One conditional distribution: given this value of one variable, the
/// other's distribution (absent when the given value has probability 0).
#[derive(Serialize, JsonSchema)]
pub struct Given {
    pub given: Item,
    /// The given value's own probability.
    pub probability: Rational,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<Vec<(Item, Rational)>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// P(Y = · | X = x) for each x.
    pub y_given_x: Vec<Given>,
    /// P(X = · | Y = y) for each y.
    pub x_given_y: Vec<Given>,
    pub check: String,
}

fn given(
    values: &[Item],
    others: &[Item],
    rows: &[Vec<hessian_kernels::Q>],
    ctx: &Ctx,
) -> Result<Vec<Given>, MathError> {
    let (marginal, _) = joint::marginals(rows)?;
    let conditional = joint::conditional_rows(rows, &marginal, &ctx.budget)?;
    Ok(values
        .iter()
        .zip(marginal)
        .zip(conditional)
        .map(|((v, m), c)| Given {
            given: v.clone(),
            probability: Rational(m),
            distribution: c.map(|c| labelled(others, &c)),
        })
        .collect())
}

impl Operation for JointConditional {
    type Input = Joint<Item>;
    type Output = Output;
    const ID: &'static str = "probability.joint.conditional.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Conditional distributions from a joint probability table";
    const SUMMARY: &'static str = "Every conditional distribution P(Y | X = x) and P(X | Y = y) of two discrete variables from their joint table, exactly.";
    const DESCRIPTION: &'static str = "P(Y = yⱼ | X = xᵢ) = pᵢⱼ / P(X = xᵢ) for every row, and P(X = xᵢ | Y = yⱼ) = pᵢⱼ / P(Y = yⱼ) for every column; a value of probability 0 has no conditional distribution (reported, not divided by 0). Checked: each conditional sums to 1 and times its given probability gives the table back. At most 100×100.";
    const KEYWORDS: &'static [&'static str] = &[
        "conditional distribution",
        "conditional probability table",
        "joint distribution",
        "given",
        "probability of y given x",
        "two random variables",
        "conditioning",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "conditional distribution of Y given X from a joint table",
        "probability of being late given that it rains, from the joint probabilities",
        "conditional probabilities from a joint probability table",
        "given that it rained, what is the chance I was late, from a table of joint probabilities",
    ];
    const ALIASES: &'static [&'static str] = &["conditional table", "P(Y|X)"];
    const EXAMPLE: &'static str = r#"{"x_values": ["rain", "sun"], "y_values": ["late", "on time"], "probabilities": [["1/5", "1/10"], ["1/10", "3/5"]]}"#;
    const EXPECTED: &'static str = r#"{"y_given_x": [{"given": "rain", "probability": "3/10", "distribution": [["late", "2/3"], ["on time", "1/3"]]}, {"given": "sun", "probability": "7/10", "distribution": [["late", "1/7"], ["on time", "6/7"]]}], "x_given_y": [{"given": "late", "probability": "3/10", "distribution": [["rain", "2/3"], ["sun", "1/3"]]}, {"given": "on time", "probability": "7/10", "distribution": [["rain", "1/7"], ["sun", "6/7"]]}], "check": "each conditional sums to 1 and times its given probability gives the table back"}"#;

    fn run(input: Joint<Item>, ctx: &Ctx) -> Result<Output, MathError> {
        let (x, y, p) = input.read()?;
        Ok(Output {
            y_given_x: given(&x, &y, &p, ctx)?,
            x_given_y: given(&y, &x, &joint::transpose(&p), ctx)?,
            check:
                "each conditional sums to 1 and times its given probability gives the table back"
                    .into(),
        })
    }
}
