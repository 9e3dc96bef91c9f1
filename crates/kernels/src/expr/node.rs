//! The expression tree and its automatic simplification.
//!
//! Every [`Expr`] is built through the constructors here ([`Expr::add`],
//! [`Expr::mul`], [`Expr::pow`], [`Expr::fun`]), which keep it in one
//! canonical form (Cohen's automatic simplification): sums and products
//! flattened, sorted, like terms and like bases combined, numbers folded,
//! integer powers of products distributed, a number times a sum
//! distributed, exact values of functions at exact points. So two
//! expressions built from equal parts are structurally equal, and a
//! printed form re-parses to the same tree.
//!
//! `exp(x)` is `e^x` and `sqrt(x)` is `x^(1/2)`: powers of one base
//! combine wherever they meet (`exp(a)·exp(b) = exp(a + b)`).

use crate::{BigInt, Q};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The named constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Constant {
    /// The imaginary unit (first, so products read `i*pi`).
    I,
    Pi,
    /// Euler's number; `exp(x)` is `e^x`.
    E,
    /// The Euler–Mascheroni constant γ = lim (H_n − log n), `euler_gamma`.
    EulerGamma,
}

/// The functions of the grammar that are not powers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Func {
    Sin,
    Cos,
    Tan,
    Cot,
    Sec,
    Csc,
    Asin,
    Acos,
    Atan,
    Acot,
    Asec,
    Acsc,
    Sinh,
    Cosh,
    Tanh,
    Coth,
    Sech,
    Csch,
    Asinh,
    Acosh,
    Atanh,
    /// The natural logarithm (principal branch).
    Log,
    Abs,
    Sign,
    Floor,
    Ceil,
    Factorial,
    Gamma,
    /// binomial(n, k), two arguments.
    Binomial,
}

impl Func {
    /// Every function and its name in the grammar.
    pub const ALL: [(Func, &'static str); 29] = [
        (Func::Sin, "sin"),
        (Func::Cos, "cos"),
        (Func::Tan, "tan"),
        (Func::Cot, "cot"),
        (Func::Sec, "sec"),
        (Func::Csc, "csc"),
        (Func::Asin, "asin"),
        (Func::Acos, "acos"),
        (Func::Atan, "atan"),
        (Func::Acot, "acot"),
        (Func::Asec, "asec"),
        (Func::Acsc, "acsc"),
        (Func::Sinh, "sinh"),
        (Func::Cosh, "cosh"),
        (Func::Tanh, "tanh"),
        (Func::Coth, "coth"),
        (Func::Sech, "sech"),
        (Func::Csch, "csch"),
        (Func::Asinh, "asinh"),
        (Func::Acosh, "acosh"),
        (Func::Atanh, "atanh"),
        (Func::Log, "log"),
        (Func::Abs, "abs"),
        (Func::Sign, "sign"),
        (Func::Floor, "floor"),
        (Func::Ceil, "ceil"),
        (Func::Factorial, "factorial"),
        (Func::Gamma, "gamma"),
        (Func::Binomial, "binomial"),
    ];

    pub fn name(self) -> &'static str {
        Func::ALL
            .iter()
            .find(|(f, _)| *f == self)
            .map_or("?", |(_, n)| n)
    }

    pub fn arity(self) -> usize {
        if self == Func::Binomial { 2 } else { 1 }
    }

    /// f(−x) = −f(x).
    fn odd(self) -> bool {
        use Func::*;
        matches!(
            self,
            Sin | Tan
                | Cot
                | Csc
                | Asin
                | Atan
                | Acot
                | Acsc
                | Sinh
                | Tanh
                | Coth
                | Csch
                | Asinh
                | Atanh
                | Sign
        )
    }

    /// f(−x) = f(x).
    fn even(self) -> bool {
        matches!(
            self,
            Func::Cos | Func::Sec | Func::Cosh | Func::Sech | Func::Abs
        )
    }
}

