//! Exact tests: p-values as rationals from the null distribution itself.
//!
//! - Binomial and Fisher: the null is a binomial or hypergeometric law with
//!   integer numerators over one denominator; the two-sided p-value sums
//!   the outcomes no more likely than the observed one (the "minlike"
//!   rule), decided by exact comparison of integers, where SciPy and R
//!   compare floats with a relative tolerance of 10⁻⁷.
//! - Mann–Whitney, Wilcoxon signed-rank, permutation: the null is the
//!   conditional distribution given the data (ties included) from
//!   [`super::null`]; two-sided is the doubled smaller tail.
//!
//! Each observed statistic is recomputed a second way (U by counting
//! pairs, T⁺ + T⁻ = the rank total, the permutation statistic from the
//! means) before its tail is read.

use super::null::{self, PValues, Refused};
use crate::probability::{binomial, named};
use crate::{BigInt, Budget, Q, Stop};
use num_traits::Zero;

/// Tails of the outcome at `observed` in a table of integer numerators
/// over `denominator` (every outcome, in order).
fn minlike(terms: &[BigInt], denominator: &BigInt, observed: usize) -> Result<PValues, Stop> {
    let total: BigInt = terms.iter().sum();
    if &total != denominator {
        return Err(Stop::CheckFailed("the null probabilities do not sum to 1"));
    }
    let at = &terms[observed];
    let less: BigInt = terms[..=observed].iter().sum();
    let greater: BigInt = terms[observed..].iter().sum();
    let two: BigInt = terms.iter().filter(|t| *t <= at).sum();
    let q = |n: BigInt| Q::new(n, denominator.clone());
    Ok(PValues {
        less: q(less),
        greater: q(greater),
        two_sided: q(two),
    })
}

/// X ~ Binomial(n, p), observed k ≤ n: P(X ≤ k), P(X ≥ k) and the minlike
/// two-sided p-value. Two streaming passes over the numerators (the first
/// finds the observed one), so memory holds one term, not n + 1.
pub fn binomial(k: u32, n: u32, p: &Q, budget: &Budget) -> Result<PValues, Stop> {
    let mut at = BigInt::zero();
    binomial::numerators(n, p, budget, |i, t| {
        if i == k {
            at = t.clone();
        }
    })?;
    let (mut less, mut greater, mut two, mut all) = (
        BigInt::zero(),
        BigInt::zero(),
        BigInt::zero(),
        BigInt::zero(),
    );
    let denominator = binomial::numerators(n, p, budget, |i, t| {
        all += t;
        if i <= k {
            less += t;
        }
        if i >= k {
            greater += t;
        }
        if t <= &at {
            two += t;
        }
    })?;
    if all != denominator {
        return Err(Stop::CheckFailed(
            "the binomial probabilities do not sum to 1",
        ));
    }
    let q = |n: BigInt| Q::new(n, denominator.clone());
    Ok(PValues {
        less: q(less),
        greater: q(greater),
        two_sided: q(two),
    })
}

/// The 2×2 table [[a, b], [c, d]] with its margins fixed: X = the top-left
/// cell is hypergeometric (N = a + b + c + d, K = a + c, n = a + b).
pub fn fisher(t: [[u64; 2]; 2], budget: &Budget) -> Result<PValues, Stop> {
    let [[a, b], [c, d]] = t;
    let (big_n, k, n) = (a + b + c + d, a + c, a + b);
    let (low, terms, total) = named::hypergeometric(big_n, k, n, budget)?;
    minlike(&terms, &total, (a - low) as usize)
}

/// The Mann–Whitney statistic of x against y and its exact null.
pub struct RankSum {
    /// U = R_x − n_x(n_x + 1)/2 = #{xᵢ > yⱼ} + ½·#{xᵢ = yⱼ}.
    pub u: Q,
    pub p: PValues,
    /// Whether the pooled data have ties (the null is then conditional on
    /// the tie pattern).
    pub ties: bool,
}

