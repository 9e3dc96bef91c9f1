use crate::wire::{DfaInput, dfa, widen};
use hessian_kernels::automaton;
use hessian_op::prelude::*;
use hessian_op::wire::Item;

pub struct DfaEquivalence;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first automaton: {"start": …, "accepting": […], "transitions":
    /// [{"from": …, "on": …, "to": …}, …]}.
    pub first: DfaInput,
    /// The second, over the same symbols (a symbol only one of them uses
    /// is rejected by the other).
    pub second: DfaInput,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub equivalent: bool,
    /// A shortest word accepted by exactly one of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word: Option<Vec<Item>>,
    /// Which accepts it: "first" or "second".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted_by: Option<String>,
    pub check: String,
}

impl Operation for DfaEquivalence {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.dfa.equivalence.decide";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Do two finite automata accept the same language?";
    const SUMMARY: &'static str = "Decides whether two deterministic finite automata accept the same words, and otherwise gives a shortest word accepted by exactly one of them.";
    const DESCRIPTION: &'static str = "Breadth-first search of the product automaton from the pair of start states (missing moves go to a rejecting sink): the automata are equivalent iff no reachable pair differs in acceptance, and the first such pair found gives a shortest distinguishing word. Checked: the word is run through both automata and accepted by exactly one. At most 100,000 moves each.";
    const KEYWORDS: &'static [&'static str] = &[
        "automaton equivalence",
        "same language",
        "dfa equivalence",
        "distinguishing word",
        "regular language equality",
        "finite automata",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "do these two automata accept the same language",
        "find a string accepted by one DFA but not the other",
        "do two state machines recognize exactly the same strings",
        "is my simplified automaton still doing the same thing as the original",
        "check a student's automaton against the answer key",
        "how do I test whether two pattern matching machines are interchangeable",
    ];
    const ALIASES: &'static [&'static str] = &["dfa_equal", "equivalent_automata"];
    const EXAMPLE: &'static str = r#"{"first": {"start": 0, "accepting": [0], "transitions": [{"from": 0, "on": "a", "to": 1}, {"from": 1, "on": "a", "to": 0}]}, "second": {"start": 0, "accepting": [0], "transitions": [{"from": 0, "on": "a", "to": 1}, {"from": 1, "on": "a", "to": 2}, {"from": 2, "on": "a", "to": 0}]}}"#;
    const EXPECTED: &'static str = r#"{"equivalent": false, "word": ["a", "a"], "accepted_by": "first", "check": "the word of length 2 is run through both automata: the first accepts it, the other does not"}"#;

    // Long run: number both over one alphabet, search, then replay the word.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let mut symbols = Vec::new();
        let mut a = dfa(input.first, &mut symbols, "first")?;
        let mut b = dfa(input.second, &mut symbols, "second")?;
        widen(&mut a.dfa, symbols.len());
        widen(&mut b.dfa, symbols.len());
        Ok(match automaton::difference(&a.dfa, &b.dfa, &ctx.budget)? {
            None => Output {
                equivalent: true,
                word: None,
                accepted_by: None,
                check: "no pair of states reachable together in the product automaton differs in acceptance".into(),
            },
            Some(word) => {
                let (x, y) = (a.dfa.accepts(&word), b.dfa.accepts(&word));
                if x == y {
                    return Err(Stop::CheckFailed("a distinguishing word is accepted by both or neither").into());
                }
                Output {
                    equivalent: false,
                    accepted_by: Some(if x { "first" } else { "second" }.into()),
                    check: format!(
                        "the word of length {} is run through both automata: the {} accepts it, the other does not",
                        word.len(),
                        if x { "first" } else { "second" }
                    ),
                    word: Some(word.into_iter().map(|s| symbols[s].clone()).collect()),
                }
            }
        })
    }
}