/// A symbol's name.
pub type Name = Arc<str>;

/// The name of the root inside a [`Node::RootSum`]'s body: not a name of
/// the grammar, so it never meets a caller's symbol (printed as a fresh
/// name; root sums do not nest).
pub const BOUND: &str = "%t";

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Num(Q),
    Sym(Name),
    Const(Constant),
    /// At least two terms, canonical order, like terms combined, at most
    /// one number (first).
    Add(Vec<Expr>),
    /// At least two factors, canonical order, like bases combined, at most
    /// one number (first, never 1).
    Mul(Vec<Expr>),
    Pow(Expr, Expr),
    Fun(Func, Vec<Expr>),
    /// Σ body over the distinct complex roots θ of a monic squarefree
    /// polynomial over Q of degree ≥ 2 (lowest coefficient first), the
    /// root written [`BOUND`] in the body (`root_sum(t^3 + t + 1, t, …)`).
    RootSum(Vec<Q>, Expr),
    /// A value that does not exist (1/0, log(0)); it absorbs every
    /// operation, and operations refuse an answer that holds it.
    Undefined,
}

/// An expression in canonical form; cheap to clone (shared).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Expr(Arc<Node>);

impl std::fmt::Debug for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", super::print::text(self))
    }
}

impl std::fmt::Display for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&super::print::text(self))
    }
}

/// Numbers in automatic simplification stay below this many bits: a power
/// with a larger exact value is kept as a power (`10^(10^9)` stays
/// unevaluated).
pub const MAX_NUMBER_BITS: u64 = 1 << 17;

/// The rank of each kind in the canonical order.
fn rank(n: &Node) -> u8 {
    match n {
        Node::Num(_) => 0,
        Node::Const(_) => 1,
        Node::Sym(_) => 2,
        Node::Pow(..) => 3,
        Node::Mul(_) => 4,
        Node::Add(_) => 5,
        Node::Fun(..) => 6,
        Node::RootSum(..) => 7,
        Node::Undefined => 8,
    }
}

impl Ord for Expr {
    fn cmp(&self, other: &Self) -> Ordering {
        if Arc::ptr_eq(&self.0, &other.0) {
            return Ordering::Equal;
        }
        match (self.node(), other.node()) {
            (Node::Num(a), Node::Num(b)) => a.cmp(b),
            (Node::Sym(a), Node::Sym(b)) => a.cmp(b),
            (Node::Const(a), Node::Const(b)) => a.cmp(b),
            (Node::Add(a), Node::Add(b)) | (Node::Mul(a), Node::Mul(b)) => a.cmp(b),
            (Node::Pow(a, x), Node::Pow(b, y)) => a.cmp(b).then_with(|| x.cmp(y)),
            (Node::Fun(f, a), Node::Fun(g, b)) => f.cmp(g).then_with(|| a.cmp(b)),
            (Node::RootSum(p, a), Node::RootSum(q, b)) => p.cmp(q).then_with(|| a.cmp(b)),
            (a, b) => rank(a).cmp(&rank(b)),
        }
    }
}

impl PartialOrd for Expr {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Expr {
    fn new(n: Node) -> Expr {
        Expr(Arc::new(n))
    }

    pub fn node(&self) -> &Node {
        &self.0
    }

    pub fn num(q: Q) -> Expr {
        Expr::new(Node::Num(q))
    }

    pub fn int(i: i64) -> Expr {
        Expr::num(Q::from_integer(i.into()))
    }

    pub fn integer(i: BigInt) -> Expr {
        Expr::num(Q::from_integer(i))
    }

    pub fn ratio(n: i64, d: i64) -> Expr {
        Expr::num(Q::new(n.into(), d.into()))
    }

    pub fn zero() -> Expr {
        Expr::int(0)
    }

    pub fn one() -> Expr {
        Expr::int(1)
    }

    pub fn sym(name: &str) -> Expr {
        Expr::new(Node::Sym(name.into()))
    }

