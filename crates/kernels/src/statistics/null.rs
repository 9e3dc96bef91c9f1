//! Exact null distributions of the rank and permutation tests, as counts
//! over integer keys: ranks are doubled (mid-ranks are then integers) and
//! rational data are scaled by their common denominator, so every event
//! {T ≤ t} is decided by integer comparison, never by a tolerance.
//!
//! Each distribution is checked by two identities before it is used: its
//! counts sum to the number of equally likely arrangements (C(N, m)
//! subsets, or 2ⁿ sign patterns), and its mean is the statistic's known
//! expectation (m·mean of the pool for a subset sum, half the total for a
//! signed sum).

use crate::{BigInt, Budget, Meter, Q, Stop};
use num_traits::{ToPrimitive, Zero};
use std::collections::HashMap;

/// Most counts the dynamic programmes hold at once (keys × sizes).
pub const MAX_STATES: usize = 2_000_000;

/// A discrete null distribution: (key, count) ascending by key.
#[derive(Debug, Clone)]
pub struct Null {
    pub counts: Vec<(i128, u128)>,
    pub total: u128,
}

/// The three p-values of an observed key.
#[derive(Debug, Clone)]
pub struct PValues {
    /// P(T ≤ t).
    pub less: Q,
    /// P(T ≥ t).
    pub greater: Q,
    /// min(1, 2·min(less, greater)), the doubled smaller tail (SciPy's and
    /// R's convention for these tests).
    pub two_sided: Q,
}

impl PValues {
    pub fn from_tails(less: Q, greater: Q) -> PValues {
        let smaller = (&less).min(&greater).clone();
        let two_sided = (smaller * Q::from_integer(2.into())).min(Q::from_integer(1.into()));
        PValues {
            less,
            greater,
            two_sided,
        }
    }
}

impl Null {
    /// The tails at the observed key t.
    pub fn p_values(&self, t: i128) -> PValues {
        let (mut le, mut ge) = (0u128, 0u128);
        for &(k, c) in &self.counts {
            if k <= t {
                le += c;
            }
            if k >= t {
                ge += c;
            }
        }
        let total = BigInt::from(self.total);
        PValues::from_tails(
            Q::new(BigInt::from(le), total.clone()),
            Q::new(BigInt::from(ge), total),
        )
    }

    /// Σ count, Σ key·count and Σ key²·count.
    fn moments(&self) -> (BigInt, BigInt, BigInt) {
        self.counts.iter().fold(
            (BigInt::zero(), BigInt::zero(), BigInt::zero()),
            |(s0, s1, s2), &(k, c)| {
                let (k, c) = (BigInt::from(k), BigInt::from(c));
                let kc = &k * &c;
                (s0 + c, s1 + &kc, s2 + kc * k)
            },
        )
    }

    /// Checks Σ counts = `total` and Σ key·count = `key_sum` (the expected
    /// key times the total, which the caller derives independently).
    fn checked(self, total: u128, key_sum: &BigInt) -> Result<Null, Stop> {
        let count: Option<u128> = self
            .counts
            .iter()
            .try_fold(0u128, |s, &(_, c)| s.checked_add(c));
        if count != Some(total) || self.total != total {
            return Err(Stop::CheckFailed(
                "a null distribution's counts do not sum to the number of arrangements",
            ));
        }
        let moment: BigInt = self
            .counts
            .iter()
            .map(|&(k, c)| BigInt::from(k) * BigInt::from(c))
            .sum();
        if &moment != key_sum {
            return Err(Stop::CheckFailed(
                "a null distribution's mean is not the statistic's expectation",
            ));
        }
        Ok(self)
    }
}

/// Why a null distribution was not built.
#[derive(Debug)]
pub enum Refused {
    /// Too many arrangements for 128-bit counts, or too many states.
    TooLarge(String),
    Stopped(Stop),
}

impl From<Stop> for Refused {
    fn from(s: Stop) -> Self {
        Refused::Stopped(s)
    }
}

