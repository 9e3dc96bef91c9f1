//! The operation declaration (DESIGN §5) and its object-safe, erased form.

use crate::error::{Code, Refusal};
use hessian_kernels::{Budget, Stop};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::Value;

/// What one operation declares, next to its kernel call. Implemented by a
/// unit struct in its capability package.
pub trait Operation: Send + Sync + 'static {
    /// The only parser of this operation's input: `deny_unknown_fields`,
    /// field docs become schema descriptions.
    type Input: DeserializeOwned + JsonSchema;
    type Output: Serialize + JsonSchema;

    /// `<family>.<object>[.<qualifier>].<verb>` (DESIGN §4). Never renamed.
    const ID: &'static str;
    /// Bumped whenever the input or output schema changes.
    const VERSION: u32;
    const TITLE: &'static str;
    /// One line for search cards.
    const SUMMARY: &'static str;
    /// Conventions, bounds and the shape of the answer.
    const DESCRIPTION: &'static str;
    /// Extra search words: synonyms, abbreviations, notation.
    const KEYWORDS: &'static [&'static str];
    /// The question this operation answers, in the words of someone who
    /// has the problem but not its name ("largest number dividing both").
    /// Search only; not part of the contract.
    const PHRASINGS: &'static [&'static str] = &[];
    /// What other systems call it (SymPy, SageMath, Mathematica, networkx,
    /// PARI): `igcd`, `GCD`, `gcd`. Search only.
    const ALIASES: &'static [&'static str] = &[];
    /// The `input` object of the copyable example, as JSON text.
    const EXAMPLE: &'static str;
    /// The exact `output` the example produces, as JSON text.
    const EXPECTED: &'static str;

    /// Questions the caller must answer before the operation runs (DESIGN
    /// §7). Each answer is the optional `Input` field named by its key, so
    /// the one parser types it and an agent may send it up front.
    const PLAN: Plan<Self::Input> = Plan::None;

    fn run(input: Self::Input, ctx: &Ctx) -> Result<Self::Output, MathError>;
}

/// One question of an input plan. The answer becomes input field `key`:
/// a `form` with one property named `key` answers it with that property's
/// value; a form with several properties answers an array field with their
/// values in property order (MCP forms hold only flat primitive fields).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Question {
    pub key: String,
    pub message: String,
    /// The elicitation form: a flat object schema.
    pub form: Value,
    /// A value of field `key` to show in the fallback's corrected call.
    pub example: Value,
}

impl Question {
    /// The input value a form answer stands for (see [`Question`]).
    pub fn value_of(&self, content: &serde_json::Map<String, Value>) -> Value {
        let props: Vec<&String> = self
            .form
            .get("properties")
            .and_then(Value::as_object)
            .map(|p| p.keys().collect())
            .unwrap_or_default();
        match props[..] {
            [only] if *only == self.key => content.get(only).cloned().unwrap_or(Value::Null),
            _ => Value::Array(
                props
                    .iter()
                    .map(|p| content.get(*p).cloned().unwrap_or(Value::Null))
                    .collect(),
            ),
        }
    }
}

/// A question that is the same for every call, as static text.
pub struct StaticQuestion {
    pub key: &'static str,
    pub message: &'static str,
    /// The flat object schema of the elicitation form, as JSON text.
    pub form: &'static str,
    /// An example value of field `key`, as JSON text.
    pub example: &'static str,
}

/// What an operation asks before it runs.
pub enum Plan<I> {
    None,
    /// Fixed questions; one whose field the input already holds is answered.
    /// Must be non-empty: the catalog refuses an empty one.
    Static(&'static [StaticQuestion]),
    /// The questions this input needs, from the parsed input (an empty list
    /// means run at once). `keys` lists every key it may ask, for the contract.
    Resolved {
        keys: &'static [&'static str],
        resolve: fn(&I) -> Vec<Question>,
    },
}

/// What a running operation may consult: its budget (deadline and
/// cancellation), polled by kernels at loop boundaries, and the largest
/// result the caller can take.
#[derive(Debug, Clone, Default)]
pub struct Ctx {
    pub budget: Budget,
    /// Bytes of compact JSON the whole success envelope may take; `None`
    /// for no limit (the CLI, tests). A larger result is refused with
    /// `limit_exceeded`, so an enumeration may stop once it passes this.
    pub max_output_bytes: Option<usize>,
}

impl Ctx {
    pub fn new(budget: Budget) -> Self {
        Self {
            budget,
            max_output_bytes: None,
        }
    }

    /// The same context with its deadline brought forward by a call's own
    /// `deadline_ms` (never extended).
    pub fn with_deadline_ms(&self, ms: Option<u64>) -> Self {
        let mut ctx = self.clone();
        if let Some(ms) = ms {
            ctx.budget = self.budget.shortened(std::time::Duration::from_millis(ms));
        }
        ctx
    }

