//! Where an operation's own code runs: its parser, its input plan and its
//! kernel, the part of a call whose time the caller's input decides. The
//! engine keeps everything else (arguments, lookup, contract, signed
//! state), so a server can move this part into worker processes that are
//! killed at the deadline (`hessian_server`'s workers) while the CLI and
//! tests run it in process.

use crate::call::{Answer, finish, missing_field_help, too_large};
use crate::catalog::{Catalog, Entry};
use crate::error::Refusal;
use crate::operation::{Ctx, Question, Round};
use serde_json::Value;
use std::time::Instant;

/// What a fresh call's one parse comes to.
#[derive(Debug)]
pub enum Ran {
    /// It ran: the envelope, within the output budget.
    Answer(Answer),
    /// It needs these answers first, in plan order.
    Ask(Vec<Question>),
}

pub trait Runner: Send + Sync {
    /// A fresh call: parse the input once, then ask or run and wrap the
    /// output in its envelope.
    fn first(&self, entry: &Entry, input: &Value, ctx: &Ctx) -> Result<Ran, Refusal>;
    /// A call whose answers are all in `input`: run it and wrap the output.
    fn last(&self, entry: &Entry, input: &Value, ctx: &Ctx) -> Result<Answer, Refusal>;
    /// The questions a resumed call's input needs, derived again.
    fn questions(&self, entry: &Entry, input: &Value, ctx: &Ctx) -> Result<Vec<Question>, Refusal>;
}

/// Runs on the calling thread: stopped only by the kernels' own budget
/// checks.
pub struct InProcess<'c>(pub &'c Catalog);

impl InProcess<'_> {
    /// An output refused while it was written, for passing the budget,
    /// gains the smaller call [`finish`] would have named.
    fn smaller(&self, entry: &Entry, input: &Value, ctx: &Ctx, r: Refusal) -> Refusal {
        match ctx.max_output_bytes {
            Some(limit) if r == crate::operation::over_budget(limit) => {
                too_large(self.0, entry, input, None, limit)
            }
            _ => r,
        }
    }
}

impl Runner for InProcess<'_> {
    fn first(&self, entry: &Entry, input: &Value, ctx: &Ctx) -> Result<Ran, Refusal> {
        let started = Instant::now();
        match entry
            .op
            .plan_or_run(input, ctx)
            .map_err(|r| missing_field_help(entry, input, self.smaller(entry, input, ctx, r)))?
        {
            Round::Ask(questions) => Ok(Ran::Ask(questions)),
            Round::Output(output) => {
                finish(self.0, entry, input, output, ctx, started).map(Ran::Answer)
            }
        }
    }

    fn last(&self, entry: &Entry, input: &Value, ctx: &Ctx) -> Result<Answer, Refusal> {
        let started = Instant::now();
        let output = entry
            .op
            .run_json(input, ctx)
            .map_err(|r| self.smaller(entry, input, ctx, r))?;
        finish(self.0, entry, input, output, ctx, started)
    }

    fn questions(
        &self,
        entry: &Entry,
        input: &Value,
        _ctx: &Ctx,
    ) -> Result<Vec<Question>, Refusal> {
        entry.op.questions(input)
    }
}
