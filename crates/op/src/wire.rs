//! Wire values (DESIGN §3): one encoding everywhere, parsed once by serde,
//! with hand-written JSON Schemas that say exactly what the parser accepts.
//!
//! Inputs: integers as JSON integers (read exactly, whatever their length),
//! decimal strings or integer expressions (`"2^61-1"`); rationals as
//! integers, `"p/q"`, exact decimal strings or rational expressions
//! (`"3/4 + 2^-10"`); matrices as arrays of equal-length rows. JSON floats
//! are refused with the exact string to send instead. Outputs are always
//! strings.
//!
//! Errors raised here read `"<what was wrong>, expected <what to send>"` so
//! the diagnostics layer can split them; a bound that was exceeded starts
//! with [`LIMIT_TAG`] and becomes `limit_exceeded`.

use hessian_kernels::number_expression::{self, ExprError};
use hessian_kernels::{BigInt, Mat, Q};
use num_traits::{One, Signed, Zero};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// Largest integer a JSON number carries exactly (2^53 − 1).
pub const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;
/// Characters allowed in one number's string form (sign, digits, `/`, `.`).
pub const MAX_NUMBER_CHARS: usize = 10_000;
/// Prefix of a parse error caused by a documented bound, not a wrong value.
pub const LIMIT_TAG: &str = "limit exceeded: ";

const INT_PATTERN: &str = "^-?[0-9]+$";
const RATIONAL_OUT_PATTERN: &str = "^-?[0-9]+(/[0-9]+)?$";
/// Digits, or an integer expression: the characters of
/// `hessian_kernels::number_expression` without `/` and `.`.
const INT_IN_PATTERN: &str = "^[-+*^!() 0-9]*[0-9][-+*^!() 0-9]*$";
/// `p/q`, an exact decimal, or a rational expression.
const RATIONAL_IN_PATTERN: &str = "^[-+*/^!(). 0-9]*[0-9][-+*/^!(). 0-9]*$";
/// The largest value a number may denote, in bits of numerator plus
/// denominator: as many as [`MAX_NUMBER_CHARS`] decimal digits carry
/// (⌈10000·log₂10⌉), so `"10^9999"` is as good as its 10,000 digits.
pub const MAX_NUMBER_BITS: u64 = 33_220;
/// serde_json (with `arbitrary_precision`) hands a number it keeps as text
/// (an integer beyond 128 bits, a float that is not a double's shortest
/// form, `1e400`) to a visitor as a one-entry map under this key.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// An exact integer.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Int(pub BigInt);

/// An exact rational number, always reduced with a positive denominator.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rational(pub Q);

impl From<BigInt> for Int {
    fn from(v: BigInt) -> Self {
        Int(v)
    }
}

impl From<Q> for Rational {
    fn from(v: Q) -> Self {
        Rational(v)
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.denom().is_one() {
            self.0.numer().fmt(f)
        } else {
            write!(f, "{}/{}", self.0.numer(), self.0.denom())
        }
    }
}

impl Serialize for Int {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        spend::<S::Error>(self.0.bits() * 30_103 / 100_000)?;
        s.collect_str(self)
    }
}

/// An exact length that may be infinite — the distance to an unreachable
/// vertex, the girth of a forest — written as a [`Rational`] or `"inf"`.
/// (A JSON null would need a type array, which several hosts refuse.)
#[derive(Debug, Clone, PartialEq)]
pub struct Extended(pub Option<Q>);

/// The text of an infinite [`Extended`].
pub const INFINITE: &str = "inf";

impl Serialize for Extended {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Some(q) => {
                spend::<S::Error>(digits_of(q))?;
                s.collect_str(&Rational(q.clone()))
            }
            None => s.serialize_str(INFINITE),
        }
    }
}

impl JsonSchema for Extended {
    fn schema_name() -> Cow<'static, str> {
        "Extended".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string", "pattern": "^(inf|-?[0-9]+(/[0-9]+)?)$",
            "description": "An exact rational (\"p/q\" reduced, or \"p\"), or \"inf\" when infinite."
        })
    }
}

impl Serialize for Rational {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        spend::<S::Error>(digits_of(&self.0))?;
        s.collect_str(self)
    }
}

fn too_long<E: de::Error>(len: usize) -> E {
    E::custom(format!(
        "{LIMIT_TAG}a number of {len} characters, expected at most {MAX_NUMBER_CHARS} characters per number"
    ))
}

/// The exact decimal a JSON float was most likely written as (Rust prints
/// the shortest string that reads back as the same double).
fn float_text(v: f64) -> String {
    let s = format!("{v:?}");
    if s.len() > 40 { format!("{v:e}") } else { s }
}

