//! The operation declaration (DESIGN §5) and its object-safe, erased form.

use crate::error::{Code, Refusal};
use hessian_kernels::{Budget, Stop};
use schemars::{JsonSchema, generate::SchemaSettings};
use serde::{Serialize, de::DeserializeOwned};
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
    /// The `input` object of the copyable example, as JSON text.
    const EXAMPLE: &'static str;
    /// The exact `output` the example produces, as JSON text.
    const EXPECTED: &'static str;

    fn run(input: Self::Input, ctx: &Ctx) -> Result<Self::Output, MathError>;
}

/// What a running operation may consult: its budget (deadline and
/// cancellation), polled by kernels at loop boundaries.
#[derive(Debug, Clone, Default)]
pub struct Ctx {
    pub budget: Budget,
}

impl Ctx {
    pub fn new(budget: Budget) -> Self {
        Self { budget }
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
}

impl From<Stop> for MathError {
    fn from(s: Stop) -> Self {
        MathError::Stopped(s)
    }
}

impl From<MathError> for Refusal {
    fn from(e: MathError) -> Self {
        match e {
            MathError::Domain(m) => Refusal::new(Code::DomainError, m),
            MathError::Limit(m) => Refusal::new(Code::LimitExceeded, m),
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
    fn example_input(&self) -> Value;
    fn expected_output(&self) -> Value;
    fn input_schema(&self) -> Value;
    fn output_schema(&self) -> Value;
    /// Parses `input` with the operation's model without running it.
    fn check_input(&self, input: &Value) -> Result<(), Refusal>;
    /// Parses `input` with the operation's model (the one parse), runs it,
    /// and serializes the output.
    fn run_json(&self, input: &Value, ctx: &Ctx) -> Result<Value, Refusal>;
}

fn schema_for<T: JsonSchema>(settings: SchemaSettings) -> Value {
    let settings = settings.with(|s| {
        s.inline_subschemas = true;
        s.meta_schema = None;
    });
    let mut v = settings
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value();
    if let Some(map) = v.as_object_mut() {
        // The Rust type name says nothing to a caller.
        map.remove("title");
    }
    v
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
    fn example_input(&self) -> Value {
        parse_static_json("EXAMPLE", T::ID, T::EXAMPLE)
    }
    fn expected_output(&self) -> Value {
        parse_static_json("EXPECTED", T::ID, T::EXPECTED)
    }
    fn input_schema(&self) -> Value {
        schema_for::<T::Input>(SchemaSettings::draft2020_12().for_deserialize())
    }
    fn output_schema(&self) -> Value {
        schema_for::<T::Output>(SchemaSettings::draft2020_12().for_serialize())
    }
    fn check_input(&self, input: &Value) -> Result<(), Refusal> {
        crate::call::parse_input::<T::Input>(input).map(drop)
    }
    fn run_json(&self, input: &Value, ctx: &Ctx) -> Result<Value, Refusal> {
        let parsed: T::Input = crate::call::parse_input(input)?;
        let output = T::run(parsed, ctx)?;
        serde_json::to_value(output)
            .map_err(|e| Refusal::new(Code::DomainError, format!("output not serializable: {e}")))
    }
}
