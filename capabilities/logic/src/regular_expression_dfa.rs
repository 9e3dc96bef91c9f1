use crate::dfa_minimize::{MoveOut, moves};
use hessian_kernels::{automaton, regex};
use hessian_op::prelude::*;
use hessian_op::wire::Item;

pub struct RegularExpressionDfa;

/// States either construction may reach before the answer is refused.
const MAX_STATES: usize = 10_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The expression: | (or), juxtaposition, * + ? {m} {m,} {m,n},
    /// parentheses, () for the empty word, . for any symbol, classes
    /// [abc] [a-z] [^…], \ before a character to take it literally.
    #[schemars(length(max = 100000))]
    pub regex: String,
    /// The symbols, as a string of distinct characters ("ab"); the
    /// characters the expression names when absent.
    #[serde(default)]
    #[schemars(length(max = 1000))]
    pub alphabet: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The symbols, in the order the transitions use.
    pub alphabet: Vec<String>,
    /// States of the minimal complete DFA, numbered breadth-first from the
    /// start (0); a rejecting sink is one of them when needed.
    pub states: usize,
    pub start: usize,
    pub accepting: Vec<usize>,
    pub transitions: Vec<MoveOut>,
    /// A shortest word the expression matches (absent when it matches
    /// none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shortest_match: Option<String>,
    pub check: String,
}

impl Operation for RegularExpressionDfa {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.regular_expression.dfa.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Minimal DFA of a regular expression";
    const SUMMARY: &'static str = "The minimal deterministic finite automaton accepting exactly the words a regular expression matches, built two independent ways that must agree.";
    const DESCRIPTION: &'static str = "Brzozowski's derivatives give one DFA (a state per dissimilar derivative, alternatives kept as sets), Thompson's NFA with the subset construction another; the first is minimised (Moore refinement, states numbered breadth-first, so equal languages give equal answers). Checked: the minimal DFA and the subset DFA accept the same language (a breadth-first search of their product finds no pair differing in acceptance), and refinement on the result merges nothing, so it is minimal. Bounds: 100,000 characters, repetitions {m,n} up to 100 (expanding to at most 1,000,000 nodes), 10,000 states per construction.";
    const KEYWORDS: &'static [&'static str] = &[
        "regular expression",
        "regex",
        "dfa",
        "finite automaton",
        "regex to automaton",
        "thompson construction",
        "subset construction",
        "brzozowski derivatives",
        "regular language",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "convert this regular expression to a minimal DFA",
        "deterministic automaton for (a|b)*abb",
        "state diagram of the language of a regex",
        "turn a search pattern into a state machine",
        "smallest state machine that matches the same strings as my pattern",
        "build a lexer automaton for an identifier pattern",
        "how do I draw the automaton for a regex like a*b(a|b)*",
    ];
    const ALIASES: &'static [&'static str] = &["regex_to_dfa", "re2dfa", "automata-lib"];
    const EXAMPLE: &'static str = r#"{"regex": "(a|b)*abb"}"#;
    const EXPECTED: &'static str = r#"{"alphabet": ["a", "b"], "states": 4, "start": 0, "accepting": [3], "transitions": [{"from": 0, "on": "a", "to": 1}, {"from": 0, "on": "b", "to": 0}, {"from": 1, "on": "a", "to": 1}, {"from": 1, "on": "b", "to": 2}, {"from": 2, "on": "a", "to": 1}, {"from": 2, "on": "b", "to": 3}, {"from": 3, "on": "a", "to": 1}, {"from": 3, "on": "b", "to": 0}], "shortest_match": "abb", "check": "Brzozowski's derivatives and Thompson's NFA with the subset construction give automata accepting the same language (no reachable pair of their product differs in acceptance); the answer's states are all reachable and pairwise distinguishable, so it is minimal"}"#;

    // Long run: parse, both constructions, the checks, then the numbered answer.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let long =
            |text: &Option<&String>, max: usize| text.is_some_and(|t| t.chars().count() > max);
        if long(&Some(&input.regex), 100_000) || long(&input.alphabet.as_ref(), 1_000) {
            return Err(MathError::Limit(
                "the expression has at most 100,000 characters, the alphabet 1,000".into(),
            ));
        }
        let given: Option<Vec<char>> = input.alphabet.map(|a| a.chars().collect());
        if let Some(a) = &given {
            let mut sorted = a.clone();
            sorted.sort_unstable();
            if sorted.windows(2).any(|w| w[0] == w[1]) {
                return Err(MathError::Input {
                    path: "alphabet".into(),
                    message: "a character appears twice in the alphabet".into(),
                });
            }
        }
        let (r, alphabet) = regex::parse(&input.regex, given.as_deref()).map_err(|e| {
            let message = format!("at character {}: {}", e.at + 1, e.message);
            if e.message == regex::TOO_LARGE {
                MathError::Limit(message)
            } else {
                MathError::Input {
                    path: "regex".into(),
                    message,
                }
            }
        })?;
        let k = alphabet.len();
        let b = &ctx.budget;
        let too_many =
            || MathError::Limit(format!("the automaton needs more than {MAX_STATES} states"));
        // Subsets first: it reaches the state bound far more cheaply.
        let subsets = regex::subsets(&r, k, MAX_STATES, b)?.ok_or_else(too_many)?;
        let derived = regex::derivatives(&r, k, MAX_STATES, b)?.ok_or_else(too_many)?;
        let min = automaton::minimize(&derived, b)?;
        if automaton::difference(&min, &subsets, b)?.is_some() || !automaton::is_minimal(&min, b)? {
            return Err(Stop::CheckFailed(
                "the two constructions disagree, or the result is not minimal",
            )
            .into());
        }
        // The shortest word told apart from the empty language.
        let nothing = automaton::Dfa {
            alphabet: k,
            delta: vec![vec![Some(0); k]],
            start: 0,
            accepting: vec![false],
        };
        let shortest_match = automaton::difference(&min, &nothing, b)?
            .map(|w| w.iter().map(|&s| alphabet[s]).collect());
        let symbols: Vec<String> = alphabet.iter().map(|c| c.to_string()).collect();
        Ok(Output {
            states: min.states(),
            start: min.start,
            accepting: (0..min.states()).filter(|&q| min.accepting[q]).collect(),
            transitions: moves(&min, &symbols.iter().cloned().map(Item).collect::<Vec<_>>()),
            alphabet: symbols,
            shortest_match,
            check: "Brzozowski's derivatives and Thompson's NFA with the subset construction give automata accepting the same language (no reachable pair of their product differs in acceptance); the answer's states are all reachable and pairwise distinguishable, so it is minimal".into(),
        })
    }
}
