//! The expression grammar (docs/DECISIONS.md, Expressions), read by a
//! recursive-descent parser straight into canonical [`Expr`]s; nothing is
//! evaluated beyond automatic simplification.
//!
//! ```text
//! sum     := term (("+" | "-") term)*
//! term    := unary (("*" | "/") unary | unary)*     juxtaposition: 2x, 3(x+1), (x+1)(x-1), x(x+1)
//! unary   := ("-" | "+") unary | power
//! power   := postfix [("^" | "**") unary]           right-associative: x^y^z = x^(y^z)
//! postfix := atom "!"*
//! atom    := number | name | function "(" sum ("," sum)* ")" | "(" sum ")"
//! number  := digits ["." digits]                    name := [a-z][a-z0-9_]*
//! ```

use super::node::{Expr, Func};
use crate::{BigInt, Q};
use num_traits::Zero;

/// Where and why a text was refused (position in characters, 0-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub position: usize,
    pub message: String,
    /// A documented bound was passed (not a malformed text).
    pub limit: bool,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at character {}: {}", self.position + 1, self.message)
    }
}

/// The longest text read.
pub const MAX_TEXT: usize = 100_000;
/// Parentheses, signs and powers nest at most this deep.
pub const MAX_NESTING: usize = 200;
/// Digits in one number literal.
pub const MAX_LITERAL_DIGITS: usize = 10_000;

/// Reserved names that are not functions.
pub const CONSTANTS: [&str; 5] = ["pi", "e", "i", "inf", "euler_gamma"];

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(String),
    Name(String),
    Op(char),
}

fn describe(t: Option<&Token>) -> String {
    match t {
        None => "the end".into(),
        Some(Token::Number(n)) => format!("the number {}", short(n)),
        Some(Token::Name(n)) => format!("`{n}`"),
        Some(Token::Op(c)) => format!("`{c}`"),
    }
}

fn short(s: &str) -> String {
    if s.chars().count() > 20 {
        format!("{}…", s.chars().take(20).collect::<String>())
    } else {
        s.to_string()
    }
}

fn error(position: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        position,
        message: message.into(),
        limit: false,
    }
}

/// `primes`: a name may carry derivative marks (`y''`), read as the
/// symbol `y__d2` ([`derivative_name`]), and `=` is a token.
fn tokenize(text: &str, primes: bool) -> Result<Vec<(usize, Token)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
        {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            let s: String = chars[start..i].iter().collect();
            if s.matches('.').count() > 1 || s.ends_with('.') {
                return Err(error(start, format!("malformed number {:?}", short(&s))));
            }
            if s.len() > MAX_LITERAL_DIGITS {
                return Err(ParseError {
                    position: start,
                    message: format!(
                        "a number of {} digits; at most {MAX_LITERAL_DIGITS}",
                        s.len()
                    ),
                    limit: true,
                });
            }
            out.push((start, Token::Number(s)));
        } else if c.is_ascii_alphabetic() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let mut name: String = chars[start..i].iter().collect();
            let marks = chars[i..]
                .iter()
                .take_while(|c| primes && **c == '\'')
                .count();
            if marks > 0 {
                i += marks;
                name = derivative_name(&name, marks);
            }
            if name.chars().any(|c| c.is_ascii_uppercase()) {
                let lower = name.to_ascii_lowercase();
                let hint = match name.as_str() {
                    "E" => " (Euler's number is `e`)".to_string(),
                    "I" => " (the imaginary unit is `i`)".to_string(),
                    "Pi" | "PI" => String::new(),
                    "Infinity" | "oo" => " (infinity is `inf`)".to_string(),
                    _ => String::new(),
                };
                return Err(error(
                    start,
                    format!("names are lower case: write `{lower}` for `{name}`{hint}"),
                ));
            }
            out.push((start, Token::Name(name)));
        } else if c == '*' && chars.get(i + 1) == Some(&'*') {
            out.push((i, Token::Op('^')));
            i += 2;
        } else if "+-*/^(),!".contains(c) || (primes && c == '=') {
            out.push((i, Token::Op(c)));
            i += 1;
        } else if c == '[' || c == '{' {
            return Err(error(i, format!("`{c}`: group with parentheses ( )")));
        } else {
            return Err(error(
                i,
                format!("the character `{c}` is not in the grammar"),
            ));
        }
    }
    Ok(out)
}

