use crate::mex;
use hessian_op::prelude::*;

pub struct ImpartialGrundy;

/// Positions of a game graph.
const MAX_POSITIONS: i64 = 100_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Number of positions, numbered 0 … n − 1 (at most 100,000).
    pub positions: Bounded<1, MAX_POSITIONS>,
    /// Moves [from, to]; the graph must have no cycle (every play ends).
    /// At most 1,000,000.
    pub moves: List<[Bounded<0, { MAX_POSITIONS - 1 }>; 2], 1_000_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The Grundy value of each position.
    pub grundy: Vec<u32>,
    /// Positions lost for the player to move (value 0).
    pub losing_positions: Vec<usize>,
    /// For each winning position, one move to a losing position: [from, to].
    pub winning_moves: Vec<[usize; 2]>,
    pub check: String,
}

impl Operation for ImpartialGrundy {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "game.impartial.grundy.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Grundy values of a finite impartial game graph";
    const SUMMARY: &'static str = "Sprague–Grundy values of every position of a finite acyclic game graph under normal play: which positions lose for the player to move, and a winning move from each other one.";
    const DESCRIPTION: &'static str = "Positions in reverse topological order (Kahn's algorithm; a cycle is refused with a position on it), each valued the mex of its options' values. Checked: every value is recomputed as the mex of its successors' values, and every winning move goes to a value-0 position. A sum of games has the xor of the values (Sprague–Grundy theorem). Bounds: 100,000 positions, 1,000,000 moves.";
    const KEYWORDS: &'static [&'static str] = &[
        "grundy",
        "sprague-grundy",
        "impartial game",
        "game graph",
        "mex",
        "nimber",
        "p-positions",
        "winning positions",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "sprague grundy values of a game given by its moves",
        "which positions of this game graph are winning for the player to move",
        "which positions in my move graph game are wins for whoever moves",
        "nimber of every position in a game where both players have the same moves",
        "analyse a board game with shared moves to find the losing positions",
        "how do I find winning moves in a game given as moves between positions",
    ];
    const ALIASES: &'static [&'static str] = &["grundy", "sprague_grundy", "nimbers"];
    const EXAMPLE: &'static str =
        r#"{"positions": 4, "moves": [[0, 1], [0, 2], [1, 2], [2, 3], [1, 3]]}"#;
    const EXPECTED: &'static str = r#"{"grundy": [0, 2, 1, 0], "losing_positions": [0, 3], "winning_moves": [[1, 3], [2, 3]], "check": "each of the 4 values is the mex of its successors' values; each winning move reaches a value-0 position"}"#;

    // Long run: the moves read and bounded, the order, the values, the checks.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let n = input.positions.0 as usize;
        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut indegree = vec![0usize; n];
        for (k, [a, b]) in input.moves.0.iter().enumerate() {
            let (a, b) = (a.0 as usize, b.0 as usize);
            if a >= n || b >= n {
                return Err(MathError::Input {
                    path: format!("moves[{k}]"),
                    message: format!("positions are 0 to {}", n - 1),
                });
            }
            succ[a].push(b);
            indegree[b] += 1;
        }
        // Kahn's order; positions are valued from the last.
        let mut order: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
        let mut at = 0;
        while at < order.len() {
            let v = order[at];
            at += 1;
            for &w in &succ[v] {
                indegree[w] -= 1;
                if indegree[w] == 0 {
                    order.push(w);
                }
            }
        }
        if order.len() < n {
            let on_cycle = (0..n).find(|&v| indegree[v] > 0).unwrap_or(0);
            return Err(MathError::Input {
                path: "moves".into(),
                message: format!(
                    "the moves contain a cycle (position {on_cycle} lies on or after one): a play could go on for ever, and Sprague–Grundy values need every play to end"
                ),
            });
        }
        ctx.budget.check()?;
        let mut grundy = vec![0u32; n];
        for &v in order.iter().rev() {
            grundy[v] = mex(succ[v].iter().map(|&w| grundy[w]));
        }
        let winning_moves: Vec<[usize; 2]> = (0..n)
            .filter(|&v| grundy[v] != 0)
            .filter_map(|v| succ[v].iter().find(|&&w| grundy[w] == 0).map(|&w| [v, w]))
            .collect();
        let ok = (0..n).all(|v| grundy[v] == mex(succ[v].iter().map(|&w| grundy[w])))
            && winning_moves.len() == (0..n).filter(|&v| grundy[v] != 0).count();
        if !ok {
            return Err(Stop::CheckFailed("a Grundy value breaks the mex rule").into());
        }
        Ok(Output {
            losing_positions: (0..n).filter(|&v| grundy[v] == 0).collect(),
            check: format!(
                "each of the {n} values is the mex of its successors' values; each winning move reaches a value-0 position"
            ),
            grundy,
            winning_moves,
        })
    }
}
