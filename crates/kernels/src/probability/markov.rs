//! Finite Markov chains with an exact row-stochastic matrix P over Q.
//!
//! - Classes: the strongly connected components of the graph i → j for
//!   Pᵢⱼ > 0; a class is closed (recurrent) when no arrow leaves it, else
//!   transient. A class's period is the gcd, over its arrows u → v, of
//!   level(u) + 1 − level(v) for breadth-first levels from one of its states.
//! - Stationary distributions: π = πP, Σπ = 1, π ≥ 0 form the convex hull
//!   of one distribution per closed class (each class's own, unique because
//!   the class is irreducible); each is solved on its class and checked on
//!   the whole chain.
//! - Absorption: with Q the transient part, the probabilities H of ending
//!   in each closed class solve (I − Q)·H = R (R: one step into the class)
//!   and the expected steps t solve (I − Q)·t = 1, one p-adic solve per
//!   column; the fundamental matrix N = (I − Q)⁻¹ only when asked. All
//!   checked by multiplying back by I − Q (N at a pseudo-random vector,
//!   Freivalds' test, and N·1 = t).

use crate::graph::Graph;
use crate::linalg::{Solution, inverse, solve, solve_columns};
use crate::{Budget, Mat, Q, Stop};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

#[derive(Debug, Clone, PartialEq)]
pub struct Class {
    /// The states, increasing.
    pub states: Vec<usize>,
    /// No arrow leaves it: recurrent; else transient.
    pub closed: bool,
    pub period: usize,
}

/// P's communicating classes, closed ones first within the condensation's
/// order of discovery.
pub fn classes(p: &Mat<Q>) -> Vec<Class> {
    let n = p.rows();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in 0..n {
            if !p[(i, j)].is_zero() {
                edges.push((i, j, Q::one()));
            }
        }
    }
    let g = Graph::new(n, true, edges);
    let mut class_of = vec![0; n];
    let mut out: Vec<Class> = g
        .strong_components()
        .into_iter()
        .map(|mut states| {
            states.sort_unstable();
            Class {
                states,
                closed: true,
                period: 0,
            }
        })
        .collect();
    for (k, c) in out.iter().enumerate() {
        for &s in &c.states {
            class_of[s] = k;
        }
    }
    for (u, v, _) in &g.edges {
        if class_of[*u] != class_of[*v] {
            out[class_of[*u]].closed = false;
        }
    }
    for c in &mut out {
        let mut level = vec![usize::MAX; n];
        level[c.states[0]] = 0;
        let mut queue = std::collections::VecDeque::from([c.states[0]]);
        let mut period = 0usize;
        while let Some(u) = queue.pop_front() {
            for &(v, _) in &g.adj[u] {
                if class_of[v] != class_of[u] {
                    continue;
                }
                if level[v] == usize::MAX {
                    level[v] = level[u] + 1;
                    queue.push_back(v);
                } else {
                    period = period.gcd(&(level[u] + 1).abs_diff(level[v]));
                }
            }
        }
        // A single state without a loop returns never: period 0 means
        // "no return", reported as such by the caller.
        c.period = period;
    }
    out.sort_by_key(|c| (!c.closed, c.states[0]));
    out
}

/// Whether P is square, non-negative, with rows summing to 1.
pub fn stochastic(p: &Mat<Q>) -> Result<(), String> {
    if p.rows() != p.cols() {
        return Err(format!("{}×{} is not square", p.rows(), p.cols()));
    }
    for i in 0..p.rows() {
        if let Some(j) = (0..p.cols()).find(|&j| p[(i, j)] < Q::zero()) {
            return Err(format!("entry ({i}, {j}) is negative"));
        }
        let s = p.row(i).iter().fold(Q::zero(), |s, x| s + x);
        if !s.is_one() {
            return Err(format!("row {i} sums to {s}, not 1"));
        }
    }
    Ok(())
}

