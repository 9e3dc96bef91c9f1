//! Finite fields GF(p^k) = F_p[x]/(f) for a word-size prime p and a monic
//! irreducible f of degree k, with polynomials over F_p and Gaussian
//! elimination over GF(p^k).

use crate::group::Group;
use crate::{Budget, Stop};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::One;

/// Largest characteristic: products of two residues fit in u128 with room.
pub const MAX_P: u64 = 1 << 62;

use crate::poly::zp as poly;

pub use crate::poly::zp::is_irreducible;

/// GF(p^k) as F_p[x]/(f), elements as k coefficients lowest first.
#[derive(Debug, Clone)]
pub struct Gf {
    pub p: u64,
    /// The monic irreducible modulus, degree k (length k + 1).
    pub modulus: Vec<u64>,
}

pub type Elem = Vec<u64>;

impl Gf {
    pub fn degree(&self) -> usize {
        self.modulus.len() - 1
    }

    /// q = p^k.
    pub fn size(&self) -> BigUint {
        BigUint::from(self.p).pow(self.degree() as u32)
    }

    pub fn zero(&self) -> Elem {
        vec![0; self.degree()]
    }

    pub fn one_elem(&self) -> Elem {
        let mut e = self.zero();
        e[0] = 1 % self.p;
        e
    }

    pub fn is_zero(&self, a: &Elem) -> bool {
        a.iter().all(|c| *c == 0)
    }

    fn pad(&self, mut a: Vec<u64>) -> Elem {
        a.resize(self.degree(), 0);
        a
    }

    /// Reduces arbitrary coefficients (mod p, mod f) into canonical form.
    pub fn reduce(&self, coeffs: &[u64]) -> Elem {
        let c: Vec<u64> = coeffs.iter().map(|x| x % self.p).collect();
        self.pad(poly::rem(&c, &self.modulus, self.p))
    }

    pub fn add(&self, a: &Elem, b: &Elem) -> Elem {
        a.iter().zip(b).map(|(x, y)| (x + y) % self.p).collect()
    }

    pub fn sub(&self, a: &Elem, b: &Elem) -> Elem {
        a.iter()
            .zip(b)
            .map(|(x, y)| (x + self.p - y) % self.p)
            .collect()
    }

    pub fn neg(&self, a: &Elem) -> Elem {
        a.iter().map(|x| (self.p - x) % self.p).collect()
    }

    pub fn mul(&self, a: &Elem, b: &Elem) -> Elem {
        self.pad(poly::rem(
            &poly::mul(&poly::trim(a.clone()), &poly::trim(b.clone()), self.p),
            &self.modulus,
            self.p,
        ))
    }

    pub fn pow(&self, a: &Elem, e: &BigUint) -> Elem {
        self.pad(poly::pow_mod(
            &poly::trim(a.clone()),
            e,
            &self.modulus,
            self.p,
        ))
    }

    /// a^(q−2) = a⁻¹ for a ≠ 0.
    pub fn inverse(&self, a: &Elem) -> Option<Elem> {
        (!self.is_zero(a)).then(|| self.pow(a, &(self.size() - 2u32)))
    }

    /// A square root of a, or `None` for a non-square: a^(q/2) in
    /// characteristic 2, Tonelli–Shanks in GF(q)* otherwise.
    pub fn sqrt(&self, a: &Elem) -> Option<Elem> {
        if self.is_zero(a) {
            return Some(a.clone());
        }
        let q = self.size();
        if self.p == 2 {
            return Some(self.pow(a, &(q >> 1)));
        }
        let one = self.one_elem();
        let half = (&q - 1u32) >> 1;
        if self.pow(a, &half) != one {
            return None;
        }
        let (mut t_exp, mut s) = (&q - 1u32, 0u32);
        while t_exp.is_even() {
            t_exp >>= 1;
            s += 1;
        }
        // A non-square z: the first element in counting order with z^((q−1)/2) ≠ 1.
        let z = (1u64..)
            .map(|i| self.from_index(i))
            .find(|z| self.pow(z, &half) != one)?;
        let mut c = self.pow(&z, &t_exp);
        let mut x = self.pow(a, &((&t_exp + 1u32) >> 1));
        let mut t = self.pow(a, &t_exp);
        let mut m = s;
        while t != one {
            let mut i = 0;
            let mut t2 = t.clone();
            while t2 != one {
                t2 = self.mul(&t2, &t2);
                i += 1;
            }
            let b = self.pow(&c, &(BigUint::one() << (m - i - 1)));
            x = self.mul(&x, &b);
            c = self.mul(&b, &b);
            t = self.mul(&t, &c);
            m = i;
        }
        Some(x)
    }