    pub fn constant(c: Constant) -> Expr {
        Expr::new(Node::Const(c))
    }

    pub fn pi() -> Expr {
        Expr::constant(Constant::Pi)
    }

    pub fn e() -> Expr {
        Expr::constant(Constant::E)
    }

    pub fn i() -> Expr {
        Expr::constant(Constant::I)
    }

    pub fn undefined() -> Expr {
        Expr::new(Node::Undefined)
    }

    pub fn as_num(&self) -> Option<&Q> {
        match self.node() {
            Node::Num(q) => Some(q),
            _ => None,
        }
    }

    pub fn as_sym(&self) -> Option<&str> {
        match self.node() {
            Node::Sym(s) => Some(s),
            _ => None,
        }
    }

    pub fn is_zero(&self) -> bool {
        self.as_num().is_some_and(Zero::is_zero)
    }

    pub fn is_one(&self) -> bool {
        self.as_num().is_some_and(One::is_one)
    }

    pub fn is_undefined(&self) -> bool {
        matches!(self.node(), Node::Undefined)
    }

    /// Whether `Undefined` occurs anywhere in it.
    pub fn has_undefined(&self) -> bool {
        self.any(&|e| e.is_undefined())
    }

    /// Whether `pred` holds for this expression or any subexpression.
    pub fn any(&self, pred: &dyn Fn(&Expr) -> bool) -> bool {
        if pred(self) {
            return true;
        }
        self.children().iter().any(|c| c.any(pred))
    }

    /// The direct subexpressions.
    pub fn children(&self) -> Vec<Expr> {
        match self.node() {
            Node::Add(v) | Node::Mul(v) | Node::Fun(_, v) => v.clone(),
            Node::Pow(b, e) => vec![b.clone(), e.clone()],
            Node::RootSum(_, body) => vec![body.clone()],
            _ => Vec::new(),
        }
    }

    /// Whether the symbol `x` occurs in it.
    pub fn has_sym(&self, x: &str) -> bool {
        self.any(&|e| e.as_sym() == Some(x))
    }

    /// The symbols in it, sorted.
    pub fn symbols(&self) -> Vec<String> {
        let mut out = std::collections::BTreeSet::new();
        self.collect_symbols(&mut out);
        out.into_iter().collect()
    }

    fn collect_symbols(&self, out: &mut std::collections::BTreeSet<String>) {
        match self.node() {
            Node::Sym(s) if &**s == BOUND => {}
            Node::Sym(s) => {
                out.insert(s.to_string());
            }
            _ => {
                for c in self.children() {
                    c.collect_symbols(out);
                }
            }
        }
    }

    /// Nodes in the tree (shared subtrees counted each time they occur).
    pub fn size(&self) -> usize {
        1 + self.children().iter().map(Expr::size).sum::<usize>()
    }

    /// The numeric coefficient and the rest: 3·x·y → (3, x·y), x → (1, x),
    /// 5 → (5, 1).
    pub fn coefficient_and_rest(&self) -> (Q, Expr) {
        match self.node() {
            Node::Num(q) => (q.clone(), Expr::one()),
            Node::Mul(fs) => match fs[0].node() {
                Node::Num(c) => {
                    let rest = if fs.len() == 2 {
                        fs[1].clone()
                    } else {
                        Expr::new(Node::Mul(fs[1..].to_vec()))
                    };
                    (c.clone(), rest)
                }
                _ => (Q::one(), self.clone()),
            },
            _ => (Q::one(), self.clone()),
        }
    }

    /// Base and exponent: x^3 → (x, 3), x → (x, 1).
    pub fn base_and_exponent(&self) -> (Expr, Expr) {
        match self.node() {
            Node::Pow(b, e) => (b.clone(), e.clone()),
            _ => (self.clone(), Expr::one()),
        }
    }