/// One stationary distribution per closed class (zero off the class),
/// with the class.
pub fn stationary(p: &Mat<Q>, budget: &Budget) -> Result<Vec<(Vec<usize>, Vec<Q>)>, Stop> {
    let n = p.rows();
    let mut out = Vec::new();
    for c in classes(p).into_iter().filter(|c| c.closed) {
        budget.check()?;
        let k = c.states.len();
        // Rows: Σᵢ πᵢ·(P_ij − δᵢⱼ) = 0 for j in the class, and Σ πᵢ = 1.
        let mut rows = vec![vec![Q::zero(); k]; k + 1];
        for (a, &j) in c.states.iter().enumerate() {
            for (b, &i) in c.states.iter().enumerate() {
                rows[a][b] = p[(i, j)].clone() - if i == j { Q::one() } else { Q::zero() };
            }
        }
        rows[k] = vec![Q::one(); k];
        let mut rhs = vec![Q::zero(); k + 1];
        rhs[k] = Q::one();
        let a = Mat::from_rows(rows).ok_or(Stop::CheckFailed("an empty class"))?;
        let Solution::Unique(x) = solve(&a, &rhs, budget)? else {
            return Err(Stop::CheckFailed(
                "a closed class has no unique stationary distribution",
            ));
        };
        let mut pi = vec![Q::zero(); n];
        for (b, &i) in c.states.iter().enumerate() {
            pi[i] = x[b].clone();
        }
        check_stationary(p, &pi)?;
        out.push((c.states, pi));
    }
    Ok(out)
}

/// π ≥ 0, Σπ = 1 and πP = π on the whole chain.
pub fn check_stationary(p: &Mat<Q>, pi: &[Q]) -> Result<(), Stop> {
    let n = p.rows();
    let total = pi.iter().fold(Q::zero(), |s, x| s + x);
    let moved: Vec<Q> = (0..n)
        .map(|j| {
            (0..n)
                .filter(|&i| !p[(i, j)].is_zero())
                .fold(Q::zero(), |s, i| s + &pi[i] * &p[(i, j)])
        })
        .collect();
    if !total.is_one() || pi.iter().any(|x| x < &Q::zero()) || moved != pi {
        return Err(Stop::CheckFailed("a stationary distribution fails πP = π"));
    }
    Ok(())
}

/// Where the chain ends up from each transient state.
#[derive(Debug, Clone, PartialEq)]
pub struct Absorption {
    pub transient: Vec<usize>,
    /// The closed classes, as in [`classes`].
    pub closed: Vec<Vec<usize>>,
    /// probability[t][k]: from transient state t, of ending in closed class k.
    pub probability: Vec<Vec<Q>>,
    /// Expected steps from each transient state until a closed class.
    pub steps: Vec<Q>,
    /// N = (I − Q)⁻¹: expected visits to transient state b from a.
    pub fundamental: Vec<Vec<Q>>,
}

