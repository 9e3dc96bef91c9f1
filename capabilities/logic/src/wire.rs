//! Clause sets on the wire: a list of clauses (each a list of non-zero
//! integers, DIMACS literals) or DIMACS CNF text.

use hessian_kernels::Stop;
use hessian_kernels::logic::formula::{self, Formula};
use hessian_kernels::sat::cdcl;
use hessian_kernels::sat::{
    Checked, Cnf, Step, Undecided, counter, dimacs, lrat_text, solve_checked,
};
use hessian_kernels::{csp, exact_cover};
use hessian_op::wire::{Bounded, Item, LIMIT_TAG, List};
use hessian_op::{Ctx, MathError};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Variables a clause set may use.
pub const MAX_VARS: u32 = 100_000;
/// Literals in all clauses together.
pub const MAX_LITERALS: usize = 1_000_000;
/// Characters of DIMACS text.
const MAX_TEXT: usize = 10_000_000;

/// A DIMACS literal as read: the range is checked, 0 refused, by the reader.
pub type Literal = Bounded<{ -(MAX_VARS as i64) }, { MAX_VARS as i64 }>;

/// A clause set, parsed and bounded while it is read.
pub struct CnfInput(pub Cnf);

struct Literals<'a>(&'a mut usize);

impl<'de> de::DeserializeSeed<'de> for Literals<'_> {
    type Value = Vec<i32>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<i32>, D::Error> {
        struct Clause<'a>(&'a mut usize);
        impl<'de> Visitor<'de> for Clause<'_> {
            type Value = Vec<i32>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a clause: an array of non-zero integers (v for the variable, -v for its negation)")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<i32>, A::Error> {
                let mut out = Vec::new();
                while let Some(Bounded(x)) = seq.next_element::<Literal>()? {
                    if x == 0 {
                        return Err(de::Error::custom(
                            "0 is not a literal: write v for variable v and -v for its negation (0 only ends clauses in DIMACS text)",
                        ));
                    }
                    *self.0 += 1;
                    if *self.0 > MAX_LITERALS {
                        return Err(de::Error::custom(format!(
                            "{LIMIT_TAG}more than {MAX_LITERALS} literals"
                        )));
                    }
                    out.push(x as i32);
                }
                Ok(out)
            }
        }
        d.deserialize_seq(Clause(self.0))
    }
}

impl<'de> Deserialize<'de> for CnfInput {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = CnfInput;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(r#"clauses as an array of arrays of non-zero integers, e.g. [[1, -2], [2, 3]], or DIMACS CNF text "p cnf 3 2\n1 -2 0\n2 3 0""#)
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<CnfInput, E> {
                if text.len() > MAX_TEXT {
                    return Err(E::custom(format!(
                        "{LIMIT_TAG}{} characters of DIMACS text, at most {MAX_TEXT}",
                        text.len()
                    )));
                }
                dimacs::parse(text, MAX_VARS, MAX_LITERALS)
                    .map(CnfInput)
                    .map_err(|e| {
                        let tag = if e.message.starts_with("more than")
                            || e.message.contains("at most")
                        {
                            LIMIT_TAG
                        } else {
                            ""
                        };
                        E::custom(format!("{tag}DIMACS line {}: {}", e.line, e.message))
                    })
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CnfInput, A::Error> {
                let mut count = 0usize;
                let mut clauses = Vec::new();
                while let Some(c) = seq.next_element_seed(Literals(&mut count))? {
                    clauses.push(c);
                }
                let vars = clauses
                    .iter()
                    .flatten()
                    .map(|l: &i32| l.unsigned_abs())
                    .max()
                    .unwrap_or(0);
                Ok(CnfInput(Cnf { vars, clauses }))
            }
        }
        d.deserialize_any(Either)
    }
}

impl JsonSchema for CnfInput {
    fn schema_name() -> Cow<'static, str> {
        "Cnf".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "anyOf": [
                {
                    "type": "array",
                    "description": "Clauses, each an array of literals: v for variable v (1-based), -v for its negation; [] is the empty clause. The variables are 1 to the largest used.",
                    "items": {"type": "array", "items": {"type": "integer", "not": {"const": 0}, "minimum": -(MAX_VARS as i64), "maximum": MAX_VARS}}
                },
                {
                    "type": "string",
                    "description": "DIMACS CNF text: `c` comment lines, a `p cnf <variables> <clauses>` header, clauses as integers each ended by 0.",
                    "pattern": "p cnf"
                }
            ]
        })
    }
}

