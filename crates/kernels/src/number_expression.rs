//! Exact arithmetic on number literals, for inputs people and agents write
//! as `2^61-1`, `10^100+7`, `30!` or `3/4 + 2^-10`.
//!
//! Grammar (whitespace between tokens is ignored):
//! ```text
//! sum     := product (('+' | '-') product)*
//! product := signed (('*' | '/') signed)*        '/' only for rationals
//! signed  := ('-' | '+') signed | power           so -2^2 = -(2^2)
//! power   := postfix ('^' signed)?                right-associative: 2^3^2 = 2^9
//! postfix := atom '!'*
//! atom    := digits ('.' digits)? | '(' sum ')'   decimals only for rationals
//! ```
//! The parser evaluates as it reads. Every value's size (bits of numerator
//! plus denominator) stays within `max_bits`: powers and factorials are
//! refused from a lower bound of their size *before* they are computed, so
//! `10^100000000` costs nothing; sums and products are at most twice the
//! bound and are checked after.

use crate::{BigInt, Q};
use num_traits::{One, Signed, ToPrimitive, Zero};

/// Parentheses nest at most this deep.
pub const MAX_DEPTH: usize = 64;

/// Why an expression has no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprError {
    /// At byte `at`: what the grammar expected and what it found.
    Syntax {
        at: usize,
        expected: &'static str,
        found: String,
    },
    /// A value (or the expression's nesting) would pass the size bound.
    TooBig(String),
    /// Division by zero, a fractional exponent, a factorial of a negative
    /// number or of a fraction, a fraction where an integer goes.
    Undefined(String),
    /// The parsing budget ([`crate::Budget::check_parsing`]) ran out.
    Stopped,
}

impl std::fmt::Display for ExprError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExprError::Syntax {
                at,
                expected,
                found,
            } => write!(
                f,
                "at character {}: expected {expected}, found {found}",
                at + 1
            ),
            ExprError::TooBig(why) | ExprError::Undefined(why) => f.write_str(why),
            ExprError::Stopped => f.write_str("the call's deadline passed during evaluation"),
        }
    }
}

/// The integer `text` denotes; `/`, decimals and negative exponents are refused.
pub fn integer(text: &str, max_bits: u64) -> Result<BigInt, ExprError> {
    let q = Parser::new(text, max_bits, false).whole()?;
    // Without `/`, decimals and negative exponents every value is integral.
    debug_assert!(q.is_integer());
    Ok(q.to_integer())
}

/// The rational `text` denotes.
pub fn rational(text: &str, max_bits: u64) -> Result<Q, ExprError> {
    Parser::new(text, max_bits, true).whole()
}

/// Whether `text` uses only the characters of the grammar (a cheap test
/// before trying it as an expression).
pub fn looks_like(text: &str, rational: bool) -> bool {
    text.bytes().all(|b| {
        b.is_ascii_digit()
            || matches!(b, b'+' | b'-' | b'*' | b'^' | b'!' | b'(' | b')' | b' ')
            || (rational && matches!(b, b'/' | b'.'))
    })
}

/// Bits of numerator plus denominator.
fn size(q: &Q) -> u64 {
    q.numer().bits() + q.denom().bits()
}

struct Parser<'s> {
    text: &'s [u8],
    at: usize,
    depth: usize,
    max_bits: u64,
    rational: bool,
}

impl<'s> Parser<'s> {
    fn new(text: &'s str, max_bits: u64, rational: bool) -> Self {
        Parser {
            text: text.as_bytes(),
            at: 0,
            depth: 0,
            max_bits,
            rational,
        }
    }

    fn whole(mut self) -> Result<Q, ExprError> {
        let v = self.sum()?;
        match self.peek() {
            None => Ok(v),
            Some(_) => Err(self.error("an operator (+ - * ^ !) or the end")),
        }
    }

