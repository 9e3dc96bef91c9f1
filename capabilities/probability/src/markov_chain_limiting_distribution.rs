use crate::wire::Chain;
use hessian_kernels::probability::markov;
use hessian_op::prelude::*;
use hessian_op::wire::rows_of;

pub struct MarkovChainLimitingDistribution;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Row i: the long-run distribution starting from state i (lim Pⁿ where it exists, else the long-run fraction of time, the Cesàro limit).
    pub matrix: Vec<Vec<Rational>>,
    pub states: Vec<String>,
    /// lim Pⁿ certainly exists from every state (no periodic closed class is reachable).
    pub limit_exists: bool,
    /// States from which a periodic closed class is reachable: there Pⁿ may oscillate (a recurrent state of such a class does) and the row is the long-run fraction of time.
    pub oscillating_from: Vec<String>,
    /// Every row equal: the same limit whatever the start.
    pub independent_of_start: bool,
    pub check: String,
}

impl Operation for MarkovChainLimitingDistribution {
    type Input = Chain;
    type Output = Output;
    const ID: &'static str = "probability.markov_chain.limiting_distribution.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Limiting distribution of a Markov chain: lim Pⁿ from every start";
    const SUMMARY: &'static str = "The long-run behaviour of a finite Markov chain: the matrix lim Pⁿ (or the long-run fraction of time where the chain is periodic), from every starting state, exactly.";
    const DESCRIPTION: &'static str = "Row i is Σ over the closed classes C of P(the chain started at i ends in C)·π_C, with π_C the class's stationary distribution: the Cesàro limit lim (1/n)·Σ Pᵏ, which is lim Pⁿ whenever no periodic closed class is reachable from i (the states where it may not be are listed). Checked: rows sum to 1, L·P = L, P·L = L, L·L = L and L_ii > 0 at every recurrent state, recomputed exactly. At most 200 states.";
    const KEYWORDS: &'static [&'static str] = &[
        "limiting distribution",
        "long run distribution",
        "limit of P^n",
        "steady state from each start",
        "long-run behaviour",
        "markov chain",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "limit of P to the n as n goes to infinity for this chain",
        "long run probabilities starting from each state",
        "where does the chain end up in the long run",
    ];
    const ALIASES: &'static [&'static str] = &["limiting_matrix", "P^infinity"];
    const EXAMPLE: &'static str =
        r#"{"transition": [["1/2", "1/2", 0], ["1/4", "3/4", 0], ["1/3", 0, "2/3"]]}"#;
    const EXPECTED: &'static str = r#"{"matrix": [["1/3", "2/3", "0"], ["1/3", "2/3", "0"], ["1/3", "2/3", "0"]], "states": ["0", "1", "2"], "limit_exists": true, "oscillating_from": [], "independent_of_start": true, "check": "rows sum to 1 and L·P = P·L = L·L = L, recomputed exactly"}"#;

    fn run(input: Chain, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = input.read()?;
        let (l, exists) = markov::limiting(&p, &ctx.budget)?;
        let independent = (1..l.rows()).all(|i| l.row(i) == l.row(0));
        Ok(Output {
            oscillating_from: names
                .iter()
                .zip(&exists)
                .filter(|(_, e)| !**e)
                .map(|(n, _)| n.clone())
                .collect(),
            limit_exists: exists.iter().all(|e| *e),
            independent_of_start: independent,
            matrix: rows_of(l),
            states: names,
            check: "rows sum to 1 and L·P = P·L = L·L = L, recomputed exactly".into(),
        })
    }
}
