use hessian_kernels::combinatorics;
use hessian_op::prelude::*;

pub struct Subsets;

const MAX_COUNT: u64 = 100_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The ground set is 1..n (n ≤ 1000).
    pub n: Bounded<0, 1000>,
    /// The subset size k.
    pub k: Bounded<0, 1000>,
}

impl Operation for Subsets {
    type Input = Input;
    /// Every k-subset of 1..n as an increasing list, in lexicographic order.
    type Output = Vec<Vec<u32>>;
    const ID: &'static str = "combinatorics.subsets.enumerate";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "List the k-element subsets of {1, …, n}";
    const SUMMARY: &'static str =
        "All combinations of k elements from 1..n in lexicographic order (up to 100,000).";
    const DESCRIPTION: &'static str = "Enumerates the C(n, k) subsets of size k of {1, …, n} as increasing lists in \
        lexicographic order. More than 100,000 subsets is limit_exceeded (count them with \
        combinatorics.binomial.compute).";
    const KEYWORDS: &'static [&'static str] = &[
        "combinations",
        "k-subsets",
        "enumerate subsets",
        "choose k of n",
        "list combinations",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "list all k-element subsets of a set",
        "every combination of k items chosen from n",
        "generate subsets",
        "show every possible team of 3 picked from 8 players",
        "write out all choices of k numbers out of 1 to n",
        "generate all candidate feature sets of a fixed size for testing",
        "how do I list all combinations of 4 out of 10 items",
    ];
    const ALIASES: &'static [&'static str] = &[
        "subsets",
        "combinations",
        "Subsets",
        "itertools.combinations",
    ];
    const EXAMPLE: &'static str = r#"{"n": 4, "k": 2}"#;
    const EXPECTED: &'static str = "[[1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]";

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Vec<u32>>, MathError> {
        let (n, k) = (input.n.0 as u32, input.k.0 as u32);
        if k > n {
            return Ok(Vec::new());
        }
        let count = combinatorics::binomial(n as u64, k as u64);
        if count > MAX_COUNT.into() {
            return Err(MathError::Limit(format!(
                "C({n}, {k}) = {count} subsets; at most {MAX_COUNT} are listed"
            )));
        }
        Ok(combinatorics::subsets(n, k, &ctx.budget)?)
    }
}