/// Absorption probabilities and expected steps, every column of
/// (I − Q)·x = column lifted from one factorization modulo a prime; N = (I − Q)⁻¹ itself, n solves,
/// only when `fundamental` asks for it (else `fundamental` is empty).
pub fn absorption(p: &Mat<Q>, fundamental: bool, budget: &Budget) -> Result<Absorption, Stop> {
    let all = classes(p);
    let closed: Vec<Vec<usize>> = all
        .iter()
        .filter(|c| c.closed)
        .map(|c| c.states.clone())
        .collect();
    let transient: Vec<usize> = {
        let mut t: Vec<usize> = all
            .iter()
            .filter(|c| !c.closed)
            .flat_map(|c| c.states.clone())
            .collect();
        t.sort_unstable();
        t
    };
    let m = transient.len();
    let step_into =
        |i: usize, class: &[usize]| class.iter().fold(Q::zero(), |s, &j| s + &p[(i, j)]);
    if m == 0 {
        return Ok(Absorption {
            transient,
            closed,
            probability: Vec::new(),
            steps: Vec::new(),
            fundamental: Vec::new(),
        });
    }
    // I − Q on the transient states.
    let mut iq = Mat::from_rows(vec![vec![Q::zero(); m]; m])
        .ok_or(Stop::CheckFailed("no transient states"))?;
    for (a, &i) in transient.iter().enumerate() {
        for (b, &j) in transient.iter().enumerate() {
            iq[(a, b)] = if a == b { Q::one() } else { Q::zero() } - &p[(i, j)];
        }
    }
    let r: Vec<Vec<Q>> = transient
        .iter()
        .map(|&i| closed.iter().map(|c| step_into(i, c)).collect())
        .collect();
    let times = |x: &Mat<Q>, v: &dyn Fn(usize) -> Q, a: usize| {
        (0..m).fold(Q::zero(), |s, b| s + &x[(a, b)] * v(b))
    };
    // Every column from one factorization of I − Q when lifting applies
    // (a chain may have hundreds of closed classes), else one by one.
    let mut columns: Vec<Vec<Q>> = (0..closed.len())
        .map(|k| (0..m).map(|a| r[a][k].clone()).collect())
        .collect();
    columns.push(vec![Q::one(); m]);
    let solved = match solve_columns(&iq, &columns, budget)? {
        Some(x) => x,
        None => columns
            .iter()
            .map(|b| match solve(&iq, b, budget)? {
                Solution::Unique(x) => Ok(x),
                _ => Err(Stop::CheckFailed(
                    "I − Q is singular though every transient state leaves",
                )),
            })
            .collect::<Result<_, Stop>>()?,
    };
    // Multiplied back: (I − Q)·H = R and (I − Q)·t = 1.
    for (x, b) in solved.iter().zip(&columns) {
        if !solves(&iq, x, b, budget)? {
            return Err(Stop::CheckFailed(
                "absorption probabilities or times fail (I − Q)·x = b",
            ));
        }
    }
    let mut solved = solved;
    let steps = solved.pop().unwrap_or_default();
    let mut probability = vec![vec![Q::zero(); closed.len()]; m];
    for (k, column) in solved.into_iter().enumerate() {
        for (a, x) in column.into_iter().enumerate() {
            probability[a][k] = x;
        }
    }
    if !fundamental {
        return Ok(Absorption {
            transient,
            closed,
            probability,
            steps,
            fundamental: Vec::new(),
        });
    }
    let Some(n) = inverse(&iq, budget)? else {
        return Err(Stop::CheckFailed(
            "I − Q is singular though every transient state leaves",
        ));
    };
    // And N itself, by Freivalds: (I − Q)·(N·v) = v for a pseudo-random
    // integer vector v (a wrong N passes for few v).
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ m as u64;
    let v: Vec<Q> = (0..m)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            Q::from_integer((seed >> 33).into())
        })
        .collect();
    let nv: Vec<Q> = (0..m).map(|a| times(&n, &|b| v[b].clone(), a)).collect();
    if (0..m).any(|a| times(&iq, &|b| nv[b].clone(), a) != v[a]) {
        return Err(Stop::CheckFailed(
            "the fundamental matrix fails (I − Q)·N·v = v",
        ));
    }
    if (0..m).any(|a| times(&n, &|_| Q::one(), a) != steps[a]) {
        return Err(Stop::CheckFailed(
            "the fundamental matrix's row sums differ from t",
        ));
    }
    let fundamental = (0..m).map(|a| n.row(a).to_vec()).collect();
    Ok(Absorption {
        transient,
        closed,
        probability,
        steps,
        fundamental,
    })
}

