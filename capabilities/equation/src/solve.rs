use crate::diophantine_linear::{self, DiophantineLinear};
use crate::inequality::{self, InequalitySolve};
use crate::linear::{self, LinearSolve};
use crate::numeric::{self, NumericSolve};
use crate::polynomial::{self, Domain, PolynomialSolve};
use crate::system::{self, SystemSolve};
use crate::wire::{EquationText, Inequalities, VariableList, inequality, texts};
use hessian_kernels::Budget;
use hessian_kernels::expr::Expr;
use hessian_kernels::expr::rational::{to_sparse, together};
use hessian_kernels::poly::sparse::Work;
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use hessian_op::wire::Rational;
use schemars::{Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer};
use std::borrow::Cow;

pub struct Solve;

/// What the problem text holds: equations, or inequalities.
pub enum Problem {
    Equations(Vec<EquationText>),
    Inequalities(Inequalities),
}

/// Most equations or inequalities in one problem.
const MAX_ITEMS: usize = 12;

impl<'de> Deserialize<'de> for Problem {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let texts = texts(d, MAX_ITEMS, "equations")?;
        let relations = texts.iter().filter(|t| has_relation(t)).count();
        if relations == texts.len() {
            return texts
                .iter()
                .map(|t| inequality(t))
                .collect::<Result<_, _>>()
                .map(|v| Problem::Inequalities(Inequalities(v)));
        }
        if relations > 0 {
            return Err(de::Error::custom(
                "a mix of equations and inequalities; give either equations (=) or inequalities (< <= > >= !=)",
            ));
        }
        texts
            .into_iter()
            .map(|t| EquationText::deserialize(de::value::StringDeserializer::<D::Error>::new(t)))
            .collect::<Result<_, _>>()
            .map(Problem::Equations)
    }
}

/// Whether a text states an inequality rather than an equation.
fn has_relation(t: &str) -> bool {
    ["<", ">", "!=", "≤", "≥", "≠"]
        .iter()
        .any(|r| t.contains(r))
}

impl JsonSchema for Problem {
    fn schema_name() -> Cow<'static, str> {
        "Problem".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let one = serde_json::json!({"type": "string", "minLength": 1, "maxLength": 100000});
        json_schema!({
            "description": format!("An equation (\"x^2 - 2 = 0\"), an inequality (\"x^2 < 4\"), or a list of up to {MAX_ITEMS} equations or of inequalities. {}", hessian_op::expression::GRAMMAR),
            "anyOf": [one, {"type": "array", "items": one, "minItems": 1, "maxItems": MAX_ITEMS}]
        })
    }
}

/// Where solutions are sought.
#[derive(Deserialize, JsonSchema, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Within {
    #[default]
    Complex,
    Real,
    /// Integer solutions of linear equations.
    Integer,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The equations or inequalities.
    pub problem: Problem,
    /// The unknowns (default: every symbol; other symbols are parameters
    /// of linear equations).
    #[serde(default)]
    pub unknowns: Option<VariableList>,
    /// complex (default), real, or integer (linear equations over Z).
    #[serde(default)]
    pub domain: Within,
    /// [lower, upper] for an equation that is not polynomial (sin, exp …):
    /// its roots there are found by certified numerics.
    #[serde(default)]
    pub interval: Option<[Rational; 2]>,
    /// Significant digits of decimal values, 1 to 1000 (default 20; at
    /// most 100 for numerical roots).
    #[serde(default = "hessian_op::wire::twenty_digits")]
    pub digits: Bounded<1, 1000>,
}

/// The answer of the operation that was used.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Answer {
    Polynomial(polynomial::Output),
    Linear(linear::Output),
    System(system::Output),
    Inequality(inequality::Output),
    Numeric(numeric::Output),
    Diophantine(diophantine_linear::Output),
}

/// Described by reference: the six output schemas inline would pass the
/// size an inspect answer may have.
impl JsonSchema for Answer {
    fn schema_name() -> Cow<'static, str> {
        "Answer".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "object",
            "description": "The answer of the operation named in `operation`, exactly as it gives it: its output schema is that operation's (math_find with its operation_id)."
        })
    }
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The operation that solved it (callable directly with its own input).
    pub operation: String,
    /// Why that one: what the problem was recognised as.
    pub recognised: String,
    /// That operation's answer, as it gives it.
    pub result: Answer,
}