/// The exact value of a JSON number's text (`1e400`, `-2.50E-3`) as the
/// string to send instead, and whether that value is an integer: plain
/// digits or `p/q` while short, `d*10^e` beyond (which the expression
/// grammar reads back). None when the exponent itself is out of range.
fn exact_text(text: &str) -> Option<(String, bool)> {
    let (sign, body) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], body[i + 1..].parse::<i64>().ok()?),
        None => (body, 0),
    };
    let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut digits = format!("{whole}{frac}").trim_start_matches('0').to_string();
    if digits.is_empty() {
        return Some(("0".into(), true));
    }
    let mut e10 = exponent.checked_sub(i64::try_from(frac.len()).ok()?)?;
    while digits.ends_with('0') {
        digits.pop();
        e10 += 1;
    }
    let short = |n: i64| n.unsigned_abs() + digits.len() as u64 <= 40;
    let value = if e10 >= 0 && short(e10) {
        format!("{sign}{digits}{}", "0".repeat(e10 as usize))
    } else if e10 < 0 && short(e10) {
        let q = Q::new(
            digits.parse().ok()?,
            num_traits::pow(BigInt::from(10), e10.unsigned_abs() as usize),
        );
        format!("{sign}{}", Rational(q))
    } else if digits == "1" {
        format!("{sign}10^{e10}")
    } else {
        format!("{sign}{digits}*10^{e10}")
    };
    Some((value, e10 >= 0))
}

/// An integer or rational expression that has no value here, as a serde
/// error: a bound passed is a limit, anything else a wrong value.
fn expression_error<E: de::Error>(s: &str, kind: &str, e: ExprError) -> E {
    let (article, example) = if kind == "integer" {
        ("an", "\"-123\" or \"2^61-1\"")
    } else {
        ("a", "\"3/4\", \"0.125\" or \"2^-10\"")
    };
    let text = crate::error::bounded(s, 40);
    match e {
        ExprError::TooBig(why) => E::custom(format!(
            "{LIMIT_TAG}the {kind} expression {text:?}: {why}, expected a value of at most {MAX_NUMBER_CHARS} digits"
        )),
        ExprError::Stopped => E::custom(format!(
            "the {kind} expression {text:?} was stopped by the call's deadline, expected a smaller expression"
        )),
        e => E::custom(format!(
            "the {kind} expression {text:?} has no {kind} value ({e}), expected {article} {kind} such as {example}"
        )),
    }
}

/// An exact integer from a string: digits, or an integer expression.
fn int_from_str<E: de::Error>(s: &str) -> Result<BigInt, E> {
    if s.len() > MAX_NUMBER_CHARS {
        return Err(too_long(s.len()));
    }
    if let Some(v) = parse_int_str(s) {
        return Ok(v);
    }
    if !number_expression::looks_like(s, false) {
        return Err(E::invalid_value(
            de::Unexpected::Str(&crate::error::bounded(s, 40)),
            &IntVisitor,
        ));
    }
    number_expression::integer(s, MAX_NUMBER_BITS).map_err(|e| expression_error(s, "integer", e))
}

/// An exact rational from a string: `p/q`, a decimal, or a rational
/// expression.
fn rational_from_str<E: de::Error>(s: &str) -> Result<Q, E> {
    if s.len() > MAX_NUMBER_CHARS {
        return Err(too_long(s.len()));
    }
    let why = match parse_rational_str(s) {
        Ok(q) => return Ok(q),
        Err(why) => why,
    };
    if !number_expression::looks_like(s, true) {
        return Err(E::custom(format!(
            "the string {:?} ({why}), expected a rational such as \"3/4\", \"-2\", \"0.125\" or \"2^-10\"",
            crate::error::bounded(s, 40)
        )));
    }
    number_expression::rational(s, MAX_NUMBER_BITS).map_err(|e| expression_error(s, "rational", e))
}

/// A JSON number serde_json kept as text ([`NUMBER_TOKEN`]): an integer of
/// any length is read exactly; a float is refused with its exact value.
fn int_from_number<E: de::Error>(text: &str) -> Result<BigInt, E> {
    if text.len() > MAX_NUMBER_CHARS {
        return Err(too_long(text.len()));
    }
    if let Some(v) = parse_int_str(text) {
        return Ok(v);
    }
    Err(E::custom(match exact_text(text) {
        Some((exact, true)) => format!(
            "the JSON float {}, expected an exact integer as a JSON integer or string: \"{exact}\"",
            crate::error::bounded(text, 40)
        ),
        _ => format!(
            "the JSON float {}, expected an exact integer as a JSON integer or a decimal string",
            crate::error::bounded(text, 40)
        ),
    }))
}

/// Like [`int_from_number`], for a rational.
fn rational_from_number<E: de::Error>(text: &str) -> Result<Q, E> {
    if text.len() > MAX_NUMBER_CHARS {
        return Err(too_long(text.len()));
    }
    if let Some(v) = parse_int_str(text) {
        return Ok(Q::from_integer(v));
    }
    Err(E::custom(match exact_text(text) {
        Some((exact, _)) => format!(
            "the JSON float {} (floats are inexact), expected the exact value as a string: \"{exact}\"",
            crate::error::bounded(text, 40)
        ),
        None => format!(
            "the JSON float {} (floats are inexact), expected the exact value as a string such as \"1/10\" or \"0.1\"",
            crate::error::bounded(text, 40)
        ),
    }))
}

/// What a JSON object where a number goes holds.
enum MapNumber {
    /// serde_json's text of a JSON number (see [`NUMBER_TOKEN`]).
    Text(String),
    /// An agent's `{"num": p, "den": q}` rendering of a fraction, with its
    /// value when both parts are word-size integers.
    Fraction(Option<Q>),
}

