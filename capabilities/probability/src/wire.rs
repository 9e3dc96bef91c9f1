//! Inputs shared by the family's operations.

use hessian_kernels::probability::finite::{self, Dist};
use hessian_kernels::probability::markov;
use hessian_kernels::{Mat, Q};
use hessian_op::MathError;
use hessian_op::wire::{List, Matrix, Rational, SquareMatrix, Value};
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A finite Markov chain: its transition matrix and optional state names.
/// At most `N` states: 500 where the work is solving sparse systems
/// (classes, stationary distributions, absorption, hitting times), 200
/// where it fills dense matrices of rationals.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Chain<const N: usize = 200> {
    /// Row i holds the probabilities of moving from state i to each state
    /// (exact rationals, each row summing to 1); at most 200 states, 500 for classification, stationary distributions, absorption and hitting times.
    pub transition: SquareMatrix<Rational, N>,
    /// Names of the states, in order (default 0, 1, 2, …).
    #[serde(default)]
    pub states: Option<List<String, N>>,
}

/// The bound of the chains solved sparsely.
pub const LARGE_CHAIN: usize = 500;

/// Most bits of distinct denominators summed over a chain's rows (a
/// 500-state chain with a handful of small denominators per row has about
/// 20,000).
const MAX_CHAIN_DENOMINATOR_BITS: u64 = 200_000;

impl<const N: usize> Chain<N> {
    /// The matrix, checked to be stochastic, and the states' names.
    pub fn read(self) -> Result<(Mat<Q>, Vec<String>), MathError> {
        let p = self.transition.0.map(|r| r.0.clone());
        // Each row is summed over the lcm of its denominators, before any
        // deadline poll: bound their distinct denominators' bits.
        let mut bits = 0u64;
        for i in 0..p.rows() {
            let mut dens: Vec<&hessian_kernels::BigInt> = p
                .row(i)
                .iter()
                .map(|x| x.denom())
                .filter(|d| !d.is_one())
                .collect();
            dens.sort_unstable();
            dens.dedup();
            bits += dens.iter().map(|d| d.bits()).sum::<u64>();
        }
        if bits > MAX_CHAIN_DENOMINATOR_BITS {
            return Err(MathError::Limit(format!(
                "`transition` has {bits} bits of distinct denominators across its rows, at most {MAX_CHAIN_DENOMINATOR_BITS}"
            )));
        }
        markov::stochastic(&p).map_err(|message| MathError::Input {
            path: "transition".into(),
            message,
        })?;
        let names = match self.states {
            Some(s) if s.0.len() != p.rows() => {
                return Err(MathError::Input {
                    path: "states".into(),
                    message: format!("{} names for {} states", s.0.len(), p.rows()),
                });
            }
            Some(s) => s.0,
            None => (0..p.rows()).map(|i| i.to_string()).collect(),
        };
        Ok((p, names))
    }
}

/// A finite distribution as `[value, probability]` pairs of exact
/// rationals; at most 10,000 pairs.
pub type Pairs = List<[Rational; 2], 10_000>;

/// Most bits of a table's denominators together (they bound every sum's
/// common denominator).
const MAX_DENOMINATOR_BITS: u64 = 50_000;

/// The pairs merged by value (sorted, zero probabilities dropped), each
/// weight non-negative and within the size bound; the weights' total.
pub fn weights(list: Pairs, path: &str) -> Result<(Dist, Q), MathError> {
    let pairs: Vec<(Q, Q)> = list.0.into_iter().map(|[v, p]| (v.0, p.0)).collect();
    if let Some(i) = pairs.iter().position(|(_, p)| p < &Q::zero()) {
        return Err(MathError::Input {
            path: format!("{path}[{i}][1]"),
            message: format!("{} is negative: a probability or weight is ≥ 0", pairs[i].1),
        });
    }
    let bits: u64 = pairs
        .iter()
        .flat_map(|(v, p)| [v, p])
        .filter(|q| !q.is_integer())
        .map(|q| q.denom().bits())
        .sum();
    if bits > MAX_DENOMINATOR_BITS {
        return Err(MathError::Limit(format!(
            "`{path}` has {bits} bits of denominators, at most {MAX_DENOMINATOR_BITS}"
        )));
    }
    let d = finite::collect(pairs);
    let total = finite::total(&d);
    if d.is_empty() {
        return Err(MathError::Input {
            path: path.into(),
            message: "has no outcome of positive probability".into(),
        });
    }
    Ok((d, total))
}

