use crate::wire::{Joint, labelled};
use hessian_kernels::probability::joint;
use hessian_op::prelude::*;
use hessian_op::wire::Item;

pub struct JointMarginal;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// P(X = x) for each x: the row sums.
    pub x_marginal: Vec<(Item, Rational)>,
    /// P(Y = y) for each y: the column sums.
    pub y_marginal: Vec<(Item, Rational)>,
    pub check: String,
}

impl Operation for JointMarginal {
    type Input = Joint<Item>;
    type Output = Output;
    const ID: &'static str = "probability.joint.marginal.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Marginal distributions of a joint probability table";
    const SUMMARY: &'static str = "The marginal distributions P(X = x) and P(Y = y) of two discrete variables from their joint probability table, exactly.";
    const DESCRIPTION: &'static str = "Row i of the table is X = x_values[i], column j is Y = y_values[j]; entries are exact probabilities summing to 1. P(X = xᵢ) = Σⱼ pᵢⱼ and P(Y = yⱼ) = Σᵢ pᵢⱼ. Values may be names or numbers. Checked: both marginals sum to the table's total. At most 100×100.";
    const KEYWORDS: &'static [&'static str] = &[
        "marginal distribution",
        "joint distribution",
        "joint probability table",
        "row sums",
        "column sums",
        "two random variables",
        "sum out a variable",
        "marginalize",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "marginal distributions of X and Y from a joint table",
        "probability of rain regardless of traffic from the joint table",
        "marginalize a joint probability table",
        "add up the rows and columns of a table of joint probabilities",
    ];
    const ALIASES: &'static [&'static str] = &["marginals", "marginalise"];
    const EXAMPLE: &'static str = r#"{"x_values": ["rain", "sun"], "y_values": ["late", "on time"], "probabilities": [["1/5", "1/10"], ["1/10", "3/5"]]}"#;
    const EXPECTED: &'static str = r#"{"x_marginal": [["rain", "3/10"], ["sun", "7/10"]], "y_marginal": [["late", "3/10"], ["on time", "7/10"]], "check": "both marginals sum to the table's total, 1"}"#;

    fn run(input: Joint<Item>, _ctx: &Ctx) -> Result<Output, MathError> {
        let (x, y, p) = input.read()?;
        let (rows, columns) = joint::marginals(&p)?;
        Ok(Output {
            x_marginal: labelled(&x, &rows),
            y_marginal: labelled(&y, &columns),
            check: "both marginals sum to the table's total, 1".into(),
        })
    }
}
