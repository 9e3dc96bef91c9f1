use hessian_op::prelude::*;

pub struct IntegerPartitions;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0 (at most 1000).
    pub n: Bounded<0, 1000>,
    /// Only partitions into exactly this many parts (optional).
    pub parts: Option<Bounded<0, 1000>>,
    /// Only parts at most this large (optional).
    pub max_part: Option<Bounded<1, 1000>>,
    /// Stop with limit_exceeded beyond this many partitions (default and maximum 100,000).
    #[serde(default = "max_count")]
    pub max_count: Bounded<1, 100_000>,
}

fn max_count() -> Bounded<1, 100_000> {
    Bounded(100_000)
}

impl Operation for IntegerPartitions {
    type Input = Input;
    /// Each partition as non-increasing parts, in reverse lexicographic order ([n] first).
    type Output = Vec<Vec<u32>>;
    const ID: &'static str = "combinatorics.integer_partitions.enumerate";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "List the partitions of n";
    const SUMMARY: &'static str = "Every integer partition of n (optionally into k parts or with parts ≤ m), up to a count bound.";
    const DESCRIPTION: &'static str = "Enumerates the partitions of n as non-increasing lists of positive parts, in \
        reverse lexicographic order, optionally only those with exactly `parts` parts and/or parts no larger \
        than `max_part`. More than `max_count` (≤ 100,000) partitions is limit_exceeded — count them first \
        with combinatorics.partition_count.compute.";
    const KEYWORDS: &'static [&'static str] = &[
        "list partitions",
        "enumerate partitions",
        "integer partitions",
        "ways to write n as a sum",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "list every way to write n as an unordered sum of positive integers",
        "all partitions of an integer",
        "generate the partitions of n",
        "write out every way to break 7 into a sum of smaller numbers",
        "show all ways to split a total among identical piles",
        "list all possible bundle sizes that add up to a given order quantity",
        "how can I list every way to make 10 with whole numbers ignoring order",
    ];
    const ALIASES: &'static [&'static str] = &["partitions", "IntegerPartitions", "accel_asc"];
    const EXAMPLE: &'static str = r#"{"n": 6, "parts": 3}"#;
    const EXPECTED: &'static str = "[[4, 1, 1], [3, 2, 1], [2, 2, 2]]";

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Vec<u32>>, MathError> {
        let n = input.n.0 as u32;
        let max_part = input.max_part.map_or(n, |m| m.0 as u32).min(n.max(1));
        let parts = input.parts.map(|k| k.0 as usize);
        let limit = input.max_count.0 as usize;
        let mut out = Vec::new();
        let mut current = Vec::new();
        walk(n, max_part, parts, &mut current, &mut out, limit, ctx)?;
        Ok(out)
    }
}

/// Depth-first in reverse lexicographic order; prunes on the part count.
fn walk(
    rest: u32,
    max: u32,
    parts: Option<usize>,
    current: &mut Vec<u32>,
    out: &mut Vec<Vec<u32>>,
    limit: usize,
    ctx: &Ctx,
) -> Result<(), MathError> {
    if rest == 0 {
        if parts.is_none_or(|k| k == current.len()) {
            if out.len() == limit {
                return Err(MathError::Limit(format!(
                    "more than {limit} partitions; raise max_count (≤ 100,000) or narrow the query"
                )));
            }
            out.push(current.clone());
        }
        return Ok(());
    }
    if let Some(k) = parts {
        // Remaining slots must hold `rest` with parts ≤ max.
        let slots = k.saturating_sub(current.len()) as u64;
        let (rest, max) = (u64::from(rest), u64::from(max));
        if slots == 0 || slots * max < rest || slots > rest {
            return Ok(());
        }
    }
    if out.len().is_multiple_of(1024) {
        ctx.budget.check()?;
    }
    for part in (1..=max.min(rest)).rev() {
        current.push(part);
        walk(rest - part, part, parts, current, out, limit, ctx)?;
        current.pop();
    }
    Ok(())
}