    fn skip_space(&mut self) {
        while self.text.get(self.at) == Some(&b' ') {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.get(self.at).copied()
    }

    fn error(&self, expected: &'static str) -> ExprError {
        let found = match std::str::from_utf8(&self.text[self.at..])
            .ok()
            .and_then(|rest| rest.chars().next())
        {
            Some(c) => format!("`{c}`"),
            None => "the end".into(),
        };
        ExprError::Syntax {
            at: self.at,
            expected,
            found,
        }
    }

    /// Every operation's result passes here: its size is checked, and so is
    /// the call's budget (an expression may hold thousands of operations).
    fn bounded(&self, q: Q, what: impl FnOnce() -> String) -> Result<Q, ExprError> {
        crate::Budget::check_parsing().map_err(|_| ExprError::Stopped)?;
        if size(&q) > self.max_bits {
            return Err(ExprError::TooBig(format!(
                "{} has more than {} bits",
                what(),
                self.max_bits
            )));
        }
        Ok(q)
    }

    fn sum(&mut self) -> Result<Q, ExprError> {
        let mut v = self.product()?;
        while let Some(op @ (b'+' | b'-')) = self.peek() {
            self.at += 1;
            let w = self.product()?;
            v = if op == b'+' { v + w } else { v - w };
            v = self.bounded(v, || "a sum".into())?;
        }
        Ok(v)
    }

    fn product(&mut self) -> Result<Q, ExprError> {
        let mut v = self.signed()?;
        loop {
            match self.peek() {
                Some(b'*') => {
                    self.at += 1;
                    let w = self.signed()?;
                    v = self.bounded(v * w, || "a product".into())?;
                }
                Some(b'/') if self.rational => {
                    self.at += 1;
                    let w = self.signed()?;
                    if w.is_zero() {
                        return Err(ExprError::Undefined("division by zero".into()));
                    }
                    v = self.bounded(v / w, || "a quotient".into())?;
                }
                Some(b'/') => {
                    return Err(ExprError::Undefined(
                        "`/` makes a fraction where an integer goes".into(),
                    ));
                }
                _ => return Ok(v),
            }
        }
    }

    fn signed(&mut self) -> Result<Q, ExprError> {
        match self.peek() {
            Some(b'-') => {
                self.at += 1;
                self.nested(|p| p.signed()).map(|v| -v)
            }
            Some(b'+') => {
                self.at += 1;
                self.nested(|p| p.signed())
            }
            _ => self.power(),
        }
    }

    /// Runs `f` one level deeper (signs and parentheses both nest).
    fn nested(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<Q, ExprError>,
    ) -> Result<Q, ExprError> {
        if self.depth == MAX_DEPTH {
            return Err(ExprError::TooBig(format!(
                "the expression nests more than {MAX_DEPTH} deep"
            )));
        }
        self.depth += 1;
        let v = f(self);
        self.depth -= 1;
        v
    }

    fn power(&mut self) -> Result<Q, ExprError> {
        let base = self.postfix()?;
        if self.peek() != Some(b'^') {
            return Ok(base);
        }
        self.at += 1;
        let exponent = self.nested(|p| p.signed())?;
        self.pow(base, exponent)
    }

    fn pow(&self, base: Q, exponent: Q) -> Result<Q, ExprError> {
        if !exponent.is_integer() {
            return Err(ExprError::Undefined(format!(
                "the exponent {exponent} is not an integer"
            )));
        }
        let e = exponent.to_integer();
        if e.is_negative() && !self.rational {
            return Err(ExprError::Undefined(format!(
                "the negative exponent {e} makes a fraction where an integer goes"
            )));
        }
        if base.is_zero() {
            return match e.sign() {
                crate::Sign::Minus => Err(ExprError::Undefined(
                    "division by zero (0 to a negative power)".into(),
                )),
                crate::Sign::NoSign => Ok(Q::one()),
                crate::Sign::Plus => Ok(Q::zero()),
            };
        }
        // |base| = 1: ±1, whatever the exponent's size.
        if base.numer().abs().is_one() && base.denom().is_one() {
            let odd = e.bit(0);
            return Ok(if base.is_negative() && odd {
                -Q::one()
            } else {
                Q::one()
            });
        }
        // Otherwise the larger of |numerator|, denominator is at least 2, so
        // the power has at least |e| · (bits − 1) ≥ |e| bits.
        let widest = base.numer().bits().max(base.denom().bits());
        let n = e.abs();
        let lower = n
            .to_u64()
            .and_then(|n| n.checked_mul(widest - 1))
            .unwrap_or(u64::MAX);
        if lower > self.max_bits {
            return Err(ExprError::TooBig(format!(
                "a power with exponent {} has more than {} bits",
                short(&n),
                self.max_bits
            )));
        }
        // lower ≤ max_bits, so n fits a u32 comfortably (max_bits ≪ 2^32).
        let n = n
            .to_u32()
            .ok_or_else(|| ExprError::TooBig("an exponent above 2^32".into()))?;
        let raised = Q::new(
            num_traits::pow(base.numer().clone(), n as usize),
            num_traits::pow(base.denom().clone(), n as usize),
        );
        let raised = if e.is_negative() {
            raised.recip()
        } else {
            raised
        };
        self.bounded(raised, || "a power".into())
    }

    fn postfix(&mut self) -> Result<Q, ExprError> {
        let mut v = self.atom()?;
        while self.peek() == Some(b'!') {
            self.at += 1;
            v = self.factorial(v)?;
        }
        Ok(v)
    }

    /// n! by a running product, checked at every step, so a large n stops
    /// as soon as the product passes the bound.
    fn factorial(&self, v: Q) -> Result<Q, ExprError> {
        if !v.is_integer() || v.is_negative() {
            return Err(ExprError::Undefined(format!(
                "the factorial of {v} (factorials are of non-negative integers)"
            )));
        }
        let n = v.to_integer().to_u64().unwrap_or(u64::MAX);
        let mut acc = BigInt::one();
        for k in 2..=n {
            if k % 64 == 0 {
                crate::Budget::check_parsing().map_err(|_| ExprError::Stopped)?;
            }
            acc *= k;
            if acc.bits() > self.max_bits {
                return Err(ExprError::TooBig(format!(
                    "{}! has more than {} bits",
                    short(&v.to_integer()),
                    self.max_bits
                )));
            }
        }
        Ok(Q::from_integer(acc))
    }

    fn atom(&mut self) -> Result<Q, ExprError> {
        match self.peek() {
            Some(b'(') => {
                self.at += 1;
                let v = self.nested(|p| p.sum())?;
                if self.peek() != Some(b')') {
                    return Err(self.error("`)`"));
                }
                self.at += 1;
                Ok(v)
            }
            Some(b'0'..=b'9') => self.number(),
            _ => Err(self.error("a number or `(`")),
        }
    }

    fn number(&mut self) -> Result<Q, ExprError> {
        let digits = |p: &mut Self| {
            let start = p.at;
            while p.text.get(p.at).is_some_and(u8::is_ascii_digit) {
                p.at += 1;
            }
            start..p.at
        };
        let whole = digits(self);
        let mut value = parse_digits(&self.text[whole])?;
        if self.text.get(self.at) == Some(&b'.') {
            if !self.rational {
                return Err(self.error("an integer (no decimal point)"));
            }
            self.at += 1;
            let frac = digits(self);
            if frac.is_empty() {
                return Err(self.error("digits after the decimal point"));
            }
            let places = frac.len();
            let f = parse_digits(&self.text[frac])?;
            let scale = num_traits::pow(BigInt::from(10), places);
            value = Q::new(value.to_integer() * &scale + f.to_integer(), scale);
        }
        self.bounded(value, || "a number".into())
    }
}

/// A big integer in a message: its ends and digit count past 20 digits.
fn short(n: &BigInt) -> String {
    let s = n.to_string();
    if s.len() <= 20 {
        return s;
    }
    format!("{}…{} ({} digits)", &s[..6], &s[s.len() - 6..], s.len())
}

fn parse_digits(d: &[u8]) -> Result<Q, ExprError> {
    // The digits were checked ASCII; the parse cannot fail on them.
    let text = std::str::from_utf8(d).map_err(|_| ExprError::Undefined("not ASCII".into()))?;
    text.parse::<BigInt>()
        .map(Q::from_integer)
        .map_err(|_| ExprError::Undefined(format!("`{text}` is not a number")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BITS: u64 = 33_220;

    fn int(s: &str) -> String {
        integer(s, BITS)
            .map(|v| v.to_string())
            .unwrap_or_else(|e| format!("error: {e}"))
    }

    fn rat(s: &str) -> String {
        rational(s, BITS)
            .map(|v| v.to_string())
            .unwrap_or_else(|e| format!("error: {e}"))
    }

    #[test]
    fn precedence_and_associativity_follow_mathematics() {
        assert_eq!(int("2^61-1"), "2305843009213693951");
        assert_eq!(int("10^3+7"), "1007");
        assert_eq!(int("-2^2"), "-4");
        assert_eq!(int("(-2)^2"), "4");
        assert_eq!(int("2^3^2"), "512");
        assert_eq!(int("2*3+4*5"), "26");
        assert_eq!(int("2 * (3 + 4)"), "14");
        assert_eq!(int("3!!"), "720");
        assert_eq!(int("-3!"), "-6");
        assert_eq!(int("2^-(-3)"), "8");
        assert_eq!(int("0^0"), "1");
        assert_eq!(int("(-1)^1000000000001"), "-1");
        assert_eq!(int("1 - - 1"), "2");
        assert_eq!(rat("3/4 + 2^-10"), "769/1024");
        assert_eq!(rat("1.5*2"), "3");
        assert_eq!(rat("(1/2)^-3"), "8");
        assert_eq!(rat("-0.125"), "-1/8");
    }

    #[test]
    fn thirty_factorial_matches_the_product() {
        let direct: BigInt = (1..=30u32).map(BigInt::from).product();
        assert_eq!(int("30!"), direct.to_string());
    }

    #[test]
    fn sizes_are_refused_before_the_work() {
        let start = std::time::Instant::now();
        for s in [
            "10^100000000",
            "2^(10^18)",
            "(3/2)^99999999",
            "100000000!",
            "2^2^2^2^2^2",
        ] {
            let r = rational(s, BITS);
            assert!(matches!(r, Err(ExprError::TooBig(_))), "{s}: {r:?}");
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(1));
        // The bound itself: 2^33219 fits, 2^33220 does not.
        assert!(integer("2^33218", BITS).is_ok());
        assert!(matches!(
            integer("2^33220", BITS),
            Err(ExprError::TooBig(_))
        ));
        let deep = format!("{}1{}", "(".repeat(100), ")".repeat(100));
        assert!(matches!(integer(&deep, BITS), Err(ExprError::TooBig(_))));
        let signs = format!("{}1", "-".repeat(100));
        assert!(matches!(integer(&signs, BITS), Err(ExprError::TooBig(_))));
    }

    #[test]
    fn errors_name_the_place_and_what_was_expected() {
        assert_eq!(
            int("2^^3"),
            "error: at character 3: expected a number or `(`, found `^`"
        );
        assert_eq!(
            int("(1+2"),
            "error: at character 5: expected `)`, found the end"
        );
        assert_eq!(
            int("2 3"),
            "error: at character 3: expected an operator (+ - * ^ !) or the end, found `3`"
        );
        assert_eq!(
            int("6/3"),
            "error: `/` makes a fraction where an integer goes"
        );
        assert_eq!(
            int("2^-1"),
            "error: the negative exponent -1 makes a fraction where an integer goes"
        );
        assert_eq!(
            int("1.5"),
            "error: at character 2: expected an integer (no decimal point), found `.`"
        );
        assert_eq!(rat("1/0"), "error: division by zero");
        assert_eq!(
            rat("0^-1"),
            "error: division by zero (0 to a negative power)"
        );
        assert_eq!(
            rat("(1/2)!"),
            "error: the factorial of 1/2 (factorials are of non-negative integers)"
        );
        assert_eq!(rat("2^(1/2)"), "error: the exponent 1/2 is not an integer");
    }
}