    /// Whether the canonical form reads better with its sign pulled out:
    /// a negative number, a product with a negative coefficient, a sum
    /// whose first non-numeric term has one. Exactly one of x and −x has
    /// it (unless x = 0), so odd functions can move the sign out.
    pub fn is_negative_form(&self) -> bool {
        match self.node() {
            Node::Num(q) => q.is_negative(),
            Node::Mul(fs) => fs[0].as_num().is_some_and(Signed::is_negative),
            Node::Add(ts) => ts
                .iter()
                .find(|t| t.as_num().is_none())
                .is_some_and(Expr::is_negative_form),
            _ => false,
        }
    }

    // ---- sums --------------------------------------------------------

    /// The canonical sum of `terms`.
    pub fn add(terms: Vec<Expr>) -> Expr {
        let mut flat = Vec::with_capacity(terms.len());
        for t in terms {
            match t.node() {
                Node::Undefined => return t,
                Node::Add(ts) => flat.extend(ts.iter().cloned()),
                _ => flat.push(t),
            }
        }
        let mut groups: BTreeMap<Expr, Q> = BTreeMap::new();
        for t in flat {
            let (c, rest) = t.coefficient_and_rest();
            *groups.entry(rest).or_insert_with(Q::zero) += c;
        }
        let mut out: Vec<Expr> = groups
            .into_iter()
            .filter(|(_, c)| !c.is_zero())
            .map(|(rest, c)| scaled(c, rest))
            .collect();
        match out.len() {
            0 => Expr::zero(),
            1 => out.pop().unwrap_or_else(Expr::zero),
            _ => Expr::new(Node::Add(out)),
        }
    }

    // ---- products ----------------------------------------------------

    /// The canonical product of `factors`.
    pub fn mul(factors: Vec<Expr>) -> Expr {
        let mut coefficient = Q::one();
        let mut bases: BTreeMap<Expr, Vec<Expr>> = BTreeMap::new();
        let mut stack = factors;
        while let Some(f) = stack.pop() {
            match f.node() {
                Node::Undefined => return f,
                Node::Num(q) => coefficient *= q,
                Node::Mul(fs) => stack.extend(fs.iter().cloned()),
                _ => {
                    let (b, e) = f.base_and_exponent();
                    bases.entry(b).or_default().push(e);
                }
            }
        }
        if coefficient.is_zero() {
            return Expr::zero();
        }
        let mut out: Vec<Expr> = Vec::new();
        let mut changed = false;
        for (base, exps) in bases {
            let single = exps.len() == 1;
            let p = Expr::pow(base.clone(), Expr::add(exps));
            match p.node() {
                Node::Num(q) => {
                    coefficient *= q;
                    changed |= !single || base.as_num().is_none();
                }
                Node::Mul(_) => {
                    // A power that split (12^(1/2) = 2·3^(1/2), (xy)^2):
                    // its factors may meet others; combine once more.
                    out.push(p);
                    changed = true;
                }
                _ => out.push(p),
            }
        }
        if coefficient.is_zero() {
            return Expr::zero();
        }
        if changed {
            out.push(Expr::num(coefficient));
            return Expr::mul_settled(out);
        }
        Expr::product_of(coefficient, out)
    }

    /// [`Expr::mul`] once more on factors that may still combine, without
    /// recursing further: the second pass only merges what the first split.
    fn mul_settled(factors: Vec<Expr>) -> Expr {
        let mut coefficient = Q::one();
        let mut bases: BTreeMap<Expr, Vec<Expr>> = BTreeMap::new();
        let mut stack = factors;
        while let Some(f) = stack.pop() {
            match f.node() {
                Node::Num(q) => coefficient *= q,
                Node::Mul(fs) => stack.extend(fs.iter().cloned()),
                _ => {
                    let (b, e) = f.base_and_exponent();
                    bases.entry(b).or_default().push(e);
                }
            }
        }
        let mut out = Vec::new();
        for (base, exps) in bases {
            let p = if exps.len() == 1 {
                Expr::raw_pow(base, exps[0].clone())
            } else {
                Expr::pow(base, Expr::add(exps))
            };
            match p.node() {
                Node::Num(q) => coefficient *= q,
                Node::Mul(fs) => {
                    for f in fs {
                        match f.node() {
                            Node::Num(q) => coefficient *= q,
                            _ => out.push(f.clone()),
                        }
                    }
                }
                _ => out.push(p),
            }
        }
        if coefficient.is_zero() {
            return Expr::zero();
        }
        out.sort_by(by_base);
        Expr::product_of(coefficient, out)
    }

