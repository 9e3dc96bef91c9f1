//! Linear programs on the wire: an objective and constraints as text
//! ("3x + 2y", "x + 3y <= 6", "0 <= x <= 4") or as coefficient lists
//! ({"coefficients": [1, 3], "relation": "<=", "rhs": 6}), read once into
//! the kernel's [`Problem`] with the variables' names.

use hessian_kernels::Q;
use hessian_kernels::expr::{Expr, Node, parse};
use hessian_kernels::lp::{Problem, Relation, Row};
use hessian_op::MathError;
use hessian_op::expression::{GRAMMAR, Symbol};
use hessian_op::wire::{LIMIT_TAG, List, Rational};
use num_traits::{One, Zero};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

/// Most variables of one program, unless its operation says more (the
/// `N` of [`Linear`] and [`Constraint`]).
pub const MAX_VARIABLES: usize = 300;
/// Most variables and constraints of a program for the solver itself
/// (linear programs, feasibility, certificate checks).
pub const LARGE: usize = 5_000;
/// Most coefficients (constraint rows × variables) of one program: the
/// kernel holds its rows densely.
pub const MAX_CELLS: usize = 4_000_000;
/// Characters of one objective or constraint text.
const MAX_TEXT: usize = 20_000;

/// Characters of one text when a program may have `n` variables: an
/// objective over thousands of variables is long.
const fn max_text(n: usize) -> usize {
    if n > MAX_VARIABLES {
        hessian_kernels::expr::parse::MAX_TEXT
    } else {
        MAX_TEXT
    }
}

/// A linear function: text in the expression grammar, or one coefficient
/// per variable.
pub enum Linear<const N: usize = MAX_VARIABLES> {
    Text(Expr),
    Coefficients(Vec<Q>),
}

fn text<E: de::Error>(s: &str, what: &str, limit: usize) -> Result<Expr, E> {
    if s.len() > limit {
        return Err(E::custom(format!(
            "{LIMIT_TAG}{what} of {} characters, at most {limit}",
            s.len()
        )));
    }
    parse(s).map_err(|e| {
        let tag = if e.limit { LIMIT_TAG } else { "" };
        E::custom(format!(
            "{tag}{what}: the expression text at character {}: {}",
            e.position + 1,
            e.message
        ))
    })
}

impl<'de, const N: usize> Deserialize<'de> for Linear<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<const N: usize>;
        impl<'de, const N: usize> Visitor<'de> for V<N> {
            type Value = Linear<N>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(r#"a linear expression such as "3x + 2y", or one coefficient per variable such as [3, 2]"#)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Linear<N>, E> {
                text(s, "the objective", max_text(N)).map(Linear::Text)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Linear<N>, A::Error> {
                let List(v) =
                    List::<Rational, N>::deserialize(de::value::SeqAccessDeserializer::new(seq))?;
                Ok(Linear::Coefficients(v.into_iter().map(|r| r.0).collect()))
            }
        }
        d.deserialize_any(V::<N>)
    }
}

impl<const N: usize> JsonSchema for Linear<N> {
    fn schema_name() -> Cow<'static, str> {
        "LinearFunction".into()
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let q = g.subschema_for::<Rational>();
        json_schema!({
            "oneOf": [
                {"type": "string", "minLength": 1, "maxLength": max_text(N),
                 "description": format!("A linear expression in the variables, e.g. \"3x + 2y\" or \"x1 - x2/2 + 4\". {GRAMMAR}")},
                {"type": "array", "minItems": 1, "maxItems": N, "items": q,
                 "description": "One coefficient per variable, in the order of `variables` (x1, x2, … when not named)."}
            ]
        })
    }
}

/// The relation of a constraint given as coefficients.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
pub enum RelationName {
    #[serde(rename = "<=", alias = "≤")]
    Le,
    #[serde(rename = ">=", alias = "≥")]
    Ge,
    #[serde(rename = "=", alias = "==")]
    Eq,
}

