//! Exact values of functions at exact points, the part of automatic
//! simplification that knows trigonometry: sin(π/6) = 1/2, log(e) = 1,
//! atan(1) = π/4, 5! = 120. Anything not in these tables stays a function.

use super::node::{Constant, Expr, Func, Node};
use crate::Q;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The largest n whose n! (or Γ(n + 1), binomial(n, k)) is evaluated.
const MAX_FACTORIAL: u64 = 3000;

/// f(args) when it has an exact value here.
pub fn special(f: Func, args: &[Expr]) -> Option<Expr> {
    use Func::*;
    let x = &args[0];
    match f {
        Sin | Cos | Tan | Cot | Sec | Csc => trig_at_pi_multiple(f, x),
        Asin | Acos | Atan | Acot | Asec | Acsc => inverse_trig(f, x),
        Sinh | Tanh | Asinh | Atanh if x.is_zero() => Some(Expr::zero()),
        Cosh | Sech if x.is_zero() => Some(Expr::one()),
        Coth | Csch if x.is_zero() => Some(Expr::undefined()),
        Acosh if x.is_one() => Some(Expr::zero()),
        Log => log(x),
        Abs => abs(x),
        Sign => sign(x),
        Floor | Ceil => x.as_num().map(|q| {
            Expr::integer(if f == Floor {
                q.floor().to_integer()
            } else {
                q.ceil().to_integer()
            })
        }),
        Factorial => {
            let n = small_integer(x)?;
            if n < 0 {
                return Some(Expr::undefined());
            }
            factorial(n as u64)
        }
        Gamma => gamma(x),
        Binomial => binomial(x, &args[1]),
        _ => None,
    }
}

fn small_integer(x: &Expr) -> Option<i64> {
    x.as_num().filter(|q| q.is_integer())?.to_integer().to_i64()
}

fn factorial(n: u64) -> Option<Expr> {
    (n <= MAX_FACTORIAL).then(|| Expr::integer((1..=n).map(crate::BigInt::from).product()))
}

/// k when x = k·π for a rational k.
pub fn pi_multiple(x: &Expr) -> Option<Q> {
    match x.node() {
        Node::Num(q) if q.is_zero() => Some(Q::zero()),
        Node::Const(Constant::Pi) => Some(Q::one()),
        Node::Mul(fs) if fs.len() == 2 => match (fs[0].node(), fs[1].node()) {
            (Node::Num(k), Node::Const(Constant::Pi)) => Some(k.clone()),
            _ => None,
        },
        _ => None,
    }
}

fn q(n: i64, d: i64) -> Q {
    Q::new(n.into(), d.into())
}

fn sqrt_over(n: i64, d: i64) -> Expr {
    Expr::sqrt(Expr::int(n)).over(&Expr::int(d))
}

/// sin(kπ) for the k with a value in radicals here.
fn sin_pi(k: &Q) -> Option<Expr> {
    // Reduce to [0, 2), then to [0, 1/2] by sin(π + t) = −sin t and
    // sin(π − t) = sin t.
    let two = Q::from_integer(2.into());
    let mut k = k - (k / &two).floor() * &two;
    let mut sign = Q::one();
    if k >= Q::one() {
        k -= Q::one();
        sign = -sign;
    }
    if k > q(1, 2) {
        k = Q::one() - k;
    }
    let v = if k.is_zero() {
        Expr::zero()
    } else if k == q(1, 6) {
        Expr::ratio(1, 2)
    } else if k == q(1, 4) {
        sqrt_over(2, 2)
    } else if k == q(1, 3) {
        sqrt_over(3, 2)
    } else if k == q(1, 2) {
        Expr::one()
    } else if k == q(1, 12) {
        Expr::sqrt(Expr::int(6))
            .minus(&Expr::sqrt(Expr::int(2)))
            .over(&Expr::int(4))
    } else if k == q(5, 12) {
        Expr::sqrt(Expr::int(6))
            .plus(&Expr::sqrt(Expr::int(2)))
            .over(&Expr::int(4))
    } else {
        return None;
    };
    Some(Expr::mul(vec![Expr::num(sign), v]))
}

fn trig_at_pi_multiple(f: Func, x: &Expr) -> Option<Expr> {
    let k = pi_multiple(x)?;
    let sin = sin_pi(&k)?;
    // cos(kπ) = sin((1/2 − k)π).
    let cos = sin_pi(&(q(1, 2) - &k))?;
    let ratio = |a: &Expr, b: &Expr| {
        if b.is_zero() {
            Expr::undefined()
        } else {
            a.over(b)
        }
    };
    Some(match f {
        Func::Sin => sin,
        Func::Cos => cos,
        Func::Tan => ratio(&sin, &cos),
        Func::Cot => ratio(&cos, &sin),
        Func::Sec => ratio(&Expr::one(), &cos),
        _ => ratio(&Expr::one(), &sin),
    })
}