fn map_number<'de, A: de::MapAccess<'de>>(mut map: A) -> Result<MapNumber, A::Error> {
    let (mut num, mut den) = (None, None);
    while let Some((k, v)) = map.next_entry::<String, serde_json::Value>()? {
        match k.as_str() {
            NUMBER_TOKEN => {
                if let serde_json::Value::String(text) = v {
                    return Ok(MapNumber::Text(text));
                }
            }
            "num" | "numerator" | "n" | "p" => num = v.as_i64(),
            "den" | "denominator" | "d" | "q" => den = v.as_i64(),
            _ => {}
        }
    }
    Ok(MapNumber::Fraction(match (num, den) {
        (Some(p), Some(q)) if q != 0 => Some(Q::new(p.into(), q.into())),
        _ => None,
    }))
}

fn parse_int_str(s: &str) -> Option<BigInt> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Most numbers fit a word; going through i64 skips the general radix
    // conversion (a large share of parsing a big matrix).
    if digits.len() <= 18 {
        return s.parse::<i64>().ok().map(BigInt::from);
    }
    s.parse().ok()
}

/// Parses `p`, `p/q` (q > 0) or an exact decimal `-12.375`.
fn parse_rational_str(s: &str) -> Result<Q, &'static str> {
    if let Some((p, q)) = s.split_once('/') {
        let p = parse_int_str(p).ok_or("the numerator is not a decimal integer")?;
        if q.is_empty() || !q.bytes().all(|b| b.is_ascii_digit()) {
            return Err("the denominator is not a positive decimal integer");
        }
        let q: BigInt = q
            .parse()
            .map_err(|_| "the denominator is not a decimal integer")?;
        if q.is_zero() {
            return Err("the denominator is zero");
        }
        return Ok(Q::new(p, q));
    }
    if let Some((whole, frac)) = s.split_once('.') {
        if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err("the decimal has no digits after the point");
        }
        let negative = whole.starts_with('-');
        let w =
            parse_int_str(whole).ok_or("the part before the decimal point is not an integer")?;
        let f: BigInt = frac
            .parse()
            .map_err(|_| "the fraction digits are not decimal")?;
        let scale = num_traits::pow(BigInt::from(10), frac.len());
        let magnitude = w.abs() * &scale + f;
        return Ok(Q::new(if negative { -magnitude } else { magnitude }, scale));
    }
    parse_int_str(s)
        .map(Q::from_integer)
        .ok_or("it is not a number")
}

struct IntVisitor;

