//! The polynomial grammar, read by a recursive-descent parser into a
//! [`Sparse`] polynomial; nothing is evaluated beyond expanding sums,
//! products and non-negative integer powers of polynomials.
//!
//! ```text
//! sum     := ["+" | "-"] product (("+" | "-") product)*
//! product := power (["*"] power | "/" number)*     (juxtaposition multiplies: 2x, (x+1)(x-1))
//! power   := atom [("^" | "**") integer]
//! atom    := number | name | "(" sum ")" | "-" atom
//! number  := digits ["." digits]                  name := letter (letter | digit | "_")*
//! ```

use super::sparse::{MAX_PRODUCTS, Sparse, Work};
use crate::Q;
use num_bigint::BigInt;
use num_traits::{One, Zero};

/// Where and why a polynomial text was refused (position in characters,
/// 0-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub position: usize,
    pub message: String,
    /// A documented bound was exceeded (not a malformed text).
    pub limit: bool,
}

/// Bounds that keep expansion finite and small.
pub const MAX_TEXT: usize = 100_000;
pub const MAX_DEGREE: u32 = 10_000;
pub const MAX_TERMS: usize = 100_000;
const MAX_NESTING: usize = 200;

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(String),
    Name(String),
    Op(char),
}

fn tokenize(text: &str) -> Result<Vec<(usize, Token)>, ParseError> {
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
                return Err(ParseError {
                    position: start,
                    message: format!("malformed number {s:?}"),
                    limit: false,
                });
            }
            out.push((start, Token::Number(s)));
        } else if c.is_alphabetic() {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push((start, Token::Name(chars[start..i].iter().collect())));
        } else if c == '*' && chars.get(i + 1) == Some(&'*') {
            out.push((i, Token::Op('^')));
            i += 2;
        } else if "+-*/^()".contains(c) {
            out.push((i, Token::Op(c)));
            i += 1;
        } else {
            return Err(ParseError {
                position: i,
                message: format!(
                    "unexpected character {c:?}; a polynomial uses numbers, variable names, + - * / ^ and parentheses"
                ),
                limit: false,
            });
        }
    }
    Ok(out)
}

/// Parses `text` into a polynomial over its variables (sorted by name).
pub fn parse(text: &str) -> Result<Sparse, ParseError> {
    if text.chars().count() > MAX_TEXT {
        return Err(ParseError {
            position: MAX_TEXT,
            message: format!("longer than {MAX_TEXT} characters"),
            limit: true,
        });
    }
    let tokens = tokenize(text)?;
    let mut vars: Vec<String> = tokens
        .iter()
        .filter_map(|(_, t)| match t {
            Token::Name(n) => Some(n.clone()),
            _ => None,
        })
        .collect();
    vars.sort();
    vars.dedup();
    let mut p = Parser {
        tokens,
        at: 0,
        vars,
        end: text.chars().count(),
        depth: 0,
        work: Work::default(),
    };
    if p.tokens.is_empty() {
        return Err(ParseError {
            position: 0,
            message: "an empty polynomial; write 0 for zero".into(),
            limit: false,
        });
    }
    let value = p.sum()?;
    if let Some((pos, t)) = p.tokens.get(p.at) {
        return Err(ParseError {
            position: *pos,
            message: format!("unexpected {} after a complete polynomial", describe(t)),
            limit: false,
        });
    }
    Ok(value)
}

fn describe(t: &Token) -> String {
    match t {
        Token::Number(s) => format!("number {s}"),
        Token::Name(s) => format!("name {s}"),
        Token::Op(c) => format!("{c:?}"),
    }
}

