use hessian_kernels::Q;
use hessian_kernels::probability::union::{self, Count};
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct InclusionExclusion;

/// Most bits of the probabilities' denominators together: they bound the
/// common denominator of every alternating sum.
const MAX_DENOMINATOR_BITS: u64 = 20_000;

/// The probability that all the named events occur together.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Intersection {
    pub events: List<String, 16>,
    pub probability: Rational,
}

/// Exchangeable events: every k of them intersect with the same probability.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Exchangeable {
    /// How many events, n (at most 1,000).
    pub events: Bounded<1, 1000>,
    /// s₁ … sₙ: s_k = P(A₁ ∩ … ∩ A_k), the same for any k of the events.
    pub intersection: List<Rational, 1000>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The events' names (at most 16), with `intersections`.
    #[serde(default)]
    pub events: Option<List<String, 16>>,
    /// P(∩ S) for every nonempty set S of the events (2ⁿ − 1 entries, any order).
    #[serde(default)]
    pub intersections: Option<List<Intersection, 65_535>>,
    /// Or: n exchangeable events by their k-fold intersections (matching problems, derangements).
    #[serde(default)]
    pub exchangeable: Option<Exchangeable>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// P(at least one event occurs).
    pub union: Value,
    /// P(none occurs).
    pub none: Value,
    /// P(exactly k occur), k = 0..n.
    pub exactly: Vec<Rational>,
    /// P(at least k occur), k = 0..n.
    pub at_least: Vec<Rational>,
    pub check: String,
}

impl Operation for InclusionExclusion {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.inclusion_exclusion.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Inclusion–exclusion: probability of a union, of exactly k or at least k events";
    const SUMMARY: &'static str = "From the probabilities of the events' intersections, the exact probability that at least one, exactly k, or at least k of the events occur (matching problems, derangements, unions of overlapping events).";
    const DESCRIPTION: &'static str = "Named events: give P(∩S) for every nonempty set S of up to 16 events; the atoms P(exactly the events of T) are the Möbius inversion over supersets, so P(union) = Σ_{S≠∅} (−1)^{|S|+1} P(∩S) and P(exactly k) follow. Exchangeable events: give s_k = P(A₁ ∩ … ∩ A_k) for k = 1..n (n ≤ 1,000); P(exactly j) = Σ_{k≥j} (−1)^{k−j} C(k, j)·C(n, k)·s_k. A table no probability space can have (an atom would be negative) is refused, naming the atom. Checked: the atoms sum back to the intersections given, and the union equals the alternating sum.";
    const KEYWORDS: &'static [&'static str] = &[
        "inclusion exclusion",
        "probability of a union",
        "at least one",
        "exactly k events",
        "derangement probability",
        "matching problem",
        "overlapping events",
        "union of events",
        "P(A or B or C)",
        "hat check problem",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability of A or B or C given the pairwise and triple intersections",
        "probability that at least one letter goes into the right envelope",
        "probability that exactly two of the events happen",
        "P(A ∪ B) from P(A), P(B) and P(A ∩ B)",
        "letters put into envelopes at random, chance nobody gets their own",
    ];
    const ALIASES: &'static [&'static str] =
        &["inclusion_exclusion", "sieve formula", "poincare formula"];
    const EXAMPLE: &'static str = r#"{"events": ["A", "B"], "intersections": [{"events": ["A"], "probability": "1/2"}, {"events": ["B"], "probability": "1/3"}, {"events": ["A", "B"], "probability": "1/6"}]}"#;
    const EXPECTED: &'static str = r#"{"union": {"exact": "2/3", "decimal": "0.666666666666667"}, "none": {"exact": "1/3", "decimal": "0.333333333333333"}, "exactly": ["1/3", "1/2", "1/6"], "at_least": ["1", "2/3", "1/6"], "check": "the atoms (probabilities of exactly which events occur) sum back to every intersection given; the union equals the alternating sum"}"#;

    // Long run: two input forms, each read and checked for completeness.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let given = input
            .intersections
            .iter()
            .flat_map(|l| l.0.iter().map(|x| &x.probability.0));
        let given = given.chain(
            input
                .exchangeable
                .iter()
                .flat_map(|e| e.intersection.0.iter().map(|r| &r.0)),
        );
        let bits: u64 = given.map(|q| q.denom().bits()).sum();
        if bits > MAX_DENOMINATOR_BITS {
            return Err(MathError::Limit(format!(
                "the probabilities have {bits} bits of denominators, at most {MAX_DENOMINATOR_BITS}"
            )));
        }
        let count = match (input.events, input.intersections, input.exchangeable) {
            (Some(events), Some(list), None) => {
                let (s, n) = subsets(events.0, list.0)?;
                let union = union::union_by_formula(&s);
                let count = union::general(&s, n, &ctx.budget)?;
                (count, Some(union))
            }
            (None, None, Some(e)) => {
                let n = e.events.0 as usize;
                let mut s = vec![Q::one()];
                s.extend(e.intersection.0.into_iter().map(|r| r.0));
                if s.len() != n + 1 {
                    return Err(MathError::Input {
                        path: "exchangeable.intersection".into(),
                        message: format!(
                            "has {} values for {n} events; give s₁ … s_{n}",
                            s.len() - 1
                        ),
                    });
                }
                (union::exchangeable(&s, &ctx.budget)?, None)
            }
            _ => {
                return Err(MathError::Input {
                    path: "events".into(),
                    message: "give `events` with `intersections`, or `exchangeable`".into(),
                });
            }
        };
        let exactly = match count.0 {
            Count::Exactly(e) => e,
            Count::Inconsistent {
                subset,
                probability,
            } => {
                return Err(MathError::Domain(format!(
                    "no probability space has these intersections: the atom {subset} (as a set of events, or a count when exchangeable) would have probability {probability}"
                )));
            }
        };
        let none = exactly[0].clone();
        let union = Q::one() - &none;
        if count.1.is_some_and(|u| u != union) {
            return Err(Stop::CheckFailed("the alternating sum differs from 1 − P(none)").into());
        }
        Ok(Output {
            union: Value::of(&union),
            none: Value::of(&none),
            at_least: union::at_least(&exactly).into_iter().map(Rational).collect(),
            exactly: exactly.into_iter().map(Rational).collect(),
            check: "the atoms (probabilities of exactly which events occur) sum back to every intersection given; the union equals the alternating sum".into(),
        })
    }
}

