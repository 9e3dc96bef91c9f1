//! Formulas: parsing, printing, evaluation and CNF.
//!
//! Grammar, loosest first: `<->` (also `<=>`, `iff`), `->` (also `=>`,
//! `implies`; right-associative), `|` (`||`, `or`, `∨`), `xor` (`^`, `⊕`),
//! `&` (`&&`, `and`, `∧`), `!` (`~`, `not`, `¬`); parentheses; constants
//! `true`/`false` (`T`/`F` are variables); variables are letters, digits
//! and `_`, starting with a letter or `_`. As in Python and SymPy, `&`
//! binds tighter than `^`, which binds tighter than `|`.

use crate::sat::Cnf;
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Formula {
    Const(bool),
    /// A variable by its index in the formula's list of names.
    Var(usize),
    Not(Box<Formula>),
    And(Vec<Formula>),
    Or(Vec<Formula>),
    Xor(Box<Formula>, Box<Formula>),
    Implies(Box<Formula>, Box<Formula>),
    Iff(Box<Formula>, Box<Formula>),
}

/// Deepest nesting accepted (parsing, evaluation and encoding recurse).
pub const MAX_DEPTH: usize = 500;

/// Why a text is not a formula: the byte offset and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub at: usize,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Name(String),
    Const(bool),
    Not,
    And,
    Xor,
    Or,
    Implies,
    Iff,
    Open,
    Close,
}

fn tokens(text: &str) -> Result<Vec<(usize, Token)>, ParseError> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let rest = &text[at..];
        let sym = |s: &str| rest.starts_with(s);
        let (tok, len) = if c.is_whitespace() {
            i += 1;
            continue;
        } else if sym("<->") || sym("<=>") {
            (Token::Iff, 3)
        } else if sym("->") || sym("=>") {
            (Token::Implies, 2)
        } else if sym("&&") || sym("||") {
            (if c == '&' { Token::And } else { Token::Or }, 2)
        } else if c == '&' || c == '∧' {
            (Token::And, 1)
        } else if c == '|' || c == '∨' {
            (Token::Or, 1)
        } else if c == '^' || c == '⊕' {
            (Token::Xor, 1)
        } else if c == '!' || c == '~' || c == '¬' {
            (Token::Not, 1)
        } else if c == '↔' || c == '⇔' {
            (Token::Iff, 1)
        } else if c == '→' || c == '⇒' {
            (Token::Implies, 1)
        } else if c == '(' {
            (Token::Open, 1)
        } else if c == ')' {
            (Token::Close, 1)
        } else if c.is_alphabetic() || c == '_' {
            let mut j = i;
            while j < chars.len() && (chars[j].1.is_alphanumeric() || chars[j].1 == '_') {
                j += 1;
            }
            let end = chars.get(j).map_or(text.len(), |x| x.0);
            let word = &text[at..end];
            let tok = match word.to_ascii_lowercase().as_str() {
                "and" => Token::And,
                "or" => Token::Or,
                "not" => Token::Not,
                "xor" => Token::Xor,
                "implies" => Token::Implies,
                "iff" => Token::Iff,
                "true" => Token::Const(true),
                "false" => Token::Const(false),
                _ => Token::Name(word.to_string()),
            };
            out.push((at, tok));
            i = j;
            continue;
        } else {
            return Err(ParseError {
                at,
                message: format!(
                    "`{c}` is not part of the grammar: variables, true, false, !, &, ^ (xor), |, ->, <-> and parentheses"
                ),
            });
        };
        out.push((at, tok));
        // `len` counts chars: the longer symbols are ASCII.
        i += len;
    }
    Ok(out)
}