struct Parser {
    tokens: Vec<(usize, Token)>,
    at: usize,
    vars: Vec<String>,
    end: usize,
    depth: usize,
    work: Work,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|(_, t)| t)
    }

    fn position(&self) -> usize {
        self.tokens.get(self.at).map_or(self.end, |(p, _)| *p)
    }

    fn error<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError {
            position: self.position(),
            message: message.into(),
            limit: false,
        })
    }

    fn too_much(at: usize) -> ParseError {
        ParseError {
            position: at,
            message: format!(
                "expanding needs more than {MAX_PRODUCTS} units of work (term products weighted by coefficient size)"
            ),
            limit: true,
        }
    }

    fn check(&self, p: Sparse, at: usize) -> Result<Sparse, ParseError> {
        if p.terms.len() > MAX_TERMS || p.total_degree() > i64::from(MAX_DEGREE) {
            return Err(ParseError {
                position: at,
                message: format!("the expansion exceeds {MAX_TERMS} terms or degree {MAX_DEGREE}"),
                limit: true,
            });
        }
        Ok(p)
    }

    fn sum(&mut self) -> Result<Sparse, ParseError> {
        let mut negate = false;
        match self.peek() {
            Some(Token::Op('+')) => self.at += 1,
            Some(Token::Op('-')) => {
                self.at += 1;
                negate = true;
            }
            _ => {}
        }
        let first = self.product()?;
        let mut acc = if negate { first.neg() } else { first };
        while let Some(Token::Op(c @ ('+' | '-'))) = self.peek().cloned() {
            let at = self.position();
            self.at += 1;
            let rhs = self.product()?;
            acc = self.check(
                if c == '+' {
                    acc.add(&rhs)
                } else {
                    acc.sub(&rhs)
                },
                at,
            )?;
        }
        Ok(acc)
    }

    fn product(&mut self) -> Result<Sparse, ParseError> {
        let mut acc = self.power()?;
        loop {
            let at = self.position();
            match self.peek() {
                Some(Token::Op('*')) => {
                    self.at += 1;
                    let rhs = self.power()?;
                    let product = acc
                        .mul(&rhs, &mut self.work)
                        .map_err(|_| Self::too_much(at))?;
                    acc = self.check(product, at)?;
                }
                Some(Token::Op('/')) => {
                    self.at += 1;
                    let at = self.position();
                    let Some(Token::Number(s)) = self.peek().cloned() else {
                        return self
                            .error("only division by a number is allowed, such as x/2 or 1/3");
                    };
                    self.at += 1;
                    let d = number(&s);
                    if d.is_zero() {
                        return Err(ParseError {
                            position: at,
                            message: "division by zero".into(),
                            limit: false,
                        });
                    }
                    acc = acc.scale(&(Q::one() / d));
                }
                Some(Token::Number(_) | Token::Name(_) | Token::Op('(')) => {
                    let rhs = self.power()?;
                    let product = acc
                        .mul(&rhs, &mut self.work)
                        .map_err(|_| Self::too_much(at))?;
                    acc = self.check(product, at)?;
                }
                _ => return Ok(acc),
            }
        }
    }

    fn power(&mut self) -> Result<Sparse, ParseError> {
        let base = self.atom()?;
        if self.peek() != Some(&Token::Op('^')) {
            return Ok(base);
        }
        let at = self.position();
        self.at += 1;
        let Some(Token::Number(s)) = self.peek().cloned() else {
            return self.error("an exponent must be a non-negative integer, such as x^3");
        };
        let exponent = match s.parse::<u32>() {
            Ok(e) if e <= MAX_DEGREE => e,
            _ if s.contains('.') => {
                return self.error("an exponent must be a non-negative integer, such as x^3");
            }
            _ => {
                return Err(ParseError {
                    position: self.position(),
                    message: format!("exponent {s} exceeds {MAX_DEGREE}"),
                    limit: true,
                });
            }
        };
        self.at += 1;
        let degree = base.total_degree().max(0) as u64;
        if degree * u64::from(exponent) > u64::from(MAX_DEGREE) {
            return Err(ParseError {
                position: at,
                message: format!("the power has degree above {MAX_DEGREE}"),
                limit: true,
            });
        }
        let p = base
            .pow(exponent, &mut self.work)
            .map_err(|_| Self::too_much(at))?;
        self.check(p, at)
    }

    fn atom(&mut self) -> Result<Sparse, ParseError> {
        let Some(t) = self.peek().cloned() else {
            return self.error("the polynomial ends where a number, a name or \"(\" was expected");
        };
        self.at += 1;
        match t {
            Token::Number(s) => Ok(Sparse::constant(&self.vars, number(&s))),
            Token::Name(n) => {
                let i = self
                    .vars
                    .iter()
                    .position(|v| *v == n)
                    .expect("names were collected");
                Ok(Sparse::variable(&self.vars, i))
            }
            Token::Op('-') => Ok(self.atom()?.neg()),
            Token::Op('(') => {
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    self.at -= 1;
                    return Err(ParseError {
                        position: self.position(),
                        message: format!("parentheses nested deeper than {MAX_NESTING}"),
                        limit: true,
                    });
                }
                let inner = self.sum()?;
                self.depth -= 1;
                if self.peek() != Some(&Token::Op(')')) {
                    return self.error("a \")\" is missing");
                }
                self.at += 1;
                Ok(inner)
            }
            other => {
                self.at -= 1;
                self.error(format!(
                    "unexpected {} where a number, a name or \"(\" was expected",
                    describe(&other)
                ))
            }
        }
    }
}

/// A decimal literal (digits, optionally a point and digits) as a rational.
fn number(s: &str) -> Q {
    match s.split_once('.') {
        Some((whole, frac)) => {
            let scale = num_traits::pow(BigInt::from(10), frac.len());
            let w: BigInt = whole.parse().unwrap_or_default();
            let f: BigInt = frac.parse().unwrap_or_default();
            Q::new(w * &scale + f, scale)
        }
        None => Q::from_integer(s.parse().unwrap_or_default()),
    }
}
