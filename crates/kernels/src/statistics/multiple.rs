//! Adjusted p-values for m simultaneous tests, exactly over the rationals.
//!
//! With p₍₁₎ ≤ … ≤ p₍ₘ₎ sorted:
//! - Bonferroni: min(1, m·pᵢ).
//! - Holm (step-down): max over j ≤ i of min(1, (m − j + 1)·p₍ⱼ₎).
//! - Benjamini–Hochberg (step-up): min over j ≥ i of min(1, m·p₍ⱼ₎/j).
//! - Benjamini–Yekutieli: as BH with m replaced by m·(1 + ½ + … + 1/m).
//!
//! Checked: the tests rejected at level α by "adjusted ≤ α" are the ones
//! the procedure's own rule rejects (Bonferroni pᵢ ≤ α/m; Holm up to the
//! first p₍ᵢ₎ > α/(m − i + 1); BH and BY up to the largest k with
//! p₍ₖ₎ ≤ k·α/(m·c)).

use crate::{Budget, Q, Stop};
use num_traits::One;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Bonferroni,
    Holm,
    BenjaminiHochberg,
    BenjaminiYekutieli,
}

/// The adjusted p-values in input order and which tests are rejected at
/// level α; every pᵢ in [0, 1].
pub fn adjust(
    p: &[Q],
    method: Method,
    alpha: &Q,
    budget: &Budget,
) -> Result<(Vec<Q>, Vec<bool>), Stop> {
    let m = p.len();
    let mq = Q::from_integer(m.into());
    let one = Q::one();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].cmp(&p[b]));
    // c(m) = Σ 1/k for Benjamini–Yekutieli, 1 otherwise.
    let c = match method {
        Method::BenjaminiYekutieli => (1..=m).map(|k| Q::new(1.into(), k.into())).sum(),
        _ => Q::one(),
    };
    let mut adjusted = vec![Q::one(); m];
    match method {
        Method::Bonferroni => {
            for (a, pi) in adjusted.iter_mut().zip(p) {
                *a = (pi * &mq).min(one.clone());
            }
        }
        Method::Holm => {
            let mut running = Q::from_integer(0.into());
            for (j, &i) in order.iter().enumerate() {
                budget.check()?;
                let v = (&p[i] * Q::from_integer((m - j).into())).min(one.clone());
                running = running.max(v);
                adjusted[i] = running.clone();
            }
        }
        Method::BenjaminiHochberg | Method::BenjaminiYekutieli => {
            let mut running = Q::one();
            for (j, &i) in order.iter().enumerate().rev() {
                budget.check()?;
                let v = (&p[i] * &mq * &c / Q::from_integer((j + 1).into())).min(one.clone());
                running = running.min(v);
                adjusted[i] = running.clone();
            }
        }
    }
    let reject: Vec<bool> = adjusted.iter().map(|a| a <= alpha).collect();
    // The procedure's own rule, on the sorted p-values.
    let mut by_rule = vec![false; m];
    match method {
        Method::Bonferroni => {
            for i in 0..m {
                by_rule[i] = &p[i] * &mq <= *alpha;
            }
        }
        Method::Holm => {
            for (j, &i) in order.iter().enumerate() {
                if &p[i] * Q::from_integer((m - j).into()) > *alpha {
                    break;
                }
                by_rule[i] = true;
            }
        }
        Method::BenjaminiHochberg | Method::BenjaminiYekutieli => {
            let k = (0..m)
                .rev()
                .find(|&j| &p[order[j]] * &mq * &c <= alpha * Q::from_integer((j + 1).into()));
            if let Some(k) = k {
                for &i in &order[..=k] {
                    by_rule[i] = true;
                }
            }
        }
    }
    if by_rule != reject {
        return Err(Stop::CheckFailed(
            "the adjusted p-values reject other tests than the procedure's rule",
        ));
    }
    Ok((adjusted, reject))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn qs(v: &[(i64, i64)]) -> Vec<Q> {
        v.iter().map(|&(n, d)| Q::new(n.into(), d.into())).collect()
    }

    #[test]
    fn benjamini_hochberg_of_four() {
        let p = qs(&[(1, 100), (4, 100), (3, 100), (5, 100)]);
        let (adj, rej) = adjust(
            &p,
            Method::BenjaminiHochberg,
            &Q::new(1.into(), 20.into()),
            &Budget::unlimited(),
        )
        .unwrap();
        // Sorted .01 .03 .04 .05: 4·.05/4 = .05 is the running minimum of all.
        assert_eq!(adj, qs(&[(4, 100), (5, 100), (5, 100), (5, 100)]));
        assert_eq!(rej, vec![true; 4]);
        let (adj, _) = adjust(
            &p,
            Method::Holm,
            &Q::new(1.into(), 20.into()),
            &Budget::unlimited(),
        )
        .unwrap();
        assert_eq!(adj, qs(&[(4, 100), (9, 100), (9, 100), (9, 100)]));
    }
}