/// A model as DIMACS literals: v or -v for every variable 1..=n.
pub fn literals(model: &[bool]) -> Vec<i32> {
    model
        .iter()
        .enumerate()
        .map(|(i, &t)| if t { i as i32 + 1 } else { -(i as i32 + 1) })
        .collect()
}

/// Hints and literals an unsatisfiability proof may hold.
const MAX_PROOF_WORDS: usize = 8_000_000;
/// Largest LRAT text returned with an answer (its size is always given).
const MAX_PROOF_TEXT: usize = 16_384;

#[derive(Serialize, JsonSchema)]
pub struct ProofOut {
    /// "LRAT": each added clause with the clauses (hints) whose unit
    /// propagation derives it; input clauses are numbered 1..m.
    pub format: &'static str,
    /// Clauses the proof adds, the last one empty.
    pub added: usize,
    /// Hints over all added clauses.
    pub hints: usize,
    /// Bytes of the LRAT text.
    pub bytes: usize,
    /// The LRAT text, when at most 16 KB.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct SearchOut {
    pub decisions: u64,
    pub conflicts: u64,
    pub propagations: u64,
    pub restarts: u64,
}

/// What the solver found, replayed.
pub enum Decision {
    /// A model of every clause (value of variable v at v − 1), evaluated.
    Sat(Vec<bool>),
    /// An LRAT proof that the replay accepted.
    Unsat(ProofOut),
    /// What stopped the search (the deadline, the proof's size).
    Unknown(String),
}

/// Solves `cnf` and replays the answer: the model on every clause, the
/// proof by the LRAT checker. A replay that fails is an internal error.
pub fn decide(cnf: &Cnf, ctx: &Ctx) -> Result<(Decision, SearchOut), MathError> {
    let limits = cdcl::Limits {
        proof_words: MAX_PROOF_WORDS,
    };
    let (checked, stats) = solve_checked(cnf, &limits, &ctx.budget);
    let search = SearchOut {
        decisions: stats.decisions,
        conflicts: stats.conflicts,
        propagations: stats.propagations,
        restarts: stats.restarts,
    };
    let decision = match checked? {
        Checked::Unknown(Undecided::Deadline) => Decision::Unknown(format!(
            "the deadline stopped the search after {} conflicts",
            stats.conflicts
        )),
        Checked::Unknown(Undecided::ProofTooLarge) => Decision::Unknown(format!(
            "the proof passed {MAX_PROOF_WORDS} words after {} conflicts",
            stats.conflicts
        )),
        Checked::Unknown(Undecided::Replay(steps)) => Decision::Unknown(format!(
            "the solver found the clauses unsatisfiable, but the replay of its {steps}-step proof did not finish before the deadline"
        )),
        Checked::Sat(model) => Decision::Sat(model),
        Checked::Unsat(steps) => {
            let added = steps
                .iter()
                .filter(|s| matches!(s, Step::Add { .. }))
                .count();
            let hints = steps
                .iter()
                .map(|s| match s {
                    Step::Add { hints, .. } => hints.len(),
                    Step::Delete(_) => 0,
                })
                .sum();
            let text = lrat_text(&steps, cnf.clauses.len() as u64);
            Decision::Unsat(ProofOut {
                format: "LRAT",
                added,
                hints,
                bytes: text.len(),
                text: (text.len() <= MAX_PROOF_TEXT).then_some(text),
            })
        }
    };
    Ok((decision, search))
}

/// Characters of one formula.
pub const MAX_FORMULA_CHARS: usize = 100_000;

/// Parses the formula at `path`, numbering its variables after `names`.
pub fn formula(
    path: &str,
    text: &str,
    names: &[String],
) -> Result<(Formula, Vec<String>), MathError> {
    if text.chars().count() > MAX_FORMULA_CHARS {
        return Err(MathError::Limit(format!(
            "{path} has more than {MAX_FORMULA_CHARS} characters"
        )));
    }
    formula::parse(text, names).map_err(|e| MathError::Input {
        path: path.into(),
        message: format!(
            "at character {}: {} (grammar: variables, true, false, ! (not), & (and), ^ or xor, | (or), -> (implies), <-> (iff), parentheses)",
            text[..e.at.min(text.len())].chars().count() + 1,
            e.message
        ),
    })
}

/// An assignment as {name: value}.
pub fn named(names: &[String], values: &[bool]) -> BTreeMap<String, bool> {
    names.iter().cloned().zip(values.iter().copied()).collect()
}

