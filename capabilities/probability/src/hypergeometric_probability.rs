use crate::wire::{Answer, event};
use hessian_kernels::probability::named;
use hessian_kernels::{BigInt, Q};
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::Zero;

pub struct HypergeometricProbability;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Items in all, N (at most 10,000).
    pub population: Bounded<1, 10_000>,
    /// Marked items (successes) among them, K ≤ N.
    pub successes: Bounded<0, 10_000>,
    /// Items drawn without replacement, n ≤ N.
    pub draws: Bounded<0, 10_000>,
    /// Exactly this many marked items drawn.
    #[serde(default)]
    pub equal: Option<Bounded<0, 10_000>>,
    /// At least this many.
    #[serde(default)]
    pub at_least: Option<Bounded<0, 10_000>>,
    /// At most this many (with at_least: the range).
    #[serde(default)]
    pub at_most: Option<Bounded<0, 10_000>>,
}

impl Operation for HypergeometricProbability {
    type Input = Input;
    type Output = Answer;
    const ID: &'static str = "probability.hypergeometric.probability.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Hypergeometric probability: drawing without replacement (cards, lottery, defective items)";
    const SUMMARY: &'static str = "The exact probability of drawing exactly, at least or at most k marked items when n are drawn without replacement from N items of which K are marked.";
    const DESCRIPTION: &'static str = "P(X = k) = C(K, k)·C(N − K, n − k)/C(N, n). The numerators are integers, each from the last by one exact ratio; the event's are added over C(N, n). Checked: all the numerators sum to C(N, n), computed separately (Vandermonde's identity). N ≤ 10,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "hypergeometric",
        "hypergeometric distribution",
        "without replacement",
        "drawing cards",
        "lottery odds",
        "defective items in a sample",
        "urn",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability of exactly 2 aces in a 5 card hand",
        "chance of matching 3 numbers in a 6 of 49 lottery",
        "draw 10 from a batch of 100 with 5 defective, probability at least one defective",
        "urn with 7 red and 5 blue balls, draw 4 without replacement",
    ];
    const ALIASES: &'static [&'static str] = &["hypergeom", "dhyper", "phyper", "HYPGEOM.DIST"];
    const EXAMPLE: &'static str = r#"{"population": 52, "successes": 4, "draws": 5, "equal": 2}"#;
    const EXPECTED: &'static str = r#"{"event": "P(X = 2) with X ~ Hypergeometric(N = 52, K = 4, n = 5)", "probability": {"exact": "2162/54145", "decimal": "0.0399298180810786"}, "mean": "5/13", "variance": "940/2873", "check": "the numerators C(K, k)·C(N − K, n − k) over every k sum to C(N, n), computed separately (Vandermonde)"}"#;

    // Long run: check N, K, n; the event; sum its numerators.
    fn run(input: Input, ctx: &Ctx) -> Result<Answer, MathError> {
        let (big_n, k, n) = (
            input.population.0 as u64,
            input.successes.0 as u64,
            input.draws.0 as u64,
        );
        for (value, path) in [(k, "successes"), (n, "draws")] {
            if value > big_n {
                return Err(MathError::Input {
                    path: path.into(),
                    message: format!("{value} is more than the population {big_n}"),
                });
            }
        }
        let (low, high, text) = event(
            input.equal.map(|b| b.0),
            input.at_least.map(|b| b.0),
            input.at_most.map(|b| b.0),
        )?;
        let (start, terms, total) = named::hypergeometric(big_n, k, n, &ctx.budget)?;
        let inside = terms
            .iter()
            .enumerate()
            .filter(|(i, _)| {
                let j = start as i64 + *i as i64;
                j >= low && high.is_none_or(|h| j <= h)
            })
            .fold(BigInt::zero(), |s, (_, t)| s + t);
        let (nq, kq, bq) = (
            Q::from_integer(n.into()),
            Q::from_integer(k.into()),
            Q::from_integer(big_n.into()),
        );
        let share = &kq / &bq;
        let variance = if big_n > 1 {
            &nq * &share * (Q::from_integer(1.into()) - &share) * (&bq - &nq)
                / (&bq - Q::from_integer(1.into()))
        } else {
            Q::zero()
        };
        Ok(Answer {
            event: format!("P({text}) with X ~ Hypergeometric(N = {big_n}, K = {k}, n = {n})"),
            probability: Value::of(&Q::new(inside, total)),
            mean: Rational(nq * share),
            variance: Rational(variance),
            check: "the numerators C(K, k)·C(N − K, n − k) over every k sum to C(N, n), computed separately (Vandermonde)".into(),
        })
    }
}