/// C(n, k) when it is below 2¹²⁷ (so that sums of counts cannot overflow).
pub fn arrangements(n: usize, k: usize) -> Result<u128, Refused> {
    let c = crate::combinatorics::binomial(n as u64, k as u64);
    c.to_u128().filter(|&c| c < 1 << 127).ok_or_else(|| {
        Refused::TooLarge(format!(
            "C({n}, {k}) has {} bits; exact null distributions are counted in 127 bits",
            c.bits()
        ))
    })
}

fn too_many() -> Refused {
    Refused::TooLarge(format!(
        "the exact distribution passed {MAX_STATES} states (distinct partial sums)"
    ))
}

/// The distribution of the sum of `m` items drawn without replacement from
/// `pool` (integer keys), all C(N, m) draws equally likely. Equal keys are
/// grouped: taking j of a group of g adds j·key in C(g, j) ways.
pub fn subset_sums(pool: &[i128], m: usize, budget: &Budget) -> Result<Null, Refused> {
    let n = pool.len();
    // Partial counts reach C(N, k) for every k ≤ m: bound the largest.
    arrangements(n, m.min(n / 2))?;
    let total = arrangements(n, m)?;
    let mut sorted = pool.to_vec();
    sorted.sort_unstable();
    let groups: Vec<(i128, usize)> = sorted
        .chunk_by(|a, b| a == b)
        .map(|g| (g[0], g.len()))
        .collect();
    let ways_of = |g: usize| -> Result<Vec<u128>, Refused> {
        (0..=g.min(m))
            .map(|j| crate::combinatorics::binomial(g as u64, j as u64).to_u128())
            .collect::<Option<_>>()
            .ok_or_else(|| Refused::TooLarge("a tie group is too large".into()))
    };
    let step = sorted.get(1).map_or(0, |b| b - sorted[0]);
    let progression =
        n >= 2 && m <= n && step > 0 && sorted.windows(2).all(|w| w[1] - w[0] == step);
    let counts = match dense_range(&sorted, m) {
        _ if progression => arithmetic(sorted[0], step, n, m, budget)?,
        Some(span) => dense(&groups, m, span, &ways_of, budget)?,
        None => sparse(&groups, m, &ways_of, budget)?,
    };
    // E[sum] = m·Σpool/N, so Σ key·count = C(N, m)·m·Σpool/N.
    let pool_sum: BigInt = pool.iter().map(|&v| BigInt::from(v)).sum();
    let scaled = BigInt::from(total) * m * &pool_sum;
    if !(&scaled % BigInt::from(n)).is_zero() {
        return Err(Refused::Stopped(Stop::CheckFailed(
            "C(N, m)·m·Σ is not divisible by N",
        )));
    }
    let null = Null { counts, total }.checked(total, &(scaled / BigInt::from(n)))?;
    // The spread too (symmetric wrong tables pass the two above): with
    // S₀, S₁, S₂ the count, key and squared-key sums, drawing m of N
    // without replacement gives (N − 1)·N²·(S₀S₂ − S₁²) =
    // S₀²·m(N − m)·(N·Σv² − (Σv)²).
    if n >= 2 {
        let squares: BigInt = pool.iter().map(|&v| BigInt::from(v) * v).sum();
        let (s0, s1, s2) = null.moments();
        let spread = (&s0 * &s2 - &s1 * &s1) * (n - 1) * n * n;
        let nb = BigInt::from(n);
        let expected = &s0 * &s0 * m * (n - m) * (&nb * squares - &pool_sum * &pool_sum);
        if spread != expected {
            return Err(Refused::Stopped(Stop::CheckFailed(
                "a null distribution's variance is not the statistic's",
            )));
        }
    }
    Ok(null)
}