impl From<RelationName> for Relation {
    fn from(r: RelationName) -> Relation {
        match r {
            RelationName::Le => Relation::Le,
            RelationName::Ge => Relation::Ge,
            RelationName::Eq => Relation::Eq,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RowIn<const N: usize> {
    coefficients: List<Rational, N>,
    relation: RelationName,
    rhs: Rational,
}

/// One constraint (two for a chain "0 <= x <= 4"): each side's difference
/// as text, or a coefficient row.
pub enum Constraint<const N: usize = MAX_VARIABLES> {
    /// (left − right, relation) for each relation of the text.
    Text(Vec<(Expr, Relation)>),
    Coefficients(Vec<Q>, Relation, Q),
}

/// "a ρ b" or "a ρ b ρ c" with ρ among <= >= = (≤ ≥ ==).
fn constraint<E: de::Error, const N: usize>(s: &str) -> Result<Constraint<N>, E> {
    const TOKENS: [(&str, Relation); 6] = [
        ("<=", Relation::Le),
        (">=", Relation::Ge),
        ("==", Relation::Eq),
        ("≤", Relation::Le),
        ("≥", Relation::Ge),
        ("=", Relation::Eq),
    ];
    let mut sides: Vec<&str> = Vec::new();
    let mut relations = Vec::new();
    let mut rest = s;
    loop {
        let found = TOKENS
            .iter()
            .filter_map(|(t, r)| rest.find(t).map(|i| (i, *t, *r)))
            .min_by_key(|(i, t, _)| (*i, usize::MAX - t.len()));
        match found {
            Some((i, t, r)) => {
                sides.push(&rest[..i]);
                relations.push(r);
                rest = &rest[i + t.len()..];
            }
            None => {
                sides.push(rest);
                break;
            }
        }
    }
    if relations.is_empty() || rest.contains('<') || rest.contains('>') || s.contains("!=") {
        return Err(E::custom(format!(
            "{:?} is not a linear constraint, expected \"left <= right\", \"left >= right\" or \"left = right\" (strict < and > are not allowed: a linear program's feasible set is closed)",
            hessian_op::error::bounded(s, 40)
        )));
    }
    if relations.len() > 2
        || (relations.len() == 2 && (relations[0] != relations[1] || relations[0] == Relation::Eq))
    {
        return Err(E::custom(format!(
            "{:?} chains its relations; a chain is \"low <= middle <= high\" (or with >=), anything else is given as separate constraints",
            hessian_op::error::bounded(s, 40)
        )));
    }
    let parsed: Vec<Expr> = sides
        .iter()
        .map(|side| text(side, "the constraint", max_text(N)))
        .collect::<Result<_, E>>()?;
    Ok(Constraint::Text(
        relations
            .iter()
            .enumerate()
            .map(|(k, r)| (parsed[k].minus(&parsed[k + 1]), *r))
            .collect(),
    ))
}

impl<'de, const N: usize> Deserialize<'de> for Constraint<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<const N: usize>;
        impl<'de, const N: usize> Visitor<'de> for V<N> {
            type Value = Constraint<N>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(r#"a constraint such as "x + 3y <= 6", or {"coefficients": [1, 3], "relation": "<=", "rhs": 6}"#)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Constraint<N>, E> {
                if s.len() > max_text(N) {
                    return Err(E::custom(format!(
                        "{LIMIT_TAG}a constraint of {} characters, at most {}",
                        s.len(),
                        max_text(N)
                    )));
                }
                constraint(s)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Constraint<N>, A::Error> {
                let r = RowIn::<N>::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Ok(Constraint::Coefficients(
                    r.coefficients.0.into_iter().map(|v| v.0).collect(),
                    r.relation.into(),
                    r.rhs.0,
                ))
            }
        }
        d.deserialize_any(V::<N>)
    }
}

impl<const N: usize> JsonSchema for Constraint<N> {
    fn schema_name() -> Cow<'static, str> {
        "LinearConstraint".into()
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let q = g.subschema_for::<Rational>();
        json_schema!({
            "oneOf": [
                {"type": "string", "minLength": 3, "maxLength": max_text(N), "pattern": "(<=|>=|=|≤|≥)",
                 "description": "A linear constraint as text: \"x + 3y <= 6\", \"2x - y >= -1\", \"x + y = 4\", or a chain \"0 <= x <= 4\" (≤ and ≥ also read; strict < > are refused)."},
                {"type": "object", "additionalProperties": false,
                 "required": ["coefficients", "relation", "rhs"],
                 "properties": {
                    "coefficients": {"type": "array", "minItems": 1, "maxItems": N, "items": q},
                    "relation": {"enum": ["<=", ">=", "="]},
                    "rhs": q
                 },
                 "description": "A constraint as one coefficient per variable, a relation and a right-hand side."}
            ]
        })
    }
}

/// Bounds on one variable.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bound {
    pub variable: Symbol,
    /// The least value, or "-inf" for none. Default: 0 when
    /// `nonnegative`, else none.
    #[serde(default)]
    pub lower: Option<Lower>,
    /// The greatest value; default none.
    #[serde(default)]
    pub upper: Option<Rational>,
}

