use crate::wire::{Pattern, draws, word};
use hessian_kernels::probability::pattern;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use std::collections::BTreeMap;

pub struct PatternWaitingTime;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The pattern waited for (at most 200 symbols).
    pub pattern: Pattern,
    /// The symbols drawn, equally likely (e.g. ["H", "T"] or
    /// ["1", "2", "3", "4", "5", "6"]); default a fair coin when the
    /// pattern is made of H and T.
    #[serde(default)]
    pub alphabet: Option<List<String, 1000>>,
    /// Or each symbol's probability (rationals summing to 1), e.g.
    /// {"H": "2/3", "T": "1/3"}.
    #[serde(default)]
    pub probabilities: Option<BTreeMap<String, Rational>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Expected number of draws until the pattern first appears.
    pub expected: Value,
    /// The lengths k at which the pattern's first k symbols equal its
    /// last k (each adds 1 / P(those k symbols)).
    pub overlaps: Vec<usize>,
    pub assumed: String,
    pub check: String,
}

impl Operation for PatternWaitingTime {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.pattern_waiting_time.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Expected waiting time until a pattern appears in coin flips, dice rolls or other draws";
    const SUMMARY: &'static str = "The exact expected number of independent draws (coin flips, die rolls, letters) until a given pattern first appears.";
    const DESCRIPTION: &'static str = "Conway's correlation: E[T] = Σ 1 / P(w₁…w_k) over the k for which the pattern's first k symbols equal its last k (HTH: 1/P(H) + 1/P(HTH) = 2 + 8 = 10). Checked by a second method: the expected times of the pattern-matching automaton's states (k symbols matched) solved exactly as a linear system, whose start value must equal it. Draws are independent with the given probabilities, or equally likely over the alphabet (a fair coin by default for patterns of H and T). Bounds: patterns of 200 symbols, 1,000 symbols in the alphabet.";
    const KEYWORDS: &'static [&'static str] = &[
        "waiting time",
        "expected number of flips",
        "pattern",
        "until",
        "coin flips until",
        "expected tosses",
        "Conway",
        "correlation polynomial",
        "run of heads",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "expected number of flips until HTH",
        "how many coin tosses on average to see three heads in a row",
        "expected number of die rolls until two sixes in a row",
        "average wait for the pattern ABRACADABRA typing random letters",
        "expected number of tosses until HH appears with a biased coin",
    ];
    const ALIASES: &'static [&'static str] = &["pattern_waiting_time", "expected_waiting_time"];
    const EXAMPLE: &'static str = r#"{"pattern": "HTH"}"#;
    const EXPECTED: &'static str = r#"{"expected": {"exact": "10", "decimal": "10"}, "overlaps": [1, 3], "assumed": "independent draws, each of H, T equally likely", "check": "Conway's correlation sum equals the start value of the matching automaton's expected-time equations, solved exactly"}"#;

    // Long run: the symbols and their probabilities read, then the wait.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let symbols = input.pattern.symbols();
        if symbols.is_empty() || symbols.len() > 200 {
            return Err(MathError::Input {
                path: "pattern".into(),
                message: format!("{} symbols; give 1 to 200", symbols.len()),
            });
        }
        let (names, p, assumed) = draws(input.alphabet, input.probabilities, &[&symbols])?;
        let word = word(&symbols, &names, &p, "pattern")?;
        let expected = pattern::expected_wait(&word, &p, &ctx.budget)?;
        Ok(Output {
            expected: Value::of(&expected),
            overlaps: pattern::overlaps(&word),
            assumed,
            check: "Conway's correlation sum equals the start value of the matching automaton's expected-time equations, solved exactly".into(),
        })
    }
}