/// The sums of m of the distinct keys a, a + d, …, a + (N − 1)·d (ranks
/// without ties): m·a + d·(m(m − 1)/2 + u), where u ranges over 0 …
/// k·(N − k), k = min(m, N − m), counted by the coefficients of the
/// Gaussian binomial [N choose k]_q = Π_(i ≤ k) (1 − q^(N−k+i))/(1 − qⁱ):
/// O(k²·(N − k)) steps, against a table over every partial sum. The
/// arithmetic wraps modulo 2¹²⁸: each division by 1 − qⁱ is exact, and
/// every count is below 2¹²⁷, so the wrapped results are the counts.
fn arithmetic(
    a: i128,
    d: i128,
    n: usize,
    m: usize,
    budget: &Budget,
) -> Result<Vec<(i128, u128)>, Refused> {
    let k = m.min(n - m);
    let top = k * (n - k);
    // Before division the degree reaches i·(N − k) + i.
    let mut c = vec![0u128; top + k + 1];
    c[0] = 1;
    let mut meter = Meter::new(budget);
    for i in 1..=k {
        let up = n - k + i;
        let degree = (i - 1) * (n - k);
        meter.tick((2 * (degree + up) / 64 + 1) as u64)?;
        for j in (up..=degree + up).rev() {
            c[j] = c[j].wrapping_sub(c[j - up]);
        }
        for j in i..=degree + up {
            c[j] = c[j].wrapping_add(c[j - i]);
        }
    }
    let base = m as i128 * a + d * (m * m.saturating_sub(1) / 2) as i128;
    Ok(c[..=top]
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0)
        .map(|(u, &c)| (base + d * u as i128, c))
        .collect())
}

/// The largest sum of m keys when every key is ≥ 0 and the table of
/// (m + 1) × (that + 1) counts fits [`MAX_STATES`]: ranks always do.
fn dense_range(sorted: &[i128], m: usize) -> Option<usize> {
    if sorted.first().is_some_and(|&k| k < 0) {
        return None;
    }
    let top: i128 = sorted.iter().rev().take(m).sum();
    let span = usize::try_from(top).ok()?;
    ((m + 1).checked_mul(span + 1)? <= MAX_STATES).then_some(span)
}

/// The subset-sum counts in a dense table by_size[k][sum], updated in
/// place with k descending (each group used once).
fn dense(
    groups: &[(i128, usize)],
    m: usize,
    span: usize,
    ways_of: &dyn Fn(usize) -> Result<Vec<u128>, Refused>,
    budget: &Budget,
) -> Result<Vec<(i128, u128)>, Refused> {
    let mut by_size = vec![vec![0u128; span + 1]; m + 1];
    by_size[0][0] = 1;
    let mut meter = Meter::new(budget);
    let mut taken = 0;
    for &(key, g) in groups {
        let ways = ways_of(g)?;
        let key = key as usize;
        taken += g;
        for k in (1..=m.min(taken)).rev() {
            for j in 1..=g.min(k) {
                let shift = key * j;
                if shift > span {
                    break;
                }
                meter.tick(((span - shift) / 64 + 1) as u64)?;
                let (low, high) = by_size.split_at_mut(k);
                let (from, into) = (&low[k - j], &mut high[0]);
                for (s, &c) in from[..=span - shift].iter().enumerate() {
                    if c != 0 {
                        into[s + shift] += c * ways[j];
                    }
                }
            }
        }
    }
    Ok(by_size
        .swap_remove(m)
        .into_iter()
        .enumerate()
        .filter(|&(_, c)| c != 0)
        .map(|(s, c)| (s as i128, c))
        .collect())
}

/// The subset-sum counts in hash maps by_size[k]: sum → ways, for keys
/// too spread out for a table.
fn sparse(
    groups: &[(i128, usize)],
    m: usize,
    ways_of: &dyn Fn(usize) -> Result<Vec<u128>, Refused>,
    budget: &Budget,
) -> Result<Vec<(i128, u128)>, Refused> {
    // by_size[k]: sum → number of ways to take k items so far.
    let mut by_size: Vec<HashMap<i128, u128>> = vec![HashMap::new(); m + 1];
    by_size[0].insert(0, 1);
    let mut meter = Meter::new(budget);
    let mut taken = 0;
    for &(key, g) in groups {
        let ways = ways_of(g)?;
        taken += g;
        // Descending k: each group is used once.
        for k in (1..=m.min(taken)).rev() {
            let mut add: HashMap<i128, u128> = HashMap::new();
            for j in 1..=g.min(k) {
                for (&s, &c) in &by_size[k - j] {
                    meter.tick(1)?;
                    *add.entry(s + key * j as i128).or_insert(0) += c * ways[j];
                }
                // Within a tie group too: one group can multiply the states.
                if add.len() > MAX_STATES {
                    return Err(too_many());
                }
            }
            for (s, c) in add {
                *by_size[k].entry(s).or_insert(0) += c;
            }
            if by_size.iter().map(HashMap::len).sum::<usize>() > MAX_STATES {
                return Err(too_many());
            }
        }
    }
    let mut counts: Vec<(i128, u128)> = by_size.swap_remove(m).into_iter().collect();
    counts.sort_unstable();
    Ok(counts)
}