    /// The element whose coefficients are the base-p digits of i.
    pub fn from_index(&self, mut i: u64) -> Elem {
        let mut e = self.zero();
        for c in e.iter_mut() {
            *c = i % self.p;
            i /= self.p;
        }
        e
    }

    /// Tr(a) = a + a^p + … + a^(p^(k−1)) ∈ F_p.
    pub fn trace(&self, a: &Elem) -> u64 {
        let pb = BigUint::from(self.p);
        let mut acc = self.zero();
        let mut cur = a.clone();
        for _ in 0..self.degree() {
            acc = self.add(&acc, &cur);
            cur = self.pow(&cur, &pb);
        }
        acc[0]
    }

    /// N(a) = a^((q−1)/(p−1)) ∈ F_p.
    pub fn norm(&self, a: &Elem) -> u64 {
        let e = (self.size() - 1u32) / (self.p - 1);
        self.pow(a, &e)[0]
    }
}

/// GF(q)* as a [`Group`].
impl Group for Gf {
    type Elem = Elem;
    fn one(&self) -> Elem {
        self.one_elem()
    }
    fn mul(&self, a: &Elem, b: &Elem) -> Elem {
        Gf::mul(self, a, b)
    }
    fn inv(&self, a: &Elem) -> Elem {
        self.inverse(a).unwrap_or_else(|| self.zero())
    }
    fn pow(&self, a: &Elem, e: &BigUint) -> Elem {
        Gf::pow(self, a, e)
    }
}

/// Row reduction over GF(q) to reduced row echelon form; returns the pivot
/// columns and the determinant factor (product of pivots, with the sign of
/// the row swaps) accumulated along the way.
pub fn rref(f: &Gf, m: &mut [Vec<Elem>], budget: &Budget) -> Result<(Vec<usize>, Elem), Stop> {
    let rows = m.len();
    let cols = m.first().map_or(0, Vec::len);
    let mut pivots = Vec::new();
    let mut det = f.one_elem();
    let mut r = 0;
    for c in 0..cols {
        if r == rows {
            break;
        }
        budget.check()?;
        let Some(pr) = (r..rows).find(|&i| !f.is_zero(&m[i][c])) else {
            continue;
        };
        if pr != r {
            m.swap(pr, r);
            det = f.neg(&det);
        }
        let piv = m[r][c].clone();
        det = f.mul(&det, &piv);
        let inv = f.inverse(&piv).unwrap_or_else(|| f.zero());
        for x in m[r].iter_mut() {
            *x = f.mul(x, &inv);
        }
        let pivot_row = m[r].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i == r || f.is_zero(&row[c]) {
                continue;
            }
            let factor = row[c].clone();
            for (x, y) in row.iter_mut().zip(&pivot_row) {
                *x = f.sub(x, &f.mul(&factor, y));
            }
        }
        pivots.push(c);
        r += 1;
    }
    Ok((pivots, det))
}

