use hessian_kernels::sequence;
use hessian_op::Question;
use hessian_op::prelude::*;
use serde_json::{Map, Value, json};

pub struct LinearRecurrence;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// c_1..c_d of a_n = c_1 a_{n−1} + … + c_d a_{n−d} (at most 1000).
    pub coefficients: List<Rational, 1000>,
    /// The index n ≥ 0 of the wanted term; n·d ≤ 10^7.
    pub n: Bounded<0, 10_000_000>,
    /// a_0..a_{d−1}, as many as coefficients. When absent the caller is asked for them.
    #[serde(default)]
    pub initial_values: Option<List<Rational, 1000>>,
}

/// The initial values are the one thing the recurrence cannot supply, and
/// how many depends on the order d: so a resolver asks, in one round, a
/// form with one field a_i per value (MCP forms hold flat fields, not
/// arrays), and nothing when `initial_values` is given.
fn ask_initial_values(input: &Input) -> Vec<Question> {
    if input.initial_values.is_some() {
        return Vec::new();
    }
    let d = input.coefficients.0.len();
    let mut properties = Map::new();
    for i in 0..d {
        properties.insert(
            format!("a_{i}"),
            json!({"type": "string", "title": format!("a_{i}"), "description": format!("the term a_{i}: an exact rational such as 2, -1/3 or 0.5")}),
        );
    }
    let required: Vec<String> = (0..d).map(|i| format!("a_{i}")).collect();
    vec![Question {
        key: "initial_values".into(),
        message: format!(
            "The recurrence has order {d}; what are its initial terms a_0..a_{}?",
            d - 1
        ),
        form: json!({"type": "object", "properties": Value::Object(properties), "required": required}),
        example: json!(vec![1; d]),
    }]
}

impl Operation for LinearRecurrence {
    type Input = Input;
    /// a_n, exactly.
    type Output = Rational;
    const ID: &'static str = "sequence.linear_recurrence.evaluate";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "n-th term of a linear recurrence (exact)";
    const SUMMARY: &'static str = "a_n of a_k = c_1 a_{k−1} + … + c_d a_{k−d} from initial terms, exactly over Q; asks for the initial terms when they are missing.";
    const DESCRIPTION: &'static str = "Evaluates a constant-coefficient linear recurrence exactly: given c_1..c_d \
        and a_0..a_{d−1} (initial_values), returns a_n (index from 0). Without initial_values the caller is asked \
        for them in one round (one form field per term); a client that cannot be asked gets input_required with \
        the call to send. Runs the recurrence, so n·d ≤ 10^7; for huge n modulo m use sequence.recurrence.modular.evaluate.";
    const KEYWORDS: &'static [&'static str] = &[
        "evaluate recurrence",
        "nth term of recurrence",
        "linear recurrence term",
        "recurrence relation value",
        "fibonacci like",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "far term of a sequence given by a linear recurrence",
        "n-th term from a recurrence and initial values",
        "term 1000 of a sequence where each term depends on the last few",
        "exact value far along a rule like a_n = 2a_(n-1) + a_(n-2)",
        "predict a population after many generations from a fixed update rule",
        "how do I compute the n-th term from a recurrence and starting values",
    ];
    const ALIASES: &'static [&'static str] = &["rsolve", "LinearRecurrence", "RecurrenceTable"];
    const EXAMPLE: &'static str = r#"{"coefficients": [1, 1], "initial_values": [2, 1], "n": 20}"#;
    const EXPECTED: &'static str = r#""15127""#;
    const PLAN: Plan<Input> = Plan::Resolved {
        keys: &["initial_values"],
        resolve: ask_initial_values,
    };

    // Long run: missing or mis-sized initial_values at their path; the n·d bound.
    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        let c: Vec<_> = input.coefficients.0.into_iter().map(|r| r.0).collect();
        let Some(initial) = input.initial_values else {
            return Err(MathError::Input {
                path: "initial_values".into(),
                message: "is missing; a recurrence needs its initial terms".into(),
            });
        };
        let init: Vec<_> = initial.0.into_iter().map(|r| r.0).collect();
        if init.len() != c.len() {
            return Err(MathError::Input {
                path: "initial_values".into(),
                message: format!(
                    "has {} terms; a recurrence of order {} needs exactly {}",
                    init.len(),
                    c.len(),
                    c.len()
                ),
            });
        }
        let n = input.n.0 as usize;
        if n.saturating_mul(c.len()) > 10_000_000 {
            return Err(MathError::Limit(format!(
                "n·d = {}; at most 10^7 (use sequence.recurrence.modular.evaluate for huge n)",
                n * c.len()
            )));
        }
        let mut t = sequence::terms(&c, &init, n, &ctx.budget)?;
        Ok(Rational(t.swap_remove(n)))
    }
}