    /// c·∏ factors, the factors already canonical and sorted; a number
    /// times a sum is distributed.
    fn product_of(coefficient: Q, mut factors: Vec<Expr>) -> Expr {
        if factors.is_empty() {
            return Expr::num(coefficient);
        }
        if factors.len() == 1 {
            if coefficient.is_one() {
                return factors.pop().unwrap_or_else(Expr::zero);
            }
            if let Node::Add(ts) = factors[0].node() {
                return Expr::add(ts.iter().map(|t| scale(&coefficient, t)).collect());
            }
        }
        if !coefficient.is_one() {
            factors.insert(0, Expr::num(coefficient));
        }
        Expr::new(Node::Mul(factors))
    }

    /// A power left as it is (both parts canonical, no rule applies).
    fn raw_pow(base: Expr, exponent: Expr) -> Expr {
        if exponent.is_one() {
            return base;
        }
        Expr::new(Node::Pow(base, exponent))
    }

    // ---- powers ------------------------------------------------------

    /// The canonical base^exponent.
    pub fn pow(base: Expr, exponent: Expr) -> Expr {
        if base.is_undefined() || exponent.is_undefined() {
            return Expr::undefined();
        }
        if exponent.is_zero() || base.is_one() {
            return Expr::one();
        }
        if exponent.is_one() {
            return base;
        }
        if base.is_zero() {
            return match exponent.as_num() {
                Some(q) if q.is_positive() => Expr::zero(),
                Some(_) => Expr::undefined(),
                None => Expr::raw_pow(base, exponent),
            };
        }
        if let (Some(b), Some(e)) = (base.as_num(), exponent.as_num()) {
            return number_power(b, e);
        }
        match (base.node(), exponent.node()) {
            (Node::Const(Constant::I), Node::Num(e)) if e.is_integer() => {
                let k = e.to_integer().mod_floor(&BigInt::from(4));
                return match k.to_u32() {
                    Some(0) => Expr::one(),
                    Some(1) => Expr::i(),
                    Some(2) => Expr::int(-1),
                    _ => Expr::mul(vec![Expr::int(-1), Expr::i()]),
                };
            }
            // e^log(x) = x (the principal logarithm inverts exp).
            (Node::Const(Constant::E), Node::Fun(Func::Log, args)) => return args[0].clone(),
            // e^(k·log(x)) = x^k for a rational k.
            (Node::Const(Constant::E), Node::Mul(fs))
                if fs.len() == 2
                    && fs[0].as_num().is_some()
                    && matches!(fs[1].node(), Node::Fun(Func::Log, _)) =>
            {
                if let Node::Fun(_, args) = fs[1].node() {
                    return Expr::pow(args[0].clone(), fs[0].clone());
                }
            }
            (Node::Pow(b, e), _) if exponent.as_num().is_some_and(Q::is_integer) => {
                return Expr::pow(b.clone(), Expr::mul(vec![e.clone(), exponent.clone()]));
            }
            (Node::Mul(fs), _) if exponent.as_num().is_some_and(Q::is_integer) => {
                return Expr::mul(
                    fs.iter()
                        .map(|f| Expr::pow(f.clone(), exponent.clone()))
                        .collect(),
                );
            }
            _ => {}
        }
        Expr::raw_pow(base, exponent)
    }

    // ---- arithmetic shorthands --------------------------------------

