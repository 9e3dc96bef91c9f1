use crate::Terms;
use hessian_kernels::{Q, sequence};
use hessian_op::prelude::*;
use hessian_op::wire::polynomial_text;
use num_traits::One;

pub struct GeneratingFunction;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The known terms a_0, a_1, … (at most 2000).
    pub terms: Terms,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Coefficients of P, lowest degree first.
    pub numerator: Vec<Rational>,
    /// Coefficients of Q (constant term 1), lowest degree first.
    pub denominator: Vec<Rational>,
    /// P(x)/Q(x) as text.
    pub rational_function: String,
    /// True when the terms (at least 2·deg Q) determine this rational function.
    pub determined: bool,
}

impl Operation for GeneratingFunction {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "sequence.generating_function.find";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Guess a rational generating function P(x)/Q(x) for a sequence";
    const SUMMARY: &'static str =
        "Find Σ a_n x^n = P(x)/Q(x) from terms, via the shortest linear recurrence.";
    const DESCRIPTION: &'static str = "Finds the rational function P(x)/Q(x) with Q(0) = 1 of least complexity whose \
        power series starts with the given terms: Q comes from the shortest linear recurrence \
        (Berlekamp–Massey over Q) and P = Q·A truncated. `determined` says whether the data pins it down. \
        At most 2000 terms.";
    const KEYWORDS: &'static [&'static str] = &[
        "generating function",
        "guess generating function",
        "rational generating function",
        "ogf",
        "power series",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "rational generating function of a sequence",
        "closed form power series of a list of terms",
        "find a fraction of polynomials whose series gives these numbers",
        "compact formula packaging a whole sequence as one ratio of polynomials",
        "derive the generating function from the first terms of a counting problem",
        "how do I guess P(x)/Q(x) from a list of terms",
    ];
    const ALIASES: &'static [&'static str] = &[
        "rational generating function",
        "FindGeneratingFunction",
        "guess",
    ];
    const EXAMPLE: &'static str = r#"{"terms": [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]}"#;
    const EXPECTED: &'static str = r#"{"numerator": ["0", "1"], "denominator": ["1", "-1", "-1"], "rational_function": "(x)/(-x^2 - x + 1)", "determined": true}"#;

    // Long run: renders P, Q and P/Q as text; reports whether the terms determine them.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = crate::values(input.terms);
        if a.len() > 2000 {
            return Err(MathError::Limit(format!("{} terms; at most 2000", a.len())));
        }
        let c = sequence::berlekamp_massey(&a, &ctx.budget)?;
        let l = c.len();
        let q: Vec<Q> = std::iter::once(Q::one())
            .chain(c.iter().map(|x| -x))
            .collect();
        let mut p = sequence::convolution(&q, &a, &ctx.budget)?;
        p.truncate(l);
        while p.last().is_some_and(|x| *x == Q::default()) {
            p.pop();
        }
        let mut q = q;
        while q.len() > 1 && q.last().is_some_and(|x| *x == Q::default()) {
            q.pop();
        }
        let rational_function = format!(
            "({})/({})",
            polynomial_text(&p, "x"),
            polynomial_text(&q, "x")
        );
        Ok(Output {
            numerator: crate::rationals(p),
            denominator: crate::rationals(q),
            rational_function,
            determined: a.len() >= 2 * l,
        })
    }
}