/// Whether A·x = b exactly, decided in integers: x over its common
/// denominator, each row of [A | b] over its own, visiting only A's
/// nonzero entries (sums of rationals would take a gcd of the solution's
/// large denominators at every term).
fn solves(a: &Mat<Q>, x: &[Q], b: &[Q], budget: &Budget) -> Result<bool, Stop> {
    let d = x.iter().fold(BigInt::one(), |d, q| {
        if (&d % q.denom()).is_zero() {
            d
        } else {
            d.lcm(q.denom())
        }
    });
    let xs: Vec<BigInt> = x.iter().map(|q| q.numer() * (&d / q.denom())).collect();
    for i in 0..a.rows() {
        if i % 64 == 0 {
            budget.check()?;
        }
        let cols: Vec<usize> = (0..a.cols()).filter(|&j| !a[(i, j)].is_zero()).collect();
        let l = cols
            .iter()
            .fold(b[i].denom().clone(), |l, &j| l.lcm(a[(i, j)].denom()));
        let lhs: BigInt = cols
            .iter()
            .map(|&j| a[(i, j)].numer() * (&l / a[(i, j)].denom()) * &xs[j])
            .sum();
        if lhs != b[i].numer() * (&l / b[i].denom()) * &d {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Expected steps to first reach the `target` states from each state
/// (0 on the target; None where the target is missed with positive
/// probability, so the expectation is infinite). Finite exactly where every
/// path avoiding the target can still reach it; there h = 1 + P·h is solved
/// over those states and checked by substituting back.
pub fn hitting_times(p: &Mat<Q>, target: &[bool], budget: &Budget) -> Result<Vec<Option<Q>>, Stop> {
    let n = p.rows();
    let arrow = |i: usize, j: usize| !p[(i, j)].is_zero();
    // States that can reach the target (backwards search).
    let mut reach = target.to_vec();
    let mut stack: Vec<usize> = (0..n).filter(|&i| target[i]).collect();
    while let Some(j) = stack.pop() {
        for i in 0..n {
            if !reach[i] && arrow(i, j) {
                reach[i] = true;
                stack.push(i);
            }
        }
    }
    // States that can reach a state that cannot reach the target while
    // avoiding the target: there the target is missed with positive probability.
    let mut missed: Vec<bool> = reach.iter().map(|r| !r).collect();
    let mut stack: Vec<usize> = (0..n).filter(|&i| missed[i]).collect();
    while let Some(j) = stack.pop() {
        for i in 0..n {
            if !missed[i] && !target[i] && arrow(i, j) {
                missed[i] = true;
                stack.push(i);
            }
        }
    }
    let free: Vec<usize> = (0..n).filter(|&i| !target[i] && !missed[i]).collect();
    let mut out: Vec<Option<Q>> = (0..n)
        .map(|i| if target[i] { Some(Q::zero()) } else { None })
        .collect();
    if free.is_empty() {
        return Ok(out);
    }
    // (I − P_FF)·h = 1 on the free states (their arrows stay in F ∪ target).
    let m = free.len();
    let a = Mat::from_fn(m, m, |x, y| {
        let d = if x == y { Q::one() } else { Q::zero() };
        d - &p[(free[x], free[y])]
    });
    budget.check()?;
    let Solution::Unique(h) = solve(&a, &vec![Q::one(); m], budget)? else {
        return Err(Stop::CheckFailed("the hitting-time system is singular"));
    };
    for (x, &i) in free.iter().enumerate() {
        out[i] = Some(h[x].clone());
    }
    // Substitute back into h_i = 1 + Σⱼ P_ij h_j on the whole chain.
    for &i in &free {
        budget.check()?;
        let mut s = Q::one();
        for j in 0..n {
            if arrow(i, j) {
                match &out[j] {
                    Some(hj) => s += &p[(i, j)] * hj,
                    None => {
                        return Err(Stop::CheckFailed(
                            "a finite hitting time leads to an infinite one",
                        ));
                    }
                }
            }
        }
        if Some(&s) != out[i].as_ref() {
            return Err(Stop::CheckFailed("hitting times fail h = 1 + P·h"));
        }
    }
    Ok(out)
}

/// The long-run matrix L = lim (1/n)·Σₖ₍<ₙ₎ Pᵏ (the Cesàro limit, equal
/// to lim Pⁿ where that exists): row i is Σ over closed classes C of
/// P(i ends in C)·π_C. Also whether lim Pⁿ itself exists from each state
/// (sufficient: every closed class it can end in is aperiodic). Checked:
/// rows sum to 1, L·P = L, P·L = L, L·L = L and L_ii > 0 when i recurs.
pub fn limiting(p: &Mat<Q>, budget: &Budget) -> Result<(Mat<Q>, Vec<bool>), Stop> {
    let n = p.rows();
    let all = classes(p);
    let stationary = stationary(p, budget)?;
    let absorbed = absorption(p, false, budget)?;
    let mut l = Mat::from_fn(n, n, |_, _| Q::zero());
    let mut exists = vec![true; n];
    let periodic: Vec<bool> = absorbed
        .closed
        .iter()
        .map(|c| {
            all.iter()
                .any(|k| k.closed && k.states == *c && k.period > 1)
        })
        .collect();
    for (k, (states, pi)) in stationary.iter().enumerate() {
        for &i in states {
            l.row_mut(i).clone_from_slice(pi);
            exists[i] = !periodic[k];
        }
    }
    for (a, &i) in absorbed.transient.iter().enumerate() {
        budget.check()?;
        for (k, (_, pi)) in stationary.iter().enumerate() {
            let w = &absorbed.probability[a][k];
            if w.is_zero() {
                continue;
            }
            if periodic[k] {
                exists[i] = false;
            }
            for j in 0..n {
                l[(i, j)] += w * &pi[j];
            }
        }
    }
    let lp = crate::linalg::multiply(&l, p, budget)?;
    let pl = crate::linalg::multiply(p, &l, budget)?;
    let ll = crate::linalg::multiply(&l, &l, budget)?;
    let sums = (0..n).all(|i| l.row(i).iter().fold(Q::zero(), |s, x| s + x).is_one());
    let recurrent = all
        .iter()
        .filter(|c| c.closed)
        .flat_map(|c| c.states.iter());
    let diagonal = recurrent.clone().all(|&i| !l[(i, i)].is_zero());
    if !sums || !diagonal || lp != l || pl != l || ll != l {
        return Err(Stop::CheckFailed(
            "the long-run matrix fails LP = PL = L² = L",
        ));
    }
    Ok((l, exists))
}

/// Pⁿ checked against Mⁿ for M = d·P over the integers (d the lcm of P's
/// denominators), computed separately by square-and-multiply modulo the
/// prime 2⁶¹ − 1: entry by entry numerator·dⁿ ≡ (Mⁿ)ᵢⱼ·denominator. A
/// wrong exponent, or any other matrix, fails except with probability
/// about (entry bits)/2⁶¹.
pub fn check_power(p: &Mat<Q>, n: u64, pn: &Mat<Q>, budget: &Budget) -> Result<(), Stop> {
    const PRIME: u64 = (1 << 61) - 1;
    let reduce = |x: u128| {
        let r = (x & PRIME as u128) + (x >> 61);
        let r = (r & PRIME as u128) + (r >> 61);
        (if r >= PRIME as u128 {
            r - PRIME as u128
        } else {
            r
        }) as u64
    };
    let word = |x: &crate::BigInt| -> u64 {
        let r = x.mod_floor(&crate::BigInt::from(PRIME));
        r.iter_u64_digits().next().unwrap_or(0)
    };
    let k = p.rows();
    let d = (0..k)
        .flat_map(|i| p.row(i).iter())
        .fold(crate::BigInt::one(), |l, q| l.lcm(q.denom()));
    let m: Vec<u64> = (0..k)
        .flat_map(|i| p.row(i).iter())
        .map(|q| word(&(q.numer() * (&d / q.denom()))))
        .collect();
    let multiply = |a: &[u64], b: &[u64]| -> Result<Vec<u64>, Stop> {
        let mut c = vec![0u64; k * k];
        for i in 0..k {
            budget.check()?;
            for j in 0..k {
                let mut s: u128 = 0;
                for t in 0..k {
                    s += u128::from(reduce(u128::from(a[i * k + t]) * u128::from(b[t * k + j])));
                }
                c[i * k + j] = reduce(s);
            }
        }
        Ok(c)
    };
    let mut acc: Vec<u64> = (0..k * k).map(|x| u64::from(x / k == x % k)).collect();
    let (mut base, mut e, mut dn, mut dbase) = (m, n, 1u64, word(&d));
    while e > 0 {
        if e & 1 == 1 {
            acc = multiply(&acc, &base)?;
            dn = reduce(u128::from(dn) * u128::from(dbase));
        }
        e >>= 1;
        if e > 0 {
            base = multiply(&base, &base)?;
            dbase = reduce(u128::from(dbase) * u128::from(dbase));
        }
    }
    for i in 0..k {
        budget.check()?;
        for j in 0..k {
            let q = &pn[(i, j)];
            let lhs = reduce(u128::from(word(q.numer())) * u128::from(dn));
            let rhs = reduce(u128::from(acc[i * k + j]) * u128::from(word(q.denom())));
            if lhs != rhs {
                return Err(Stop::CheckFailed("Pⁿ disagrees with Mⁿ/dⁿ modulo 2⁶¹ − 1"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod power_check {
    use super::*;

    #[test]
    fn a_wrong_exponent_fails_the_modular_check() {
        let half = Q::new(1.into(), 2.into());
        let p = Mat::from_rows(vec![
            vec![half.clone(), half],
            vec![Q::new(1.into(), 4.into()), Q::new(3.into(), 4.into())],
        ])
        .unwrap();
        let budget = Budget::unlimited();
        let p3 = crate::linalg::power(&p, 3, &budget)
            .unwrap()
            .unwrap()
            .unwrap();
        assert!(check_power(&p, 3, &p3, &budget).is_ok());
        assert!(check_power(&p, 2, &p3, &budget).is_err());
        assert!(check_power(&p, 4, &p3, &budget).is_err());
    }
}