/// A lower bound: a rational, or "-inf" for none.
pub struct Lower(pub Option<Q>);

impl<'de> Deserialize<'de> for Lower {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        if v.as_str().is_some_and(|s| s.trim() == "-inf") {
            return Ok(Lower(None));
        }
        Rational::deserialize(v)
            .map(|r| Lower(Some(r.0)))
            .map_err(de::Error::custom)
    }
}

impl JsonSchema for Lower {
    fn schema_name() -> Cow<'static, str> {
        "LowerBound".into()
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let q = g.subschema_for::<Rational>();
        json_schema!({
            "anyOf": [q, {"const": "-inf", "description": "No lower bound."}]
        })
    }
}

/// Whether the objective is minimised or maximised.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Sense {
    #[serde(alias = "min")]
    Minimize,
    #[default]
    #[serde(alias = "max")]
    Maximize,
}

/// A program read into the kernel's form: minimise `sign`·objective.
pub struct Program {
    pub problem: Problem,
    pub names: Vec<String>,
    /// +1 to minimise, −1 to maximise (the kernel minimises sign·f).
    pub sign: i8,
    /// The objective's constant term.
    pub constant: Q,
    /// Which caller constraint each kernel row came from.
    pub origin: Vec<usize>,
}

/// Names in natural order: x2 before x10.
fn natural(a: &str, b: &str) -> std::cmp::Ordering {
    let split = |s: &str| {
        let digits = s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let (head, tail) = s.split_at(s.len() - digits);
        (
            head.to_string(),
            tail.parse::<u64>().unwrap_or(0),
            s.to_string(),
        )
    };
    split(a).cmp(&split(b))
}

/// The variables: as named, else every symbol of the texts in natural
/// order, else x1 … xn for coefficient lists of length n.
fn variables(
    named: Option<Vec<Symbol>>,
    texts: &[&Expr],
    lengths: &[usize],
) -> Result<Vec<String>, MathError> {
    let mut found: Vec<String> = texts.iter().flat_map(|e| e.symbols()).collect();
    found.sort_by(|a, b| natural(a, b));
    found.dedup();
    if let Some(named) = named {
        let names: Vec<String> = named.into_iter().map(|s| s.0).collect();
        let mut sorted = names.clone();
        sorted.sort();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(MathError::Input {
                path: "variables".into(),
                message: "a variable is named twice".into(),
            });
        }
        if let Some(s) = found.iter().find(|s| !names.contains(s)) {
            return Err(MathError::Input {
                path: "variables".into(),
                message: format!("the symbol {s} appears in the program but not in `variables`"),
            });
        }
        return Ok(names);
    }
    if !texts.is_empty() && !lengths.is_empty() {
        return Err(MathError::Input {
            path: "variables".into(),
            message: "the program mixes text and coefficient lists; name the variables in `variables` so the lists' order is known".into(),
        });
    }
    if let Some(&n) = lengths.iter().max() {
        return Ok((1..=n).map(|k| format!("x{k}")).collect());
    }
    Ok(found)
}