fn inverse_trig(f: Func, x: &Expr) -> Option<Expr> {
    let pi = |n: i64, d: i64| Expr::ratio(n, d).times(&Expr::pi());
    // asin of the values in the sine table (non-negative; odd functions
    // move the sign out before this is asked).
    let asin_of = |x: &Expr| -> Option<Expr> {
        [
            (Expr::zero(), pi(0, 1)),
            (Expr::ratio(1, 2), pi(1, 6)),
            (sqrt_over(2, 2), pi(1, 4)),
            (sqrt_over(3, 2), pi(1, 3)),
            (Expr::one(), pi(1, 2)),
        ]
        .into_iter()
        .find(|(v, _)| v == x)
        .map(|(_, a)| a)
    };
    let atan_of = |x: &Expr| -> Option<Expr> {
        [
            (Expr::zero(), pi(0, 1)),
            (sqrt_over(3, 3), pi(1, 6)),
            (Expr::one(), pi(1, 4)),
            (Expr::sqrt(Expr::int(3)), pi(1, 3)),
        ]
        .into_iter()
        .find(|(v, _)| v == x)
        .map(|(_, a)| a)
    };
    let half_pi = pi(1, 2);
    match f {
        Func::Asin => asin_of(x),
        Func::Atan => atan_of(x),
        // acos(x) = π/2 − asin(x), acos(−x) = π − acos(x).
        Func::Acos => {
            if x.is_negative_form() {
                let a = asin_of(&x.neg())?;
                Some(Expr::pi().minus(&half_pi.minus(&a)))
            } else {
                Some(half_pi.minus(&asin_of(x)?))
            }
        }
        // acot(x) = π/2 − atan(x) for x ≥ 0.
        Func::Acot => Some(half_pi.minus(&atan_of(x)?)),
        Func::Asec if !x.is_zero() => {
            let v = inverse_trig(Func::Acos, &x.recip())?;
            Some(v)
        }
        Func::Acsc if !x.is_zero() => inverse_trig(Func::Asin, &x.recip()),
        _ => None,
    }
}

/// Real by construction: built from real numbers, symbols (real by the
/// family's convention), π and e with operations that keep reals real.
pub fn is_real(x: &Expr) -> bool {
    match x.node() {
        // The root of a root sum is complex in general.
        Node::Sym(s) => &**s != super::node::BOUND,
        Node::Num(_) => true,
        Node::RootSum(..) => false,
        Node::Const(c) => *c != Constant::I,
        Node::Add(v) | Node::Mul(v) => v.iter().all(is_real),
        Node::Pow(b, e) => {
            is_real(e)
                && (matches!(b.node(), Node::Const(Constant::E))
                    || b.as_num().is_some_and(Signed::is_positive)
                    || (is_real(b) && e.as_num().is_some_and(Q::is_integer)))
        }
        Node::Fun(f, args) => {
            use Func::*;
            matches!(
                f,
                Sin | Cos | Atan | Sinh | Cosh | Tanh | Asinh | Abs | Sign | Floor | Ceil
            ) && args.iter().all(is_real)
        }
        Node::Undefined => false,
    }
}

fn log(x: &Expr) -> Option<Expr> {
    match x.node() {
        Node::Num(q) if q.is_zero() => Some(Expr::undefined()),
        Node::Num(q) if q.is_one() => Some(Expr::zero()),
        // log(−q) = log(q) + iπ (principal branch).
        Node::Num(q) if q.is_negative() => {
            Some(Expr::log(Expr::num(-q.clone())).plus(&Expr::i().times(&Expr::pi())))
        }
        // log(1/n) = −log(n).
        Node::Num(q) if q.numer().is_one() && !q.denom().is_one() => {
            Some(Expr::log(Expr::integer(q.denom().clone())).neg())
        }
        Node::Const(Constant::E) => Some(Expr::one()),
        Node::Const(Constant::I) => Some(Expr::ratio(1, 2).times(&Expr::i()).times(&Expr::pi())),
        Node::Pow(b, e) if matches!(b.node(), Node::Const(Constant::E)) && is_real(e) => {
            Some(e.clone())
        }
        _ => None,
    }
}

fn abs(x: &Expr) -> Option<Expr> {
    match x.node() {
        Node::Num(q) => Some(Expr::num(q.abs())),
        Node::Const(Constant::I) => Some(Expr::one()),
        Node::Const(_) => Some(x.clone()),
        Node::Fun(Func::Abs, _) => Some(x.clone()),
        Node::Pow(b, e) if matches!(b.node(), Node::Const(Constant::E)) && is_real(e) => {
            Some(x.clone())
        }
        _ => None,
    }
}