/// Nodes a formula may have (Tseitin adds a variable and a few clauses per node).
pub const MAX_FORMULA_NODES: usize = 100_000;

/// Satisfiability of f over its n variables, by Tseitin's CNF: a model is
/// restricted to the n variables and f evaluated on it (it must be true).
pub fn decide_formula(
    f: &Formula,
    n: usize,
    ctx: &Ctx,
) -> Result<(Decision, SearchOut), MathError> {
    if f.size() > MAX_FORMULA_NODES {
        return Err(MathError::Limit(format!(
            "{} operators and operands; at most {MAX_FORMULA_NODES}",
            f.size()
        )));
    }
    let cnf = formula::tseitin(f, n);
    let (decision, search) = decide(&cnf, ctx)?;
    Ok(match decision {
        Decision::Sat(mut model) => {
            model.truncate(n);
            if !f.eval(&model) {
                return Err(Stop::CheckFailed("the formula is false at the CNF's model").into());
            }
            (Decision::Sat(model), search)
        }
        other => (other, search),
    })
}

/// An exact-cover problem as given: the sets, the items each must cover
/// once (default: every item of a set) and the items covered at most once.
pub struct Cover {
    pub problem: exact_cover::Problem,
    pub items: Vec<Item>,
    pub sets: Vec<Vec<Item>>,
}

/// Reads sets over named items into the kernel's numbered form.
pub fn cover(
    sets: Vec<Vec<Item>>,
    primary: Option<Vec<Item>>,
    secondary: Option<Vec<Item>>,
) -> Result<Cover, MathError> {
    let secondary = secondary.unwrap_or_default();
    let mut primary: Vec<Item> = match primary {
        Some(p) => p,
        None => sets
            .iter()
            .flatten()
            .filter(|i| !secondary.contains(i))
            .cloned()
            .collect(),
    };
    primary.sort();
    primary.dedup();
    if let Some(i) = secondary.iter().find(|i| primary.contains(i)) {
        return Err(MathError::Input {
            path: "secondary".into(),
            message: format!("{} is both a primary and a secondary item", i.0),
        });
    }
    let mut items = primary.clone();
    items.extend(secondary.iter().cloned());
    let index: BTreeMap<&Item, usize> = items.iter().enumerate().map(|(k, i)| (i, k)).collect();
    let mut options = Vec::with_capacity(sets.len());
    for (k, set) in sets.iter().enumerate() {
        let mut option = Vec::with_capacity(set.len());
        for item in set {
            let Some(&i) = index.get(item) else {
                return Err(MathError::Input {
                    path: format!("sets[{k}]"),
                    message: format!("{} is neither in `items` nor in `secondary`", item.0),
                });
            };
            if option.contains(&i) {
                return Err(MathError::Input {
                    path: format!("sets[{k}]"),
                    message: format!("{} appears twice in one set", item.0),
                });
            }
            option.push(i);
        }
        options.push(option);
    }
    Ok(Cover {
        problem: exact_cover::Problem {
            primary: primary.len(),
            secondary: secondary.len(),
            options,
        },
        items,
        sets,
    })
}

/// One move of an automaton.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub from: Item,
    /// The symbol read.
    pub on: Item,
    pub to: Item,
}

/// A deterministic finite automaton as given: states and symbols are names
/// or numbers; a missing move rejects.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DfaInput {
    pub start: Item,
    /// The accepting states; default none.
    #[serde(default)]
    pub accepting: Option<List<Item, 100000>>,
    /// The moves, at most one per state and symbol (at most 100,000).
    pub transitions: List<Move, 100000>,
    /// The alphabet; default: every symbol of a move.
    #[serde(default)]
    pub alphabet: Option<List<Item, 1000>>,
}

/// An automaton numbered for the kernel, with its names.
pub struct NamedDfa {
    pub dfa: hessian_kernels::automaton::Dfa,
    pub states: Vec<Item>,
    pub symbols: Vec<Item>,
}