/// A distribution: as [`weights`], and the probabilities sum to exactly 1.
pub fn table(list: Pairs, path: &str) -> Result<Dist, MathError> {
    let (d, total) = weights(list, path)?;
    if !total.is_one() {
        return Err(MathError::Input {
            path: path.into(),
            message: format!(
                "the probabilities sum to {total}, not 1 (probability.distribution.normalize.compute scales weights)"
            ),
        });
    }
    Ok(d)
}

/// A table for the output: `[value, probability]` pairs.
pub fn pairs_out(d: Dist) -> Vec<[Rational; 2]> {
    d.into_iter()
        .map(|(v, p)| [Rational(v), Rational(p)])
        .collect()
}

/// The event of a count's operation: `equal`, or `at_least` and/or
/// `at_most`, as the inclusive range (low, high) — high None when
/// unbounded above — and its text ("X ≥ 3").
pub fn event(
    equal: Option<i64>,
    at_least: Option<i64>,
    at_most: Option<i64>,
) -> Result<(i64, Option<i64>, String), MathError> {
    match (equal, at_least, at_most) {
        (Some(k), None, None) => Ok((k, Some(k), format!("X = {k}"))),
        (None, Some(a), None) => Ok((a, None, format!("X ≥ {a}"))),
        (None, None, Some(b)) => Ok((i64::MIN, Some(b), format!("X ≤ {b}"))),
        (None, Some(a), Some(b)) => Ok((a, Some(b), format!("{a} ≤ X ≤ {b}"))),
        _ => Err(MathError::Input {
            path: "equal".into(),
            message: "give `equal`, or `at_least` and/or `at_most`".into(),
        }),
    }
}

/// The answer of a named count distribution's operation.
#[derive(Serialize, JsonSchema)]
pub struct Answer {
    /// The event and the distribution, e.g. "P(X = 2) with X ~ …".
    pub event: String,
    pub probability: Value,
    /// E[X] and Var[X].
    pub mean: Rational,
    pub variance: Rational,
    pub check: String,
}

/// A joint distribution of two discrete variables as a table: row i is
/// X = x_values[i], column j is Y = y_values[j]. `V` is the values' type:
/// names or numbers ([`hessian_op::wire::Item`]), or exact numbers
/// ([`Rational`]) where moments need them.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Joint<V> {
    /// The values of X, one per row, distinct; at most 100.
    pub x_values: List<V, 100>,
    /// The values of Y, one per column, distinct; at most 100.
    pub y_values: List<V, 100>,
    /// probabilities[i][j] = P(X = x_values[i], Y = y_values[j]): exact, non-negative, summing to 1.
    pub probabilities: Matrix<Rational, 10_000>,
}

impl<V: PartialEq> Joint<V> {
    /// The values and the table, checked: one row per x value and one
    /// column per y value, distinct values, probabilities ≥ 0 summing to 1.
    pub fn read(self) -> Result<(Vec<V>, Vec<V>, Vec<Vec<Q>>), MathError> {
        let m = self.probabilities.0;
        let (x, y) = (self.x_values.0, self.y_values.0);
        for (values, count, path) in [(&x, m.rows(), "x_values"), (&y, m.cols(), "y_values")] {
            if values.len() != count {
                return Err(MathError::Input {
                    path: path.into(),
                    message: format!(
                        "has {} values for {count} {} of probabilities",
                        values.len(),
                        if path == "x_values" {
                            "rows"
                        } else {
                            "columns"
                        }
                    ),
                });
            }
            if let Some(i) = (1..values.len()).find(|&i| values[..i].contains(&values[i])) {
                return Err(MathError::Input {
                    path: format!("{path}[{i}]"),
                    message: "repeats an earlier value; each value is one row or column".into(),
                });
            }
        }
        let p: Vec<Vec<Q>> = (0..m.rows())
            .map(|i| (0..m.cols()).map(|j| m[(i, j)].0.clone()).collect())
            .collect();
        for (i, row) in p.iter().enumerate() {
            if let Some(j) = row.iter().position(|v| v < &Q::zero()) {
                return Err(MathError::Input {
                    path: format!("probabilities[{i}][{j}]"),
                    message: format!("{} is negative", row[j]),
                });
            }
        }
        let flat: Vec<Q> = p.iter().flatten().cloned().collect();
        let bits: u64 = flat.iter().map(|q| q.denom().bits()).sum();
        if bits > MAX_DENOMINATOR_BITS {
            return Err(MathError::Limit(format!(
                "`probabilities` has {bits} bits of denominators, at most {MAX_DENOMINATOR_BITS}"
            )));
        }
        let total: Q = flat.iter().sum();
        if !total.is_one() {
            return Err(MathError::Input {
                path: "probabilities".into(),
                message: format!(
                    "sum to {total}, not 1 (divide every entry by {total} for a table of counts)"
                ),
            });
        }
        Ok((x, y, p))
    }
}

