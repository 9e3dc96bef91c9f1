use crate::wire::{ExprOut, Expression, Symbol};
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct Substitute;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The expression to substitute into.
    pub expression: Expression,
    /// Each symbol and what replaces it (an expression); all are replaced
    /// at once, so {"x": "y", "y": "x"} swaps them. At most 100.
    pub substitutions: BTreeMap<Symbol, Expression>,
}

impl Operation for Substitute {
    type Input = Input;
    type Output = ExprOut;
    const ID: &'static str = "expression.substitute.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Substitute into an expression";
    const SUMMARY: &'static str = "Replaces symbols by expressions or numbers, all at once, and simplifies to canonical form.";
    const DESCRIPTION: &'static str = "Replaces every occurrence of each named symbol by its expression simultaneously and rebuilds the canonical form (so exact values appear: sin(x) at x = pi/6 is 1/2). A number substituted for every symbol gives the exact value where one exists; expression.numeric.evaluate gives digits.";
    const KEYWORDS: &'static [&'static str] =
        &["substitute", "replace", "plug in", "evaluate at", "subs"];
    const PHRASINGS: &'static [&'static str] = &[
        "put x = 2 into the expression",
        "replace a variable by another expression",
        "exact value of an expression at a point",
        "plug in values for the letters in a formula",
        "replace y with 2x + 1 everywhere and simplify",
        "evaluate a physics formula with given numbers for each symbol",
        "how do I substitute t = x^2 into an expression",
    ];
    const ALIASES: &'static [&'static str] = &["subs", "ReplaceAll", "substitute"];
    const EXAMPLE: &'static str =
        r#"{"expression": "x^2*sin(y)", "substitutions": {"x": "3", "y": "pi/6"}}"#;
    const EXPECTED: &'static str = r#"{"expression": "9/2", "latex": "\\frac{9}{2}"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<ExprOut, MathError> {
        if input.substitutions.len() > 100 {
            return Err(MathError::Limit("at most 100 substitutions".into()));
        }
        let map: BTreeMap<String, _> = input
            .substitutions
            .into_iter()
            .map(|(k, v)| (k.0, v.0))
            .collect();
        ExprOut::new(&input.expression.0.substitute(&map))
    }
}