    pub fn neg(&self) -> Expr {
        scale(&-Q::one(), self)
    }

    pub fn recip(&self) -> Expr {
        Expr::pow(self.clone(), Expr::int(-1))
    }

    pub fn plus(&self, other: &Expr) -> Expr {
        Expr::add(vec![self.clone(), other.clone()])
    }

    pub fn minus(&self, other: &Expr) -> Expr {
        Expr::add(vec![self.clone(), other.neg()])
    }

    pub fn times(&self, other: &Expr) -> Expr {
        Expr::mul(vec![self.clone(), other.clone()])
    }

    pub fn over(&self, other: &Expr) -> Expr {
        Expr::mul(vec![self.clone(), other.recip()])
    }

    pub fn pow_int(&self, k: i64) -> Expr {
        Expr::pow(self.clone(), Expr::int(k))
    }

    pub fn exp(x: Expr) -> Expr {
        Expr::pow(Expr::e(), x)
    }

    pub fn sqrt(x: Expr) -> Expr {
        Expr::pow(x, Expr::ratio(1, 2))
    }

    pub fn log(x: Expr) -> Expr {
        Expr::fun(Func::Log, vec![x])
    }

    pub fn sin(x: Expr) -> Expr {
        Expr::fun(Func::Sin, vec![x])
    }

    pub fn cos(x: Expr) -> Expr {
        Expr::fun(Func::Cos, vec![x])
    }

    // ---- functions ---------------------------------------------------

    /// The canonical f(args): exact values at exact points, signs moved out
    /// of odd and even functions.
    pub fn fun(f: Func, args: Vec<Expr>) -> Expr {
        if args.iter().any(Expr::is_undefined) {
            return Expr::undefined();
        }
        if let Some(v) = super::values::special(f, &args) {
            return v;
        }
        if args.len() == 1 && args[0].is_negative_form() {
            if f.odd() {
                return Expr::fun(f, vec![args[0].neg()]).neg();
            }
            if f.even() {
                return Expr::fun(f, vec![args[0].neg()]);
            }
        }
        Expr::new(Node::Fun(f, args))
    }

    /// Rebuilds this node from (possibly new) children, through the
    /// canonical constructors.
    pub fn rebuild(&self, children: Vec<Expr>) -> Expr {
        match self.node() {
            Node::Add(_) => Expr::add(children),
            Node::Mul(_) => Expr::mul(children),
            Node::Pow(..) => {
                let mut c = children.into_iter();
                match (c.next(), c.next()) {
                    (Some(b), Some(e)) => Expr::pow(b, e),
                    _ => Expr::undefined(),
                }
            }
            Node::Fun(f, _) => Expr::fun(*f, children),
            Node::RootSum(p, _) => match children.into_iter().next() {
                Some(body) => Expr::root_sum(p, body),
                None => Expr::undefined(),
            },
            _ => self.clone(),
        }
    }