/// Numbers `d`'s states and symbols (`symbols` extends to every symbol it
/// uses, for automata compared over one alphabet).
pub fn dfa(d: DfaInput, symbols: &mut Vec<Item>, path: &str) -> Result<NamedDfa, MathError> {
    let mut states: Vec<Item> = vec![d.start.clone()];
    let mut index: BTreeMap<Item, usize> = BTreeMap::new();
    index.insert(d.start, 0);
    let mut name = |s: Item, states: &mut Vec<Item>| {
        *index.entry(s.clone()).or_insert_with(|| {
            states.push(s);
            states.len() - 1
        })
    };
    if let Some(a) = d.alphabet {
        for s in a.0 {
            if !symbols.contains(&s) {
                symbols.push(s);
            }
        }
    }
    let mut moves = Vec::new();
    for m in d.transitions.0 {
        if !symbols.contains(&m.on) {
            symbols.push(m.on.clone());
        }
        let sym = symbols.iter().position(|s| s == &m.on).unwrap_or(0);
        moves.push((name(m.from, &mut states), sym, name(m.to, &mut states)));
    }
    let accepting: Vec<usize> = d
        .accepting
        .map_or_else(Vec::new, |l| l.0)
        .into_iter()
        .map(|s| name(s, &mut states))
        .collect();
    let n = states.len();
    let mut delta = vec![vec![None; symbols.len()]; n];
    for (from, sym, to) in moves {
        match delta[from][sym] {
            Some(t) if t != to => {
                return Err(MathError::Input {
                    path: format!("{path}.transitions"),
                    message: format!(
                        "state {} has two moves on {}; a deterministic automaton has at most one",
                        states[from].0, symbols[sym].0
                    ),
                });
            }
            _ => delta[from][sym] = Some(to),
        }
    }
    let mut acc = vec![false; n];
    accepting.into_iter().for_each(|q| acc[q] = true);
    Ok(NamedDfa {
        dfa: hessian_kernels::automaton::Dfa {
            alphabet: symbols.len(),
            delta,
            start: 0,
            accepting: acc,
        },
        states,
        symbols: symbols.clone(),
    })
}

/// The same automaton over a larger alphabet (no moves on the new symbols).
pub fn widen(d: &mut hessian_kernels::automaton::Dfa, alphabet: usize) {
    for row in d.delta.iter_mut() {
        row.resize(alphabet, None);
    }
    d.alphabet = alphabet;
}

/// Auxiliary variables the counters of one call may introduce together.
pub const MAX_AUXILIARY: u64 = 1_000_000;

/// Appends to `cnf` the sequential counter for Σ wᵢ·[lᵢ] ≤ `bound`, its
/// auxiliaries numbered after `cnf.vars`, with its completeness checked:
/// then every assignment within the bound extends to a model, so a refuted
/// clause set refutes the bound itself. `used` counts auxiliaries so far.
pub fn append_counter(
    cnf: &mut Cnf,
    terms: &[(u64, i32)],
    bound: u64,
    used: &mut u64,
    ctx: &Ctx,
) -> Result<(), MathError> {
    let need = counter::size(terms.len(), bound);
    if *used + need > MAX_AUXILIARY {
        return Err(MathError::Limit(format!(
            "the encoding needs more than {MAX_AUXILIARY} auxiliary variables ((terms − 1) × bound for each constraint)"
        )));
    }
    let c = counter::Counter::new(terms, bound, cnf.vars + 1);
    c.complete(&ctx.budget)?;
    *used += need;
    cnf.vars += c.auxiliary();
    cnf.clauses.extend(c.clauses());
    Ok(())
}

/// Values one variable's domain may hold, and all domains together.
pub const MAX_DOMAIN: usize = 100_000;
pub const MAX_DOMAIN_TOTAL: usize = 1_000_000;
/// Largest |value| in a domain.
const MAX_VALUE: i64 = 1_000_000_000;

/// A variable's values: a list of integers, or a range "lo..hi".
pub struct Domain(pub Vec<i64>);

impl<'de> Deserialize<'de> for Domain {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = Domain;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(r#"a domain: a list of integers [1, 2, 5] or a range "1..9" (both ends included)"#)
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Domain, E> {
                let range = text.split_once("..").and_then(|(a, b)| {
                    Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?))
                });
                let Some((lo, hi)) = range else {
                    return Err(E::custom(format!(
                        r#"the domain "{}" is not a range "lo..hi" of two integers"#,
                        hessian_op::error::bounded(text, 40)
                    )));
                };
                if lo.abs() > MAX_VALUE || hi.abs() > MAX_VALUE {
                    return Err(E::custom(format!(
                        "{LIMIT_TAG}a domain value beyond ±{MAX_VALUE}"
                    )));
                }
                if hi < lo {
                    return Err(E::custom(format!("the range {lo}..{hi} is empty")));
                }
                if (hi - lo) as u64 >= MAX_DOMAIN as u64 {
                    return Err(E::custom(format!(
                        "{LIMIT_TAG}the range {lo}..{hi} has more than {MAX_DOMAIN} values"
                    )));
                }
                Ok(Domain((lo..=hi).collect()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Domain, A::Error> {
                let mut out = Vec::new();
                while let Some(Bounded(x)) =
                    seq.next_element::<Bounded<{ -MAX_VALUE }, MAX_VALUE>>()?
                {
                    if out.len() == MAX_DOMAIN {
                        return Err(de::Error::custom(format!(
                            "{LIMIT_TAG}a domain with more than {MAX_DOMAIN} values"
                        )));
                    }
                    out.push(x);
                }
                out.sort_unstable();
                out.dedup();
                Ok(Domain(out))
            }
        }
        d.deserialize_any(Either)
    }
}

