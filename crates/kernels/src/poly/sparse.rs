//! Sparse multivariate polynomials over Q: the form the polynomial grammar
//! parses into, with expansion, evaluation, substitution and derivatives.

use crate::Q;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

/// Work one call may spend expanding, so that a short text such as
/// "(x+y+z)^900" or "(a - 44^2000 x - b)^32" is refused instead of running
/// for minutes. A unit is one product of two machine words: a term product
/// costs (1 + words of one coefficient) × (1 + words of the other), so
/// small coefficients cost one unit and huge ones what they really cost.
pub const MAX_PRODUCTS: u64 = 5_000_000;

/// The work spent so far (see [`MAX_PRODUCTS`]).
#[derive(Debug, Default)]
pub struct Work(u64);

/// 1 + the machine words of a coefficient's numerator and denominator.
fn weight(c: &Q) -> u64 {
    1 + (c.numer().bits() + c.denom().bits()) / 64
}

/// The work of multiplying every term of `a` by every term of `b`.
fn product_work(a: &BTreeMap<Vec<u32>, Q>, b: &BTreeMap<Vec<u32>, Q>) -> u64 {
    let sum = |t: &BTreeMap<Vec<u32>, Q>| t.values().map(weight).fold(0u64, u64::saturating_add);
    sum(a).saturating_mul(sum(b))
}

/// [`MAX_PRODUCTS`] would be exceeded, or the parsing budget
/// ([`crate::Budget::check_parsing`]) has run out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooMuchWork;

impl Work {
    fn spend(&mut self, units: u64) -> Result<(), TooMuchWork> {
        self.0 = self.0.saturating_add(units);
        if self.0 > MAX_PRODUCTS || crate::Budget::check_parsing().is_err() {
            Err(TooMuchWork)
        } else {
            Ok(())
        }
    }
}

/// Σ c·∏ vars[i]^e[i]; every key has one exponent per variable, no zero
/// coefficients are stored. Variables are sorted by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sparse {
    pub vars: Vec<String>,
    pub terms: BTreeMap<Vec<u32>, Q>,
}

impl Sparse {
    pub fn zero(vars: &[String]) -> Self {
        Sparse {
            vars: vars.to_vec(),
            terms: BTreeMap::new(),
        }
    }

    pub fn constant(vars: &[String], c: Q) -> Self {
        let mut p = Self::zero(vars);
        if !c.is_zero() {
            p.terms.insert(vec![0; vars.len()], c);
        }
        p
    }