/// The distribution of Σ over a uniformly random subset of `items` (each
/// item in or out with probability ½, so 2ⁿ patterns): the signed-rank
/// statistic T⁺, and through Σεᵢdᵢ = 2·Σ₊dᵢ − Σdᵢ the sign-flip sums.
pub fn random_subset_sums(items: &[i128], budget: &Budget) -> Result<Null, Refused> {
    let n = items.len();
    if n > 126 {
        return Err(Refused::TooLarge(format!(
            "2^{n} sign patterns; exact null distributions are counted in 127 bits"
        )));
    }
    let total: u128 = 1 << n;
    let mut meter = Meter::new(budget);
    // Non-negative items whose sum fits the bound (ranks always do): one
    // table over every partial sum, updated in place from the top.
    let top = items
        .iter()
        .all(|&v| v >= 0)
        .then(|| items.iter().sum::<i128>())
        .and_then(|t| usize::try_from(t).ok())
        .filter(|&t| t < MAX_STATES);
    let counts: Vec<(i128, u128)> = if let Some(top) = top {
        let mut table = vec![0u128; top + 1];
        table[0] = 1;
        let mut reach = 0;
        for &v in items {
            meter.tick((reach / 64 + 1) as u64)?;
            let v = v as usize;
            for s in (0..=reach).rev() {
                if table[s] != 0 {
                    table[s + v] += table[s];
                }
            }
            reach += v;
        }
        table
            .into_iter()
            .enumerate()
            .filter(|&(_, c)| c != 0)
            .map(|(s, c)| (s as i128, c))
            .collect()
    } else {
        let mut sums: HashMap<i128, u128> = HashMap::from([(0, 1)]);
        for &v in items {
            let mut next = sums.clone();
            for (&s, &c) in &sums {
                meter.tick(1)?;
                *next.entry(s + v).or_insert(0) += c;
            }
            sums = next;
            if sums.len() > MAX_STATES {
                return Err(Refused::TooLarge(format!(
                    "the exact distribution passed {MAX_STATES} distinct sums"
                )));
            }
        }
        let mut counts: Vec<(i128, u128)> = sums.into_iter().collect();
        counts.sort_unstable();
        counts
    };
    // E[Σ₊] = Σ/2, so Σ key·count = 2ⁿ·Σ/2 = 2ⁿ⁻¹·Σ.
    let all: BigInt = items.iter().map(|&v| BigInt::from(v)).sum();
    let key_sum = BigInt::from(total) * &all / 2;
    let null = Null { counts, total }.checked(total, &key_sum)?;
    // E[(Σ εᵢvᵢ)²] = (Σv² + (Σv)²)/4 for independent fair εᵢ ∈ {0, 1}.
    let squares: BigInt = items.iter().map(|&v| BigInt::from(v) * v).sum();
    if null.moments().2 * 4 != BigInt::from(total) * (squares + &all * &all) {
        return Err(Refused::Stopped(Stop::CheckFailed(
            "a sign-pattern distribution's second moment is not the statistic's",
        )));
    }
    Ok(null)
}

/// Doubled mid-ranks 2…2N of `xs` (tied values share the mean of their
/// ranks; doubled, every mid-rank is an integer).
pub fn doubled_ranks(xs: &[Q]) -> Vec<i128> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].cmp(&xs[b]));
    let mut out = vec![0; xs.len()];
    let mut start = 0;
    for run in order.chunk_by(|&a, &b| xs[a] == xs[b]) {
        // Ranks start + 1 … start + len; doubled mean 2·start + len + 1.
        let rank = (2 * start + run.len() + 1) as i128;
        for &i in run {
            out[i] = rank;
        }
        start += run.len();
    }
    out
}