impl JsonSchema for Domain {
    fn schema_name() -> Cow<'static, str> {
        "Domain".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "anyOf": [
                {
                    "type": "array",
                    "description": "The values, e.g. [1, 2, 5].",
                    "items": {"type": "integer", "minimum": -MAX_VALUE, "maximum": MAX_VALUE},
                    "maxItems": MAX_DOMAIN
                },
                {
                    "type": "string",
                    "description": "A range lo..hi, both ends included, e.g. \"1..9\".",
                    "pattern": "^\\s*-?[0-9]+\\s*\\.\\.\\s*-?[0-9]+\\s*$"
                }
            ]
        })
    }
}

/// Reads a constraint problem: variables named by the domains' keys (in
/// key order), constraints parsed against them.
pub fn csp(
    domains: BTreeMap<String, Domain>,
    constraints: &[String],
) -> Result<(csp::Problem, Vec<String>), MathError> {
    let names: Vec<String> = domains.keys().cloned().collect();
    if let Some(bad) = names.iter().find(|n| {
        !n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            || !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    }) {
        return Err(MathError::Input {
            path: format!("domains.{bad}"),
            message: format!(
                "'{}' is not a variable name: a letter or _, then letters, digits or _",
                hessian_op::error::bounded(bad, 40)
            ),
        });
    }
    let total: usize = domains.values().map(|d| d.0.len()).sum();
    if total > MAX_DOMAIN_TOTAL {
        return Err(MathError::Limit(format!(
            "{total} domain values in all, at most {MAX_DOMAIN_TOTAL}"
        )));
    }
    let mut parsed = Vec::with_capacity(constraints.len());
    for (i, text) in constraints.iter().enumerate() {
        if text.len() > MAX_FORMULA_CHARS {
            return Err(MathError::Limit(format!(
                "constraint {i} has more than {MAX_FORMULA_CHARS} characters"
            )));
        }
        parsed.push(csp::parse(text, &names).map_err(|e| MathError::Input {
            path: format!("constraints[{i}]"),
            message: format!(
                "at character {}: {} (write e.g. \"2x + y <= 10\", \"x != y + 1\", \"all_different(a, b, c)\")",
                text[..e.at.min(text.len())].chars().count() + 1,
                e.message
            ),
        })?);
    }
    let problem = csp::Problem {
        domains: domains.into_values().map(|d| d.0).collect(),
        constraints: parsed,
    };
    Ok((problem, names))
}

/// A solution as {name: value}.
pub fn valued(names: &[String], values: &[i64]) -> BTreeMap<String, i64> {
    names.iter().cloned().zip(values.iter().copied()).collect()
}

/// A positive weight (of a literal in a sum, of a soft clause).
pub type Weight = Bounded<1, 1_000_000_000>;

/// Literals read from `path`, refusing 0 (which names no variable).
pub fn nonzero<'a>(
    literals: impl IntoIterator<Item = &'a Literal>,
    path: &str,
) -> Result<Vec<i32>, MathError> {
    let out: Vec<i32> = literals.into_iter().map(|l| l.0 as i32).collect();
    if out.contains(&0) {
        return Err(MathError::Input {
            path: path.into(),
            message: "0 is not a literal: write v for variable v and -v for its negation".into(),
        });
    }
    Ok(out)
}

/// One weight per `what` (`count` of them), 1 each when none are given.
pub fn weights<const MAX: usize>(
    given: Option<List<Weight, MAX>>,
    count: usize,
    what: &str,
) -> Result<Vec<u64>, MathError> {
    match given {
        None => Ok(vec![1; count]),
        Some(w) if w.0.len() == count => Ok(w.0.iter().map(|w| w.0 as u64).collect()),
        Some(w) => Err(MathError::Input {
            path: "weights".into(),
            message: format!(
                "{} weights for {count} {what}: give one per {what}",
                w.0.len()
            ),
        }),
    }
}