impl<'de> Visitor<'de> for IntVisitor {
    type Value = Int;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an integer: a JSON integer, a decimal string such as \"-123\", or an integer expression such as \"2^61-1\"")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Int, E> {
        Ok(Int(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Int, E> {
        Ok(Int(v.into()))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Int, E> {
        Ok(Int(v.into()))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Int, E> {
        Ok(Int(v.into()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Int, E> {
        let text = float_text(v);
        if v.fract() == 0.0 && v.abs() <= MAX_SAFE_INTEGER as f64 {
            Err(E::custom(format!(
                "the JSON float {text}, expected an integer without a decimal point: {v:.0} or \"{v:.0}\""
            )))
        } else {
            Err(E::custom(format!(
                "the JSON float {text}, expected an exact integer as a JSON integer or a decimal string"
            )))
        }
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Int, A::Error> {
        Err(de::Error::custom(match map_number(map)? {
            MapNumber::Text(text) => return int_from_number(&text).map(Int),
            MapNumber::Fraction(Some(q)) if q.is_integer() => format!(
                "a {{numerator, denominator}} object, expected the integer as a JSON integer or string: \"{}\"",
                q.to_integer()
            ),
            MapNumber::Fraction(_) => "an object, expected an integer: a JSON integer or a decimal string such as \"-123\"".to_string(),
        }))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Int, E> {
        int_from_str(s).map(Int)
    }
}

impl<'de> Deserialize<'de> for Int {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(IntVisitor)
    }
}

struct RationalVisitor;

impl<'de> Visitor<'de> for RationalVisitor {
    type Value = Rational;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a rational: a JSON integer, or a string \"p/q\", \"-7\", an exact decimal \"0.125\" or an expression such as \"3/4 + 2^-10\"",
        )
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Rational, E> {
        Ok(Rational(Q::from_integer(v.into())))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Rational, E> {
        Ok(Rational(Q::from_integer(v.into())))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Rational, E> {
        Ok(Rational(Q::from_integer(v.into())))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Rational, E> {
        Ok(Rational(Q::from_integer(v.into())))
    }

    /// `{"num": 1, "den": 2}` and its spellings are refused, naming the
    /// string to send, as floats are.
    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Rational, A::Error> {
        Err(de::Error::custom(match map_number(map)? {
            MapNumber::Text(text) => return rational_from_number(&text).map(Rational),
            MapNumber::Fraction(Some(q)) => format!(
                "a {{numerator, denominator}} object, expected the exact value as a string: \"{}\"",
                Rational(q)
            ),
            MapNumber::Fraction(None) => "an object, expected a rational: a JSON integer, or a string \"p/q\", \"-7\" or an exact decimal \"0.125\"".to_string(),
        }))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Rational, E> {
        if v.fract() == 0.0 && v.abs() <= MAX_SAFE_INTEGER as f64 {
            return IntVisitor
                .visit_f64(v)
                .map(|i: Int| Rational(Q::from_integer(i.0)));
        }
        let text = float_text(v);
        let exact = parse_rational_str(&format!("{v}"))
            .ok()
            .map(|q| Rational(q).to_string());
        Err(E::custom(match exact {
            Some(fraction) if text.len() <= 40 => format!(
                "the JSON float {text} (floats are inexact), expected the exact value as a string: \"{fraction}\" or \"{text}\""
            ),
            _ => format!(
                "the JSON float {text} (floats are inexact), expected the exact value as a string such as \"1/10\" or \"0.1\""
            ),
        }))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Rational, E> {
        rational_from_str(s).map(Rational)
    }
}

impl<'de> Deserialize<'de> for Rational {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RationalVisitor)
    }
}

/// A float64 input of a `….numeric` operation: a JSON number. A
/// `{num, den}` object is refused naming the number to send.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Float(pub f64);

struct FloatVisitor;

impl<'de> Visitor<'de> for FloatVisitor {
    type Value = Float;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON number")
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Float, E> {
        if v.is_finite() {
            Ok(Float(v))
        } else {
            Err(E::custom(format!("{v}, expected a finite JSON number")))
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Float, E> {
        Ok(Float(v as f64))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Float, E> {
        Ok(Float(v as f64))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Float, A::Error> {
        Err(de::Error::custom(match map_number(map)? {
            MapNumber::Text(text) => {
                return match text.parse::<f64>() {
                    Ok(v) if v.is_finite() => Ok(Float(v)),
                    _ => Err(de::Error::custom(format!(
                        "the number {text} is beyond float64, expected a finite JSON number"
                    ))),
                };
            }
            MapNumber::Fraction(Some(q)) => format!(
                "a {{numerator, denominator}} object, expected a JSON number: \"{}\"",
                hessian_kernels::rational::to_f64(&q)
            ),
            MapNumber::Fraction(None) => "an object, expected a JSON number".to_string(),
        }))
    }
}

impl<'de> Deserialize<'de> for Float {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(FloatVisitor)
    }
}

impl JsonSchema for Float {
    fn schema_name() -> Cow<'static, str> {
        "Float".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "number"})
    }
}

/// A rational matrix entry as the exact kernels want it: word-size integers
/// stay unboxed (no big-number allocation per entry), anything else is a
/// [`Rational`]. Same wire form and schema as [`Rational`]. Boxed, so a
/// matrix of words is 16 bytes an entry, not the 64 of a `Q`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Word(i64),
    Big(Box<Q>),
}

/// Entries below 10^18 in magnitude are words, as an 18-digit string is:
/// the word kernels take any such entry.
const WORD_BOUND: i128 = 1_000_000_000_000_000_000;

impl Entry {
    fn of(v: i128) -> Entry {
        if v.unsigned_abs() < WORD_BOUND as u128 {
            Entry::Word(v as i64)
        } else {
            Entry::Big(Box::new(Q::from_integer(v.into())))
        }
    }
}

impl From<Entry> for Q {
    fn from(e: Entry) -> Q {
        match e {
            Entry::Word(v) => Q::from_integer(v.into()),
            Entry::Big(q) => *q,
        }
    }
}

impl From<Rational> for Q {
    fn from(r: Rational) -> Q {
        r.0
    }
}

struct EntryVisitor;

impl<'de> Visitor<'de> for EntryVisitor {
    type Value = Entry;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        RationalVisitor.expecting(f)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Entry, E> {
        Ok(Entry::of(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Entry, E> {
        Ok(Entry::of(v.into()))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Entry, E> {
        Ok(Entry::of(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Entry, E> {
        Ok(i128::try_from(v).map_or_else(
            |_| Entry::Big(Box::new(Q::from_integer(v.into()))),
            Entry::of,
        ))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Entry, A::Error> {
        RationalVisitor
            .visit_map(map)
            .map(|r| Entry::Big(Box::new(r.0)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Entry, E> {
        RationalVisitor
            .visit_f64(v)
            .map(|r| Entry::Big(Box::new(r.0)))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Entry, E> {
        // Digits only (no '+', which i64's parser would take): a word.
        let digits = s.strip_prefix('-').unwrap_or(s);
        if digits.len() <= 18 && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return s
                .parse()
                .map(Entry::Word)
                .map_err(|_| E::custom("unreachable: 18 digits fit i64"));
        }
        RationalVisitor
            .visit_str(s)
            .map(|r| Entry::Big(Box::new(r.0)))
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(EntryVisitor)
    }
}

impl JsonSchema for Entry {
    fn schema_name() -> Cow<'static, str> {
        Rational::schema_name()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        Rational::json_schema(g)
    }
}

/// The matrix as word-size integers, when every entry is one.
pub fn words(m: &Mat<Entry>) -> Option<Mat<i64>> {
    let data = m
        .as_slice()
        .iter()
        .map(|e| match e {
            Entry::Word(v) => Some(*v),
            Entry::Big(_) => None,
        })
        .collect::<Option<Vec<i64>>>()?;
    Mat::from_vec(m.rows(), m.cols(), data)
}

const INT_DESCRIPTION: &str = "An exact integer: a JSON integer (read exactly at any length; beyond ±9007199254740991 a string is safer, since JavaScript hosts round longer JSON numbers), a decimal string such as \"-123\", or an integer expression in a string with + - * ^ ! and parentheses, such as \"2^61-1\", \"10^100+7\" or \"30!\" (at most 10000 characters and a value of at most 10000 digits).";

const RATIONAL_DESCRIPTION: &str = "An exact rational: a JSON integer, or a string \"p/q\" (need not be reduced), \"-7\", an exact decimal \"-0.125\", or a rational expression with + - * / ^ ! and parentheses such as \"3/4 + 2^-10\" (at most 10000 characters and a value of at most 10000 digits). JSON floats are refused.";

impl JsonSchema for Int {
    fn schema_name() -> Cow<'static, str> {
        "Int".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        if g.contract().is_serialize() {
            return json_schema!({ "type": "string", "pattern": INT_PATTERN, "description": "An exact integer as a decimal string." });
        }
        json_schema!({
            "description": INT_DESCRIPTION,
            "anyOf": [
                { "type": "integer" },
                { "type": "string", "pattern": INT_IN_PATTERN, "maxLength": MAX_NUMBER_CHARS }
            ]
        })
    }
}

impl JsonSchema for Rational {
    fn schema_name() -> Cow<'static, str> {
        "Rational".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        if g.contract().is_serialize() {
            return json_schema!({
                "type": "string", "pattern": RATIONAL_OUT_PATTERN,
                "description": "An exact rational, reduced: \"p/q\" with q > 1, or \"p\" when integral."
            });
        }
        json_schema!({
            "description": RATIONAL_DESCRIPTION,
            "anyOf": [
                { "type": "integer" },
                { "type": "string", "pattern": RATIONAL_IN_PATTERN, "maxLength": MAX_NUMBER_CHARS }
            ]
        })
    }
}

/// A prime below 2^`bits` (bits ≤ 63) as a machine word: `limit_exceeded`
/// above the bound, `domain_error` for a non-prime, naming `field`.
pub fn word_prime(p: &Int, field: &str, bits: u32) -> Result<u64, crate::MathError> {
    use num_traits::Signed;
    if p.0.is_positive() && p.0.bits() > u64::from(bits) {
        return Err(crate::MathError::Limit(format!(
            "`{field}` must be a prime below 2^{bits}"
        )));
    }
    match num_traits::ToPrimitive::to_u64(&p.0) {
        Some(v) if hessian_kernels::integer::is_prime_u64(v) => Ok(v),
        _ => Err(crate::MathError::Domain(format!(
            "`{field}` must be prime; {p} is not"
        ))),
    }
}

/// The default of a `digits` field: 20 significant digits
/// (`#[serde(default = "hessian_op::wire::twenty_digits")]`).
pub fn twenty_digits() -> Bounded<1, 1000> {
    Bounded(20)
}

/// A JSON integer in `MIN..=MAX` (exponents, counts, indices).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounded<const MIN: i64, const MAX: i64>(pub i64);

/// Zero, or the bound nearest zero when zero is outside `MIN..=MAX`.
impl<const MIN: i64, const MAX: i64> Default for Bounded<MIN, MAX> {
    fn default() -> Self {
        Bounded(0i64.clamp(MIN, MAX))
    }
}

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Bounded<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = IntVisitor.visit_any(d)?;
        match num_traits::ToPrimitive::to_i64(&v.0) {
            Some(x) if (MIN..=MAX).contains(&x) => Ok(Bounded(x)),
            _ => Err(de::Error::custom(format!(
                "the integer {v}, expected an integer from {MIN} to {MAX}"
            ))),
        }
    }
}

impl IntVisitor {
    /// Integers only as JSON integers here: a bounded count is never a string.
    fn visit_any<'de, D: Deserializer<'de>>(self, d: D) -> Result<Int, D::Error> {
        struct JsonIntegerOnly;
        impl<'de> Visitor<'de> for JsonIntegerOnly {
            type Value = Int;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON integer")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Int, E> {
                IntVisitor.visit_i64(v)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Int, E> {
                IntVisitor.visit_u64(v)
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Int, E> {
                IntVisitor.visit_i128(v)
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Int, E> {
                IntVisitor.visit_u128(v)
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Int, E> {
                IntVisitor.visit_f64(v)
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Int, A::Error> {
                IntVisitor.visit_map(map)
            }
        }
        d.deserialize_any(JsonIntegerOnly)
    }
}

impl<const MIN: i64, const MAX: i64> JsonSchema for Bounded<MIN, MAX> {
    fn schema_name() -> Cow<'static, str> {
        format!("Bounded_{MIN}_{MAX}").into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "integer", "minimum": MIN, "maximum": MAX })
    }
}

/// A non-empty list of at most `MAX` items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct List<T, const MAX: usize>(pub Vec<T>);

struct ListVisitor<T, const MAX: usize>(PhantomData<T>);

impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for ListVisitor<T, MAX> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a non-empty array of at most {MAX} items")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::new();
        while let Some(item) = seq.next_element()? {
            if out.len() == MAX {
                return Err(de::Error::custom(format!(
                    "{LIMIT_TAG}more than {MAX} items, expected at most {MAX} items"
                )));
            }
            out.push(item);
        }
        if out.is_empty() {
            return Err(de::Error::custom(
                "an empty array, expected at least one item",
            ));
        }
        Ok(out)
    }
}

impl<'de, T: Deserialize<'de>, const MAX: usize> Deserialize<'de> for List<T, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(ListVisitor::<T, MAX>(PhantomData))
            .map(List)
    }
}

impl<T: JsonSchema, const MAX: usize> JsonSchema for List<T, MAX> {
    fn schema_name() -> Cow<'static, str> {
        format!("List{MAX}_{}", T::schema_name()).into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "array", "minItems": 1, "maxItems": MAX, "items": g.subschema_for::<T>() })
    }
}

/// A matrix of at most `MAX` rows and `MAX` columns, all rows the same
/// length, at least 1×1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matrix<T, const MAX: usize>(pub Mat<T>);

/// A square [`Matrix`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareMatrix<T, const MAX: usize>(pub Mat<T>);

/// Appends one row to the flat, row-major entries of the matrix being read.
struct RowSeed<'a, T, const MAX: usize> {
    entries: &'a mut Vec<T>,
    /// Length of the first row, which every later row must match.
    width: Option<usize>,
    index: usize,
}

impl<'de, T: Deserialize<'de>, const MAX: usize> DeserializeSeed<'de> for RowSeed<'_, T, MAX> {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for RowSeed<'_, T, MAX> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.width {
            Some(w) => write!(f, "a row of {w} entries like row 0"),
            None => write!(f, "a row: a non-empty array of at most {MAX} entries"),
        }
    }

    /// Returns the row's length.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<usize, A::Error> {
        let start = self.entries.len();
        while let Some(x) = seq.next_element()? {
            if self.entries.len() - start == MAX {
                return Err(de::Error::custom(format!(
                    "{LIMIT_TAG}a row of more than {MAX} entries, expected at most {MAX} columns"
                )));
            }
            self.entries.push(x);
        }
        let len = self.entries.len() - start;
        match self.width {
            Some(w) if w != len => Err(de::Error::custom(format!(
                "row {} has {len} entries, expected {w} entries like row 0 (all rows the same length)",
                self.index,
            ))),
            None if len == 0 => Err(de::Error::custom(
                "an empty row, expected at least one entry per row",
            )),
            _ => Ok(len),
        }
    }
}

struct MatrixVisitor<T, const MAX: usize>(PhantomData<T>);

impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for MatrixVisitor<T, MAX> {
    type Value = Mat<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a matrix: a non-empty array of rows, each an array of the same length, at most {MAX}×{MAX}"
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Mat<T>, A::Error> {
        let mut entries = Vec::new();
        let (mut rows, mut width) = (0, None);
        loop {
            let seed = RowSeed::<T, MAX> {
                entries: &mut entries,
                width,
                index: rows,
            };
            let Some(len) = seq.next_element_seed(seed)? else {
                break;
            };
            if rows == MAX {
                return Err(de::Error::custom(format!(
                    "{LIMIT_TAG}more than {MAX} rows, expected at most {MAX} rows"
                )));
            }
            width = Some(len);
            rows += 1;
        }
        let Some(cols) = width else {
            return Err(de::Error::custom(
                "an empty matrix, expected at least one row",
            ));
        };
        Mat::from_vec(rows, cols, entries).ok_or_else(|| {
            de::Error::custom("rows of different lengths, expected rows of equal length")
        })
    }
}

impl<'de, T: Deserialize<'de>, const MAX: usize> Deserialize<'de> for Matrix<T, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(MatrixVisitor::<T, MAX>(PhantomData))
            .map(Matrix)
    }
}

impl<'de, T: Deserialize<'de>, const MAX: usize> Deserialize<'de> for SquareMatrix<T, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let m = d.deserialize_seq(MatrixVisitor::<T, MAX>(PhantomData))?;
        if !m.is_square() {
            return Err(de::Error::custom(format!(
                "a {}×{} matrix, expected a square matrix (as many rows as columns)",
                m.rows(),
                m.cols()
            )));
        }
        Ok(SquareMatrix(m))
    }
}

fn matrix_schema<T: JsonSchema>(g: &mut SchemaGenerator, max: usize, square: bool) -> Schema {
    let entry = g.subschema_for::<T>();
    if g.contract().is_serialize() {
        return json_schema!({ "type": "array", "items": { "type": "array", "items": entry } });
    }
    let description = if square {
        format!(
            "A square matrix: an array of rows, each row an array with as many entries as there are rows; at most {max}×{max}."
        )
    } else {
        format!(
            "A matrix: an array of rows, all rows the same length; at least 1×1, at most {max}×{max}."
        )
    };
    json_schema!({
        "description": description,
        "type": "array", "minItems": 1, "maxItems": max,
        "items": { "type": "array", "minItems": 1, "maxItems": max, "items": entry }
    })
}

impl<T: JsonSchema, const MAX: usize> JsonSchema for Matrix<T, MAX> {
    fn schema_name() -> Cow<'static, str> {
        format!("Matrix{MAX}_{}", T::schema_name()).into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        matrix_schema::<T>(g, MAX, false)
    }
}