impl Operation for Solve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "equation.solve.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Solve equations or inequalities of any kind recognised (front door)";
    const SUMMARY: &'static str = "Recognises what a problem is — one polynomial equation, linear equations (with parameters), a polynomial system, inequalities, integer solutions of linear equations, or an equation with sin/exp on an interval — and solves it with that operation, saying which.";
    const DESCRIPTION: &'static str = "Reads the problem once, then: inequalities → equation.inequality.solve; domain integer → equation.diophantine.linear.solve; an `interval` → equation.numeric.solve; every equation linear in the unknowns (coefficients may hold other symbols as parameters) → equation.linear.solve; one polynomial equation in one unknown → equation.polynomial.solve; polynomial equations in several unknowns → equation.system.solve. An equation that is not polynomial needs an `interval`. The answer is that operation's, unchanged, with its name and the reason it was chosen; call it directly with the same input to skip the recognition.";
    const KEYWORDS: &'static [&'static str] =
        &["solve", "solver", "equation solver", "solve anything"];
    const PHRASINGS: &'static [&'static str] = &[
        "solve this equation for me whatever kind it is",
        "which solver fits my equation",
        "I have an equation and do not know what method to use",
        "just solve it, whatever type of equation or inequality this is",
        "homework problem with an equation, pick the right solving method automatically",
        "is there one tool that solves any equation I type in",
    ];
    const ALIASES: &'static [&'static str] = &["solve_any"];
    const EXAMPLE: &'static str = r#"{"problem": ["x + y = 3", "x - y = 1"]}"#;
    const EXPECTED: &'static str = r#"{"operation": "equation.linear.solve", "recognised": "equations linear in the unknowns", "result": {"unknowns": ["x", "y"], "parameters": [], "cases": [{"when": [], "solutions": "one", "solution": {"x": {"expression": "2", "latex": "2"}, "y": {"expression": "1", "latex": "1"}}}], "check": "1 case substituted back into the equations (the zero polynomial after clearing the pivots)"}}"#;

    // Long run: recognise the problem, then hand it to one operation.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let digits = input.digits;
        let real = input.domain == Within::Real;
        let domain = if real { Domain::Real } else { Domain::Complex };
        let single = |list: &Option<VariableList>| -> Result<Option<Symbol>, MathError> {
            match list.as_ref().map(|l| l.0.as_slice()) {
                None => Ok(None),
                Some([one]) => Ok(Some(one.clone())),
                Some(_) => Err(MathError::Input {
                    path: "unknowns".into(),
                    message: "this problem has one unknown; name one".into(),
                }),
            }
        };
        let equations = match input.problem {
            Problem::Inequalities(inequalities) => {
                let variable = single(&input.unknowns)?;
                let out = InequalitySolve::run(
                    inequality::Input {
                        inequalities,
                        variable,
                    },
                    ctx,
                )?;
                return Ok(done(
                    "equation.inequality.solve",
                    "inequalities in one unknown",
                    Answer::Inequality(out),
                ));
            }
            Problem::Equations(e) => e,
        };
        if input.domain == Within::Integer {
            let out = DiophantineLinear::run(
                diophantine_linear::Input {
                    equations: List(equations),
                    variables: input.unknowns,
                },
                ctx,
            )?;
            return Ok(done(
                "equation.diophantine.linear.solve",
                "integer solutions (domain integer)",
                Answer::Diophantine(out),
            ));
        }
        if let Some([lower, upper]) = input.interval {
            if equations.len() != 1 {
                return Err(MathError::Input {
                    path: "interval".into(),
                    message: "an interval goes with one equation in one unknown".into(),
                });
            }
            let equation = one(equations)?;
            let variable = single(&input.unknowns)?;
            let out = NumericSolve::run(
                numeric::Input {
                    equation,
                    variable,
                    lower,
                    upper,
                    digits: Bounded(digits.0.min(100)),
                },
                ctx,
            )?;
            return Ok(done(
                "equation.numeric.solve",
                "one equation on an interval (certified numerical roots)",
                Answer::Numeric(out),
            ));
        }
        let exprs: Vec<Expr> = equations.iter().map(|e| e.0.clone()).collect();
        let mut symbols: Vec<String> = exprs.iter().flat_map(|e| e.symbols()).collect();
        symbols.sort();
        symbols.dedup();
        let unknowns: Vec<String> = match &input.unknowns {
            Some(l) => l.0.iter().map(|s| s.0.clone()).collect(),
            None => symbols.clone(),
        };
        let shape = shape(&exprs, &symbols, &unknowns, &ctx.budget)?;
        match shape {
            Shape::Linear if !(exprs.len() == 1 && unknowns.len() == 1 && symbols.len() == 1) => {
                let out = LinearSolve::run(
                    linear::Input { equations: List(equations), unknowns: input.unknowns },
                    ctx,
                )?;
                Ok(done("equation.linear.solve", "equations linear in the unknowns", Answer::Linear(out)))
            }
            Shape::Linear | Shape::Polynomial if exprs.len() == 1 && unknowns.len() == 1 && symbols.len() == 1 => {
                let equation = one(equations)?;
                let out = PolynomialSolve::run(
                    polynomial::Input { equation, variable: single(&input.unknowns)?, domain, digits, radicals: true },
                    ctx,
                )?;
                Ok(done("equation.polynomial.solve", "one polynomial equation in one unknown", Answer::Polynomial(out)))
            }
            Shape::Linear | Shape::Polynomial if symbols.iter().all(|s| unknowns.contains(s)) => {
                let out = SystemSolve::run(
                    system::Input { equations: List(equations), variables: input.unknowns, domain, digits },
                    ctx,
                )?;
                Ok(done("equation.system.solve", "polynomial equations in several unknowns", Answer::System(out)))
            }
            Shape::Linear | Shape::Polynomial => Err(MathError::Domain(format!(
                "polynomial equations with the parameters {}: only linear equations take parameters; name every symbol in `unknowns`",
                symbols.iter().filter(|s| !unknowns.contains(s)).cloned().collect::<Vec<_>>().join(", ")
            ))),
            Shape::Other => Err(MathError::Input {
                path: "interval".into(),
                message: "the equation is not polynomial in its unknowns (after clearing denominators); give `interval` [lower, upper] to find its roots there by certified numerics".into(),
            }),
        }
    }
}

