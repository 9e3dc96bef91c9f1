use hessian_kernels::graph::{self, Ramsey};
use hessian_kernels::sat::Undecided;
use hessian_kernels::sat::cdcl::Limits;
use hessian_op::prelude::*;

pub struct RamseyColouring;

/// Literals the encoding may hold.
const MAX_LITERALS: u128 = 4_000_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n: the complete graph Kₙ whose edges are coloured (1 to 64 vertices).
    pub vertices: Bounded<1, 64>,
    /// s: no red clique on this many vertices (at least 2).
    pub red_clique: Bounded<2, 64>,
    /// t: no blue clique on this many vertices (at least 2).
    pub blue_clique: Bounded<2, 64>,
}

#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// A colouring with no red K_s and no blue K_t, so R(s, t) > n.
    Found {
        /// The red edges [u, v], u < v; every other edge of Kₙ is blue.
        red_edges: Vec<[usize; 2]>,
        blue_edges: Vec<[usize; 2]>,
        check: String,
    },
    /// Every colouring has a red K_s or a blue K_t, so R(s, t) ≤ n.
    None {
        /// LRAT steps of the unsatisfiability proof that was replayed.
        proof_steps: usize,
        check: String,
    },
    /// The deadline (or the proof's size) stopped the search.
    Unknown { reason: String },
}

impl Operation for RamseyColouring {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.ramsey_colouring.find";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Ramsey colouring: two-colour Kₙ with no red K_s and no blue K_t";
    const SUMMARY: &'static str = "Colours the edges of the complete graph Kₙ red and blue so that no s vertices are all joined in red and no t all in blue, or proves that impossible (a bound on the Ramsey number R(s, t)) with a replayed proof.";
    const DESCRIPTION: &'static str = "SAT: one variable per edge, one clause per s-set (not all red) and per t-set (not all blue); when s = t one edge is fixed red (swapping colours loses nothing). Checked: a colouring is searched again for monochromatic cliques on its own; 'none' is an LRAT proof replayed by Hessian's checker, so R(s, t) ≤ n is proven, and a colouring proves R(s, t) > n. Known values to try: R(3,3) = 6, R(3,4) = 9, R(3,5) = 14, R(4,4) = 18. At most 64 vertices and 4,000,000 literals in the encoding; at the deadline, status unknown.";
    const KEYWORDS: &'static [&'static str] = &[
        "ramsey number",
        "ramsey colouring",
        "ramsey coloring",
        "monochromatic clique",
        "two-colouring of the complete graph",
        "arrowing",
        "party problem",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "colour the edges of K_n red and blue without a red triangle or a blue K4",
        "prove that among six people three are mutual friends or three mutual strangers",
        "is R(3,5) at most 14",
        "find a two-colouring of the complete graph with no monochromatic clique",
        "how do I check a bound on a Ramsey number",
        "lower bound for a Ramsey number by an explicit colouring",
    ];
    const ALIASES: &'static [&'static str] = &["ramsey", "ramsey_number"];
    const EXAMPLE: &'static str = r#"{"vertices": 8, "red_clique": 3, "blue_clique": 4}"#;
    const EXPECTED: &'static str = r#"{"status": "found", "red_edges": [[0, 2], [0, 7], [1, 4], [1, 6], [1, 7], [2, 4], [2, 6], [3, 5], [3, 6], [4, 5]], "blue_edges": [[0, 1], [0, 3], [0, 4], [0, 5], [0, 6], [1, 2], [1, 3], [1, 5], [2, 3], [2, 5], [2, 7], [3, 4], [3, 7], [4, 6], [4, 7], [5, 6], [5, 7], [6, 7]], "check": "every 3 vertices have a blue edge among them and every 4 a red one, checked set by set"}"#;

    // Long run: the encoding's size refused first; the three outcomes in words.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (n, s, t) = (
            input.vertices.0 as usize,
            input.red_clique.0 as usize,
            input.blue_clique.0 as usize,
        );
        let size = graph::ramsey_size(n, s, t);
        if size > MAX_LITERALS {
            return Err(MathError::Limit(format!(
                "the clauses for K_{n} with cliques of {s} and {t} would hold {size} literals; at most {MAX_LITERALS}"
            )));
        }
        let limits = Limits {
            proof_words: 8_000_000,
        };
        Ok(
            match graph::ramsey_colouring(n, s, t, &limits, &ctx.budget)? {
                Ramsey::Colouring(red) => {
                    let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| [i, j]));
                    let (red_edges, blue_edges) = pairs.partition(|&[i, j]| red[i][j]);
                    Output::Found {
                        red_edges,
                        blue_edges,
                        check: format!(
                            "every {s} vertices have a blue edge among them and every {t} a red one, checked set by set"
                        ),
                    }
                }
                Ramsey::None { steps } => Output::None {
                    proof_steps: steps,
                    check: format!(
                        "an LRAT proof that every colouring of K_{n} has a red K_{s} or a blue K_{t}, replayed by Hessian's checker: R({s}, {t}) ≤ {n}"
                    ),
                },
                Ramsey::Unknown(why) => Output::Unknown {
                    reason: match why {
                        Undecided::Deadline => "the deadline stopped the search".into(),
                        Undecided::ProofTooLarge => "the proof grew past 8,000,000 words".into(),
                        Undecided::Replay(steps) => format!(
                            "the search found no colouring, but the replay of its {steps}-step proof did not finish before the deadline"
                        ),
                    },
                },
            },
        )
    }
}