/// All solutions of A·x = b over GF(q) (A given as rows): one solution with
/// the free variables 0, or `None` when the system is inconsistent, and a
/// basis of the null space of A (one vector per free column), from the
/// reduced row echelon form of [A | b]. Postcondition: A·x = b and A·v = 0
/// for every basis vector v, multiplied back with the original A.
pub fn solve(
    f: &Gf,
    a: &[Vec<Elem>],
    b: &[Elem],
    budget: &Budget,
) -> Result<(Option<Vec<Elem>>, Vec<Vec<Elem>>), Stop> {
    let cols = a.first().map_or(0, Vec::len);
    let mut m: Vec<Vec<Elem>> = a
        .iter()
        .zip(b)
        .map(|(row, bi)| row.iter().chain([bi]).cloned().collect())
        .collect();
    let (pivots, _) = rref(f, &mut m, budget)?;
    let nullspace: Vec<Vec<Elem>> = (0..cols)
        .filter(|c| !pivots.contains(c))
        .map(|free| {
            let mut v = vec![f.zero(); cols];
            v[free] = f.one_elem();
            for (r, &pc) in pivots.iter().enumerate().filter(|(_, pc)| **pc < cols) {
                v[pc] = f.neg(&m[r][free]);
            }
            v
        })
        .collect();
    let particular = (pivots.last() != Some(&cols)).then(|| {
        let mut x = vec![f.zero(); cols];
        for (r, &pc) in pivots.iter().enumerate() {
            x[pc] = m[r][cols].clone();
        }
        x
    });
    let times = |v: &[Elem]| -> Vec<Elem> {
        a.iter()
            .map(|row| {
                row.iter()
                    .zip(v)
                    .fold(f.zero(), |s, (x, y)| f.add(&s, &f.mul(x, y)))
            })
            .collect()
    };
    budget.check()?;
    if particular.as_ref().is_some_and(|x| times(x) != b)
        || nullspace
            .iter()
            .any(|v| times(v).iter().any(|x| !f.is_zero(x)))
    {
        return Err(Stop::CheckFailed("the solution does not satisfy A·x = b"));
    }
    Ok((particular, nullspace))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute-force irreducibility: no monic factor of degree 1..=n/2 divides f.
    fn irreducible_brute(f: &[u64], p: u64) -> bool {
        let n = f.len() - 1;
        for d in 1..=n / 2 {
            for i in 0..p.pow(d as u32) {
                let mut g: Vec<u64> = (0..d).map(|j| (i / p.pow(j as u32)) % p).collect();
                g.push(1);
                if poly::rem(f, &g, p).is_empty() {
                    return false;
                }
            }
        }
        true
    }

    #[test]
    fn rabin_agrees_with_trial_division() {
        let b = Budget::unlimited();
        for p in [2u64, 3, 5] {
            for n in 1..=5usize {
                for i in 0..p.pow(n as u32) {
                    let mut f: Vec<u64> = (0..n).map(|j| (i / p.pow(j as u32)) % p).collect();
                    f.push(1);
                    assert_eq!(
                        is_irreducible(&f, p, &b).unwrap(),
                        irreducible_brute(&f, p),
                        "{f:?} mod {p}"
                    );
                }
            }
        }
    }

    #[test]
    fn field_axioms_hold_in_gf_9_and_gf_16() {
        for (p, modulus) in [(3u64, vec![1, 0, 1]), (2, vec![1, 1, 0, 0, 1])] {
            let f = Gf { p, modulus };
            let q = f.size().iter_u64_digits().next().unwrap_or(0);
            let all: Vec<Elem> = (0..q).map(|i| f.from_index(i)).collect();
            let one = f.one_elem();
            let mut squares = 0;
            for a in &all {
                if !f.is_zero(a) {
                    assert_eq!(f.mul(a, &f.inverse(a).unwrap()), one);
                    assert_eq!(f.pow(a, &BigUint::from(q - 1)), one);
                }
                match f.sqrt(a) {
                    Some(r) => assert_eq!(f.mul(&r, &r), *a),
                    None => assert!(all.iter().all(|r| f.mul(r, r) != *a)),
                }
                if f.sqrt(a).is_some() {
                    squares += 1;
                }
                for b in &all {
                    assert_eq!(f.mul(a, b), f.mul(b, a));
                    assert_eq!(f.sub(&f.add(a, b), b), *a);
                }
                // Trace is additive, norm multiplicative, both land in F_p.
                assert!(f.trace(a) < p && f.norm(a) < p);
            }
            assert_eq!(squares, if p == 2 { q } else { (q - 1) / 2 + 1 });
        }
    }
}