/// The intersections as a table over subsets (bit i = events[i]), s[0] = 1.
fn subsets(events: Vec<String>, list: Vec<Intersection>) -> Result<(Vec<Q>, usize), MathError> {
    let n = events.len();
    if n == 0 || (1..n).any(|i| events[..i].contains(&events[i])) {
        return Err(MathError::Input {
            path: "events".into(),
            message: "give 1 to 16 distinct event names".into(),
        });
    }
    let mut s: Vec<Option<Q>> = vec![None; 1 << n];
    s[0] = Some(Q::one());
    for (i, x) in list.into_iter().enumerate() {
        let mut mask = 0usize;
        for name in &x.events.0 {
            let bit = events
                .iter()
                .position(|e| e == name)
                .ok_or_else(|| MathError::Input {
                    path: format!("intersections[{i}].events"),
                    message: format!("{name} is not among `events`"),
                })?;
            mask |= 1 << bit;
        }
        let p = x.probability.0;
        if mask == 0 || p < Q::zero() || p > Q::one() || s[mask].replace(p).is_some() {
            return Err(MathError::Input {
                path: format!("intersections[{i}]"),
                message: "names no event, repeats a set given before, or has a probability outside [0, 1]".into(),
            });
        }
    }
    if let Some(mask) = s.iter().position(Option::is_none) {
        let names: Vec<&str> = (0..n)
            .filter(|b| mask & (1 << b) != 0)
            .map(|b| events[b].as_str())
            .collect();
        return Err(MathError::Input {
            path: "intersections".into(),
            message: format!(
                "P({}) is missing; every nonempty set of events needs its intersection",
                names.join(" ∩ ")
            ),
        });
    }
    Ok((s.into_iter().flatten().collect(), n))
}
