use hessian_contract::wire::{Bounded, List, Rational};
use hessian_contract::{Ctx, MathError, Operation};
use hessian_kernels::sequence;
use schemars::JsonSchema;
use serde::Deserialize;

pub struct RecurrenceEvaluate;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// c_1..c_d of a_n = c_1 a_{n−1} + … + c_d a_{n−d} (at most 1000).
    pub coefficients: List<Rational, 1000>,
    /// a_0..a_{d−1}, as many as coefficients.
    pub initial: List<Rational, 1000>,
    /// The index n ≥ 0 of the wanted term; n·d ≤ 10^7.
    pub n: Bounded<0, 10_000_000>,
}

impl Operation for RecurrenceEvaluate {
    type Input = Input;
    /// a_n, exactly.
    type Output = Rational;
    const ID: &'static str = "sequence.recurrence.evaluate";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "n-th term of a linear recurrence (exact)";
    const SUMMARY: &'static str = "a_n of a_k = c_1 a_{k−1} + … + c_d a_{k−d} from initial terms, exactly over Q.";
    const DESCRIPTION: &'static str = "Evaluates a constant-coefficient linear recurrence exactly: given c_1..c_d \
        and a_0..a_{d−1}, returns a_n (index from 0). Runs the recurrence, so n·d ≤ 10^7; for huge n modulo m \
        use sequence.recurrence.modular.evaluate.";
    const KEYWORDS: &'static [&'static str] = &["evaluate recurrence", "nth term of recurrence", "linear recurrence term", "recurrence relation value"];
    const EXAMPLE: &'static str = r#"{"coefficients": [1, 1], "initial": [2, 1], "n": 20}"#;
    const EXPECTED: &'static str = r#""15127""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        let c: Vec<_> = input.coefficients.0.into_iter().map(|r| r.0).collect();
        let init: Vec<_> = input.initial.0.into_iter().map(|r| r.0).collect();
        if init.len() != c.len() {
            return Err(MathError::Input { path: "initial".into(), message: format!("has {} terms; a recurrence of order {} needs exactly {}", init.len(), c.len(), c.len()) });
        }
        let n = input.n.0 as usize;
        if n.saturating_mul(c.len()) > 10_000_000 {
            return Err(MathError::Limit(format!("n·d = {}; at most 10^7 (use sequence.recurrence.modular.evaluate for huge n)", n * c.len())));
        }
        let mut t = sequence::terms(&c, &init, n, &ctx.budget)?;
        Ok(Rational(t.swap_remove(n)))
    }
}