/// A linear form: a constant and (variable, coefficient) terms.
#[derive(Default)]
struct Form {
    constant: Q,
    terms: Vec<(usize, Q)>,
}

impl Form {
    fn constant(&self) -> Option<&Q> {
        self.terms.is_empty().then_some(&self.constant)
    }

    fn scaled(mut self, k: &Q) -> Form {
        self.constant *= k;
        for (_, c) in &mut self.terms {
            *c *= k;
        }
        self
    }
}

/// Why a text is not a linear form.
enum NotLinear {
    /// A product or power of variables, a function, …
    Shape,
    /// A power of numbers the parser left unevaluated: its value is beyond
    /// the expression grammar's number size.
    Power,
}

/// `e` as a linear form over the indexed names. Read straight off the
/// tree: a polynomial over thousands of variables would carry an exponent
/// per variable in every term.
fn form(e: &Expr, index: &HashMap<&str, usize>) -> Result<Form, NotLinear> {
    Ok(match e.node() {
        Node::Num(q) => Form {
            constant: q.clone(),
            terms: Vec::new(),
        },
        Node::Sym(x) => Form {
            constant: Q::zero(),
            terms: vec![(*index.get(&**x).ok_or(NotLinear::Shape)?, Q::one())],
        },
        Node::Add(ts) => {
            let mut acc = Form::default();
            for t in ts {
                let f = form(t, index)?;
                acc.constant += f.constant;
                acc.terms.extend(f.terms);
            }
            acc
        }
        Node::Mul(fs) => {
            // At most one factor may hold a variable.
            let mut k = Q::one();
            let mut linear: Option<Form> = None;
            for f in fs {
                let f = form(f, index)?;
                match f.constant() {
                    Some(c) => k *= c,
                    None if linear.is_none() => linear = Some(f),
                    None => return Err(NotLinear::Shape),
                }
            }
            linear
                .unwrap_or(Form {
                    constant: Q::one(),
                    terms: Vec::new(),
                })
                .scaled(&k)
        }
        // The parser evaluates every power of numbers within its size
        // bound and simplifies x¹ and x⁰, so a power left here is too large
        // a number or not linear.
        Node::Pow(b, _) => {
            return Err(match form(b, index)?.constant() {
                Some(_) => NotLinear::Power,
                None => NotLinear::Shape,
            });
        }
        _ => return Err(NotLinear::Shape),
    })
}

/// The coefficients and constant of a linear text over `names`.
fn linear(
    e: &Expr,
    names: &[String],
    index: &HashMap<&str, usize>,
    path: &str,
) -> Result<(Vec<Q>, Q), MathError> {
    let f = form(e, index).map_err(|why| match why {
        NotLinear::Shape => MathError::Input {
            path: path.into(),
            message:
                "not linear in the variables: each term is a rational number times at most one variable"
                    .into(),
        },
        NotLinear::Power => MathError::Limit(format!(
            "{path}: a power of numbers beyond {} bits",
            hessian_kernels::expr::node::MAX_NUMBER_BITS
        )),
    })?;
    let mut coefficients = vec![Q::zero(); names.len()];
    for (j, c) in f.terms {
        coefficients[j] += c;
    }
    Ok((coefficients, f.constant))
}

fn length_check(v: &[Q], n: usize, path: String) -> Result<(), MathError> {
    if v.len() == n {
        Ok(())
    } else {
        Err(MathError::Input {
            path,
            message: format!(
                "{} coefficients for {n} variables; give one per variable",
                v.len()
            ),
        })
    }
}

