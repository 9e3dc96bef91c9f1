//! Gambler's ruin on 0..N: from k, win 1 with probability p, lose 1 with
//! q = 1 − p, stop at 0 or N. With r = q/p,
//! P_k(reach N) = (1 − rᵏ)/(1 − rᴺ) (k/N when p = q), and the expected
//! duration D_k = k/(q − p) − (N/(q − p))·P_k (k(N − k) when p = q).
//! Both for every k, checked by the recurrences they solve uniquely:
//! P_k = p·P_{k+1} + q·P_{k−1}, D_k = 1 + p·D_{k+1} + q·D_{k−1}, with
//! P_0 = D_0 = D_N = 0 and P_N = 1.

use crate::{Budget, Q, Stop};
use num_traits::{One, Zero};

/// (P_k, D_k) for k = 0..=N (0 < p < 1, N ≥ 1).
pub fn ruin(n: u32, p: &Q, budget: &Budget) -> Result<(Vec<Q>, Vec<Q>), Stop> {
    let q = Q::one() - p;
    let nq = Q::from_integer(n.into());
    let (win, duration): (Vec<Q>, Vec<Q>) = if p == &q {
        (0..=n)
            .map(|k| {
                let kq = Q::from_integer(k.into());
                (&kq / &nq, &kq * (&nq - &kq))
            })
            .unzip()
    } else {
        let r = &q / p;
        let mut powers = Vec::with_capacity(n as usize + 1);
        let mut x = Q::one();
        for _ in 0..=n {
            budget.check()?;
            powers.push(x.clone());
            x *= &r;
        }
        let last = Q::one() - &powers[n as usize];
        let drift = &q - p;
        let mut win = Vec::with_capacity(n as usize + 1);
        let mut duration = Vec::with_capacity(n as usize + 1);
        for (k, rk) in powers.iter().enumerate() {
            budget.check()?;
            let pk = (Q::one() - rk) / &last;
            duration.push((Q::from_integer(k.into()) - &nq * &pk) / &drift);
            win.push(pk);
        }
        (win, duration)
    };
    let ends = win[0].is_zero()
        && win[n as usize].is_one()
        && duration[0].is_zero()
        && duration[n as usize].is_zero();
    if !ends {
        return Err(Stop::CheckFailed(
            "gambler's ruin boundary values are wrong",
        ));
    }
    for k in 1..n as usize {
        budget.check()?;
        let pk = p * &win[k + 1] + &q * &win[k - 1];
        let dk = Q::one() + p * &duration[k + 1] + &q * &duration[k - 1];
        if pk != win[k] || dk != duration[k] {
            return Err(Stop::CheckFailed("gambler's ruin fails its recurrence"));
        }
    }
    Ok((win, duration))
}
