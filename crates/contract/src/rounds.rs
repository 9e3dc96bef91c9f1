//! Multi-round input (DESIGN §7): every round of a call runs the guard,
//! then the operation's own parser and plan, fingerprints the questions,
//! checks the signed state against them, and either asks the next question
//! or runs. Transports decide only how a question reaches the caller.

use crate::call::{finish, prepare};
use crate::canonical::{sha256_digest, to_canonical};
use crate::catalog::{Catalog, Entry};
use crate::error::{Code, Refusal, Tool};
use crate::operation::{Ctx, Question};
use crate::state::{FORMAT, Keys, State};
use serde_json::{Map, Value, json};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Authentication, limits and the audit trail, run first in every round so
/// no operation code (parser, resolver, kernel) runs for a refused caller.
pub trait Guard: Send + Sync {
    /// Admits one round or refuses it; writes one audit record either way.
    fn admit(&self, principal: &str, operation_id: &str, round: usize) -> Result<(), Refusal>;
}

/// Admits everyone; the audit record is a line on stderr (via the caller's
/// logger), so this guard only fits a local, single-user process.
pub struct Open;

impl Guard for Open {
    fn admit(&self, _: &str, _: &str, _: usize) -> Result<(), Refusal> {
        Ok(())
    }
}

/// What every round of a server's calls shares.
pub struct Rounds<'a> {
    pub keys: &'a Keys,
    pub guard: &'a dyn Guard,
    /// How long a question may wait for its answer.
    pub ttl_secs: u64,
}

/// A continuation: the state a question was asked in, and its answer (the
/// form's content); without an answer the same question is asked again.
pub struct Resume {
    pub state: String,
    pub answer: Option<Map<String, Value>>,
}

/// One per call, moved once: the size difference of its variants costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Step {
    /// The success envelope.
    Done(Value),
    /// Ask `question` and continue with `state`.
    Ask {
        question: Question,
        state: String,
        /// What to answer a caller that cannot be asked: every open
        /// question and the call with them added.
        refusal: Refusal,
    },
}

pub fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// One round of a call from `principal`, fresh or resumed.
pub fn call(
    catalog: &Catalog,
    rounds: &Rounds,
    principal: &str,
    args: Map<String, Value>,
    resume: Option<Resume>,
    ctx: &Ctx,
) -> Result<Step, Refusal> {
    let started = Instant::now();
    let id = args
        .get("operation_id")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    // The round number is only known after verification; the guard counts
    // rounds by the state's presence.
    rounds
        .guard
        .admit(principal, &id, usize::from(resume.is_some()))?;
    let (entry, input) = prepare(catalog, args)?;
    let questions = entry.op.questions(&input)?;
    let fingerprint = sha256_digest(to_canonical(&json!(questions)).as_bytes());
    let input_digest = sha256_digest(to_canonical(&input).as_bytes());
    let now = now_secs();
    let (mut answers, round) = match resume {
        None => (Map::new(), 0),
        Some(Resume { state, answer }) => {
            let s = rounds.keys.open(&state, now)?;
            let contract = &entry.contract().digest;
            let mismatch = [
                (s.principal != principal, "another caller"),
                (s.operation_id != entry.op.id(), "another operation"),
                (
                    s.contract != *contract,
                    "another version of the operation's contract",
                ),
                (s.input != input_digest, "a different input"),
            ];
            if let Some((_, what)) = mismatch.iter().find(|(differs, _)| *differs) {
                return Err(Refusal::new(
                    Code::ContinuationMismatch,
                    format!("this requestState belongs to {what}; send the call again without it"),
                )
                .at("requestState"));
            }
            if s.plan.as_deref() != Some(fingerprint.as_str()) {
                return Err(Refusal::new(
                    Code::PlanChanged,
                    "the questions this call needs changed since the last one was asked, so that answer is not applied; \
                     send the call again without requestState to be asked the current questions",
                )
                .at("requestState"));
            }
            let Some(q) = questions.get(s.round) else {
                return Err(Refusal::new(
                    Code::ContinuationInvalid,
                    format!(
                        "the requestState names round {} of a {}-question plan",
                        s.round,
                        questions.len()
                    ),
                )
                .at("requestState"));
            };
            let mut answers = s.answers;
            match answer {
                Some(content) => {
                    answers.insert(q.key.clone(), q.value_of(&content));
                    (answers, s.round + 1)
                }
                None => (answers, s.round),
            }
        }
    };
    if round >= questions.len() {
        let mut complete = input;
        if let Value::Object(m) = &mut complete {
            m.extend(answers);
        }
        return finish(catalog, entry, &complete, ctx, started).map(Step::Done);
    }
    let state = rounds.keys.seal(&State {
        format: FORMAT,
        key_id: rounds.keys.key_id().into(),
        principal: principal.into(),
        operation_id: entry.op.id().into(),
        contract: entry.contract().digest.clone(),
        input: input_digest,
        round,
        plan: Some(fingerprint),
        answers: std::mem::take(&mut answers),
        issued: now,
        expires: now + rounds.ttl_secs,
    });
    Ok(Step::Ask {
        question: questions[round].clone(),
        state,
        refusal: input_required(entry, &input, &questions[round..]),
    })
}

/// The refusal for a caller that cannot be asked: each open question, and
/// the call with example answers added to `input` to adapt and send.
pub fn input_required(entry: &Entry, input: &Value, questions: &[Question]) -> Refusal {
    let mut fixed = input.as_object().cloned().unwrap_or_default();
    for q in questions {
        fixed.insert(q.key.clone(), q.example.clone());
    }
    let keys: Vec<&str> = questions.iter().map(|q| q.key.as_str()).collect();
    let asked: Vec<String> = questions
        .iter()
        .map(|q| format!("`{}`: {}", q.key, q.message))
        .collect();
    let mut r = Refusal::new(
        Code::InputRequired,
        format!(
            "{} needs more input: {} Add {} to `input` (the example values in `fix` show the shape) and send the call again",
            entry.op.id(),
            asked.join("; "),
            keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        ),
    )
    .at(format!("input.{}", keys.first().copied().unwrap_or_default()))
    .fix(
        Tool::Run,
        json!({ "operation_id": entry.op.id(), "input": fixed, "contract": entry.contract().digest }),
    );
    r.questions = Some(json!(questions));
    r
}

#[cfg(test)]
mod tests;
