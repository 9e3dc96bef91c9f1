use crate::wire::{DfaInput, dfa};
use hessian_kernels::automaton;
use hessian_op::prelude::*;
use hessian_op::wire::Item;
use std::collections::BTreeMap;

pub struct DfaMinimize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The automaton: {"start": "q0", "accepting": ["q2"], "transitions":
    /// [{"from": "q0", "on": "a", "to": "q1"}, …]}.
    pub automaton: DfaInput,
}

#[derive(Serialize, JsonSchema)]
pub struct MoveOut {
    pub from: usize,
    pub on: Item,
    pub to: usize,
}

/// Every move of `d`, its symbols named.
pub fn moves(d: &automaton::Dfa, symbols: &[Item]) -> Vec<MoveOut> {
    (0..d.states())
        .flat_map(|q| {
            (0..d.alphabet).filter_map(move |s| {
                d.delta[q][s].map(|to| MoveOut {
                    from: q,
                    on: symbols[s].clone(),
                    to,
                })
            })
        })
        .collect()
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// States of the minimal complete automaton (numbered from the start, 0).
    pub states: usize,
    pub start: usize,
    pub accepting: Vec<usize>,
    pub transitions: Vec<MoveOut>,
    /// The minimal state each reachable input state becomes.
    pub state_of: BTreeMap<String, usize>,
    /// States of the input, and whether a rejecting sink was added to complete it.
    pub input_states: usize,
    pub check: String,
}

impl Operation for DfaMinimize {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.dfa.minimize.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Minimize a deterministic finite automaton";
    const SUMMARY: &'static str = "The minimal complete DFA accepting the same language: unreachable states removed and indistinguishable ones merged (Myhill–Nerode).";
    const DESCRIPTION: &'static str = "Completes the automaton with a rejecting sink where moves are missing, keeps the states reachable from the start and merges states no word tells apart by partition refinement (Moore); states are numbered breadth-first from the start, so equal languages give equal answers. Checked: the result accepts exactly the input's language (a breadth-first search of the product automaton finds no pair of states differing in acceptance), every state is reachable and no two are equivalent (refinement on the result merges nothing). At most 100,000 moves and 1,000 symbols.";
    const KEYWORDS: &'static [&'static str] = &[
        "minimize dfa",
        "minimal automaton",
        "deterministic finite automaton",
        "state minimization",
        "myhill nerode",
        "hopcroft",
        "equivalent states",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "minimize this deterministic finite automaton",
        "fewest states of an automaton for the same language",
        "shrink a state machine to the smallest one that behaves the same",
        "merge states of an automaton that can never be told apart",
        "reduce a lexer or protocol state machine to fewer states",
        "how do I get rid of redundant states in my automaton",
    ];
    const ALIASES: &'static [&'static str] = &["minimize_dfa", "dfa_minimize"];
    const EXAMPLE: &'static str = r#"{"automaton": {"start": "a", "accepting": ["c", "d"], "transitions": [{"from": "a", "on": 0, "to": "b"}, {"from": "a", "on": 1, "to": "c"}, {"from": "b", "on": 0, "to": "a"}, {"from": "b", "on": 1, "to": "d"}, {"from": "c", "on": 0, "to": "e"}, {"from": "c", "on": 1, "to": "f"}, {"from": "d", "on": 0, "to": "e"}, {"from": "d", "on": 1, "to": "f"}, {"from": "e", "on": 0, "to": "e"}, {"from": "e", "on": 1, "to": "f"}, {"from": "f", "on": 0, "to": "f"}, {"from": "f", "on": 1, "to": "f"}]}}"#;
    const EXPECTED: &'static str = r#"{"states": 3, "start": 0, "accepting": [1], "transitions": [{"from": 0, "on": "0", "to": 0}, {"from": 0, "on": "1", "to": 1}, {"from": 1, "on": "0", "to": 2}, {"from": 1, "on": "1", "to": 2}, {"from": 2, "on": "0", "to": 2}, {"from": 2, "on": "1", "to": 2}], "state_of": {"a": 0, "b": 0, "c": 1, "d": 1, "e": 2, "f": 2}, "input_states": 6, "check": "the result accepts exactly the input's language (no reachable pair of the product automaton differs in acceptance); all its states are reachable and pairwise distinguishable, so it is minimal"}"#;

    // Long run: number, minimise, check both properties, then name the answer.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let mut symbols = Vec::new();
        let named = dfa(input.automaton, &mut symbols, "automaton")?;
        let b = &ctx.budget;
        let min = automaton::minimize(&named.dfa, b)?;
        if automaton::difference(&named.dfa, &min, b)?.is_some() || !automaton::is_minimal(&min, b)?
        {
            return Err(Stop::CheckFailed(
                "a minimised automaton is not minimal or not equivalent",
            )
            .into());
        }
        // Where each reachable input state goes: run the same path in both.
        let complete = named.dfa.complete();
        let mut state_of = BTreeMap::new();
        let mut stack = vec![(complete.start, min.start)];
        let mut seen = vec![false; complete.states()];
        while let Some((q, m)) = stack.pop() {
            if std::mem::replace(&mut seen[q], true) {
                continue;
            }
            if let Some(name) = named.states.get(q) {
                state_of.insert(name.0.clone(), m);
            }
            for s in 0..complete.alphabet {
                if let (Some(q2), Some(m2)) = (complete.delta[q][s], min.delta[m][s]) {
                    stack.push((q2, m2));
                }
            }
        }
        Ok(Output {
            states: min.states(),
            start: min.start,
            accepting: (0..min.states()).filter(|&q| min.accepting[q]).collect(),
            transitions: moves(&min, &named.symbols),
            state_of,
            input_states: named.states.len(),
            check: "the result accepts exactly the input's language (no reachable pair of the product automaton differs in acceptance); all its states are reachable and pairwise distinguishable, so it is minimal".into(),
        })
    }
}