/// Reads a program; `nonnegative` puts a lower bound 0 on every variable.
pub fn program<const N: usize>(
    objective: Option<Linear<N>>,
    sense: Sense,
    constraints: Vec<Constraint<N>>,
    named: Option<Vec<Symbol>>,
    nonnegative: bool,
    bounds: Vec<Bound>,
) -> Result<Program, MathError> {
    let mut texts: Vec<&Expr> = Vec::new();
    let mut lengths = Vec::new();
    match &objective {
        Some(Linear::Text(e)) => texts.push(e),
        Some(Linear::Coefficients(c)) => lengths.push(c.len()),
        None => {}
    }
    for c in &constraints {
        match c {
            Constraint::Text(parts) => texts.extend(parts.iter().map(|(e, _)| e)),
            Constraint::Coefficients(c, _, _) => lengths.push(c.len()),
        }
    }
    let names = variables(named, &texts, &lengths)?;
    if names.is_empty() {
        return Err(MathError::Input {
            path: "constraints".into(),
            message: "the program has no variable".into(),
        });
    }
    if names.len() > N {
        return Err(MathError::Limit(format!(
            "{} variables, at most {N}",
            names.len()
        )));
    }
    let rows: usize = constraints
        .iter()
        .map(|c| match c {
            Constraint::Text(parts) => parts.len(),
            Constraint::Coefficients(..) => 1,
        })
        .sum();
    if rows.saturating_mul(names.len()) > MAX_CELLS {
        return Err(MathError::Limit(format!(
            "{rows} constraint rows × {} variables, at most {MAX_CELLS} coefficients",
            names.len()
        )));
    }
    let n = names.len();
    let index: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(j, v)| (v.as_str(), j))
        .collect();
    let sign: i8 = if sense == Sense::Minimize { 1 } else { -1 };
    let (cost, constant) = match objective {
        Some(Linear::Text(e)) => linear(&e, &names, &index, "objective")?,
        Some(Linear::Coefficients(c)) => {
            length_check(&c, n, "objective".into())?;
            (c, Q::from_integer(0.into()))
        }
        None => (
            vec![Q::from_integer(0.into()); n],
            Q::from_integer(0.into()),
        ),
    };
    let s = Q::from_integer(sign.into());
    let cost = cost.into_iter().map(|c| c * &s).collect();
    let mut rows = Vec::new();
    let mut origin = Vec::new();
    for (i, c) in constraints.into_iter().enumerate() {
        let path = format!("constraints[{i}]");
        match c {
            Constraint::Text(parts) => {
                for (e, relation) in parts {
                    let (coefficients, constant) = linear(&e, &names, &index, &path)?;
                    rows.push(Row {
                        coefficients,
                        relation,
                        rhs: -constant,
                    });
                    origin.push(i);
                }
            }
            Constraint::Coefficients(coefficients, relation, rhs) => {
                length_check(&coefficients, n, format!("{path}.coefficients"))?;
                rows.push(Row {
                    coefficients,
                    relation,
                    rhs,
                });
                origin.push(i);
            }
        }
    }
    let zero = Q::from_integer(0.into());
    let mut lower = vec![nonnegative.then(|| zero.clone()); n];
    let mut upper = vec![None; n];
    for (k, b) in bounds.into_iter().enumerate() {
        let j = names
            .iter()
            .position(|v| v == &b.variable.0)
            .ok_or_else(|| MathError::Input {
                path: format!("bounds[{k}].variable"),
                message: format!(
                    "{} is not a variable of the program ({})",
                    b.variable.0,
                    names.join(", ")
                ),
            })?;
        if let Some(Lower(l)) = b.lower {
            lower[j] = l;
        }
        if let Some(u) = b.upper {
            upper[j] = Some(u.0);
        }
    }
    Ok(Program {
        problem: Problem {
            cost,
            rows,
            lower,
            upper,
        },
        names,
        sign,
        constant,
        origin,
    })
}

impl Program {
    /// The caller's objective at x.
    pub fn value(&self, x: &[Q]) -> Q {
        let s = Q::from_integer(self.sign.into());
        hessian_kernels::lp::objective(&self.problem, x) * s + &self.constant
    }

    /// A point as {name: value}.
    pub fn named(&self, x: &[Q]) -> BTreeMap<String, String> {
        self.names
            .iter()
            .zip(x)
            .map(|(n, v)| (n.clone(), v.to_string()))
            .collect()
    }

