use crate::wire::{Algebraic, NumberOut, shown};
use hessian_kernels::Q;
use hessian_kernels::poly::algebraic_number::{compare, equal, order_by_enclosures};
use hessian_op::algebraic::{Round, exact_text, on_grid};
use hessian_op::prelude::*;
use std::cmp::Ordering;

pub struct Compare;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// a: an expression ("sqrt(2) + sqrt(3)") or {"polynomial", "index"}.
    pub a: Algebraic,
    /// b, likewise.
    pub b: Algebraic,
}

#[derive(Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    Less,
    Equal,
    Greater,
    /// Different, and not both real (no order).
    NotEqual,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// How a stands to b (null when the roots were not separated).
    pub relation: Option<Relation>,
    /// a made exact (absent when disjoint enclosures decided first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a: Option<NumberOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b: Option<NumberOut>,
    /// Disjoint certified intervals [lower, upper] of a and b, when they
    /// decided the order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enclosures: Option<[[String; 2]; 2]>,
    pub check: String,
}

impl Operation for Compare {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "algebraic_number.compare.decide";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Compare two algebraic numbers exactly (equal, less, greater)";
    const SUMMARY: &'static str = "Decides a < b, a = b or a > b for real algebraic numbers given by radicals or root_of (√2 + √3 vs √10; √(3 + 2√2) = 1 + √2), and equality for complex ones, exactly — never by rounding.";
    const DESCRIPTION: &'static str = "Real expressions are first enclosed by certified interval arithmetic at 128, 512 and 2048 bits; disjoint enclosures decide the order at once. Otherwise both numbers are made exact (minimal polynomial and an isolating disk). Equal exactly when the minimal polynomials agree and, after isolating that polynomial's roots finely, both numbers lie in the same root's disk. Otherwise, for real numbers, the isolating intervals are refined until they are disjoint, which orders them; near-ties like √5 + √6 + √18 vs √11 + √12 + √15 are decided the same way.";
    const KEYWORDS: &'static [&'static str] = &[
        "compare",
        "which is larger",
        "is equal",
        "algebraic numbers",
        "radicals",
        "nested radicals",
        "denest",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is sqrt(2) + sqrt(3) bigger than sqrt(10)",
        "is sqrt(3 + 2 sqrt(2)) equal to 1 + sqrt(2)",
        "which of two radical expressions is larger",
        "which of two square root expressions is larger without a calculator",
        "are these two messy expressions with roots actually the same number",
        "confirm a nested radical really equals its simpler looking form",
        "is there a way to tell for sure if sqrt(5) + sqrt(7) beats sqrt(23)",
    ];
    const ALIASES: &'static [&'static str] = &["compare_algebraic", "is_equal"];
    const EXAMPLE: &'static str = r#"{"a": "sqrt(2) + sqrt(3)", "b": "sqrt(10)"}"#;
    const EXPECTED: &'static str = r#"{"relation": "less", "enclosures": [["3.1462643699", "3.14626437"], ["3.1622776601", "3.1622776602"]], "check": "certified interval enclosures of a and b (outward-rounded ball arithmetic) are disjoint"}"#;

    // Long run: enclosures decide most pairs cheaply; the exact path (difference, minimal polynomial, sign) is spelt out with its checks.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        if let (Algebraic::Expression(x), Algebraic::Expression(y)) = (&input.a, &input.b)
            && let Some((order, ends)) = order_by_enclosures(x, y, b)?
        {
            return Ok(Output {
                relation: Some(relation(order)),
                a: None,
                b: None,
                enclosures: Some(short(&ends)),
                check: "certified interval enclosures of a and b (outward-rounded ball arithmetic) are disjoint".into(),
            });
        }
        let (x, y) = (input.a.number("a", b)?, input.b.number("b", b)?);
        let relation = if x.root.real && y.root.real {
            compare(&x, &y, b)?.map(relation)
        } else {
            equal(&x, &y, b)?.map(|e| {
                if e {
                    Relation::Equal
                } else {
                    Relation::NotEqual
                }
            })
        };
        Ok(Output {
            relation,
            a: Some(shown(&x, 20, b)?),
            b: Some(shown(&y, 20, b)?),
            enclosures: None,
            check: "equal: the same minimal polynomial and the same isolated root; ordered: disjoint certified intervals".into(),
        })
    }
}

/// The disjoint enclosures rounded outward to the fewest decimal places
/// (10, 20, 40, …) that keep them disjoint.
fn short(ends: &[(Q, Q); 2]) -> [[String; 2]; 2] {
    let outward = |places| {
        ends.clone().map(|(lo, hi)| {
            (
                on_grid(&lo, places, Round::Down),
                on_grid(&hi, places, Round::Up),
            )
        })
    };
    let text = |e: [(Q, Q); 2]| e.map(|(lo, hi)| [exact_text(&lo), exact_text(&hi)]);
    [10, 20, 40, 80, 160, 320, 640]
        .into_iter()
        .map(outward)
        .find(|r| r[0].1 < r[1].0 || r[1].1 < r[0].0)
        .map_or_else(|| text(ends.clone()), text)
}

fn relation(o: Ordering) -> Relation {
    match o {
        Ordering::Less => Relation::Less,
        Ordering::Equal => Relation::Equal,
        Ordering::Greater => Relation::Greater,
    }
}