/// `[value, probability]` pairs for the output.
pub fn labelled<V: Clone>(values: &[V], p: &[Q]) -> Vec<(V, Rational)> {
    values
        .iter()
        .cloned()
        .zip(p.iter().cloned().map(Rational))
        .collect()
}

#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Pattern {
    /// Each character one symbol: "HTH".
    Text(String),
    /// Symbols of any length: ["10", "J", "Q"].
    Symbols(List<String, 1000>),
}

impl Pattern {
    /// The symbols, one per character of a text pattern.
    pub fn symbols(self) -> Vec<String> {
        match self {
            Pattern::Text(s) => s.chars().map(String::from).collect(),
            Pattern::Symbols(l) => l.0,
        }
    }
}

/// The symbols drawn and their probabilities: `alphabet` (equally likely)
/// or `probabilities`, or a fair coin when every pattern is made of H and
/// T; with the assumption in words.
pub fn draws(
    alphabet: Option<List<String, 1000>>,
    probabilities: Option<BTreeMap<String, Rational>>,
    patterns: &[&[String]],
) -> Result<(Vec<String>, Vec<Q>, String), MathError> {
    let symbols: Vec<&String> = patterns.iter().flat_map(|p| p.iter()).collect();
    Ok(match (alphabet, probabilities) {
        (Some(_), Some(_)) => {
            return Err(MathError::Input {
                path: "alphabet".into(),
                message: "give `alphabet` (equally likely) or `probabilities`, not both".into(),
            });
        }
        (None, Some(map)) => {
            let total = map.values().fold(Q::zero(), |s, r| s + &r.0);
            if let Some((k, _)) = map.iter().find(|(_, r)| r.0 < Q::zero()) {
                return Err(MathError::Input {
                    path: format!("probabilities.{k}"),
                    message: "probabilities are non-negative".into(),
                });
            }
            if !total.is_one() {
                return Err(MathError::Input {
                    path: "probabilities".into(),
                    message: format!("the probabilities sum to {total}, not 1"),
                });
            }
            let (n, q): (Vec<String>, Vec<Q>) = map.into_iter().map(|(k, r)| (k, r.0)).unzip();
            (
                n,
                q,
                "independent draws with the given probabilities".into(),
            )
        }
        (alphabet, None) => {
            let mut names = match alphabet {
                Some(a) => a.0,
                None if symbols.iter().all(|s| *s == "H" || *s == "T") => {
                    vec!["H".into(), "T".into()]
                }
                None => {
                    return Err(MathError::Input {
                                path: "alphabet".into(),
                                message: "name the symbols drawn (e.g. [\"1\", \"2\", \"3\", \"4\", \"5\", \"6\"] for a die) or give `probabilities`; only patterns of H and T default to a fair coin".into(),
                            });
                }
            };
            names.sort();
            names.dedup();
            let each = Q::new(1.into(), names.len().into());
            let text = format!(
                "independent draws, each of {} equally likely",
                names.join(", ")
            );
            (names.clone(), vec![each; names.len()], text)
        }
    })
}

/// A pattern's symbols as indices into `names`, each of positive
/// probability (`path` names the pattern in errors).
pub fn word(
    symbols: &[String],
    names: &[String],
    p: &[Q],
    path: &str,
) -> Result<Vec<usize>, MathError> {
    let mut word = Vec::with_capacity(symbols.len());
    for (i, s) in symbols.iter().enumerate() {
        match names.iter().position(|n| n == s) {
            Some(k) if !p[k].is_zero() => word.push(k),
            Some(_) => {
                return Err(MathError::Domain(format!(
                    "{s} has probability 0, so the pattern never appears (the wait is infinite)"
                )));
            }
            None => {
                return Err(MathError::Input {
                    path: format!("{path}[{i}]"),
                    message: format!("{s} is not among the symbols drawn ({})", names.join(", ")),
                });
            }
        }
    }
    Ok(word)
}