impl<T: JsonSchema, const MAX: usize> JsonSchema for SquareMatrix<T, MAX> {
    fn schema_name() -> Cow<'static, str> {
        format!("SquareMatrix{MAX}_{}", T::schema_name()).into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        matrix_schema::<T>(g, MAX, true)
    }
}

/// Output form of a matrix: rows of values. Used by output models only.
pub type Rows<T> = Vec<Vec<T>>;

/// Converts a kernel matrix of rationals to output rows.
pub fn rows_of(m: Mat<Q>) -> Rows<Rational> {
    m.into_rows()
        .into_iter()
        .map(|r| r.into_iter().map(Rational).collect())
        .collect()
}

/// Converts a kernel vector of rationals to an output list.
pub fn vector_of(v: Vec<Q>) -> Vec<Rational> {
    v.into_iter().map(Rational).collect()
}

/// A polynomial as text, highest degree first: `x^3 - 2*x + 1/2`.
/// Coefficients are given lowest degree first, as everywhere on the wire.
pub fn polynomial_text(coefficients: &[Q], var: &str) -> String {
    let mut out = String::new();
    for (k, c) in coefficients.iter().enumerate().rev() {
        if c.is_zero() {
            continue;
        }
        let negative = c < &Q::zero();
        let magnitude = Rational(if negative { -c.clone() } else { c.clone() }).to_string();
        out.push_str(match (out.is_empty(), negative) {
            (true, true) => "-",
            (true, false) => "",
            (false, true) => " - ",
            (false, false) => " + ",
        });
        let monomial = match k {
            0 => String::new(),
            1 => var.to_string(),
            _ => format!("{var}^{k}"),
        };
        if monomial.is_empty() {
            out.push_str(&magnitude);
        } else if magnitude == "1" {
            out.push_str(&monomial);
        } else {
            out.push_str(&format!("{magnitude}*{monomial}"));
        }
    }
    if out.is_empty() { "0".to_string() } else { out }
}

