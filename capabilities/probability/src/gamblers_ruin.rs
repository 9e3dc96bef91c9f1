use hessian_kernels::Q;
use hessian_kernels::probability::ruin;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct GamblersRuin;

/// Most bits of (q/p)ᴺ's denominator, N·log₂ of p's.
const MAX_BITS: u64 = 200_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Starting fortune k (0 ≤ k ≤ goal).
    pub start: Bounded<0, 10_000>,
    /// The goal N: play stops on reaching N or 0 (1 ≤ N ≤ 10,000).
    pub goal: Bounded<1, 10_000>,
    /// Probability of winning each unit bet, in (0, 1).
    pub p: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// P(reach the goal before 0).
    pub win: Value,
    /// P(ruin) = 1 − win.
    pub ruin: Value,
    /// Expected number of bets until play stops.
    pub expected_duration: Value,
    pub check: String,
}

impl Operation for GamblersRuin {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.gamblers_ruin.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Gambler's ruin: probability of reaching a goal before going broke, and expected duration";
    const SUMMARY: &'static str = "For unit bets won with probability p, the exact probability of reaching N before 0 from a starting fortune k, and the expected number of bets.";
    const DESCRIPTION: &'static str = "With r = (1 − p)/p: P(win) = (1 − rᵏ)/(1 − rᴺ) (k/N for a fair game) and expected duration k/(q − p) − N/(q − p)·P(win) (k(N − k) for a fair game), exactly. Checked: the values at every fortune 0..N satisfy the recurrences P_k = p·P_{k+1} + q·P_{k−1} and D_k = 1 + p·D_{k+1} + q·D_{k−1} with the boundary values, which determine them uniquely. N ≤ 10,000 and N·log₂(denominator of p) ≤ 200,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "gambler's ruin",
        "gamblers ruin",
        "going broke",
        "random walk absorbing barriers",
        "probability of ruin",
        "reach a target before zero",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "start with 10 dollars, bet 1 at a time with p = 18/38, chance of reaching 20 before going broke",
        "probability a fair random walk from 3 hits 10 before 0",
        "expected number of bets until the gambler is ruined or wins",
    ];
    const ALIASES: &'static [&'static str] = &["gamblers_ruin", "ruin_probability"];
    const EXAMPLE: &'static str = r#"{"start": 10, "goal": 20, "p": "18/38"}"#;
    const EXPECTED: &'static str = r#"{"win": {"exact": "3486784401/13486784401", "decimal": "0.258533412956573"}, "ruin": {"exact": "10000000000/13486784401", "decimal": "0.741466587043427"}, "expected_duration": {"exact": "1237510963810/13486784401", "decimal": "91.7573030765023"}, "check": "the values at all 21 fortunes satisfy P_k = p·P_(k+1) + q·P_(k−1) and D_k = 1 + p·D_(k+1) + q·D_(k−1) with P_0 = D_0 = D_N = 0, P_N = 1"}"#;

    // Long run: check k, p and the size bound, then the kernel at every fortune.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (k, n, p) = (input.start.0 as usize, input.goal.0 as u32, input.p.0);
        if k > n as usize {
            return Err(MathError::Input {
                path: "start".into(),
                message: format!("{k} is above the goal {n}"),
            });
        }
        if p <= Q::zero() || p >= Q::one() {
            return Err(MathError::Input {
                path: "p".into(),
                message: format!("{p} is not strictly between 0 and 1"),
            });
        }
        let bits = u64::from(n) * p.denom().bits();
        if bits > MAX_BITS {
            return Err(MathError::Limit(format!(
                "N·log₂(denominator of p) = {bits}; at most {MAX_BITS}"
            )));
        }
        let (win, duration) = ruin::ruin(n, &p, &ctx.budget)?;
        Ok(Output {
            ruin: Value::of(&(Q::one() - &win[k])),
            win: Value::of(&win[k]),
            expected_duration: Value::of(&duration[k]),
            check: format!(
                "the values at all {} fortunes satisfy P_k = p·P_(k+1) + q·P_(k−1) and D_k = 1 + p·D_(k+1) + q·D_(k−1) with P_0 = D_0 = D_N = 0, P_N = 1",
                n + 1
            ),
        })
    }
}
