use crate::wire::{ExprOut, Expression, Symbol};
use hessian_kernels::expr::integrate::checked;
use hessian_kernels::expr::zero::Verdict;
use hessian_op::prelude::*;

pub struct Integral;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integrand.
    pub expression: Expression,
    /// The variable of integration.
    pub variable: Symbol,
}

/// Whether an antiderivative was found.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Found,
    /// None of the methods reached this integrand: not a proof that no
    /// elementary antiderivative exists.
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub status: Status,
    /// F with F′ = f (the constant of integration left out); absent when
    /// unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub antiderivative: Option<ExprOut>,
    /// How F′ = f was checked, or why there is no answer.
    pub check: String,
}

impl Operation for Integral {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.integral.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Antiderivative (indefinite integral) of an expression";
    const SUMMARY: &'static str =
        "An exact antiderivative F of f, checked by differentiating back, or a typed unknown.";
    const DESCRIPTION: &'static str = "Finds F with F′ = f by linearity, rational functions over Q completely (partial fractions over the irreducible factors of the denominator; Hermite's reduction of repeated factors; the logarithmic part by Trager's method, as in Lazard–Rioboo–Trager: c·log p when a factor's residues are one rational c, real logarithms with square roots when they are two real quadratic conjugates, a logarithm and pole-free arctangents (Rioboo) when they are complex quadratic conjugates, else root_sum(M, t, t*log(S)) over the roots t of the residues' minimal polynomial M), a table of elementary functions of a linear argument, polynomials times exp/sin/cos/sinh/cosh (repeated integration by parts) or log/atan (by parts), exp·sin and exp·cos, substitution where f = g(h(x))·h′(x), and expansion. F is differentiated and F′ − f proven (or, failing a proof, found to vanish at 8 certified test points) to be 0 before it is returned. Logarithms are principal (log(x − 2), not log|x − 2|), as SymPy writes them. When no method applies the answer is status unknown: not a proof that no elementary antiderivative exists.";
    const KEYWORDS: &'static [&'static str] = &[
        "integral",
        "integrate",
        "antiderivative",
        "indefinite integral",
        "primitive",
        "integration",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "integrate x^2 sin x",
        "find the antiderivative of a function",
        "indefinite integral of 1/(x^2 + 1) dx",
        "integration by parts",
        "partial fractions integral",
        "which function has this derivative",
        "undo a derivative to recover the original function",
        "find the function whose slope is given by x*e^x",
        "position formula from a velocity formula without any limits",
        "how do I find the integral of x/(x^2 + 1) with no bounds",
    ];
    const ALIASES: &'static [&'static str] = &["integrate", "Integrate", "int", "antiderivative"];
    const EXAMPLE: &'static str = r#"{"expression": "x^2*exp(x)", "variable": "x"}"#;
    const EXPECTED: &'static str = r#"{"status": "found", "antiderivative": {"expression": "x^2*exp(x) - 2*x*exp(x) + 2*exp(x)", "latex": "x^{2} \\cdot e^{x} - 2 \\cdot x \\cdot e^{x} + 2 \\cdot e^{x}"}, "check": "differentiates back to the integrand: F′ − f has the canonical form 0"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let found = checked(&input.expression.0, &input.variable.0, &ctx.budget)?;
        let (antiderivative, check) = match found.map(|a| (checked_by(&a.check), a.result)) {
            Some((Ok(how), f)) => (Some(ExprOut::new(&f)?), how),
            Some((Err(why), _)) => (None, why),
            None => (None, NOT_FOUND.into()),
        };
        let status = if antiderivative.is_some() {
            Status::Found
        } else {
            Status::Unknown
        };
        Ok(Output {
            status,
            antiderivative,
            check,
        })
    }
}

/// How F′ = f was checked, in words, or why it could not be.
pub fn checked_by(v: &Verdict) -> Result<String, String> {
    match v {
        Verdict::Proven { how } => Ok(format!(
            "differentiates back to the integrand: F′ − f {how}"
        )),
        Verdict::Unknown { why } => Err(format!(
            "a candidate was found but F′ − f = 0 could not be checked ({why})"
        )),
        _ => Ok(PROBABLE.into()),
    }
}

/// The check of an antiderivative that was not proven but vanished at
/// every test point.
pub const PROBABLE: &str = "differentiates back to the integrand at 8 test points within certified enclosures (no exact proof of F′ − f = 0)";

const NOT_FOUND: &str = "no antiderivative found by the methods of this operation (rational functions, table, by parts, substitution); this is not a proof that none is elementary";