    /// Applies `f` to every child and rebuilds.
    pub fn map_children(&self, f: &mut dyn FnMut(&Expr) -> Expr) -> Expr {
        match self.node() {
            Node::Add(_) | Node::Mul(_) | Node::Pow(..) | Node::Fun(..) | Node::RootSum(..) => {
                let children = self.children().iter().map(&mut *f).collect();
                self.rebuild(children)
            }
            _ => self.clone(),
        }
    }
}

/// c·t for a canonical t, without re-sorting t's factors.
fn scaled(c: Q, rest: Expr) -> Expr {
    if rest.is_one() {
        return Expr::num(c);
    }
    if c.is_one() {
        return rest;
    }
    match rest.node() {
        Node::Mul(fs) => {
            let mut v = Vec::with_capacity(fs.len() + 1);
            v.push(Expr::num(c));
            v.extend(fs.iter().cloned());
            Expr::new(Node::Mul(v))
        }
        _ => Expr::new(Node::Mul(vec![Expr::num(c), rest])),
    }
}

/// c·t through the canonical constructors.
fn scale(c: &Q, t: &Expr) -> Expr {
    if c.is_zero() {
        return Expr::zero();
    }
    match t.node() {
        Node::Num(q) => Expr::num(q * c),
        Node::Add(ts) => Expr::add(ts.iter().map(|x| scale(c, x)).collect()),
        Node::Undefined => t.clone(),
        _ => {
            let (k, rest) = t.coefficient_and_rest();
            scaled(k * c, rest)
        }
    }
}

/// b^e for rationals: exact when the result is rational and small, the
/// perfect powers pulled out of a root, `(−1)^(p/q)` kept for the sign.
fn number_power(b: &Q, e: &Q) -> Expr {
    if e.is_integer() {
        let Some(k) = e.to_integer().to_i64() else {
            return Expr::new(Node::Pow(Expr::num(b.clone()), Expr::num(e.clone())));
        };
        let bits = b.numer().bits().max(b.denom().bits());
        if bits.saturating_mul(k.unsigned_abs()) > MAX_NUMBER_BITS {
            return Expr::new(Node::Pow(Expr::num(b.clone()), Expr::num(e.clone())));
        }
        let p = crate::rational::pow(b, k.unsigned_abs() as usize);
        return Expr::num(if k < 0 { p.recip() } else { p });
    }
    // b^(p/q) = b^⌊p/q⌋ · b^(r/q), 0 < r < q.
    let whole = e.floor();
    let frac = e - &whole;
    let integral = if whole.is_zero() {
        Expr::one()
    } else {
        number_power(b, &whole)
    };
    let q = frac.denom().to_u32().unwrap_or(u32::MAX);
    let r = frac.numer().clone();
    let (sign, magnitude) = if b.is_negative() {
        (true, -b)
    } else {
        (false, b.clone())
    };
    // |b|^(r/q) = (s_n/s_d)^r · (t_n/t_d)^(r/q) with n = s_n^q·t_n.
    let (sn, tn) = split_root(magnitude.numer(), q);
    let (sd, td) = split_root(magnitude.denom(), q);
    let outside = number_power(&Q::new(sn, sd), &Q::from_integer(r.clone()));
    // A denominator inside a root moves out: (t_n/t_d)^(r/q) =
    // (t_n·t_d^(q−1))^(r/q) / t_d^r.
    let (inside, den_out) = if td.is_one() {
        (Q::from_integer(tn), Expr::one())
    } else {
        let lifted = tn * num_traits::pow(td.clone(), (q - 1) as usize);
        (
            Q::from_integer(lifted),
            number_power(&Q::from_integer(td), &Q::from_integer(-r.clone())),
        )
    };
    let root = if inside.is_one() {
        Expr::one()
    } else {
        Expr::new(Node::Pow(Expr::num(inside), Expr::num(frac.clone())))
    };
    let sign_part = if sign {
        minus_one_power(&frac)
    } else {
        Expr::one()
    };
    // Assembled directly: going back through `mul` would split the root
    // again. Its base has no perfect power left, so nothing combines.
    let mut coefficient = Q::one();
    let mut rest = Vec::new();
    for f in [integral, outside, den_out, root, sign_part] {
        match f.node() {
            Node::Num(q) => coefficient *= q,
            Node::Mul(fs) => {
                for g in fs {
                    match g.node() {
                        Node::Num(q) => coefficient *= q,
                        _ => rest.push(g.clone()),
                    }
                }
            }
            _ => rest.push(f),
        }
    }
    rest.sort_by(by_base);
    Expr::product_of(coefficient, rest)
}

/// The canonical order of a product's factors: by base.
fn by_base(a: &Expr, b: &Expr) -> Ordering {
    a.base_and_exponent().0.cmp(&b.base_and_exponent().0)
}

/// (−1)^f for 0 < f < 1: i for f = 1/2, kept as a power otherwise.
fn minus_one_power(f: &Q) -> Expr {
    if *f == Q::new(1.into(), 2.into()) {
        return Expr::i();
    }
    Expr::new(Node::Pow(Expr::int(-1), Expr::num(f.clone())))
}

/// n = s^q·t with s as large as small primes and one perfect-power test
/// find it (a canonical choice: equal inputs give equal splits).
fn split_root(n: &BigInt, q: u32) -> (BigInt, BigInt) {
    if n.is_one() || q <= 1 {
        return (BigInt::one(), n.clone());
    }
    let mut s = BigInt::one();
    let mut t = n.clone();
    let mut p = 2u32;
    while p < 1000 && BigInt::from(p).pow(q) <= t {
        let pq = BigInt::from(p).pow(q);
        while (&t % &pq).is_zero() {
            t /= &pq;
            s *= p;
        }
        p += if p == 2 { 1 } else { 2 };
    }
    let r = t.nth_root(q);
    if r.pow(q) == t {
        return (s * r, BigInt::one());
    }
    (s, t)
}

impl Expr {
    /// Every symbol named in `map` replaced by its value, simultaneously,
    /// and the result rebuilt canonically.
    pub fn substitute(&self, map: &BTreeMap<String, Expr>) -> Expr {
        match self.node() {
            Node::Sym(s) => map.get(&**s).cloned().unwrap_or_else(|| self.clone()),
            Node::Add(_) | Node::Mul(_) | Node::Pow(..) | Node::Fun(..) | Node::RootSum(..) => {
                if !map.keys().any(|k| self.has_sym(k)) {
                    return self.clone();
                }
                let children = self.children().iter().map(|c| c.substitute(map)).collect();
                self.rebuild(children)
            }
            _ => self.clone(),
        }
    }
}

impl Expr {
    /// The root inside a root sum's body.
    pub fn bound() -> Expr {
        Expr::sym(BOUND)
    }