/// The rational matrix a kernel works on, moved out of its wire form.
pub fn to_q<T: Into<Q>>(m: Mat<T>) -> Mat<Q> {
    m.into_map(Into::into)
}

/// Whether a search that may be stopped finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Proven: the search was exhausted.
    Exact,
    /// The deadline stopped the search; the best found and a bound are given.
    Unknown,
}

impl Status {
    pub fn proven(exact: bool) -> Self {
        if exact {
            Status::Exact
        } else {
            Status::Unknown
        }
    }
}

// The one output shape of a polynomial in every family.
/// A univariate polynomial in outputs: its coefficients, lowest degree
/// first (`[]` for 0), and the same polynomial as text, highest degree
/// first. The text is written when the output is serialized, within the
/// output allowance ([`serialize_within`]), never before.
#[derive(Debug)]
pub struct PolyOut {
    pub coefficients: Vec<Rational>,
    var: String,
}

// The schema of [`PolyOut`] is that of what its serialization writes.
/// A univariate polynomial in outputs.
#[allow(dead_code)]
#[derive(JsonSchema)]
#[schemars(rename = "PolyOut")]
struct PolyOutShape {
    /// Coefficients, lowest degree first ([] for 0).
    coefficients: Vec<Rational>,
    /// The same polynomial as text, highest degree first.
    polynomial: String,
}

