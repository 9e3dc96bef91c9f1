//! Proofs that the roots of an irreducible polynomial over Q are not
//! expressible by radicals, from Frobenius cycle types.
//!
//! For a prime q not dividing the leading coefficient with f squarefree
//! mod q, the degrees of the irreducible factors of f mod q are the cycle
//! type of a Frobenius element of the Galois group G (Dedekind). G is
//! transitive (f irreducible). A cycle type that no solvable transitive
//! group of degree n has proves G not solvable, so no radical expression
//! exists (Galois). Used here:
//! - any n: a cycle of prime length p with n/2 < p ≤ n − 3 (the other
//!   cycle lengths prime to p, so a power of the element is a p-cycle)
//!   makes G primitive and, by Jordan's theorem, G ⊇ A_n;
//! - n = 5: the solvable transitive groups lie in F20 = AGL(1, 5), whose
//!   elements have cycle types 1⁵, 5, 2²1, 41;
//! - n = 6: none of them has order divisible by 5 (they have order
//!   dividing 48 or 72), so a cycle of length 5 suffices;
//! - n = 7: they lie in AGL(1, 7), cycle types 1⁷, 7, 2³1, 3²1, 61.
//!
//! When no prime tried shows such a type the answer is unknown (G may be
//! solvable; a radical form is then not computed here).

use super::zp;
use super::zx::Poly;
use crate::{Budget, Stop};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};

/// What the cycle types showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solvability {
    /// Not solvable by radicals: f mod `prime` factors with these degrees.
    NotSolvable {
        prime: u64,
        degrees: Vec<usize>,
        why: &'static str,
    },
    /// No prime among the first `primes` good ones decided it.
    Unknown { primes: usize },
}

/// How many good primes are tried.
const PRIMES: usize = 60;

/// The verdict for f irreducible over Q of degree ≥ 5.
pub fn by_radicals(f: &Poly, budget: &Budget) -> Result<Solvability, Stop> {
    let n = f.len() - 1;
    let mut good = 0;
    let mut q = 2u64;
    while good < PRIMES && q < 100_000 {
        q += 1;
        if !crate::integer::is_prime_u64(q) {
            continue;
        }
        budget.check()?;
        let reduced: Vec<u64> = f
            .iter()
            .map(|c| {
                let r = c % BigInt::from(q);
                let r = if r < BigInt::zero() { r + q } else { r };
                r.to_u64().unwrap_or(0)
            })
            .collect();
        let reduced = zp::trim(reduced);
        if reduced.len() != n + 1 {
            continue;
        }
        if zp::gcd(&reduced, &zp::derivative(&reduced, q), q).len() > 1 {
            continue;
        }
        good += 1;
        let (_, factors) = zp::factor(&reduced, q, budget)?;
        let mut degrees: Vec<usize> = factors
            .iter()
            .flat_map(|(g, m)| std::iter::repeat_n(g.len() - 1, *m as usize))
            .collect();
        degrees.sort_unstable_by(|a, b| b.cmp(a));
        if let Some(why) = excluded(n, &degrees) {
            return Ok(Solvability::NotSolvable {
                prime: q,
                degrees,
                why,
            });
        }
    }
    Ok(Solvability::Unknown { primes: good })
}

/// Why no solvable transitive group of degree n has an element of this
/// cycle type (lengths in decreasing order), if that is so.
fn excluded(n: usize, cycles: &[usize]) -> Option<&'static str> {
    let jordan = cycles.iter().any(|&p| {
        crate::integer::is_prime_u64(p as u64)
            && 2 * p > n
            && p + 3 <= n
            && cycles.iter().filter(|&&c| c != p).all(|&c| c % p != 0)
            && cycles.iter().filter(|&&c| c == p).count() == 1
    });
    if jordan {
        return Some(
            "a power of it is a p-cycle with n/2 < p ≤ n − 3, so the group is primitive and contains the alternating group (Jordan)",
        );
    }
    let is = |t: &[usize]| cycles == t;
    match n {
        5 if !(is(&[1, 1, 1, 1, 1]) || is(&[5]) || is(&[2, 2, 1]) || is(&[4, 1])) => Some(
            "the solvable transitive groups of degree 5 lie in AGL(1, 5) (order 20), which has no element of this cycle type",
        ),
        6 if cycles.contains(&5) => Some(
            "an element of order 5, and no solvable transitive group of degree 6 has order divisible by 5",
        ),
        7 if !(is(&[1, 1, 1, 1, 1, 1, 1])
            || is(&[7])
            || is(&[2, 2, 2, 1])
            || is(&[3, 3, 1])
            || is(&[6, 1])) =>
        {
            Some(
                "the solvable transitive groups of degree 7 lie in AGL(1, 7) (order 42), which has no element of this cycle type",
            )
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn z(v: &[i64]) -> Poly {
        v.iter().map(|&c| BigInt::from(c)).collect()
    }

    #[test]
    fn quintics_and_septics() {
        let b = Budget::unlimited();
        // x⁵ − x − 1 has group S5.
        assert!(matches!(
            by_radicals(&z(&[-1, -1, 0, 0, 0, 1]), &b).unwrap(),
            Solvability::NotSolvable { .. }
        ));
        // x⁵ − 2 has group F20: solvable, never refuted.
        assert_eq!(
            by_radicals(&z(&[-2, 0, 0, 0, 0, 1]), &b).unwrap(),
            Solvability::Unknown { primes: PRIMES }
        );
        // Φ₁₁ has a cyclic group.
        assert!(matches!(
            by_radicals(&z(&[1; 11]), &b).unwrap(),
            Solvability::Unknown { .. }
        ));
        // x⁷ − x − 1: S7.
        assert!(matches!(
            by_radicals(&z(&[-1, -1, 0, 0, 0, 0, 0, 1]), &b).unwrap(),
            Solvability::NotSolvable { .. }
        ));
        // x⁶ + x + 1 (S6 … contains a 5-cycle pattern).
        assert!(matches!(
            by_radicals(&z(&[1, 1, 0, 0, 0, 0, 1]), &b).unwrap(),
            Solvability::NotSolvable { .. }
        ));
    }
}
