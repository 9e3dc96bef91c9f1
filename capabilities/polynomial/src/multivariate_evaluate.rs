use crate::wire::too_much;
use crate::wire::{MultiOut, Multivariate};
use hessian_kernels::poly::sparse::{Sparse, Work};
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct MultivariateEvaluate;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The polynomial, as text in any variables.
    pub polynomial: Multivariate,
    /// Values for some or all variables, e.g. {"x": "1/2", "y": 3}; variables left out stay symbolic.
    pub values: BTreeMap<String, Rational>,
}

impl Operation for MultivariateEvaluate {
    type Input = Input;
    type Output = MultiOut;
    const ID: &'static str = "polynomial.multivariate.evaluate";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Evaluate a multivariate polynomial";
    const SUMMARY: &'static str =
        "Substitutes rational values for some or all variables of a polynomial, exactly.";
    const DESCRIPTION: &'static str = "Replaces each named variable by its rational value and expands; with every variable given, the result is a constant polynomial. Naming a variable the polynomial does not use is an error.";
    const KEYWORDS: &'static [&'static str] = &[
        "evaluate",
        "substitute values",
        "plug in",
        "multivariate",
        "partial evaluation",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "value of a polynomial in several variables at a point",
        "substitute numbers for several variables",
        "plug numbers in for x, y and z in a formula exactly",
        "set some variables of a polynomial to fractions and keep the others",
        "evaluate a polynomial surface height at a given point exactly",
        "how do I substitute x=1/2 and y=3 into a polynomial in x,y,z",
    ];
    const ALIASES: &'static [&'static str] = &["subs", "ReplaceAll", "evalf(subs=)"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^2*y + 3*y", "values": {"x": 2}}"#;
    const EXPECTED: &'static str = r#"{"polynomial": "7*y", "variables": ["y"], "terms": [{"coefficient": "7", "exponents": [1]}]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let p = &input.polynomial.0;
        let mut out = p.clone();
        let mut work = Work::default();
        for (name, Rational(v)) in &input.values {
            let Some(i) = p.vars.iter().position(|x| x == name) else {
                return Err(MathError::Input {
                    path: format!("values.{name}"),
                    message: format!(
                        "the polynomial has no variable {name}; its variables are {}",
                        p.vars.join(", ")
                    ),
                });
            };
            ctx.budget.check()?;
            out = out
                .substitute(i, &Sparse::constant(&p.vars, v.clone()), &mut work)
                .map_err(too_much)?;
        }
        Ok(MultiOut::new(&out))
    }
}