struct Parser {
    toks: Vec<(usize, Token)>,
    at: usize,
    end: usize,
    names: Vec<String>,
    index: HashMap<String, usize>,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.at).map(|t| &t.1)
    }

    fn offset(&self) -> usize {
        self.toks.get(self.at).map_or(self.end, |t| t.0)
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            at: self.offset(),
            message: message.into(),
        }
    }

    fn deeper(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(format!("nesting deeper than {MAX_DEPTH}")));
        }
        Ok(())
    }

    fn iff(&mut self) -> Result<Formula, ParseError> {
        let mut left = self.implies()?;
        while self.peek() == Some(&Token::Iff) {
            self.at += 1;
            let right = self.implies()?;
            left = Formula::Iff(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn implies(&mut self) -> Result<Formula, ParseError> {
        let left = self.or()?;
        if self.peek() == Some(&Token::Implies) {
            self.at += 1;
            self.deeper()?;
            let right = self.implies()?;
            self.depth -= 1;
            return Ok(Formula::Implies(Box::new(left), Box::new(right)));
        }
        Ok(left)
    }

    fn or(&mut self) -> Result<Formula, ParseError> {
        let mut parts = vec![self.xor()?];
        while self.peek() == Some(&Token::Or) {
            self.at += 1;
            parts.push(self.xor()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Formula::Or(parts)
        })
    }

    fn xor(&mut self) -> Result<Formula, ParseError> {
        let mut left = self.and()?;
        while self.peek() == Some(&Token::Xor) {
            self.at += 1;
            let right = self.and()?;
            left = Formula::Xor(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Formula, ParseError> {
        let mut parts = vec![self.not()?];
        while self.peek() == Some(&Token::And) {
            self.at += 1;
            parts.push(self.not()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Formula::And(parts)
        })
    }

    fn not(&mut self) -> Result<Formula, ParseError> {
        if self.peek() == Some(&Token::Not) {
            self.at += 1;
            self.deeper()?;
            let inner = self.not()?;
            self.depth -= 1;
            return Ok(Formula::Not(Box::new(inner)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Formula, ParseError> {
        match self.peek().cloned() {
            Some(Token::Open) => {
                self.at += 1;
                self.deeper()?;
                let inner = self.iff()?;
                self.depth -= 1;
                if self.peek() != Some(&Token::Close) {
                    return Err(self.error("expected `)`"));
                }
                self.at += 1;
                Ok(inner)
            }
            Some(Token::Const(b)) => {
                self.at += 1;
                Ok(Formula::Const(b))
            }
            Some(Token::Name(n)) => {
                self.at += 1;
                let next = self.names.len();
                let k = *self.index.entry(n.clone()).or_insert(next);
                if k == next {
                    self.names.push(n);
                }
                Ok(Formula::Var(k))
            }
            Some(t) => Err(self.error(format!(
                "expected a variable, true, false, `!` or `(`, found {}",
                describe(&t)
            ))),
            None => Err(self.error("the formula ends where a variable, `!` or `(` was expected")),
        }
    }
}

fn describe(t: &Token) -> &'static str {
    match t {
        Token::Name(_) => "a variable",
        Token::Const(_) => "a constant",
        Token::Not => "`!`",
        Token::And => "`&`",
        Token::Xor => "`xor`",
        Token::Or => "`|`",
        Token::Implies => "`->`",
        Token::Iff => "`<->`",
        Token::Open => "`(`",
        Token::Close => "`)`",
    }
}

/// Parses `text`; variables are numbered in order of first appearance,
/// or in the order of `names` for those listed there (shared numbering
/// lets two formulas be compared).
pub fn parse(text: &str, names: &[String]) -> Result<(Formula, Vec<String>), ParseError> {
    let toks = tokens(text)?;
    let mut p = Parser {
        toks,
        at: 0,
        end: text.len(),
        names: names.to_vec(),
        index: names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect(),
        depth: 0,
    };
    let f = p.iff()?;
    if p.at < p.toks.len() {
        let t = p.toks[p.at].1.clone();
        return Err(p.error(format!(
            "unexpected {} after a complete formula (an operator missing?)",
            describe(&t)
        )));
    }
    Ok((f, p.names))
}

impl Formula {
    /// The value under `values` (one per variable).
    pub fn eval(&self, values: &[bool]) -> bool {
        match self {
            Formula::Const(b) => *b,
            Formula::Var(v) => values[*v],
            Formula::Not(f) => !f.eval(values),
            Formula::And(fs) => fs.iter().all(|f| f.eval(values)),
            Formula::Or(fs) => fs.iter().any(|f| f.eval(values)),
            Formula::Xor(a, b) => a.eval(values) != b.eval(values),
            Formula::Implies(a, b) => !a.eval(values) || b.eval(values),
            Formula::Iff(a, b) => a.eval(values) == b.eval(values),
        }
    }

    /// Nodes, for bounds.
    pub fn size(&self) -> usize {
        match self {
            Formula::Const(_) | Formula::Var(_) => 1,
            Formula::Not(f) => 1 + f.size(),
            Formula::And(fs) | Formula::Or(fs) => 1 + fs.iter().map(Formula::size).sum::<usize>(),
            Formula::Xor(a, b) | Formula::Implies(a, b) | Formula::Iff(a, b) => {
                1 + a.size() + b.size()
            }
        }
    }

    /// The formula in the grammar, fully parenthesised where operators mix.
    pub fn text(&self, names: &[String]) -> String {
        let wrap = |f: &Formula| match f {
            Formula::Const(_) | Formula::Var(_) | Formula::Not(_) => f.text(names),
            _ => format!("({})", f.text(names)),
        };
        match self {
            Formula::Const(b) => b.to_string(),
            Formula::Var(v) => names[*v].clone(),
            Formula::Not(f) => format!("!{}", wrap(f)),
            Formula::And(fs) => fs.iter().map(wrap).collect::<Vec<_>>().join(" & "),
            Formula::Or(fs) => fs.iter().map(wrap).collect::<Vec<_>>().join(" | "),
            Formula::Xor(a, b) => format!("{} xor {}", wrap(a), wrap(b)),
            Formula::Implies(a, b) => format!("{} -> {}", wrap(a), wrap(b)),
            Formula::Iff(a, b) => format!("{} <-> {}", wrap(a), wrap(b)),
        }
    }
}

/// Tseitin's encoding: variables 1..=n are the formula's (in order), the
/// others name subformulas, each defined by clauses equivalent to
/// `t ↔ op(children)`; the last clause asserts the root. Models of the CNF
/// restrict one-to-one onto models of the formula.
pub fn tseitin(f: &Formula, n: usize) -> Cnf {
    let mut clauses = Vec::new();
    let mut next = n as i32;
    let root = encode(f, &mut next, &mut clauses);
    clauses.push(vec![root]);
    Cnf {
        vars: next as u32,
        clauses,
    }
}

/// The literal standing for f, defining fresh variables as needed.
fn encode(f: &Formula, next: &mut i32, out: &mut Vec<Vec<i32>>) -> i32 {
    let fresh = |next: &mut i32| {
        *next += 1;
        *next
    };
    match f {
        Formula::Var(v) => *v as i32 + 1,
        Formula::Const(b) => {
            let t = fresh(next);
            out.push(vec![if *b { t } else { -t }]);
            t
        }
        Formula::Not(g) => -encode(g, next, out),
        Formula::And(gs) | Formula::Or(gs) => {
            let lits: Vec<i32> = gs.iter().map(|g| encode(g, next, out)).collect();
            let t = fresh(next);
            let and = matches!(f, Formula::And(_));
            // and: t → each l; (all l) → t.  or: dually.
            let s = if and { 1 } else { -1 };
            for &l in &lits {
                out.push(vec![-s * t, s * l]);
            }
            let mut big: Vec<i32> = lits.iter().map(|&l| -s * l).collect();
            big.push(s * t);
            out.push(big);
            t
        }
        Formula::Xor(a, b) | Formula::Iff(a, b) => {
            let (x, y) = (encode(a, next, out), encode(b, next, out));
            let t = fresh(next);
            // s ↔ (x xor y) with s = t for xor and s = ¬t for iff.
            let s = if matches!(f, Formula::Iff(..)) { -t } else { t };
            out.extend([
                vec![-s, x, y],
                vec![-s, -x, -y],
                vec![s, -x, y],
                vec![s, x, -y],
            ]);
            t
        }
        Formula::Implies(a, b) => {
            let (x, y) = (encode(a, next, out), encode(b, next, out));
            let t = fresh(next);
            out.extend([vec![-t, -x, y], vec![t, x], vec![t, -y]]);
            t
        }
    }
}