    /// Kernel row i as text: "x + 3*y <= 6".
    pub fn row_text(&self, i: usize) -> String {
        let row = &self.problem.rows[i];
        let relation = match row.relation {
            Relation::Le => "<=",
            Relation::Ge => ">=",
            Relation::Eq => "=",
        };
        format!("{} {relation} {}", self.text(&row.coefficients), row.rhs)
    }

    /// What a certificate failure means in the caller's terms.
    pub fn failure_text(&self, f: &hessian_kernels::lp::certificate::Failure) -> String {
        use hessian_kernels::lp::certificate::Failure;
        match f {
            Failure::Length(what) => format!("wrong length: {what}"),
            Failure::Row(i) => format!("the constraint {} does not hold at the point", self.row_text(*i)),
            Failure::Bound(j) => format!("{} is outside its bounds", self.names[*j]),
            Failure::MultiplierSign(i) => format!("the multiplier of {} has the sign its relation forbids", self.row_text(*i)),
            Failure::ReducedCost(j) => format!(
                "the multipliers leave {} a reduced cost that would need a bound it does not have, so they prove no bound on the objective",
                self.names[*j]
            ),
            Failure::Gap => "the bound the multipliers prove differs from the objective value at the point (no strong duality)".into(),
            Failure::NotSeparating => "the multipliers' combination of the constraints is not contradicted by the variables' bounds".into(),
            Failure::RayRow(i) => format!("moving along the ray breaks the constraint {}", self.row_text(*i)),
            Failure::RayBound(j) => format!("moving along the ray takes {} across a bound", self.names[*j]),
            Failure::RayNotImproving => "the objective does not improve along the ray".into(),
        }
    }

    /// A linear function as text: "3*x - y/2".
    pub fn text(&self, coefficients: &[Q]) -> String {
        let mut out = String::new();
        for (c, name) in coefficients.iter().zip(&self.names) {
            if c == &Q::from_integer(0.into()) {
                continue;
            }
            let negative = c < &Q::from_integer(0.into());
            let a = if negative { -c } else { c.clone() };
            out.push_str(match (out.is_empty(), negative) {
                (true, true) => "-",
                (true, false) => "",
                (false, true) => " - ",
                (false, false) => " + ",
            });
            if a != Q::from_integer(1.into()) {
                out.push_str(&format!("{a}*"));
            }
            out.push_str(name);
        }
        if out.is_empty() { "0".into() } else { out }
    }
}

pub use hessian_op::wire::Value;

/// Serde's default for fields that default to true.
pub fn yes() -> bool {
    true
}

/// What an answer says about the variables' default bounds.
pub fn assumed(nonnegative: bool) -> String {
    if nonnegative {
        "every variable ≥ 0 (nonnegative: true)".into()
    } else {
        "variables are free unless a constraint bounds them (nonnegative: false)".into()
    }
}

/// A rational matrix as integers over one denominator, each below 2^bits
/// in magnitude (else `limit_exceeded`, naming `field`).
pub fn scaled(
    a: &hessian_kernels::Mat<Q>,
    field: &str,
    bits: u32,
) -> Result<(Vec<Vec<i64>>, hessian_kernels::BigInt), MathError> {
    use num_traits::ToPrimitive;
    let den = a
        .as_slice()
        .iter()
        .fold(hessian_kernels::BigInt::from(1), |l, q| {
            num_integer::Integer::lcm(&l, q.denom())
        });
    let mut out = vec![vec![0i64; a.cols()]; a.rows()];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            let q = &a[(i, j)];
            *v = (q.numer() * (&den / q.denom()))
                .to_i64()
                .filter(|v| v.unsigned_abs() < 1u64 << bits)
                .ok_or_else(|| {
                    MathError::Limit(format!(
                        "{field}[{i}][{j}] over the common denominator {den} exceeds 2^{bits}"
                    ))
                })?;
        }
    }
    Ok((out, den))
}
