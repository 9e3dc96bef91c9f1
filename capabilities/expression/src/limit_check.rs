use crate::limit::{Direction, certainty, described, point_of, side_of, written};
use crate::wire::{Approach, Certainty, Expression, Symbol, constant, decide};
use hessian_kernels::expr::limit::{Limit as Found, limit};
use hessian_op::prelude::*;

pub struct LimitClaim;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub expression: Expression,
    pub variable: Symbol,
    /// The point x approaches.
    pub at: Approach,
    /// The side, for a finite point (default both).
    #[serde(default)]
    pub direction: Option<Direction>,
    /// The claimed limit: a constant expression, or "inf" / "-inf".
    pub claimed: Approach,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether the limit is the claimed one; absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds: Option<bool>,
    pub certainty: Certainty,
    /// The limit found ("inf", "-inf", a value, or "does not exist"),
    /// when found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<String>,
    pub how: String,
}

impl Operation for LimitClaim {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.limit.check";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Check a claimed limit";
    const SUMMARY: &'static str = "Is lim f = L as x → a (or ±∞, one- or two-sided): true, false with the actual limit, or unknown.";
    const DESCRIPTION: &'static str = "Finds the limit as expression.limit.compute does (from a checked series at the point, else by Gruntz's algorithm for exp-log forms, confirmed by the trend of certified values far out) and compares it with the claim: equal values are decided as expression.equal.decide decides them (proven or probable), ±∞ by the sign of the leading coefficient. A two-sided claim where the one-sided limits differ is false. Where neither method decides (oscillating forms such as sin(x) at ∞), the answer is unknown, never a guess.";
    const KEYWORDS: &'static [&'static str] = &[
        "check limit",
        "verify limit",
        "is the limit",
        "limit equals",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is the limit of sin(x)/x as x goes to 0 equal to 1",
        "verify that (1 - cos x)/x^2 tends to 1/2",
        "check my limit answer",
        "my textbook says this limit is 2, is that right",
        "verify a claimed value that a function tends to near a point",
        "grade student answers to limit problems automatically",
        "is the limit of x*log(x) as x goes to 0 really 0",
    ];
    const ALIASES: &'static [&'static str] = &["checklimit"];
    const EXAMPLE: &'static str =
        r#"{"expression": "sin(x)/x", "variable": "x", "at": "0", "claimed": "1"}"#;
    const EXPECTED: &'static str = r#"{"holds": true, "certainty": "probable", "limit": "1", "how": "limit − claim has the canonical form 0; series checked: (f(a + h) − S(h))/hⁿ stays bounded at h = 2^-8, 2^-12, 2^-16 (certified enclosures)"}"#;

    // Long run: each kind of limit meets each kind of claim.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (found, check) = limit(
            &input.expression.0,
            &input.variable.0,
            &point_of(&input.at)?,
            side_of(input.direction),
            &ctx.budget,
        )?;
        let series = check.as_ref().map(described).unwrap_or_default();
        let series_certainty = check.as_ref().map_or(Certainty::Unknown, certainty);
        let verdict = |holds: bool, how: String| Output {
            holds: Some(holds),
            certainty: series_certainty,
            limit: Some(match &found {
                Found::Differ { .. } => "does not exist".into(),
                f => written(f),
            }),
            how: format!("{how}; {series}"),
        };
        Ok(match (&found, &input.claimed) {
            (Found::Unknown(why), _) => Output {
                holds: None,
                certainty: Certainty::Unknown,
                limit: None,
                how: format!("the limit was not found: {why}"),
            },
            (Found::Value(v), Approach::Finite(c)) => {
                let d = decide(v, &constant(c, "claimed")?, "limit − claim", &ctx.budget)?;
                let certainty = match (d.certainty, series_certainty) {
                    (Certainty::Proven, s) => s,
                    (c, _) => c,
                };
                Output {
                    holds: d.holds,
                    certainty,
                    limit: Some(written(&found)),
                    how: format!("{}; {series}", d.how),
                }
            }
            (Found::PlusInfinity, Approach::PlusInfinity)
            | (Found::MinusInfinity, Approach::MinusInfinity) => {
                verdict(true, "the limit is the claimed infinity".into())
            }
            (Found::Differ { left, right }, _) => verdict(
                false,
                format!(
                    "the one-sided limits differ (left {}, right {}), so the two-sided limit does not exist",
                    written(left),
                    written(right)
                ),
            ),
            (f, _) => verdict(false, format!("the limit is {}", written(f))),
        })
    }
}