fn sign(x: &Expr) -> Option<Expr> {
    match x.node() {
        Node::Num(q) => Some(Expr::int(if q.is_zero() {
            0
        } else if q.is_positive() {
            1
        } else {
            -1
        })),
        Node::Const(Constant::Pi | Constant::E) => Some(Expr::one()),
        _ => None,
    }
}

fn gamma(x: &Expr) -> Option<Expr> {
    let q = x.as_num()?;
    if q.is_integer() {
        let n = q.to_integer().to_i64()?;
        if n <= 0 {
            return Some(Expr::undefined());
        }
        return factorial(n as u64 - 1);
    }
    // Γ(n + 1/2) = (2n)!/(4^n·n!)·√π for n ≥ 0.
    if *q.denom() == 2.into() && q.is_positive() {
        let n = (q - q_half()).to_integer().to_u64()?;
        if n > MAX_FACTORIAL / 2 {
            return None;
        }
        let top = factorial(2 * n)?;
        let bottom = Expr::integer(num_traits::pow(crate::BigInt::from(4), n as usize))
            .times(&factorial(n)?);
        return Some(top.over(&bottom).times(&Expr::sqrt(Expr::pi())));
    }
    None
}

fn q_half() -> Q {
    q(1, 2)
}

fn binomial(n: &Expr, k: &Expr) -> Option<Expr> {
    let (n, k) = (small_integer(n)?, small_integer(k)?);
    if k < 0 || (n >= 0 && k > n) {
        return Some(Expr::zero());
    }
    if n < 0 || n as u64 > MAX_FACTORIAL {
        return None;
    }
    let (n, k) = (n as u64, k as u64);
    let k = k.min(n - k);
    let mut acc = crate::BigInt::one();
    for j in 0..k {
        acc = acc * (n - j) / (j + 1);
    }
    Some(Expr::integer(acc))
}

/// The value of `e` at x = v by direct recursion in exact rationals —
/// numbers, the symbol, sums, products, integer powers (the exponent may
/// hold the symbol), abs, sign, floor,
/// ceil, factorial and binomial of small integers — without the canonical
/// simplifier, so it can check a substitution. None where `e` uses
/// anything else, divides by 0, or a power would pass 2²⁰ bits.
pub fn rational_at(e: &Expr, x: &str, v: &Q) -> Option<Q> {
    let small = |e: &Expr| {
        let q = rational_at(e, x, v)?;
        q.is_integer().then(|| q.to_integer().to_u64()).flatten()
    };
    match e.node() {
        Node::Num(q) => Some(q.clone()),
        Node::Sym(s) if &**s == x => Some(v.clone()),
        Node::Add(terms) => terms.iter().map(|t| rational_at(t, x, v)).sum(),
        Node::Mul(factors) => factors.iter().map(|f| rational_at(f, x, v)).product(),
        Node::Pow(base, exponent) => {
            let b = rational_at(base, x, v)?;
            let k = rational_at(exponent, x, v)
                .filter(|k| k.is_integer())?
                .to_integer()
                .to_i32()?;
            let size = u64::from(k.unsigned_abs()) * (b.numer().bits() + b.denom().bits());
            if (b.is_zero() && k < 0) || size > 1 << 20 {
                return None;
            }
            Some(crate::rational::pow(&b, k.unsigned_abs() as usize))
                .map(|p| if k < 0 { p.recip() } else { p })
        }
        Node::Fun(Func::Factorial, args) if args.len() == 1 => {
            let n = small(&args[0]).filter(|&n| n <= MAX_FACTORIAL)?;
            Some(Q::from_integer(crate::combinatorics::factorial(n).into()))
        }
        Node::Fun(Func::Binomial, args) if args.len() == 2 => {
            let (n, k) = (small(&args[0])?, small(&args[1])?);
            (n <= MAX_FACTORIAL && k <= n)
                .then(|| Q::from_integer(crate::combinatorics::binomial(n, k).into()))
        }
        Node::Fun(f, args) if args.len() == 1 => {
            let a = rational_at(&args[0], x, v)?;
            match f {
                Func::Abs => Some(a.abs()),
                Func::Sign => Some(Q::from_integer(a.signum().to_integer())),
                Func::Floor => Some(Q::from_integer(a.floor().to_integer())),
                Func::Ceil => Some(Q::from_integer(a.ceil().to_integer())),
                _ => None,
            }
        }
        _ => None,
    }
}
