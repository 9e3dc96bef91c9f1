use hessian_kernels::number_theory::{self, PellError};
use hessian_op::prelude::*;

pub struct PellEquation;

/// Solutions have about period·log10(a0) digits; this keeps them printable.
const MAX_PERIOD: usize = 20_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// D ≥ 2, not a perfect square (at most 30 digits).
    pub d: Int,
    /// Right-hand side: 1 for x² − Dy² = 1 (default) or −1 for the negative Pell equation.
    #[serde(default = "one")]
    pub rhs: Rhs,
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq)]
pub enum Rhs {
    #[serde(rename = "1")]
    One,
    #[serde(rename = "-1")]
    MinusOne,
}

fn one() -> Rhs {
    Rhs::One
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The fundamental (least positive) solution, or null when x² − Dy² = −1 has none.
    pub solution: Option<Solution>,
}

#[derive(Serialize, JsonSchema)]
pub struct Solution {
    pub x: Int,
    pub y: Int,
}

impl Operation for PellEquation {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.pell_equation.solve";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Pell equation x² − Dy² = ±1: fundamental solution";
    const SUMMARY: &'static str =
        "Least positive solution of x² − D·y² = 1 (or −1) from the continued fraction of √D.";
    const DESCRIPTION: &'static str = "Finds the fundamental solution (least x, y > 0) of x² − D·y² = 1, or of \
        the negative equation x² − D·y² = −1 with rhs \"-1\" (solvable exactly when the period of √D is \
        odd; otherwise solution is null). Uses the convergents at the end of the period of √D's continued \
        fraction. D is a positive non-square of at most 30 digits; periods over 20,000 are limit_exceeded. \
        All solutions of the +1 equation are (x + y√D)^k.";
    const KEYWORDS: &'static [&'static str] = &[
        "pell equation",
        "x^2 - d y^2 = 1",
        "fundamental unit",
        "brahmagupta",
        "negative pell",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "whole numbers x and y with x squared minus d y squared equal to 1",
        "fundamental solution of x^2 - D y^2 = 1",
        "smallest positive integer solution of Pell's equation",
        "units of the real quadratic field",
        "smallest whole numbers with x squared minus 61 y squared equal to 1",
        "good rational approximations to square root of 2 from an integer equation",
        "Archimedes cattle problem style equation x^2 - D y^2 = 1",
        "how do I find the least positive solution of x^2 - 2y^2 = -1",
    ];
    const ALIASES: &'static [&'static str] = &["diop_DN", "PellSolve", "quadunit"];
    const EXAMPLE: &'static str = r#"{"d": 61}"#;
    const EXPECTED: &'static str = r#"{"solution": {"x": "1766319049", "y": "226153980"}}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let d = crate::positive(&input.d, "d", 30)?;
        let solution = number_theory::pell(&d, input.rhs == Rhs::MinusOne, MAX_PERIOD).map_err(
            |e| match e {
                PellError::Square => MathError::Domain(format!(
                    "D = {d} is a perfect square; x² − D·y² = ±1 then has only trivial solutions"
                )),
                PellError::PeriodTooLong => MathError::Limit(format!(
                    "the period of √{d} is longer than {MAX_PERIOD} terms"
                )),
                PellError::CheckFailed => {
                    Stop::CheckFailed("the convergent does not solve the equation").into()
                }
            },
        )?;
        Ok(Output {
            solution: solution.map(|(x, y)| Solution {
                x: Int(x),
                y: Int(y),
            }),
        })
    }
}