/// Mann–Whitney U with its exact null distribution given the ties.
pub fn mann_whitney(x: &[Q], y: &[Q], budget: &Budget) -> Result<RankSum, Refused> {
    let pool: Vec<Q> = x.iter().chain(y).cloned().collect();
    let ranks = null::doubled_ranks(&pool);
    let nx = x.len();
    // 2·R_x and the doubled offset nx(nx + 1).
    let doubled_sum: i128 = ranks[..nx].iter().sum();
    let offset = (nx * (nx + 1)) as i128;
    let u = Q::new((doubled_sum - offset).into(), 2.into());
    let mut pairs = BigInt::zero();
    for (i, a) in x.iter().enumerate() {
        if i % 64 == 0 {
            budget.check()?;
        }
        for b in y {
            pairs += match a.cmp(b) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
        }
    }
    if Q::new(pairs, 2.into()) != u {
        return Err(Stop::CheckFailed("U from ranks differs from U by counting pairs").into());
    }
    let mut sorted = pool;
    sorted.sort();
    let ties = sorted.windows(2).any(|w| w[0] == w[1]);
    Ok(RankSum {
        u,
        p: smaller_group(&ranks, nx, budget)?,
        ties,
    })
}

/// The Wilcoxon signed-rank statistics of differences (zeros dropped).
pub struct SignedRank {
    pub t_plus: Q,
    pub t_minus: Q,
    /// Nonzero differences ranked.
    pub n: usize,
    pub zeros: usize,
    pub ties: bool,
    pub p: PValues,
}

/// Wilcoxon's signed-rank test on differences `d`: zeros are dropped
/// (Wilcoxon's rule, SciPy's default), |d| ranked with mid-ranks, T⁺ the
/// positive differences' rank sum; the null flips every sign with
/// probability ½. `None` when every difference is 0.
pub fn wilcoxon(d: &[Q], budget: &Budget) -> Result<Option<SignedRank>, Refused> {
    let nonzero: Vec<&Q> = d.iter().filter(|v| !v.is_zero()).collect();
    if nonzero.is_empty() {
        return Ok(None);
    }
    let magnitudes: Vec<Q> = nonzero
        .iter()
        .map(|v| num_traits::Signed::abs(*v))
        .collect();
    let ranks = null::doubled_ranks(&magnitudes);
    let positive: i128 = (0..ranks.len())
        .filter(|&i| nonzero[i] > &Q::zero())
        .map(|i| ranks[i])
        .sum();
    let all: i128 = ranks.iter().sum();
    let n = ranks.len() as i128;
    if all != n * (n + 1) {
        return Err(Stop::CheckFailed("doubled ranks do not sum to n(n + 1)").into());
    }
    let dist = null::random_subset_sums(&ranks, budget)?;
    let mut sorted = magnitudes;
    sorted.sort();
    let half = |v: i128| Q::new(v.into(), 2.into());
    Ok(Some(SignedRank {
        t_plus: half(positive),
        t_minus: half(all - positive),
        n: nonzero.len(),
        zeros: d.len() - nonzero.len(),
        ties: sorted.windows(2).any(|w| w[0] == w[1]),
        p: dist.p_values(positive),
    }))
}

/// Most bits of a scaled datum in the permutation test (sums of 126 of
/// them stay far inside 128 bits).
pub const PERMUTATION_BITS: u64 = 96;

/// The permutation test's observed statistic and its exact p-values.
pub struct Permutation {
    /// mean(x) − mean(y), or mean(x − y) when paired.
    pub statistic: Q,
    pub p: PValues,
    /// Equally likely arrangements: C(N, n_x), or 2ⁿ sign patterns.
    pub arrangements: u128,
}

/// Two independent samples: T = mean(x) − mean(y) over all C(N, n_x)
/// regroupings of the pooled data. T increases with S = Σx, so the null of
/// T is the null of S, a subset sum of the scaled pool.
pub fn permutation_independent(x: &[Q], y: &[Q], budget: &Budget) -> Result<Permutation, Refused> {
    let pool: Vec<Q> = x.iter().chain(y).cloned().collect();
    let (ints, l) = null::scaled(&pool, PERMUTATION_BITS).ok_or_else(too_wide)?;
    let (nx, ny) = (x.len(), y.len());
    let mean = |v: &[Q]| v.iter().sum::<Q>() / Q::from_integer(v.len().into());
    let statistic = mean(x) - mean(y);
    let s: i128 = ints[..nx].iter().sum();
    // T = S/nx − (Σ − S)/ny over the common denominator L; check it.
    let all = pool.iter().sum::<Q>();
    let from_s = Q::new(s.into(), l.clone()) / Q::from_integer(nx.into())
        - (all - Q::new(s.into(), l)) / Q::from_integer(ny.into());
    if from_s != statistic {
        return Err(
            Stop::CheckFailed("the statistic from the scaled sum differs from the means").into(),
        );
    }
    let total = null::arrangements(ints.len(), nx.min(ints.len() - nx))?;
    Ok(Permutation {
        statistic,
        p: smaller_group(&ints, nx, budget)?,
        arrangements: total,
    })
}