/// Rationals as integers over their common denominator L, when every
/// scaled value fits in `bits` bits: (the integers, L).
pub fn scaled(xs: &[Q], bits: u64) -> Option<(Vec<i128>, BigInt)> {
    use num_integer::Integer;
    let l = xs.iter().fold(BigInt::from(1), |l, x| l.lcm(x.denom()));
    let ints: Option<Vec<i128>> = xs
        .iter()
        .map(|x| {
            let v = x.numer() * (&l / x.denom());
            (v.bits() <= bits).then(|| v.to_i128()).flatten()
        })
        .collect();
    Some((ints?, l))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subset_sums_of_ranks_match_the_mann_whitney_table() {
        // Ranks 1..5, m = 2: sums 3,4,5,5,6,6,7,7,8,9.
        let null = subset_sums(&[1, 2, 3, 4, 5], 2, &Budget::unlimited()).unwrap();
        assert_eq!(null.total, 10);
        assert_eq!(
            null.counts,
            vec![(3, 1), (4, 1), (5, 2), (6, 2), (7, 2), (8, 1), (9, 1)]
        );
        // Ties grouped: {2, 2, 5}, m = 2: 4 once, 7 twice.
        let null = subset_sums(&[2, 5, 2], 2, &Budget::unlimited()).unwrap();
        assert_eq!(null.counts, vec![(4, 1), (7, 2)]);
    }

    #[test]
    fn random_subset_sums_equal_every_sign_pattern() {
        // Non-negative items take the table, a negative one the map; both
        // against all 2ⁿ subsets.
        let budget = Budget::unlimited();
        for n in 1..=14i128 {
            for sign in [1, -1] {
                let mut items: Vec<i128> = (1..=n).map(|i| (i * 7) % 11 + i % 3).collect();
                items[0] *= sign;
                let mut brute: std::collections::BTreeMap<i128, u128> = Default::default();
                for mask in 0u32..1 << n {
                    let sum = (0..n as usize)
                        .filter(|&i| mask >> i & 1 == 1)
                        .map(|i| items[i])
                        .sum();
                    *brute.entry(sum).or_default() += 1;
                }
                let null = random_subset_sums(&items, &budget).unwrap();
                assert_eq!(
                    null.counts,
                    brute.into_iter().collect::<Vec<_>>(),
                    "{items:?}"
                );
            }
        }
    }

    #[test]
    fn random_subsets_of_one_two_three() {
        let null = random_subset_sums(&[1, 2, 3], &Budget::unlimited()).unwrap();
        assert_eq!(
            null.counts,
            vec![(0, 1), (1, 1), (2, 1), (3, 2), (4, 1), (5, 1), (6, 1)]
        );
        let p = null.p_values(5);
        assert_eq!(p.greater, Q::new(2.into(), 8.into()));
        assert_eq!(p.two_sided, Q::new(4.into(), 8.into()));
    }

    #[test]
    fn progressions_by_gaussian_binomials_equal_the_table() {
        // Every N ≤ 40 and m ≤ N over shifted, spread and negative steps,
        // against the table over partial sums (the tie path, fed groups
        // of one).
        let budget = Budget::unlimited();
        for n in 1..=40usize {
            for m in 0..=n {
                for (a, d) in [(1i128, 1i128), (2, 2), (-7, 3)] {
                    let pool: Vec<i128> = (0..n as i128).map(|i| a + d * i).collect();
                    let fast = subset_sums(&pool, m, &budget).unwrap();
                    let groups: Vec<(i128, usize)> = pool.iter().map(|&k| (k - a, 1)).collect();
                    let top = (d * (n as i128 - 1)) as usize * m + 1;
                    let slow = dense(&groups, m, top, &|_| Ok(vec![1, 1]), &budget).unwrap();
                    let shifted: Vec<(i128, u128)> = slow
                        .into_iter()
                        .map(|(k, c)| (k + m as i128 * a, c))
                        .collect();
                    assert_eq!(fast.counts, shifted, "N = {n}, m = {m}, a = {a}, d = {d}");
                }
            }
        }
        // 60 + 60 ranks: C(120, 60) < 2^127, counted modulo 2^128.
        let ranks: Vec<i128> = (1..=120).collect();
        let null = subset_sums(&ranks, 60, &budget).unwrap();
        assert_eq!(null.counts.len(), 60 * 60 + 1);
    }
}