    /// The variable with index i.
    pub fn variable(vars: &[String], i: usize) -> Self {
        let mut e = vec![0; vars.len()];
        e[i] = 1;
        let mut p = Self::zero(vars);
        p.terms.insert(e, Q::one());
        p
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    fn insert(&mut self, e: Vec<u32>, c: Q) {
        let slot = self.terms.entry(e.clone()).or_insert_with(Q::zero);
        *slot += c;
        if slot.is_zero() {
            self.terms.remove(&e);
        }
    }

    pub fn add(&self, other: &Self) -> Self {
        let mut out = self.clone();
        for (e, c) in &other.terms {
            out.insert(e.clone(), c.clone());
        }
        out
    }

    pub fn neg(&self) -> Self {
        Sparse {
            vars: self.vars.clone(),
            terms: self.terms.iter().map(|(e, c)| (e.clone(), -c)).collect(),
        }
    }

    pub fn sub(&self, other: &Self) -> Self {
        self.add(&other.neg())
    }

    pub fn scale(&self, k: &Q) -> Self {
        if k.is_zero() {
            return Self::zero(&self.vars);
        }
        Sparse {
            vars: self.vars.clone(),
            terms: self.terms.iter().map(|(e, c)| (e.clone(), c * k)).collect(),
        }
    }

    pub fn mul(&self, other: &Self, work: &mut Work) -> Result<Self, TooMuchWork> {
        work.spend(product_work(&self.terms, &other.terms))?;
        let mut acc: BTreeMap<Vec<u32>, Q> = BTreeMap::new();
        for (e1, c1) in &self.terms {
            // One row of products at a time: a long product stops at the deadline.
            work.spend(0)?;
            for (e2, c2) in &other.terms {
                let e: Vec<u32> = e1.iter().zip(e2).map(|(a, b)| a + b).collect();
                *acc.entry(e).or_insert_with(Q::zero) += c1 * c2;
            }
        }
        acc.retain(|_, c| !c.is_zero());
        Ok(Sparse {
            vars: self.vars.clone(),
            terms: acc,
        })
    }

    pub fn pow(&self, mut k: u32, work: &mut Work) -> Result<Self, TooMuchWork> {
        let mut result = Self::constant(&self.vars, Q::one());
        let mut base = self.clone();
        while k > 0 {
            if k & 1 == 1 {
                result = result.mul(&base, work)?;
            }
            k >>= 1;
            if k > 0 {
                base = base.mul(&base, work)?;
            }
        }
        Ok(result)
    }

    /// Total degree; −1 for zero.
    pub fn total_degree(&self) -> i64 {
        self.terms
            .keys()
            .map(|e| e.iter().map(|&x| i64::from(x)).sum())
            .max()
            .unwrap_or(-1)
    }

    /// Degree in variable i; −1 for zero.
    pub fn degree_in(&self, i: usize) -> i64 {
        self.terms
            .keys()
            .map(|e| i64::from(e[i]))
            .max()
            .unwrap_or(-1)
    }

    /// ∂/∂(variable i).
    pub fn derivative(&self, i: usize) -> Self {
        let mut out = Self::zero(&self.vars);
        for (e, c) in &self.terms {
            if e[i] > 0 {
                let mut d = e.clone();
                d[i] -= 1;
                out.insert(d, c * Q::from_integer(e[i].into()));
            }
        }
        out
    }

    /// Replaces variable i by the polynomial `by` (over the same variables).
    pub fn substitute(&self, i: usize, by: &Self, work: &mut Work) -> Result<Self, TooMuchWork> {
        let mut powers: BTreeMap<u32, Self> = BTreeMap::new();
        let mut acc: BTreeMap<Vec<u32>, Q> = BTreeMap::new();
        for (e, c) in &self.terms {
            let power = match powers.entry(e[i]) {
                std::collections::btree_map::Entry::Occupied(p) => p.into_mut(),
                std::collections::btree_map::Entry::Vacant(v) => v.insert(by.pow(e[i], work)?),
            };
            let one: BTreeMap<Vec<u32>, Q> = BTreeMap::from([(e.clone(), c.clone())]);
            work.spend(product_work(&one, &power.terms))?;
            for (f, d) in &power.terms {
                let mut g = e.clone();
                g[i] = 0;
                for (x, y) in g.iter_mut().zip(f) {
                    *x += y;
                }
                *acc.entry(g).or_insert_with(Q::zero) += c * d;
            }
        }
        acc.retain(|_, c| !c.is_zero());
        Ok(Sparse {
            vars: self.vars.clone(),
            terms: acc,
        })
    }

    /// The same polynomial over a larger, sorted set of variables.
    pub fn embed(&self, vars: &[String]) -> Self {
        let index: Vec<usize> = self
            .vars
            .iter()
            .map(|v| {
                vars.iter()
                    .position(|w| w == v)
                    .expect("embedding into a superset")
            })
            .collect();
        let terms = self
            .terms
            .iter()
            .map(|(e, c)| {
                let mut f = vec![0; vars.len()];
                for (k, &x) in e.iter().enumerate() {
                    f[index[k]] = x;
                }
                (f, c.clone())
            })
            .collect();
        Sparse {
            vars: vars.to_vec(),
            terms,
        }
    }

    /// Drops variables that no term uses.
    pub fn prune(&self) -> Self {
        let used: Vec<usize> = (0..self.vars.len())
            .filter(|&i| self.terms.keys().any(|e| e[i] > 0))
            .collect();
        Sparse {
            vars: used.iter().map(|&i| self.vars[i].clone()).collect(),
            terms: self
                .terms
                .iter()
                .map(|(e, c)| (used.iter().map(|&i| e[i]).collect(), c.clone()))
                .collect(),
        }
    }

    /// Coefficients lowest degree first when at most one variable is used.
    pub fn univariate(&self) -> Option<(Option<String>, Vec<Q>)> {
        let p = self.prune();
        if p.vars.len() > 1 {
            return None;
        }
        let degree = p.total_degree();
        let mut out = vec![Q::zero(); (degree + 1) as usize];
        for (e, c) in &p.terms {
            out[e.first().copied().unwrap_or(0) as usize] = c.clone();
        }
        Some((p.vars.first().cloned(), out))
    }

    /// `3*x^2*y - y + 1/2`: terms by descending total degree, then by
    /// descending exponents in variable order.
    pub fn text(&self) -> String {
        let mut terms: Vec<(&Vec<u32>, &Q)> = self.terms.iter().collect();
        terms.sort_by(|a, b| {
            let da: u32 = a.0.iter().sum();
            let db: u32 = b.0.iter().sum();
            db.cmp(&da).then_with(|| b.0.cmp(a.0))
        });
        text_in_order(
            terms.into_iter().map(|(e, c)| (e.as_slice(), c)),
            &self.vars,
        )
    }
}

/// Terms written in the order given: `3*x^2*y - y + 1/2`.
pub fn text_in_order<'a>(
    terms: impl Iterator<Item = (&'a [u32], &'a Q)>,
    vars: &[String],
) -> String {
    let mut out = String::new();
    for (e, c) in terms {
        let negative = c.is_negative();
        let magnitude = c.abs();
        out.push_str(match (out.is_empty(), negative) {
            (true, true) => "-",
            (true, false) => "",
            (false, true) => " - ",
            (false, false) => " + ",
        });
        let mono: Vec<String> = e
            .iter()
            .zip(vars)
            .filter(|(x, _)| **x > 0)
            .map(|(&x, v)| {
                if x == 1 {
                    v.clone()
                } else {
                    format!("{v}^{x}")
                }
            })
            .collect();
        let number = if magnitude.denom().is_one() {
            magnitude.numer().to_string()
        } else {
            format!("{}/{}", magnitude.numer(), magnitude.denom())
        };
        if mono.is_empty() {
            out.push_str(&number);
        } else if magnitude.is_one() {
            out.push_str(&mono.join("*"));
        } else {
            out.push_str(&format!("{number}*{}", mono.join("*")));
        }
    }
    if out.is_empty() { "0".into() } else { out }
}