/// Paired samples (differences d): T = mean(d) over the 2ⁿ sign flips.
/// Σεᵢdᵢ = 2·Σ₊|dᵢ| − Σ|dᵢ| up to the fixed signs, so T increases with the
/// sum of the |dᵢ| kept positive; the observed one keeps the positive dᵢ.
pub fn permutation_paired(d: &[Q], budget: &Budget) -> Result<Permutation, Refused> {
    let magnitudes: Vec<Q> = d.iter().map(num_traits::Signed::abs).collect();
    let (ints, l) = null::scaled(&magnitudes, PERMUTATION_BITS).ok_or_else(too_wide)?;
    let statistic = d.iter().sum::<Q>() / Q::from_integer(d.len().into());
    let kept: i128 = (0..d.len())
        .filter(|&i| d[i] > Q::zero())
        .map(|i| ints[i])
        .sum();
    let all: i128 = ints.iter().sum();
    let from_kept = Q::new((2 * kept - all).into(), l) / Q::from_integer(d.len().into());
    if from_kept != statistic {
        return Err(Stop::CheckFailed(
            "the paired statistic from the kept sum differs from the mean",
        )
        .into());
    }
    let dist = null::random_subset_sums(&ints, budget)?;
    // Zero differences flip to themselves: each pattern is counted once
    // per choice of their sign, the same factor for every sum.
    Ok(Permutation {
        statistic,
        p: dist.p_values(kept),
        arrangements: dist.total,
    })
}

/// The tails of the first group's sum (the first `nx` of `pool`, drawn
/// from the pool) counted over the smaller group: the other group's sum is
/// the total less it, so its tails swap.
fn smaller_group(pool: &[i128], nx: usize, budget: &Budget) -> Result<PValues, Refused> {
    let ny = pool.len() - nx;
    if nx <= ny {
        let observed: i128 = pool[..nx].iter().sum();
        return Ok(null::subset_sums(pool, nx, budget)?.p_values(observed));
    }
    let observed: i128 = pool[nx..].iter().sum();
    let p = null::subset_sums(pool, ny, budget)?.p_values(observed);
    Ok(PValues {
        less: p.greater,
        greater: p.less,
        two_sided: p.two_sided,
    })
}

fn too_wide() -> Refused {
    Refused::TooLarge(format!(
        "the data over their common denominator need more than {PERMUTATION_BITS} bits each"
    ))
}

/// The sample odds ratio ad/(bc): `None` for 0/0, `Some(None)` for
/// infinity.
pub fn odds_ratio(t: [[u64; 2]; 2]) -> Option<Option<Q>> {
    let [[a, b], [c, d]] = t;
    let (num, den) = (BigInt::from(a) * d, BigInt::from(b) * c);
    match (num.is_zero(), den.is_zero()) {
        (true, true) => None,
        (false, true) => Some(None),
        _ => Some(Some(Q::new(num, den))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Q {
        Q::new(n.into(), d.into())
    }

    #[test]
    fn binomial_seven_of_ten_fair() {
        // P(X ≥ 7) = 176/1024; two-sided adds P(X ≤ 3) = 176/1024.
        let p = binomial(7, 10, &q(1, 2), &Budget::unlimited()).unwrap();
        assert_eq!(p.greater, q(176, 1024));
        assert_eq!(p.two_sided, q(352, 1024));
    }

    #[test]
    fn fisher_tea_tasting() {
        // [[3, 1], [1, 3]]: P(X ≥ 3) = 17/70, two-sided 34/70.
        let p = fisher([[3, 1], [1, 3]], &Budget::unlimited()).unwrap();
        assert_eq!(p.greater, q(17, 70));
        assert_eq!(p.two_sided, q(34, 70));
        assert_eq!(odds_ratio([[3, 1], [1, 3]]), Some(Some(q(9, 1))));
    }

    #[test]
    fn one_positive_ranked_lowest() {
        let d = [q(-3, 1), q(1, 1), q(-2, 1), q(-5, 1)];
        let w = wilcoxon(&d, &Budget::unlimited()).ok().flatten().unwrap();
        assert_eq!((w.t_plus.clone(), w.t_minus.clone()), (q(1, 1), q(9, 1)));
        // P(T⁺ ≤ 1) = 2/16.
        assert_eq!(w.p.less, q(2, 16));
    }
}
