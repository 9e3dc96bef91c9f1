use crate::Terms;
use hessian_kernels::sequence;
use hessian_op::prelude::*;

pub struct RecurrenceFind;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The known terms a_0, a_1, … (at most 2000 here).
    pub terms: Terms,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// c_1..c_L with a_n = c_1 a_{n−1} + … + c_L a_{n−L} for every n ≥ L in the data.
    pub coefficients: Vec<Rational>,
    /// The order L.
    pub order: usize,
    /// True when the data (at least 2L terms) forces this recurrence: no other of order ≤ L fits.
    pub determined: bool,
    /// Terms beyond 2L that the recurrence predicted correctly (evidence it is the real rule).
    pub confirmations: usize,
}

impl Operation for RecurrenceFind {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "sequence.recurrence.find";
    const VERSION: u32 = 3;
    const TITLE: &'static str =
        "Find the shortest linear recurrence of a sequence (Berlekamp–Massey over Q)";
    const SUMMARY: &'static str =
        "Guess a_n = c_1 a_{n−1} + … + c_L a_{n−L} with rational c_i from terms.";
    const DESCRIPTION: &'static str = "Finds the shortest linear recurrence with constant rational coefficients \
        satisfied by the given terms, by Berlekamp–Massey over Q. It is unique once there are at least 2L \
        terms (`determined`); `confirmations` counts the terms past 2L it predicts, the evidence that it is \
        the sequence's rule rather than a fit. At most 2000 terms. Evaluate it with \
        sequence.linear_recurrence.evaluate.";
    const KEYWORDS: &'static [&'static str] = &[
        "find recurrence",
        "berlekamp massey",
        "guess recurrence",
        "linear recurrence",
        "recurrence relation",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "rule that gives each term from the previous terms",
        "shortest linear recurrence that generates the terms",
        "guess a recurrence from the first terms",
        "Berlekamp-Massey over the rationals",
        "what rule produces the next number from the earlier ones",
        "find the pattern where each term is a fixed mix of previous terms",
        "detect a linear recurrence in counting data for a combinatorial problem",
        "is there a way to find a recurrence that generates my list",
    ];
    const ALIASES: &'static [&'static str] = &[
        "find_linear_recurrence",
        "FindLinearRecurrence",
        "berlekamp_massey",
    ];
    const EXAMPLE: &'static str = r#"{"terms": [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["1", "1"], "order": 2, "determined": true, "confirmations": 6}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = crate::values(input.terms);
        if a.len() > 2000 {
            return Err(MathError::Limit(format!(
                "{} terms; Berlekamp–Massey over Q here takes at most 2000",
                a.len()
            )));
        }
        let c = sequence::berlekamp_massey(&a, &ctx.budget)?;
        let order = c.len();
        Ok(Output {
            order,
            determined: a.len() >= 2 * order,
            confirmations: a.len().saturating_sub(2 * order),
            coefficients: crate::rationals(c),
        })
    }
}
