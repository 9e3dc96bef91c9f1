//! Derivatives by the rules of differentiation, over the canonical tree:
//! linearity, the product rule over a product's factors, the chain rule
//! through every function, and d(u^v) = v·u^(v−1)·u′ + u^v·log(u)·v′.

use super::node::{Expr, Func, Node};

/// ∂e/∂x.
pub fn derivative(e: &Expr, x: &str) -> Expr {
    if !e.has_sym(x) {
        return Expr::zero();
    }
    match e.node() {
        Node::Sym(s) => Expr::int(i64::from(&**s == x)),
        Node::Num(_) | Node::Const(_) => Expr::zero(),
        Node::Undefined => Expr::undefined(),
        // Σ f(θ, x) over fixed roots θ: d/dx under the sum.
        Node::RootSum(p, body) => Expr::root_sum(p, derivative(body, x)),
        Node::Add(ts) => Expr::add(ts.iter().map(|t| derivative(t, x)).collect()),
        Node::Mul(fs) => {
            let mut terms = Vec::with_capacity(fs.len());
            for (k, f) in fs.iter().enumerate() {
                let df = derivative(f, x);
                if df.is_zero() {
                    continue;
                }
                let mut factors: Vec<Expr> = fs
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != k)
                    .map(|(_, g)| g.clone())
                    .collect();
                factors.push(df);
                terms.push(Expr::mul(factors));
            }
            Expr::add(terms)
        }
        Node::Pow(u, v) => {
            let (du, dv) = (derivative(u, x), derivative(v, x));
            let mut terms = Vec::new();
            if !du.is_zero() {
                // v·u^(v−1)·u′
                terms.push(Expr::mul(vec![
                    v.clone(),
                    Expr::pow(u.clone(), v.minus(&Expr::one())),
                    du,
                ]));
            }
            if !dv.is_zero() {
                // u^v·log(u)·v′ (log(e) = 1 for exp).
                terms.push(Expr::mul(vec![e.clone(), Expr::log(u.clone()), dv]));
            }
            Expr::add(terms)
        }
        Node::Fun(f, args) => {
            if *f == Func::Binomial {
                // Not differentiable as a function of integers here.
                return Expr::undefined();
            }
            let u = &args[0];
            let du = derivative(u, x);
            if du.is_zero() {
                return Expr::zero();
            }
            outer(*f, u).times(&du)
        }
    }
}

/// f′(u) for the one-argument functions.
fn outer(f: Func, u: &Expr) -> Expr {
    use Func::*;
    let one = Expr::one;
    let sq = |e: &Expr| e.pow_int(2);
    let sqrt = |e: Expr| Expr::sqrt(e);
    let fun = |g: Func| Expr::fun(g, vec![u.clone()]);
    match f {
        Sin => fun(Cos),
        Cos => fun(Sin).neg(),
        Tan => one().plus(&sq(&fun(Tan))),
        Cot => one().plus(&sq(&fun(Cot))).neg(),
        Sec => fun(Sec).times(&fun(Tan)),
        Csc => fun(Csc).times(&fun(Cot)).neg(),
        Asin => sqrt(one().minus(&sq(u))).recip(),
        Acos => sqrt(one().minus(&sq(u))).recip().neg(),
        Atan => one().plus(&sq(u)).recip(),
        Acot => one().plus(&sq(u)).recip().neg(),
        // d asec(u) = 1/(|u|·sqrt(u² − 1)), d acsc(u) its negative.
        Asec => Expr::fun(Abs, vec![u.clone()])
            .times(&sqrt(sq(u).minus(&one())))
            .recip(),
        Acsc => Expr::fun(Abs, vec![u.clone()])
            .times(&sqrt(sq(u).minus(&one())))
            .recip()
            .neg(),
        Sinh => fun(Cosh),
        Cosh => fun(Sinh),
        Tanh => one().minus(&sq(&fun(Tanh))),
        Coth => one().minus(&sq(&fun(Coth))),
        Sech => fun(Sech).times(&fun(Tanh)).neg(),
        Csch => fun(Csch).times(&fun(Coth)).neg(),
        Asinh => sqrt(sq(u).plus(&one())).recip(),
        Acosh => sqrt(sq(u).minus(&one())).recip(),
        Atanh => one().minus(&sq(u)).recip(),
        Log => u.recip(),
        // Away from 0, where they are not differentiable.
        Abs => Expr::fun(Sign, vec![u.clone()]),
        Sign | Floor | Ceil => Expr::zero(),
        // Γ′(u) = Γ(u)·ψ(u) has no elementary form: refused by the
        // operation before it gets here.
        Gamma | Factorial | Binomial => Expr::undefined(),
    }
}

/// Whether the derivative of e can be written in the grammar (no Γ or
/// factorial of the variable, no binomial).
pub fn differentiable(e: &Expr, x: &str) -> bool {
    !e.any(&|s| match s.node() {
        Node::Fun(Func::Gamma | Func::Factorial | Func::Binomial, args) => {
            args.iter().any(|a| a.has_sym(x))
        }
        _ => false,
    })
}

/// How a derivative was checked: its value at test points against forward
/// automatic differentiation of the original, on certified intervals.
#[derive(Debug, Clone, PartialEq)]
pub enum Check {
    /// The two enclosures overlapped at this many points.
    Agreed { points: usize },
    /// No test point could be evaluated (the reason of the last).
    Unchecked { why: String },
}

/// Checks `df` = ∂f/∂x at up to three test points; disjoint enclosures
/// at a point are a defect of ours (`Stop::CheckFailed`).
pub fn check(f: &Expr, x: &str, df: &Expr, budget: &crate::Budget) -> Result<Check, crate::Stop> {
    use super::interval::{EvalError, at_point, derivative_at};
    let mut symbols = f.symbols();
    for s in df.symbols() {
        if !symbols.contains(&s) {
            symbols.push(s);
        }
    }
    let (mut agreed, mut why) = (0, String::from("no point was tried"));
    for k in 0..12 {
        if agreed == 3 {
            break;
        }
        let point = super::zero::test_point(&symbols, k);
        let ad = derivative_at(f, x, &point, 128, budget);
        let sym = at_point(df, &point, 128, budget);
        match (ad, sym) {
            (Ok((_, a)), Ok(b)) => {
                let overlap = a.lo_q() <= b.hi_q() && b.lo_q() <= a.hi_q();
                if !overlap {
                    return Err(crate::Stop::CheckFailed(
                        "the derivative disagrees with forward automatic differentiation",
                    ));
                }
                agreed += 1;
            }
            (Err(EvalError::Stopped(s)), _) | (_, Err(EvalError::Stopped(s))) => return Err(s),
            (Err(e), _) | (_, Err(e)) => why = e.to_string(),
        }
    }
    Ok(if agreed > 0 {
        Check::Agreed { points: agreed }
    } else {
        Check::Unchecked { why }
    })
}
