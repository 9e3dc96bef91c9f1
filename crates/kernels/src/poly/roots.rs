//! Real roots of integer polynomials: isolation by Descartes' rule of signs
//! with bisection (Collins–Akritas), refinement by exact sign evaluation,
//! and counting in an interval with a Sturm sequence.

use super::{zx, zx::Poly};
use crate::{Budget, Q, Stop};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// One real root: exactly `lower` when `lower == upper`, otherwise the only
/// root in the open interval (lower, upper), whose ends are not roots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootInterval {
    pub lower: Q,
    pub upper: Q,
}

/// f divided by gcd(f, f′): the same roots, each simple.
pub fn square_free_part(f: &[BigInt], budget: &Budget) -> Result<Poly, Stop> {
    let f = zx::primitive(f);
    if f.len() <= 1 {
        return Ok(f);
    }
    let g = zx::gcd(&f, &zx::derivative(&f), budget)?;
    Ok(zx::primitive(
        &zx::divide_exact(&f, &g).expect("gcd(f, f′) divides f"),
    ))
}

/// Disjoint isolating intervals of the distinct real roots of f ≠ 0,
/// ascending.
pub fn isolate(f: &[BigInt], budget: &Budget) -> Result<Vec<RootInterval>, Stop> {
    let mut g = square_free_part(f, budget)?;
    let mut out = Vec::new();
    if g.len() <= 1 {
        return Ok(out);
    }
    if g[0].is_zero() {
        out.push(RootInterval {
            lower: Q::zero(),
            upper: Q::zero(),
        });
        g.remove(0);
    }
    // Every root lies in (−2^k, 2^k): |root| < 1 + max |aᵢ/aₙ|.
    let n = g.len() - 1;
    let ratio = g[..n].iter().map(|c| c.abs()).max().unwrap_or_default() / g[n].abs() + 2u32;
    let k = ratio.bits();
    let bound = Q::from_integer(BigInt::one() << k);
    for sign in [1i32, -1] {
        // Roots of g(±2^k·x) in (0, 1).
        let scaled: Poly = g
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let c = c << (k as usize * i);
                if sign < 0 && i % 2 == 1 { -c } else { c }
            })
            .collect();
        for (lo, hi) in unit_interval_roots(&scaled, budget)? {
            let (lo, hi) = (lo * &bound, hi * &bound);
            out.push(if sign > 0 {
                RootInterval {
                    lower: lo,
                    upper: hi,
                }
            } else {
                RootInterval {
                    lower: -hi,
                    upper: -lo,
                }
            });
        }
    }
    // An interval can end at a root found exactly (0, or a bisection
    // point): narrow it until both ends are not roots.
    let square_free = square_free_part(f, budget)?;
    let mut sturm: Option<Sturm> = None;
    for r in out.iter_mut().filter(|r| r.lower != r.upper) {
        let is_root = |x: &Q| evaluate(&square_free, x).is_zero();
        while is_root(&r.lower) || is_root(&r.upper) {
            budget.check()?;
            let mid = (&r.lower + &r.upper) / Q::from_integer(BigInt::from(2));
            if is_root(&mid) {
                (r.lower, r.upper) = (mid.clone(), mid);
                break;
            }
            let chain = sturm.get_or_insert_with(|| Sturm::new(&square_free));
            // Roots in the open (lower, mid).
            let left = chain.count(&r.lower, &mid) - usize::from(is_root(&r.lower));
            if left == 1 {
                r.upper = mid
            } else {
                r.lower = mid
            }
        }
    }
    out.sort_by(|a, b| a.lower.cmp(&b.lower));
    Ok(out)
}

/// Sign variations of the coefficients, zeros skipped.
fn variations(a: &[BigInt]) -> usize {
    let signs: Vec<bool> = a
        .iter()
        .filter(|c| !c.is_zero())
        .map(|c| c.is_negative())
        .collect();
    signs.windows(2).filter(|w| w[0] != w[1]).count()
}

/// Descartes' bound for roots of p in (0, 1): variations of
/// (x + 1)^n·p(1/(x + 1)).
fn descartes(p: &[BigInt]) -> usize {
    let reversed: Poly = p.iter().rev().cloned().collect();
    variations(&zx::shift(&reversed, &BigInt::one()))
}