/// The function a name stands for (with `ln` for `log`); `sqrt`, `root`
/// and `exp` are powers and are handled by the parser.
fn function(name: &str) -> Option<Func> {
    if name == "ln" {
        return Some(Func::Log);
    }
    Func::ALL.iter().find(|(_, n)| *n == name).map(|(f, _)| *f)
}

fn is_callable(name: &str) -> bool {
    function(name).is_some() || matches!(name, "sqrt" | "root" | "exp" | "root_sum")
}

struct Parser {
    tokens: Vec<(usize, Token)>,
    at: usize,
    depth: usize,
    end: usize,
    /// The unknown function of a differential equation: `y(x)` and
    /// `y'(x)` read as `y` and `y'`.
    function: Option<String>,
    /// The variable the unknown function was applied to.
    applied_to: Option<String>,
    /// The root named by the `root_sum` whose body is being read.
    bound: Option<String>,
}

/// The symbol standing for the k-th derivative of `function` in a
/// differential equation (`y''` is `y__d2`).
pub fn derivative_name(function: &str, k: usize) -> String {
    format!("{function}__d{k}")
}

/// Derivatives of this order at most are read.
pub const MAX_ORDER: usize = 20;

/// A differential equation `left = right` in the grammar with derivative
/// marks on one unknown function (`y'' + y = sin(x)`, `y'(x) = x*y(x)`).
#[derive(Debug, Clone, PartialEq)]
pub struct Differential {
    pub left: Expr,
    pub right: Expr,
    /// The unknown function's name (`y`).
    pub function: String,
    /// The highest derivative marked.
    pub order: usize,
    /// The variable written in `y(t)`, if any.
    pub applied_to: Option<String>,
}

/// Parses a differential equation (see [`Differential`]).
pub fn parse_differential(text: &str) -> Result<Differential, ParseError> {
    let len = text.chars().count();
    if len > MAX_TEXT {
        return Err(ParseError {
            position: 0,
            message: format!("a text of {len} characters; at most {MAX_TEXT}"),
            limit: true,
        });
    }
    let tokens = tokenize(text, true)?;
    let mut function: Option<(String, usize)> = None;
    for (at, t) in &tokens {
        let Token::Name(n) = t else { continue };
        let Some((base, k)) = n.rsplit_once("__d") else {
            continue;
        };
        let k: usize = k.parse().unwrap_or(usize::MAX);
        if k > MAX_ORDER {
            return Err(ParseError {
                position: *at,
                message: format!("a derivative of order above {MAX_ORDER}"),
                limit: true,
            });
        }
        match &mut function {
            Some((f, order)) if f == base => *order = (*order).max(k),
            Some((f, _)) => {
                return Err(error(
                    *at,
                    format!(
                        "derivatives of two functions, `{f}` and `{base}`; one unknown function is solved for"
                    ),
                ));
            }
            None => function = Some((base.to_string(), k)),
        }
    }
    let Some((function, order)) = function else {
        return Err(error(
            0,
            "no derivative: mark derivatives with primes, such as y' or y''",
        ));
    };
    let mut p = Parser {
        tokens,
        at: 0,
        depth: 0,
        end: len,
        function: Some(function.clone()),
        applied_to: None,
        bound: None,
    };
    let left = p.sum()?;
    if !p.eat('=') {
        return Err(error(
            p.position(),
            format!("expected `=`, found {}", describe(p.peek())),
        ));
    }
    let right = p.sum()?;
    if p.at < p.tokens.len() {
        return Err(error(
            p.position(),
            format!(
                "expected an operator or the end, found {}",
                describe(p.peek())
            ),
        ));
    }
    Ok(Differential {
        left,
        right,
        function,
        order,
        applied_to: p.applied_to,
    })
}