impl JsonSchema for PolyOut {
    fn schema_name() -> Cow<'static, str> {
        PolyOutShape::schema_name()
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        PolyOutShape::json_schema(g)
    }
}

impl Serialize for PolyOut {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("PolyOut", 2)?;
        out.serialize_field("coefficients", &self.coefficients)?;
        // The text repeats every coefficient's digits.
        for c in &self.coefficients {
            spend::<S::Error>(digits_of(&c.0))?;
        }
        let q: Vec<Q> = self.coefficients.iter().map(|c| c.0.clone()).collect();
        out.serialize_field("polynomial", &polynomial_text(&q, &self.var))?;
        out.end()
    }
}

impl PolyOut {
    pub fn new(c: hessian_kernels::poly::QPoly, var: &str) -> Self {
        PolyOut {
            coefficients: c.into_iter().map(Rational).collect(),
            var: var.to_string(),
        }
    }

    pub fn from_z(c: &[BigInt], var: &str) -> Self {
        Self::new(hessian_kernels::poly::from_z(c), var)
    }
}

thread_local! {
    /// Digits the output being serialized on this thread may still take
    /// ([`serialize_within`]); None when unbounded.
    static ROOM: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// The start of a serialization refused by [`serialize_within`].
pub const OVER_BUDGET: &str = "the output would pass the output budget";

/// At least as many decimal digits as `q` is written with (⌊bits·log₁₀2⌋
/// of its numerator and denominator), computed without writing it.
fn digits_of(q: &Q) -> u64 {
    (q.numer().bits() + q.denom().bits()) * 30_103 / 100_000
}

/// Counts `digits` against the output allowance of this thread.
fn spend<E: serde::ser::Error>(digits: u64) -> Result<(), E> {
    ROOM.with(|room| match room.get() {
        None => Ok(()),
        Some(left) if digits <= left => {
            room.set(Some(left - digits));
            Ok(())
        }
        Some(_) => Err(E::custom(OVER_BUDGET)),
    })
}

/// Serializes an output to JSON unless its numbers alone would take more
/// than `bytes` (their digit counts are known from their bits before any
/// is written, and every big number in an output passes through [`Int`],
/// [`Rational`] or [`PolyOut`]): an answer too large for the output budget
/// is refused before seconds of radix conversion. Err carries no size; the
/// caller says the budget.
pub fn serialize_within<T: Serialize>(
    value: T,
    bytes: Option<usize>,
) -> Result<serde_json::Value, serde_json::Error> {
    let previous = ROOM.with(|room| room.replace(bytes.map(|b| b as u64)));
    let out = serde_json::to_value(value);
    ROOM.with(|room| room.set(previous));
    out
}

#[cfg(test)]
mod tests;

/// An item of a set (exact cover, set cover): a name or a number, as written.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Item(pub String);

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Item;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an item: an integer or a name of at most 100 characters")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Item, E> {
                if s.is_empty() || s.chars().count() > 100 {
                    return Err(E::custom("an item name has 1 to 100 characters"));
                }
                Ok(Item(s.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Item, E> {
                Ok(Item(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Item, E> {
                Ok(Item(v.to_string()))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Item, A::Error> {
                // A {num, den} object gets the integers' diagnostic.
                Int::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(|i| Item(i.0.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Item, E> {
                // 3.0 is the integer 3 to JSON Schema; 3.5 is no item.
                if v.fract() == 0.0 && v.abs() < 9e15 {
                    Ok(Item((v as i64).to_string()))
                } else {
                    Err(E::custom(format!(
                        "the number {v}, expected an integer or a name"
                    )))
                }
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for Item {
    fn schema_name() -> Cow<'static, str> {
        "Item".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "anyOf": [{"type": "integer"}, {"type": "string", "minLength": 1, "maxLength": 100}],
            "description": "An item: an integer or a name."
        })
    }
}

/// A number and its decimal, for values an agent will read.
#[derive(Serialize, JsonSchema)]
pub struct Value {
    /// Exact: an integer or p/q.
    pub exact: String,
    /// To 15 significant digits (exact when it has no more).
    pub decimal: String,
}

impl Value {
    pub fn of(q: &Q) -> Value {
        Value {
            exact: q.to_string(),
            decimal: decimal(q),
        }
    }
}

/// q to 15 significant digits, exact when it has no more.
fn decimal(q: &Q) -> String {
    crate::algebraic::exact_decimal(q, 15).0
}

/// A square root of an exact rational (a standard deviation, a
/// correlation), exactly and in digits.
#[derive(Serialize, JsonSchema)]
pub struct SquareRoot {
    /// Exactly: an integer, p/q, or c*sqrt(r) with r free of small square
    /// factors ("4*sqrt(14)/7").
    pub exact: String,
    /// Its square, exact (the sign is the root's own).
    pub square: Rational,
    /// To 15 significant digits (exact when it has no more), irrational
    /// roots from an enclosure 10⁻¹⁹ wide.
    pub decimal: String,
}

impl SquareRoot {
    /// ±√q for q ≥ 0 (None for q < 0).
    pub fn of(q: &Q, negative: bool) -> Option<SquareRoot> {
        let surd = hessian_kernels::rational::sqrt(q)?;
        let sign = if negative && !q.is_zero() { "-" } else { "" };
        let c = &surd.coefficient;
        let exact = if surd.radicand.is_one() {
            format!("{sign}{c}")
        } else {
            let n = c.numer();
            let head = if n.is_one() {
                format!("sqrt({})", surd.radicand)
            } else {
                format!("{n}*sqrt({})", surd.radicand)
            };
            let tail = if c.denom().is_one() {
                String::new()
            } else {
                format!("/{}", c.denom())
            };
            format!("{sign}{head}{tail}")
        };
        let decimal = if surd.radicand.is_one() {
            let root = if sign.is_empty() { c.clone() } else { -c };
            crate::algebraic::exact_decimal(&root, 15).0
        } else {
            let (lo, hi) = hessian_kernels::rational::sqrt_enclosure(q);
            let (lo, hi) = if sign.is_empty() {
                (lo, hi)
            } else {
                (-hi, -lo)
            };
            crate::algebraic::real_decimal(&lo, &hi, 15).0
        };
        Some(SquareRoot {
            exact,
            square: Rational(q.clone()),
            decimal,
        })
    }
}