/// Roots of p in (0, 1) (p(0), p(1) ≠ 0) as intervals (a, b) ⊂ [0, 1] or
/// points a = b.
fn unit_interval_roots(p: &[BigInt], budget: &Budget) -> Result<Vec<(Q, Q)>, Stop> {
    let mut out = Vec::new();
    // (polynomial, c, k): its roots in (0, 1) are those of p in
    // (c/2^k, (c + 1)/2^k).
    let mut stack = vec![(p.to_vec(), BigInt::zero(), 0usize)];
    while let Some((q, c, k)) = stack.pop() {
        budget.check()?;
        let at = |x: &BigInt, j: usize| crate::dyadic(x.clone(), j as u64);
        match descartes(&q) {
            0 => continue,
            1 => {
                out.push((at(&c, k), at(&(&c + 1u32), k)));
                continue;
            }
            _ => {}
        }
        let n = q.len() - 1;
        // Left half: 2^n·q(x/2); right half: the left one shifted by 1.
        let mut left: Poly = q.iter().enumerate().map(|(i, a)| a << (n - i)).collect();
        let mut right = zx::shift(&left, &BigInt::one());
        if right[0].is_zero() {
            // The midpoint is a root.
            let mid = &c * 2u32 + 1u32;
            out.push((at(&mid, k + 1), at(&mid, k + 1)));
            right.remove(0);
            // x − 1 divides the left half: divide it out.
            left = zx::divide_exact(&left, &[-BigInt::one(), BigInt::one()])
                .expect("the midpoint is a root of the left half at 1");
        }
        stack.push((right, &c * 2u32 + 1u32, k + 1));
        stack.push((left, &c * 2u32, k + 1));
    }
    Ok(out)
}

/// f at a rational point, exactly (Horner).
pub fn evaluate(f: &[BigInt], x: &Q) -> Q {
    f.iter()
        .rev()
        .fold(Q::zero(), |acc, c| acc * x + Q::from_integer(c.clone()))
}

/// Narrows an isolating interval of a root of the square-free g until it is
/// at most `width` wide, by bisection on the sign of g.
pub fn refine(
    g: &[BigInt],
    root: &RootInterval,
    width: &Q,
    budget: &Budget,
) -> Result<RootInterval, Stop> {
    let mut r = root.clone();
    if r.lower == r.upper {
        return Ok(r);
    }
    let lower_sign = evaluate(g, &r.lower).is_positive();
    while &r.upper - &r.lower > *width {
        budget.check()?;
        let mid = (&r.lower + &r.upper) / Q::from_integer(BigInt::from(2));
        let v = evaluate(g, &mid);
        if v.is_zero() {
            return Ok(RootInterval {
                lower: mid.clone(),
                upper: mid,
            });
        }
        if v.is_positive() == lower_sign {
            r.lower = mid;
        } else {
            r.upper = mid;
        }
    }
    Ok(r)
}

/// The number of distinct real roots of f ≠ 0 in the closed interval
/// [a, b], from a Sturm sequence.
pub fn count_in(f: &[BigInt], a: &Q, b: &Q, budget: &Budget) -> Result<usize, Stop> {
    let g = square_free_part(f, budget)?;
    if g.len() <= 1 || a > b {
        return Ok(0);
    }
    Ok(Sturm::new(&g).count(a, b))
}

/// The Sturm sequence of a square-free g: g, g′, then negated remainders
/// (pseudo-remainders scaled by positive factors, which keep the signs).
struct Sturm(Vec<Poly>);

impl Sturm {
    fn new(g: &[BigInt]) -> Self {
        let mut chain = vec![g.to_vec(), zx::derivative(g)];
        while chain[chain.len() - 1].len() > 1 {
            let (prev, last) = (&chain[chain.len() - 2], &chain[chain.len() - 1]);
            let (_, r) = zx::pseudo_divrem(prev, last);
            if r.is_empty() {
                break;
            }
            // lc^e·prev = q·last + r: a negative multiplier flips r's sign.
            let e = prev.len() - last.len() + 1;
            let flip = last[last.len() - 1].is_negative() && e % 2 == 1;
            let c = zx::content(&r).abs();
            chain.push(
                r.iter()
                    .map(|x| if flip { x / &c } else { -(x / &c) })
                    .collect(),
            );
        }
        Sturm(chain)
    }

    /// Sign changes at a minus those at b (roots in (a, b]), plus one if a
    /// is a root: the roots in [a, b].
    fn count(&self, a: &Q, b: &Q) -> usize {
        let changes = |x: &Q| {
            let signs: Vec<bool> = self
                .0
                .iter()
                .map(|p| evaluate(p, x))
                .filter(|v| !v.is_zero())
                .map(|v| v.is_negative())
                .collect();
            signs.windows(2).filter(|w| w[0] != w[1]).count()
        };
        changes(a) - changes(b) + usize::from(evaluate(&self.0[0], a).is_zero())
    }
}