/// Parses `text` into a canonical expression.
pub fn parse(text: &str) -> Result<Expr, ParseError> {
    let len = text.chars().count();
    if len > MAX_TEXT {
        return Err(ParseError {
            position: 0,
            message: format!("a text of {len} characters; at most {MAX_TEXT}"),
            limit: true,
        });
    }
    let tokens = tokenize(text, false)?;
    if tokens.is_empty() {
        return Err(error(
            0,
            "an empty expression; expected a number, a name or `(`",
        ));
    }
    let mut p = Parser {
        tokens,
        at: 0,
        depth: 0,
        end: len,
        function: None,
        applied_to: None,
        bound: None,
    };
    let e = p.sum()?;
    if p.at < p.tokens.len() {
        return Err(error(
            p.position(),
            format!(
                "expected an operator or the end, found {}",
                describe(p.peek())
            ),
        ));
    }
    Ok(e)
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|(_, t)| t)
    }

    fn position(&self) -> usize {
        self.tokens.get(self.at).map_or(self.end, |(p, _)| *p)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Token::Op(c)) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn deeper(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(ParseError {
                position: self.position(),
                message: format!("the expression nests more than {MAX_NESTING} deep"),
                limit: true,
            });
        }
        Ok(())
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        let mut terms = vec![self.term()?];
        loop {
            if self.eat('+') {
                terms.push(self.term()?);
            } else if self.eat('-') {
                terms.push(self.term()?.neg());
            } else {
                return Ok(Expr::add(terms));
            }
        }
    }

    fn term(&mut self) -> Result<Expr, ParseError> {
        let mut factors = vec![self.unary()?];
        loop {
            if self.eat('*') {
                factors.push(self.unary()?);
            } else if self.eat('/') {
                let at = self.position();
                let d = self.unary()?;
                if d.is_zero() {
                    return Err(error(at, "division by zero"));
                }
                factors.push(d.recip());
            } else {
                match self.peek() {
                    // Juxtaposition: 2x, x(x+1), (x+1)(x-1), x y.
                    Some(Token::Name(_)) | Some(Token::Op('(')) => factors.push(self.unary()?),
                    Some(Token::Number(n)) => {
                        return Err(error(
                            self.position(),
                            format!(
                                "the number {} follows without an operator; write `*` (or `^`) between",
                                short(n)
                            ),
                        ));
                    }
                    _ => return Ok(Expr::mul(factors)),
                }
            }
        }
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        if self.eat('-') {
            self.deeper()?;
            let e = self.unary()?.neg();
            self.depth -= 1;
            return Ok(e);
        }
        if self.eat('+') {
            self.deeper()?;
            let e = self.unary()?;
            self.depth -= 1;
            return Ok(e);
        }
        self.power()
    }

    fn power(&mut self) -> Result<Expr, ParseError> {
        let base = self.postfix()?;
        if self.eat('^') {
            self.deeper()?;
            let exponent = self.unary()?;
            self.depth -= 1;
            return Ok(Expr::pow(base, exponent));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.atom()?;
        while self.eat('!') {
            e = Expr::fun(Func::Factorial, vec![e]);
        }
        Ok(e)
    }

    fn atom(&mut self) -> Result<Expr, ParseError> {
        let at = self.position();
        match self.peek().cloned() {
            Some(Token::Number(n)) => {
                self.at += 1;
                Ok(Expr::num(number(&n)))
            }
            Some(Token::Op('(')) => {
                self.at += 1;
                self.deeper()?;
                let e = self.sum()?;
                self.depth -= 1;
                if !self.eat(')') {
                    return Err(error(
                        self.position(),
                        format!("expected `)`, found {}", describe(self.peek())),
                    ));
                }
                Ok(e)
            }
            Some(Token::Name(name)) => {
                self.at += 1;
                if is_callable(&name) {
                    return self.call(&name, at);
                }
                match name.as_str() {
                    "pi" => Ok(Expr::pi()),
                    "e" => Ok(Expr::e()),
                    "euler_gamma" => Ok(Expr::constant(super::node::Constant::EulerGamma)),
                    "i" => Ok(Expr::i()),
                    "inf" => Err(error(
                        at,
                        "`inf` (∞) is not a value here; it may be given only where an operation asks for a point or a bound",
                    )),
                    _ => {
                        if self.bound.as_deref() == Some(name.as_str()) {
                            return Ok(Expr::bound());
                        }
                        if self.applied(&name)? {
                            return Ok(Expr::sym(&name));
                        }
                        if self.peek() == Some(&Token::Op('(')) && name.len() > 1 {
                            return Err(error(
                                at,
                                format!(
                                    "`{name}` is not a function of the grammar (sqrt, root, exp, log, sin, cos, …); write `{name}*(…)` for a product"
                                ),
                            ));
                        }
                        Ok(Expr::sym(&name))
                    }
                }
            }
            other => Err(error(
                at,
                format!(
                    "expected a number, a name or `(`, found {}",
                    describe(other.as_ref())
                ),
            )),
        }
    }

    /// Reads `(t)` after the unknown function of a differential equation
    /// (`y(t)`, `y'(t)`); every application names the same variable.
    fn applied(&mut self, name: &str) -> Result<bool, ParseError> {
        let base = name.rsplit_once("__d").map_or(name, |(b, _)| b);
        if self.function.as_deref() != Some(base) {
            return Ok(false);
        }
        let ahead = |k: usize| self.tokens.get(self.at + k).map(|(_, t)| t);
        let (Some(Token::Op('(')), Some(Token::Name(v)), Some(Token::Op(')'))) =
            (ahead(0), ahead(1), ahead(2))
        else {
            return Ok(false);
        };
        if is_callable(v) || CONSTANTS.contains(&v.as_str()) {
            return Ok(false);
        }
        match &self.applied_to {
            Some(w) if w != v => {
                return Err(error(
                    self.position(),
                    format!("`{base}` is applied to `{w}` and to `{v}`; one variable is used"),
                ));
            }
            _ => self.applied_to = Some(v.clone()),
        }
        self.at += 3;
        Ok(true)
    }

    /// A function's arguments: `(` sum (`,` sum)* `)`.
    fn call(&mut self, name: &str, at: usize) -> Result<Expr, ParseError> {
        if self.peek() == Some(&Token::Op('^')) {
            return Err(error(
                at,
                format!("write the power after the call: `{name}(x)^2`, not `{name}^2(x)`"),
            ));
        }
        if !self.eat('(') {
            return Err(error(
                self.position(),
                format!("`{name}` needs parentheses: `{name}(x)`"),
            ));
        }
        self.deeper()?;
        let mut args = vec![self.sum()?];
        while self.eat(',') {
            // root_sum(p, t, f): t is bound while f is read, so f is
            // simplified knowing t is a (complex) root, not a real symbol.
            if name == "root_sum" && args.len() == 2 {
                if self.bound.is_some() {
                    return Err(error(at, "root sums do not nest"));
                }
                self.bound = args[1].as_sym().map(str::to_string);
                let body = self.sum();
                self.bound = None;
                args.push(body?);
                continue;
            }
            args.push(self.sum()?);
        }
        self.depth -= 1;
        if !self.eat(')') {
            return Err(error(
                self.position(),
                format!(
                    "expected `)` closing `{name}(`, found {}",
                    describe(self.peek())
                ),
            ));
        }
        let arity = |n: usize| -> Result<(), ParseError> {
            if args.len() == n {
                Ok(())
            } else {
                Err(error(
                    at,
                    format!(
                        "`{name}` takes {n} argument{}, got {}",
                        if n == 1 { "" } else { "s" },
                        args.len()
                    ),
                ))
            }
        };
        match name {
            "sqrt" => {
                arity(1)?;
                Ok(Expr::sqrt(args.remove(0)))
            }
            "exp" => {
                arity(1)?;
                Ok(Expr::exp(args.remove(0)))
            }
            "root" => {
                arity(2)?;
                let n = args.remove(1);
                if n.is_zero() {
                    return Err(error(at, "root(x, 0) is undefined"));
                }
                Ok(Expr::pow(args.remove(0), n.recip()))
            }
            "root_sum" => {
                arity(3)?;
                root_sum(&args[0], &args[1], &args[2]).map_err(|(m, limit)| ParseError {
                    limit,
                    ..error(at, m)
                })
            }
            "log" | "ln" if args.len() == 2 => {
                let b = args.remove(1);
                let x = args.remove(0);
                Ok(Expr::log(x).over(&Expr::log(b)))
            }
            _ => {
                let f = function(name)
                    .ok_or_else(|| error(at, format!("unknown function `{name}`")))?;
                arity(f.arity())?;
                Ok(Expr::fun(f, args))
            }
        }
    }
}