    /// Σ body(θ) over the roots θ of `poly` (squarefree: the caller's
    /// duty), simplified: a sum split term by term, factors free of θ
    /// moved out, θ^k summed as the power sum Tr(θ^k), degree 1
    /// substituted.
    pub fn root_sum(poly: &[Q], body: Expr) -> Expr {
        let field = crate::poly::algebraic::Extension::new(poly);
        let m = field.modulus().to_vec();
        if m.len() < 2 {
            return Expr::zero();
        }
        // Root sums do not nest: both bodies would name their root BOUND.
        if body.is_undefined() || body.any(&|e| matches!(e.node(), Node::RootSum(..))) {
            return Expr::undefined();
        }
        if m.len() == 2 {
            let root = Expr::num(-m[0].clone());
            return body.substitute(&BTreeMap::from([(BOUND.to_string(), root)]));
        }
        if let Node::Add(ts) = body.node() {
            return Expr::add(ts.iter().map(|t| Expr::root_sum(&m, t.clone())).collect());
        }
        let factors = match body.node() {
            Node::Mul(fs) => fs.clone(),
            _ => vec![body.clone()],
        };
        let (inside, outside): (Vec<Expr>, Vec<Expr>) =
            factors.into_iter().partition(|f| f.has_sym(BOUND));
        let (inside, outside) = (Expr::mul(inside), Expr::mul(outside));
        let power = match inside.node() {
            _ if inside.is_one() => Some(0),
            Node::Sym(_) => Some(1),
            Node::Pow(b, k) if b.as_sym() == Some(BOUND) => k
                .as_num()
                .filter(|k| k.is_integer())
                .and_then(|k| k.to_integer().to_usize())
                .filter(|&k| k <= 200),
            _ => None,
        };
        match power {
            Some(k) => {
                let mut t = vec![Q::zero(); k + 1];
                t[k] = Q::one();
                outside.times(&Expr::num(field.trace(&t)))
            }
            None => outside.times(&Expr::new(Node::RootSum(m, inside))),
        }
    }
}
