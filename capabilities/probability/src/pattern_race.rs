use crate::wire::{Pattern, draws, word};
use hessian_kernels::probability::pattern;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use std::collections::BTreeMap;

pub struct PatternRace;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The competing patterns, 2 to 10 ("HHT", "THH", or lists of symbols); none may contain another; at most 200 symbols in all.
    pub patterns: List<Pattern, 10>,
    /// The symbols drawn, equally likely; default a fair coin when the patterns are made of H and T.
    #[serde(default)]
    pub alphabet: Option<List<String, 1000>>,
    /// Or each symbol's probability (rationals summing to 1), e.g. {"H": "2/3", "T": "1/3"}.
    #[serde(default)]
    pub probabilities: Option<BTreeMap<String, Rational>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Winner {
    pub pattern: String,
    /// P(this pattern appears before every other).
    pub probability: Value,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub winners: Vec<Winner>,
    /// E[draws until the first of the patterns appears].
    pub expected_draws: Value,
    pub assumed: String,
    pub check: String,
}

impl Operation for PatternRace {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.pattern_race.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Which pattern appears first? Penney's game and pattern races";
    const SUMMARY: &'static str = "The exact probability that each of several patterns (HHT vs THH, dice sequences) appears first in independent draws, and the expected length of the race.";
    const DESCRIPTION: &'static str = "Conway's leading numbers generalised to any draw probabilities: L(A, B) = Σ 1/P(B₁…B_k) over the k with A's last k symbols equal to B's first k; the win probabilities qᵢ and the expected time E solve Σᵢ qᵢ·L(Aᵢ, Aⱼ) = E for every j with Σ qᵢ = 1 (Guibas–Odlyzko). Checked by a second method: the automaton on all the patterns' prefixes, its absorption probabilities and expected time solved exactly. No pattern may contain another (it could never win). 2 to 10 patterns, 200 symbols in all.";
    const KEYWORDS: &'static [&'static str] = &[
        "penney's game",
        "pattern race",
        "which pattern first",
        "coin flip game",
        "nontransitive",
        "first to appear",
        "sequence game",
        "conway leading numbers",
        "HHT vs THH",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability that HHT appears before THH in coin flips",
        "Penney's game odds for two players choosing three-flip sequences",
        "which of these patterns is likely to show up first",
        "race between two dice sequences, who wins",
        "two players each pick a sequence of coin flips, whose sequence is more likely to come up first",
    ];
    const ALIASES: &'static [&'static str] = &["penney", "penney_ante"];
    const EXAMPLE: &'static str = r#"{"patterns": ["HHT", "THH"]}"#;
    const EXPECTED: &'static str = r#"{"winners": [{"pattern": "HHT", "probability": {"exact": "1/4", "decimal": "0.25"}}, {"pattern": "THH", "probability": {"exact": "3/4", "decimal": "0.75"}}], "expected_draws": {"exact": "13/2", "decimal": "6.5"}, "assumed": "independent draws, each of H, T equally likely", "check": "the leading-number equations and the prefix automaton's absorption, solved separately, agree"}"#;

    // Long run: patterns read and screened for containment before the race.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let patterns: Vec<Vec<String>> =
            input.patterns.0.into_iter().map(Pattern::symbols).collect();
        let total: usize = patterns.iter().map(Vec::len).sum();
        if patterns.len() < 2 || total > 200 || patterns.iter().any(Vec::is_empty) {
            return Err(MathError::Input {
                path: "patterns".into(),
                message: format!(
                    "{} patterns of {total} symbols; give 2 to 10 nonempty patterns, at most 200 symbols in all",
                    patterns.len()
                ),
            });
        }
        for (i, a) in patterns.iter().enumerate() {
            for (j, b) in patterns.iter().enumerate() {
                if i != j
                    && (a.len() <= b.len())
                    && b.windows(a.len()).any(|w| w == a.as_slice())
                    && (a != b || i < j)
                {
                    return Err(MathError::Input {
                        path: format!("patterns[{j}]"),
                        message: format!(
                            "contains patterns[{i}] = {}; a pattern containing another can never come first",
                            a.concat()
                        ),
                    });
                }
            }
        }
        let slices: Vec<&[String]> = patterns.iter().map(Vec::as_slice).collect();
        let (names, p, assumed) = draws(input.alphabet, input.probabilities, &slices)?;
        let words = patterns
            .iter()
            .enumerate()
            .map(|(i, s)| word(s, &names, &p, &format!("patterns[{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        let race = pattern::race(&words, &p, &ctx.budget)?;
        Ok(Output {
            winners: patterns
                .iter()
                .zip(&race.win)
                .map(|(s, q)| Winner { pattern: s.concat(), probability: Value::of(q) })
                .collect(),
            expected_draws: Value::of(&race.expected),
            assumed,
            check: "the leading-number equations and the prefix automaton's absorption, solved separately, agree".into(),
        })
    }
}