/// The only equation of a one-equation problem.
fn one(equations: Vec<EquationText>) -> Result<EquationText, MathError> {
    equations
        .into_iter()
        .next()
        .ok_or_else(|| MathError::Input {
            path: "problem".into(),
            message: "no equation given".into(),
        })
}

fn done(operation: &str, recognised: &str, result: Answer) -> Output {
    Output {
        operation: operation.into(),
        recognised: recognised.into(),
        result,
    }
}

enum Shape {
    /// Every equation of degree ≤ 1 in the unknowns, coefficients
    /// polynomial in the other symbols.
    Linear,
    /// Polynomial in every symbol.
    Polynomial,
    Other,
}

fn shape(
    exprs: &[Expr],
    symbols: &[String],
    unknowns: &[String],
    b: &Budget,
) -> Result<Shape, MathError> {
    let mut linear = true;
    for e in exprs {
        let Some((n, d)) = together(e, b)? else {
            return Ok(Shape::Other);
        };
        if d.symbols().iter().any(|s| unknowns.contains(s)) {
            return Ok(Shape::Other);
        }
        let Some(s) = to_sparse(&n, symbols, &mut Work::default()) else {
            return Ok(Shape::Other);
        };
        let at: Vec<usize> = symbols
            .iter()
            .enumerate()
            .filter(|(_, x)| unknowns.contains(x))
            .map(|(i, _)| i)
            .collect();
        linear &= s
            .terms
            .keys()
            .all(|exps| at.iter().map(|&i| exps[i]).sum::<u32>() <= 1);
    }
    Ok(if linear {
        Shape::Linear
    } else {
        Shape::Polynomial
    })
}