    /// Refuses, before any work, an answer of about `digits` decimal digits
    /// (`what`, e.g. "F(n)") that could not fit the output budget: a
    /// `limit_exceeded` now rather than one after seconds of arithmetic.
    pub fn room_for_digits(&self, digits: f64, what: &str) -> Result<(), MathError> {
        match self.max_output_bytes {
            Some(limit) if digits > limit as f64 => Err(MathError::Limit(format!(
                "{what} has at least {digits:.0} digits, more than the {limit} bytes of JSON this server returns in one call (its output budget, set by `hessian serve --max-output-bytes`)"
            ))),
            _ => Ok(()),
        }
    }

    /// The same context with an output budget (the servers' transports).
    pub fn with_output_limit(mut self, bytes: usize) -> Self {
        self.max_output_bytes = Some(bytes);
        self
    }
}

/// Why an operation did not produce its output.
#[derive(Debug, Clone, PartialEq)]
pub enum MathError {
    /// The input is well-formed but outside the operation's domain
    /// (inverse of a singular matrix, factorization of 0).
    Domain(String),
    /// The input is within the schema but beyond a documented bound.
    Limit(String),
    /// Fields that parse alone but not together (a right-hand side whose
    /// length differs from the row count); `path` is below `input`.
    Input {
        path: String,
        message: String,
    },
    Stopped(Stop),
    /// A computed result failed its check (multiply back, verify the
    /// witness, check the dual): a defect of Hessian, reported as
    /// `internal_error` so the caller does not blame its input.
    Internal(String),
}

impl From<Stop> for MathError {
    fn from(s: Stop) -> Self {
        match s {
            Stop::CheckFailed(what) => MathError::Internal(what.into()),
            s => MathError::Stopped(s),
        }
    }
}

impl From<MathError> for Refusal {
    fn from(e: MathError) -> Self {
        match e {
            MathError::Domain(m) => Refusal::new(Code::DomainError, m),
            MathError::Limit(m) => Refusal::new(Code::LimitExceeded, m),
            MathError::Internal(m) => Refusal::new(
                Code::InternalError,
                format!(
                    "the result failed Hessian's own check ({m}), so it was not returned; this is a defect in Hessian, not in the input"
                ),
            ),
            MathError::Input { path, message } => {
                let path = format!("input.{path}");
                Refusal::new(Code::InvalidInput, format!("{path}: {message}")).at(path)
            }
            MathError::Stopped(Stop::Deadline) => Refusal::new(
                Code::DeadlineExceeded,
                "the call ran past its deadline and was stopped",
            ),
            MathError::Stopped(Stop::Cancelled) => {
                Refusal::new(Code::Cancelled, "the call was cancelled by the client")
            }
            MathError::Stopped(Stop::CheckFailed(what)) => MathError::Internal(what.into()).into(),
        }
    }
}

/// The erased form the catalog holds: metadata, schemas, and a run that
/// takes the JSON input and returns the JSON output.
pub trait DynOperation: Send + Sync {
    fn id(&self) -> &'static str;
    fn version(&self) -> u32;
    fn title(&self) -> &'static str;
    fn summary(&self) -> &'static str;
    fn description(&self) -> &'static str;
    fn keywords(&self) -> &'static [&'static str];
    fn phrasings(&self) -> &'static [&'static str];
    fn aliases(&self) -> &'static [&'static str];
    fn example_input(&self) -> Value;
    fn expected_output(&self) -> Value;
    fn input_schema(&self) -> Value;
    fn output_schema(&self) -> Value;
    /// Parses `input` with the operation's model without running it.
    fn check_input(&self, input: &Value) -> Result<(), Refusal>;
    /// Parses `input` with the operation's model (the one parse), runs it,
    /// and serializes the output.
    fn run_json(&self, input: &Value, ctx: &Ctx) -> Result<Value, Refusal>;
    /// The questions `input` still needs, in plan order, after parsing it
    /// with the operation's model; empty when it needs none.
    fn questions(&self, input: &Value) -> Result<Vec<Question>, Refusal>;
    /// One round's single parse of `input`: the questions it still needs
    /// (plan order), or, when it needs none, the output of running it.
    fn plan_or_run(&self, input: &Value, ctx: &Ctx) -> Result<Round, Refusal>;
    /// The plan as the contract states it: null, the static questions, or
    /// the keys a resolver may ask. Err for an empty static plan.
    fn plan_document(&self) -> Result<Value, String>;
}

/// The one parse of an input, under the call's budget: a parse stopped by
/// the deadline (a long polynomial expansion) is the deadline's refusal,
/// not a limit's.
fn parse_within<T: Operation>(input: &Value, ctx: &Ctx) -> Result<T::Input, Refusal> {
    ctx.budget
        .while_parsing(|| crate::parse::parse_input(input))
        .map_err(|r| match ctx.budget.check() {
            Err(stop) => MathError::Stopped(stop).into(),
            Ok(()) => r,
        })
}

fn parse_static_json(what: &str, id: &str, text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{id}: {what} is not valid JSON: {e}"))
}

