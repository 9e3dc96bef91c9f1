//! Multi-round input (DESIGN §7): every round of a call runs the guard,
//! then the operation's own parser and plan, fingerprints the questions,
//! checks the signed state against them, and either asks the next question
//! or runs. Transports decide only how a question reaches the caller.

use crate::call::{Answer, input_required, lookup, parse_args};
use crate::canonical::{sha256_digest, to_canonical};
use crate::catalog::Catalog;
use crate::error::{Code, Refusal};
use crate::operation::{Ctx, Question};
use crate::runner::{Ran, Runner};
use crate::state::{FORMAT, Keys, State};
use serde_json::{Map, Value, json};
use std::time::{SystemTime, UNIX_EPOCH};

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
    /// Where the operation's parser, plan and kernel run.
    pub runner: &'a dyn Runner,
    /// How long a question may wait for its answer.
    pub ttl_secs: u64,
}

/// A continuation: the state a question was asked in, and its answer (the
/// key it was sent under, which must be the question's, and the form's
/// content); without an answer the same question is asked again.
pub struct Resume {
    pub state: String,
    pub answer: Option<(String, Map<String, Value>)>,
}

/// One per call, moved once: the size difference of its variants costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Step {
    /// The success envelope and its text.
    Done(Answer),
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
    let parsed = parse_args(catalog, args);
    // The guard sees every call, a malformed one too, and reads only the
    // parsed arguments. The round number is only known after verification;
    // it counts rounds by the state's presence.
    let id = parsed.as_ref().map_or("", |a| a.operation_id.as_str());
    rounds
        .guard
        .admit(principal, id, usize::from(resume.is_some()))?;
    let args = parsed?;
    let entry = lookup(catalog, &args)?;
    let ctx = &ctx.with_deadline_ms(args.deadline_ms);
    let input = Value::Object(args.input);
    // A fresh call parses its input once: it either asks or runs. A resumed
    // one first re-derives the questions its state was sealed against.
    let questions = match &resume {
        None => match rounds.runner.first(entry, &input, ctx)? {
            Ran::Answer(answer) => return Ok(Step::Done(answer)),
            Ran::Ask(questions) => questions,
        },
        Some(_) => rounds.runner.questions(entry, &input, ctx)?,
    };
    let fingerprint = sha256_digest(to_canonical(&json!(questions)).as_bytes());
    let input_digest = sha256_digest(to_canonical(&input).as_bytes());
    let now = now_secs();
    let (mut answers, round) = match resume {
        None => (Map::new(), 0),
        Some(Resume { state, answer }) => {
            let s = rounds.keys.open(&state, now, rounds.ttl_secs)?;
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
                Some((key, _)) if key != q.key => {
                    return Err(Refusal::new(
                        Code::InvalidInput,
                        format!(
                            "the answer was sent under {:?}, but the question asked is `{}`; send it as inputResponses.{}",
                            crate::error::bounded(&key, 40),
                            q.key,
                            q.key
                        ),
                    )
                    .at("inputResponses")
                    .expected(format!("one answer, under the key `{}`", q.key))
                    .received(format!("the key {:?}", crate::error::bounded(&key, 40))));
                }
                Some((_, content)) => {
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
        // The answers make a new input, parsed (once) by its run.
        return rounds.runner.last(entry, &complete, ctx).map(Step::Done);
    }
    let sealed = rounds.keys.seal(&State {
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
    if sealed.len() > crate::state::MAX_STATE_BYTES {
        return Err(Refusal::new(
            Code::LimitExceeded,
            format!(
                "the answers so far make a requestState of {} bytes, more than the {} one may take; send the answers in `input` instead",
                sealed.len(),
                crate::state::MAX_STATE_BYTES
            ),
        ));
    }
    let state = sealed;
    Ok(Step::Ask {
        question: questions[round].clone(),
        state,
        refusal: input_required(entry, &input, &questions[round..]),
    })
}

#[cfg(test)]
mod tests;
