//! Expansion: products of sums multiplied out and positive integer powers
//! of sums expanded (multinomially, by repeated multiplication), inside
//! every subexpression, within a bound on the terms produced.

use super::node::{Expr, Node};
use crate::{Budget, Stop};

/// Why an expansion stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    /// More than the allowed number of term products.
    TooBig,
    Stopped(Stop),
}

impl From<Stop> for Halt {
    fn from(s: Stop) -> Self {
        Halt::Stopped(s)
    }
}

/// The most term products one expansion may form (about a second).
pub const MAX_PRODUCTS: u64 = 250_000;
/// The largest power of a sum expanded.
pub const MAX_EXPONENT: u64 = 10_000;

struct Work<'b> {
    products: u64,
    budget: &'b Budget,
}

impl Work<'_> {
    fn spend(&mut self, n: u64) -> Result<(), Halt> {
        self.products = self.products.saturating_add(n);
        if self.products > MAX_PRODUCTS {
            return Err(Halt::TooBig);
        }
        self.budget.check()?;
        Ok(())
    }
}

/// e with every product of sums multiplied out.
pub fn expand(e: &Expr, budget: &Budget) -> Result<Expr, Halt> {
    let mut work = Work {
        products: 0,
        budget,
    };
    go(e, &mut work)
}

fn terms(e: &Expr) -> Vec<Expr> {
    match e.node() {
        Node::Add(ts) => ts.clone(),
        _ => vec![e.clone()],
    }
}

/// The product of two expanded expressions, expanded.
fn times(a: &Expr, b: &Expr, work: &mut Work) -> Result<Expr, Halt> {
    let (ta, tb) = (terms(a), terms(b));
    work.spend((ta.len() * tb.len()) as u64)?;
    let mut out = Vec::with_capacity(ta.len() * tb.len());
    for x in &ta {
        for y in &tb {
            out.push(x.times(y));
        }
    }
    Ok(Expr::add(out))
}

fn go(e: &Expr, work: &mut Work) -> Result<Expr, Halt> {
    match e.node() {
        Node::Num(_) | Node::Sym(_) | Node::Const(_) | Node::Undefined | Node::RootSum(..) => {
            Ok(e.clone())
        }
        Node::Add(ts) => {
            let mut out = Vec::with_capacity(ts.len());
            for t in ts {
                out.push(go(t, work)?);
            }
            Ok(Expr::add(out))
        }
        Node::Mul(fs) => {
            let mut acc = Expr::one();
            for f in fs {
                let f = go(f, work)?;
                acc = times(&acc, &f, work)?;
            }
            Ok(acc)
        }
        Node::Pow(b, x) => {
            let b = go(b, work)?;
            let x = go(x, work)?;
            let n = x
                .as_num()
                .filter(|q| q.is_integer())
                .and_then(|q| num_traits::ToPrimitive::to_u64(&q.to_integer()));
            match (b.node(), n) {
                (Node::Add(ts), Some(n)) if n > 1 => {
                    // (t₁ + … + t_k)^n takes C(n + k − 1, k − 1) term
                    // products: refuse a hopeless one at once.
                    if n > MAX_EXPONENT
                        || binomial_above(
                            n + ts.len() as u64 - 1,
                            ts.len() as u64 - 1,
                            MAX_PRODUCTS,
                        )
                    {
                        return Err(Halt::TooBig);
                    }
                    // Binary powering over expanded sums.
                    let (mut result, mut base, mut k) = (Expr::one(), b.clone(), n);
                    while k > 0 {
                        if k & 1 == 1 {
                            result = times(&result, &base, work)?;
                        }
                        k >>= 1;
                        if k > 0 {
                            base = times(&base, &base, work)?;
                        }
                    }
                    Ok(result)
                }
                _ => Ok(Expr::pow(b, x)),
            }
        }
        Node::Fun(..) => {
            let mut args = Vec::new();
            for c in e.children() {
                args.push(go(&c, work)?);
            }
            Ok(e.rebuild(args))
        }
    }
}

/// Whether C(n, k) > limit, without computing it when it is large.
fn binomial_above(n: u64, k: u64, limit: u64) -> bool {
    let k = k.min(n - k.min(n));
    let mut c: u128 = 1;
    for j in 0..k {
        c = c * u128::from(n - j) / u128::from(j + 1);
        if c > u128::from(limit) {
            return true;
        }
    }
    false
}