impl<T: Operation> DynOperation for T {
    fn id(&self) -> &'static str {
        T::ID
    }
    fn version(&self) -> u32 {
        T::VERSION
    }
    fn title(&self) -> &'static str {
        T::TITLE
    }
    fn summary(&self) -> &'static str {
        T::SUMMARY
    }
    fn description(&self) -> &'static str {
        T::DESCRIPTION
    }
    fn keywords(&self) -> &'static [&'static str] {
        T::KEYWORDS
    }
    fn phrasings(&self) -> &'static [&'static str] {
        T::PHRASINGS
    }
    fn aliases(&self) -> &'static [&'static str] {
        T::ALIASES
    }
    fn example_input(&self) -> Value {
        parse_static_json("EXAMPLE", T::ID, T::EXAMPLE)
    }
    fn expected_output(&self) -> Value {
        parse_static_json("EXPECTED", T::ID, T::EXPECTED)
    }
    fn input_schema(&self) -> Value {
        crate::portable::schema_for::<T::Input>(true)
    }
    fn output_schema(&self) -> Value {
        crate::portable::schema_for::<T::Output>(false)
    }
    fn check_input(&self, input: &Value) -> Result<(), Refusal> {
        crate::parse::parse_input::<T::Input>(input).map(drop)
    }
    fn questions(&self, input: &Value) -> Result<Vec<Question>, Refusal> {
        let parsed: T::Input = crate::parse::parse_input(input)?;
        Ok(open_questions::<T>(input, &parsed))
    }
    fn plan_or_run(&self, input: &Value, ctx: &Ctx) -> Result<Round, Refusal> {
        let parsed: T::Input = parse_within::<T>(input, ctx)?;
        let questions = open_questions::<T>(input, &parsed);
        if !questions.is_empty() {
            return Ok(Round::Ask(questions));
        }
        Ok(Round::Output(output_json::<T>(parsed, ctx)?))
    }
    fn plan_document(&self) -> Result<Value, String> {
        match &T::PLAN {
            Plan::None => Ok(Value::Null),
            Plan::Static([]) => Err(format!(
                "{} declares an empty static input plan, which can never ask anything; declare Plan::None",
                T::ID
            )),
            Plan::Static(questions) => Ok(serde_json::json!({
                "kind": "static",
                "questions": questions.iter().map(|q| serde_json::json!({
                    "key": q.key,
                    "message": q.message,
                    "form": parse_static_json("a question form", T::ID, q.form),
                })).collect::<Vec<_>>(),
            })),
            Plan::Resolved { keys, .. } => {
                Ok(serde_json::json!({ "kind": "resolved", "keys": keys }))
            }
        }
    }
    fn run_json(&self, input: &Value, ctx: &Ctx) -> Result<Value, Refusal> {
        output_json::<T>(parse_within::<T>(input, ctx)?, ctx)
    }
}

/// The refusal of an output whose digits alone pass the output budget of
/// `limit` bytes (the engine adds the smaller call it knows of).
pub fn over_budget(limit: usize) -> Refusal {
    Refusal::new(
        Code::LimitExceeded,
        format!(
            "the result has more than {limit} digits, more than the {limit} bytes of JSON this server returns in one call (its output budget, set by `hessian serve --max-output-bytes`)"
        ),
    )
    .received(format!("more than {limit} bytes"))
    .expected(format!("at most {limit} bytes"))
}

/// What one round of a call comes to.
pub enum Round {
    /// The input still lacks these answers.
    Ask(Vec<Question>),
    /// It was complete: the operation's output.
    Output(Value),
}

/// The plan's questions that the parsed input leaves open.
fn open_questions<T: Operation>(input: &Value, parsed: &T::Input) -> Vec<Question> {
    match &T::PLAN {
        Plan::None => Vec::new(),
        Plan::Static(questions) => questions
            .iter()
            .filter(|q| input.get(q.key).is_none_or(Value::is_null))
            .map(|q| Question {
                key: q.key.into(),
                message: q.message.into(),
                form: parse_static_json("a question form", T::ID, q.form),
                example: parse_static_json("a question example", T::ID, q.example),
            })
            .collect(),
        Plan::Resolved { resolve, .. } => resolve(parsed),
    }
}

/// Runs the parsed input and serializes the output, once. A panic in the
/// operation (a bug not yet found) is this call's `internal_error`, logged
/// with the operation's id; the thread, and the server, go on serving.
fn output_json<T: Operation>(parsed: T::Input, ctx: &Ctx) -> Result<Value, Refusal> {
    // The input and context are not used after a panic: nothing observes
    // a broken invariant, so asserting unwind safety is sound here.
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| T::run(parsed, ctx)));
    let output = match ran {
        Ok(result) => result?,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            eprintln!("hessian: {} panicked: {what}", T::ID);
            return Err(
                MathError::Internal(format!("the operation stopped on a defect: {what}")).into(),
            );
        }
    };
    let mut value = crate::wire::serialize_within(output, ctx.max_output_bytes).map_err(|e| {
        match ctx.max_output_bytes {
            Some(limit) if e.to_string().starts_with(crate::wire::OVER_BUDGET) => {
                over_budget(limit)
            }
            _ => Refusal::new(
                Code::InternalError,
                format!("the output could not be serialized: {e}"),
            ),
        }
    })?;
    crate::portable::drop_nulls(&mut value);
    Ok(value)
}
