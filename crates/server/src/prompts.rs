//! Two prompts a host may offer its user: compute something exactly with
//! Hessian, and check an answer with it. They only phrase the request; the
//! model still finds and runs the operation through the two tools.

use rmcp::model::{GetPromptResult, Prompt, PromptArgument, PromptMessage, Role};
use serde_json::{Map, Value};

const EXACT: &str = "exact";
const CHECK: &str = "check";

fn argument(name: &str, description: &str, required: bool) -> PromptArgument {
    PromptArgument::new(name)
        .with_description(description)
        .with_required(required)
}

pub fn list() -> Vec<Prompt> {
    let domain = || {
        argument(
            "domain",
            "Optional family to search first, e.g. matrix or integer.",
            false,
        )
    };
    vec![
        Prompt::new(
            EXACT,
            Some("Compute something exactly with Hessian instead of by hand."),
            Some(vec![
                argument("problem", "The question to answer exactly.", true),
                domain(),
            ]),
        )
        .with_title("Compute this exactly with Hessian"),
        Prompt::new(
            CHECK,
            Some("Check an answer with Hessian's exact operations."),
            Some(vec![
                argument("problem", "The question that was answered.", true),
                argument("answer", "The answer to check.", true),
                domain(),
            ]),
        )
        .with_title("Check my answer with Hessian"),
    ]
}

fn text<'a>(arguments: Option<&'a Map<String, Value>>, name: &str) -> Option<&'a str> {
    arguments?
        .get(name)?
        .as_str()
        .filter(|s| !s.trim().is_empty())
}

/// The messages of prompt `name`, or why it cannot be built.
pub fn get(name: &str, arguments: Option<&Map<String, Value>>) -> Result<GetPromptResult, String> {
    let needed = |arg: &str| {
        text(arguments, arg).ok_or_else(|| format!("prompt {name:?} needs the argument {arg:?}"))
    };
    let search = match text(arguments, "domain") {
        Some(d) => format!("math_find with {{\"query\": …, \"domain\": {d:?}}}"),
        None => "math_find with {\"query\": …}".to_string(),
    };
    let steps = format!(
        "Use the Hessian tools: search with {search}, inspect the best match with \
         {{\"operation_id\": …}}, copy its example into math_run and change only the values. \
         Report the exact result as the tool returns it; never compute by hand what an operation can compute."
    );
    let body = match name {
        EXACT => format!(
            "Answer exactly.\n\nProblem: {}\n\n{steps}",
            needed("problem")?
        ),
        CHECK => format!(
            "Check whether this answer is right. Compute the exact answer with Hessian (or check the \
             defining property: multiply back, substitute back) and say whether the answer agrees; if not, give the right one.\n\n\
             Problem: {}\nAnswer to check: {}\n\n{steps}",
            needed("problem")?,
            needed("answer")?
        ),
        other => {
            return Err(format!(
                "no prompt {other:?}; the prompts are {EXACT:?} and {CHECK:?}"
            ));
        }
    };
    let mut result = GetPromptResult::new(vec![PromptMessage::new_text(Role::User, body)]);
    result.description = list()
        .into_iter()
        .find(|p| p.name == name)
        .and_then(|p| p.description);
    Ok(result)
}