/// The largest degree of a root sum's polynomial.
pub const MAX_ROOT_SUM_DEGREE: usize = 64;

/// `root_sum(p, t, f)`: Σ f(θ) over the distinct roots θ of p, a
/// squarefree polynomial in t with rational coefficients written expanded.
/// An error says whether it is a bound (`true`: limit exceeded).
fn root_sum(p: &Expr, t: &Expr, body: &Expr) -> Result<Expr, (String, bool)> {
    let usage = "root_sum(p, t, f) sums f over the roots t of p";
    let wrong = |m: String| (m, false);
    let Some(t) = t.as_sym().filter(|t| *t != super::node::BOUND) else {
        return Err(wrong(format!(
            "{usage}: its second argument names the root, a symbol such as t"
        )));
    };
    let poly = super::rational::to_poly(p, t)
        .filter(|p| p.len() >= 2)
        .ok_or_else(|| {
            wrong(format!("{usage}: p must be a polynomial in {t} of degree ≥ 1 with rational coefficients, written expanded (t^3 + t + 1)"))
        })?;
    if poly.len() - 1 > MAX_ROOT_SUM_DEGREE {
        return Err((
            format!(
                "root_sum: a polynomial of degree {}; at most {MAX_ROOT_SUM_DEGREE}",
                poly.len() - 1
            ),
            true,
        ));
    }
    let (_, z) = crate::poly::to_primitive(&poly);
    let g = crate::poly::zx::gcd(
        &z,
        &crate::poly::zx::derivative(&z),
        &crate::Budget::unlimited(),
    )
    .map_err(|_| wrong(format!("{usage}: p could not be checked squarefree")))?;
    if g.len() > 1 {
        return Err(wrong(format!(
            "{usage}: p must be squarefree (it has a repeated root)"
        )));
    }
    if body.any(&|e| matches!(e.node(), super::node::Node::RootSum(..))) {
        return Err(wrong("root sums do not nest".into()));
    }
    let named = body.substitute(&std::collections::BTreeMap::from([(
        t.to_string(),
        Expr::bound(),
    )]));
    Ok(Expr::root_sum(&poly, named))
}

/// An integer or exact decimal literal.
fn number(text: &str) -> Q {
    match text.split_once('.') {
        Some((whole, frac)) => {
            let digits: BigInt = format!("{whole}{frac}")
                .parse()
                .unwrap_or_else(|_| BigInt::zero());
            Q::new(digits, num_traits::pow(BigInt::from(10), frac.len()))
        }
        None => Q::from_integer(text.parse().unwrap_or_else(|_| BigInt::zero())),
    }
}
