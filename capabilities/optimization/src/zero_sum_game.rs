use hessian_kernels::Q;
use hessian_kernels::lp::{self, Answer, Problem, Relation, Row};
use hessian_op::prelude::*;
use num_traits::{One, Zero};

pub struct ZeroSumGame;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// payoff[i][j]: what the column player pays the row player when row
    /// i meets column j; exact rationals, at most 100×100.
    pub payoff: Matrix<Rational, 100>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The game's value: the row player can secure at least this, the
    /// column player can hold the row player to at most this.
    pub value: Rational,
    /// An optimal mixed strategy of the row player (probabilities per row).
    pub row_strategy: Vec<Rational>,
    /// An optimal mixed strategy of the column player.
    pub column_strategy: Vec<Rational>,
    /// A pure saddle point (row, column), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saddle_point: Option<[usize; 2]>,
    pub check: String,
}

impl Operation for ZeroSumGame {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.zero_sum_game.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Solve a two-player zero-sum matrix game: value and optimal mixed strategies";
    const SUMMARY: &'static str = "The exact value of a zero-sum game given by its payoff matrix, and optimal mixed strategies for both players (von Neumann's minimax theorem, by linear programming).";
    const DESCRIPTION: &'static str = "Each player's best guarantee is a linear program (the row player maximises v with every column paying at least v against its mix; the column player minimises w likewise); both are solved by the exact simplex. Checked before it is returned: both mixes are probability vectors, and the least payoff the row mix secures over all columns equals the most the column mix concedes over all rows, which is the value (so neither player can do better). Pure saddle points are reported. At most 100×100.";
    const KEYWORDS: &'static [&'static str] = &[
        "zero-sum game",
        "matrix game",
        "minimax",
        "mixed strategy",
        "game value",
        "payoff matrix",
        "saddle point",
        "von neumann",
        "nash equilibrium zero sum",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "optimal mixed strategy for rock paper scissors",
        "value of a two player zero sum game with this payoff matrix",
        "minimax strategy of a matrix game",
        "best randomized strategy when my gain is exactly my opponent's loss",
        "how often should a penalty kicker aim left or right",
        "guaranteed average payoff in a two player game with a payoff table",
        "how do I find the value of a matrix game and how to play it",
    ];
    const ALIASES: &'static [&'static str] = &["matrix_game", "minimax"];
    const EXAMPLE: &'static str = r#"{"payoff": [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]}"#;
    const EXPECTED: &'static str = r#"{"value": "0", "row_strategy": ["1/3", "1/3", "1/3"], "column_strategy": ["1/3", "1/3", "1/3"], "check": "both strategies are probability vectors, and the least payoff the row strategy secures over all columns equals the most the column strategy concedes over all rows, recomputed in exact arithmetic"}"#;

    // Long run: both players' programs, then the minimax check.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = input.payoff.0.into_map(|r| r.0);
        let (m, n) = (a.rows(), a.cols());
        let row = |k: usize| (0..m).map(|i| a[(i, k)].clone()).collect::<Vec<Q>>();
        let col = |i: usize| (0..n).map(|j| a[(i, j)].clone()).collect::<Vec<Q>>();
        // Row player: variables p₁..p_m, v; maximise v.
        let p = mixed(m, n, row, Relation::Ge, &ctx.budget)?;
        // Column player: variables q₁..q_n, w; minimise w.
        let q = mixed(n, m, col, Relation::Le, &ctx.budget)?;
        // The check: min over columns of pᵀA equals max over rows of Aq.
        let secured = (0..n)
            .map(|j| lp::dot(&row(j), &p))
            .min()
            .ok_or(Stop::CheckFailed("a game without columns"))?;
        let conceded = (0..m)
            .map(|i| lp::dot(&col(i), &q))
            .max()
            .ok_or(Stop::CheckFailed("a game without rows"))?;
        let probability = |v: &[Q]| {
            v.iter().all(|x| x >= &Q::zero()) && v.iter().fold(Q::zero(), |s, x| s + x) == Q::one()
        };
        if secured != conceded || !probability(&p) || !probability(&q) {
            return Err(Stop::CheckFailed("the two strategies do not meet at one value").into());
        }
        let saddle_point = (0..m).find_map(|i| {
            (0..n)
                .find(|&j| {
                    let v = &a[(i, j)];
                    (0..n).all(|k| &a[(i, k)] >= v) && (0..m).all(|k| &a[(k, j)] <= v)
                })
                .map(|j| [i, j])
        });
        Ok(Output {
            value: Rational(secured),
            row_strategy: p.into_iter().map(Rational).collect(),
            column_strategy: q.into_iter().map(Rational).collect(),
            saddle_point,
            check: "both strategies are probability vectors, and the least payoff the row strategy secures over all columns equals the most the column strategy concedes over all rows, recomputed in exact arithmetic".into(),
        })
    }
}

/// The optimal mix over `k` pure strategies against `other` opposing ones:
/// each opposing strategy's payoff Σ xᵢ·payoff(i) is ρ t (≥ for the
/// maximising row player, ≤ for the column player), t optimised.
fn mixed(
    k: usize,
    other: usize,
    payoffs: impl Fn(usize) -> Vec<Q>,
    relation: Relation,
    budget: &hessian_kernels::Budget,
) -> Result<Vec<Q>, MathError> {
    let mut rows: Vec<Row> = (0..other)
        .map(|o| {
            let mut c = payoffs(o);
            c.push(-Q::one());
            Row {
                coefficients: c,
                relation,
                rhs: Q::zero(),
            }
        })
        .collect();
    let mut sum = vec![Q::one(); k];
    sum.push(Q::zero());
    rows.push(Row {
        coefficients: sum,
        relation: Relation::Eq,
        rhs: Q::one(),
    });
    let mut cost = vec![Q::zero(); k];
    // Minimise −t for the row player, t for the column player.
    cost.push(if relation == Relation::Ge {
        -Q::one()
    } else {
        Q::one()
    });
    let mut lower = vec![Some(Q::zero()); k];
    lower.push(None);
    let p = Problem {
        cost,
        rows,
        lower,
        upper: vec![None; k + 1],
    };
    match lp::solve(&p, budget)? {
        Answer::Optimal { mut x, .. } => {
            x.pop();
            Ok(x)
        }
        _ => Err(Stop::CheckFailed("a matrix game's program has no optimum").into()),
    }
}
