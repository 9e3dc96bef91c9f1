use hessian_kernels::Q;
use hessian_kernels::bimatrix::{self, MAX_STRATEGIES};
use hessian_op::prelude::*;

pub struct BimatrixGameEquilibria;

/// Largest payoff numerator or denominator: equilibria are quotients of
/// determinants of up to 16 payoffs, so their size grows sixteenfold.
const MAX_BITS: u64 = 512;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// row_payoffs[i][j]: the row player's payoff when row i meets column
    /// j; exact rationals.
    pub row_payoffs: Matrix<Rational, 15>,
    /// column_payoffs[i][j]: the column player's payoff, same shape.
    pub column_payoffs: Matrix<Rational, 15>,
}

#[derive(Serialize, JsonSchema)]
pub struct EquilibriumOut {
    /// Probability of each row.
    pub row_strategy: Vec<Rational>,
    /// Probability of each column.
    pub column_strategy: Vec<Rational>,
    /// Expected payoffs at the equilibrium.
    pub row_payoff: Rational,
    pub column_payoff: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Every extreme Nash equilibrium (all equilibria when the game is
    /// nondegenerate), sorted.
    pub equilibria: Vec<EquilibriumOut>,
    pub count: usize,
    /// Whether the game is degenerate: then equilibria can form continua,
    /// and these are their extreme points.
    pub degenerate: bool,
    pub check: String,
}

impl Operation for BimatrixGameEquilibria {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.bimatrix_game.equilibria.enumerate";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "All Nash equilibria of a two-player game in normal form (bimatrix)";
    const SUMMARY: &'static str = "Every (extreme) Nash equilibrium in mixed strategies of a two-player game given by the two players' payoff matrices, in exact rationals.";
    const DESCRIPTION: &'static str = "Vertex enumeration of the two best-response polytopes (payoffs shifted positive; P = {x ≥ 0 : Bᵀx ≤ 1}, Q = {y ≥ 0 : Ay ≤ 1}): every vertex found by choosing which constraints are tight and solving exactly, every completely labelled pair of vertices other than (0, 0) normalised to a pair of mixed strategies. For a nondegenerate game these are all its equilibria (finitely many, an odd number); for a degenerate one they are the extreme points of its equilibrium components. Checked before it is returned: each pair consists of probability vectors, and no pure strategy pays either player more against the other's mix than the equilibrium payoff. m + n ≤ 16 strategies in all, payoffs of at most 512 bits (about 150 digits).";
    const KEYWORDS: &'static [&'static str] = &[
        "nash equilibrium",
        "bimatrix game",
        "mixed strategy",
        "normal form game",
        "two player game",
        "all equilibria",
        "vertex enumeration",
        "battle of the sexes",
        "prisoner's dilemma",
        "game theory",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "find all Nash equilibria of this two player game",
        "mixed strategy equilibrium of battle of the sexes",
        "equilibria of a non zero sum game with two payoff matrices",
        "all stable strategy pairs where neither player wants to switch",
        "every equilibrium of the prisoners dilemma or the game of chicken",
        "two competing firms, list all equilibrium strategy mixes",
        "how do I find every Nash equilibrium when payoffs differ for each player",
    ];
    const ALIASES: &'static [&'static str] = &[
        "nashpy.vertex_enumeration",
        "support_enumeration",
        "lrsnash",
    ];
    const EXAMPLE: &'static str =
        r#"{"row_payoffs": [[3, 0], [0, 2]], "column_payoffs": [[2, 0], [0, 3]]}"#;
    const EXPECTED: &'static str = r#"{"equilibria": [{"row_strategy": ["0", "1"], "column_strategy": ["0", "1"], "row_payoff": "2", "column_payoff": "3"}, {"row_strategy": ["3/5", "2/5"], "column_strategy": ["2/5", "3/5"], "row_payoff": "6/5", "column_payoff": "6/5"}, {"row_strategy": ["1", "0"], "column_strategy": ["1", "0"], "row_payoff": "3", "column_payoff": "2"}], "count": 3, "degenerate": false, "check": "each of the 3 strategy pairs is a pair of probability vectors against which no pure strategy pays either player more than the equilibrium payoff (exact arithmetic)"}"#;

    // Long run: read and shape-check both matrices, enumerate, then payoffs per equilibrium.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = input.row_payoffs.0.into_map(|r| r.0).into_rows();
        let b = input.column_payoffs.0.into_map(|r| r.0).into_rows();
        let (m, n) = (a.len(), a.first().map_or(0, Vec::len));
        if b.len() != m || b.first().map_or(0, Vec::len) != n {
            return Err(MathError::Input {
                path: "column_payoffs".into(),
                message: format!(
                    "{}×{} payoffs for a {m}×{n} game: both matrices have a row per row strategy and a column per column strategy",
                    b.len(),
                    b.first().map_or(0, Vec::len)
                ),
            });
        }
        let bits = |q: &Q| q.numer().bits().max(q.denom().bits());
        if a.iter().chain(&b).flatten().any(|q| bits(q) > MAX_BITS) {
            return Err(MathError::Limit(format!(
                "a payoff with more than {MAX_BITS} bits (about 150 digits) in its numerator or denominator"
            )));
        }
        if m + n > MAX_STRATEGIES {
            return Err(MathError::Limit(format!(
                "{m} + {n} strategies; at most {MAX_STRATEGIES} in all"
            )));
        }
        let (found, degenerate) = bimatrix::equilibria(&a, &b, &ctx.budget)?;
        let payoff = |p: &[Vec<Q>], x: &[Q], y: &[Q]| -> Q {
            (0..m)
                .flat_map(|i| (0..n).map(move |j| (i, j)))
                .map(|(i, j)| &p[i][j] * &x[i] * &y[j])
                .sum()
        };
        let count = found.len();
        Ok(Output {
            equilibria: found
                .into_iter()
                .map(|e| EquilibriumOut {
                    row_payoff: Rational(payoff(&a, &e.row, &e.column)),
                    column_payoff: Rational(payoff(&b, &e.row, &e.column)),
                    row_strategy: e.row.into_iter().map(Rational).collect(),
                    column_strategy: e.column.into_iter().map(Rational).collect(),
                })
                .collect(),
            count,
            degenerate,
            check: format!(
                "each of the {count} strategy pairs is a pair of probability vectors against which no pure strategy pays either player more than the equilibrium payoff (exact arithmetic)"
            ),
        })
    }
}
