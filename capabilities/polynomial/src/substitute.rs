use crate::wire::{MultiOut, Multivariate};
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct Substitute;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The polynomial, as text in any variables.
    pub polynomial: Multivariate,
    /// Replacements, e.g. {"x": "y + 1"}: each variable named is replaced by its polynomial, all at once.
    pub replacements: BTreeMap<String, Multivariate>,
}

impl Operation for Substitute {
    type Input = Input;
    type Output = MultiOut;
    const ID: &'static str = "polynomial.substitute.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Substitute polynomials for variables";
    const SUMMARY: &'static str = "Replaces variables of a multivariate polynomial by polynomials, simultaneously, and expands.";
    const DESCRIPTION: &'static str = "Replaces every named variable by its polynomial at the same time (so {x: y, y: x} swaps them) and expands the result. The total degree of the result is at most 10000.";
    const KEYWORDS: &'static [&'static str] = &[
        "substitute",
        "replace variable",
        "change of variables",
        "compose",
        "multivariate",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "replace a variable by an expression in a polynomial",
        "change of variable in a polynomial",
        "replace x and y in a polynomial by other polynomials all at once and expand",
        "rewrite a polynomial in new variables like u = x + y",
        "apply a polynomial coordinate transformation to a curve equation",
        "how do I plug x = t^2 and y = t+1 into a polynomial",
    ];
    const ALIASES: &'static [&'static str] = &["subs", "ReplaceAll", "substpol"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^2 + y", "replacements": {"x": "y + 1"}}"#;
    const EXPECTED: &'static str = r#"{"polynomial": "y^2 + 3*y + 1", "variables": ["y"], "terms": [{"coefficient": "1", "exponents": [2]}, {"coefficient": "3", "exponents": [1]}, {"coefficient": "1", "exponents": [0]}]}"#;

    // Long run: variable bookkeeping (fresh names: simultaneous) and the degree bound.
    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let p = &input.polynomial.0;
        // One set of variables for everything, plus a fresh name per
        // replaced variable so the substitution is simultaneous.
        let mut vars = p.vars.clone();
        for r in input.replacements.values() {
            vars.extend(r.0.vars.iter().cloned());
        }
        for name in input.replacements.keys() {
            if !p.vars.contains(name) {
                return Err(MathError::Input {
                    path: format!("replacements.{name}"),
                    message: format!(
                        "the polynomial has no variable {name}; its variables are {}",
                        p.vars.join(", ")
                    ),
                });
            }
            vars.push(format!("{name}\u{0}"));
        }
        vars.sort();
        vars.dedup();
        let mut out = p.embed(&vars);
        let mut work = hessian_kernels::poly::sparse::Work::default();
        let degree_bound: i64 = input
            .replacements
            .values()
            .map(|r| r.0.total_degree().max(1))
            .max()
            .unwrap_or(1);
        if p.total_degree().max(0) * degree_bound > 10_000 {
            return Err(MathError::Limit(
                "the result's total degree would exceed 10000".into(),
            ));
        }
        let index = |name: &str| {
            vars.iter()
                .position(|v| v == name)
                .expect("collected above")
        };
        for name in input.replacements.keys() {
            let fresh = hessian_kernels::poly::sparse::Sparse::variable(
                &vars,
                index(&format!("{name}\u{0}")),
            );
            out = out
                .substitute(index(name), &fresh, &mut work)
                .map_err(crate::wire::too_much)?;
        }
        for (name, r) in &input.replacements {
            ctx.budget.check()?;
            out = out
                .substitute(index(&format!("{name}\u{0}")), &r.0.embed(&vars), &mut work)
                .map_err(crate::wire::too_much)?;
        }
        Ok(MultiOut::new(&out))
    }
}
