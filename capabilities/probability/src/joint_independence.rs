use crate::wire::Joint;
use hessian_kernels::probability::joint;
use hessian_op::prelude::*;
use hessian_op::wire::Item;

pub struct JointIndependence;

/// A cell where the joint probability is not the product of the marginals.
#[derive(Serialize, JsonSchema)]
pub struct Witness {
    pub x: Item,
    pub y: Item,
    /// P(X = x, Y = y).
    pub joint: Rational,
    /// P(X = x)·P(Y = y), which differs.
    pub product: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub independent: bool,
    /// Present when dependent: a cell that does not factorise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Witness>,
    pub check: String,
}

impl Operation for JointIndependence {
    type Input = Joint<Item>;
    type Output = Output;
    const ID: &'static str = "probability.joint.independence.decide";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Are two discrete random variables independent? (joint table)";
    const SUMMARY: &'static str = "Decides exactly whether X and Y are independent from their joint probability table, with a cell where P(x, y) ≠ P(x)·P(y) when they are not.";
    const DESCRIPTION: &'static str = "X and Y are independent exactly when pᵢⱼ = P(X = xᵢ)·P(Y = yⱼ) for every cell; decided in exact rationals (no tolerance), and a dependent table comes with the first cell that fails, its joint probability and the product that differs. Zero covariance does not imply independence; this checks the definition. At most 100×100.";
    const KEYWORDS: &'static [&'static str] = &[
        "independent random variables",
        "independence",
        "joint distribution",
        "product of marginals",
        "are x and y independent",
        "dependent",
        "factorize",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "are X and Y independent given their joint distribution",
        "check if the joint probability factorizes into the marginals",
        "are rain and being late independent in this table",
        "does knowing one variable tell me anything about the other, from their probability table",
    ];
    const ALIASES: &'static [&'static str] = &["is_independent"];
    const EXAMPLE: &'static str = r#"{"x_values": [0, 1], "y_values": [0, 1], "probabilities": [["1/6", "1/3"], ["1/6", "1/3"]]}"#;
    const EXPECTED: &'static str = r#"{"independent": true, "check": "every cell compared exactly with the product of its marginals"}"#;

    fn run(input: Joint<Item>, ctx: &Ctx) -> Result<Output, MathError> {
        let (x, y, p) = input.read()?;
        let (rows, columns) = joint::marginals(&p)?;
        let witness = joint::dependence_witness(&p, &rows, &columns, &ctx.budget)?;
        Ok(Output {
            independent: witness.is_none(),
            witness: witness.map(|(i, j)| Witness {
                x: x[i].clone(),
                y: y[j].clone(),
                joint: Rational(p[i][j].clone()),
                product: Rational(&rows[i] * &columns[j]),
            }),
            check: "every cell compared exactly with the product of its marginals".into(),
        })
    }
}
