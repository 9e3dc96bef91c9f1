use hessian_op::prelude::*;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

pub struct NimSolve;

#[derive(Deserialize, JsonSchema, Default, Clone, Copy, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// Whoever takes the last object wins.
    #[default]
    Normal,
    /// Whoever takes the last object loses.
    Misere,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Heap sizes (non-negative integers, as JSON integers or strings);
    /// at most 10,000 heaps.
    pub heaps: List<Int, 10_000>,
    /// "normal" (default: the last to move wins) or "misere".
    #[serde(default)]
    pub play: Play,
}

#[derive(Serialize, JsonSchema)]
pub struct Move {
    /// The heap, counted from 0.
    pub heap: usize,
    pub from: String,
    pub to: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The xor of the heap sizes (the position's Grundy value under normal play).
    pub nim_sum: String,
    /// Whether the player to move wins with best play.
    pub first_player_wins: bool,
    /// A winning move when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winning_move: Option<Move>,
    /// How many winning moves the position has.
    pub winning_moves: usize,
    pub check: String,
}

impl Operation for NimSolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "game.nim.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Nim: who wins, and a winning move";
    const SUMMARY: &'static str = "Solves a Nim position (normal or misère play): the nim-sum, whether the player to move wins, and a winning move.";
    const DESCRIPTION: &'static str = "Bouton's theorem: under normal play the player to move loses exactly when the xor of the heap sizes is 0, and a winning move brings heap h to h xor s where that is smaller (s the nim-sum). Misère play is the same until every heap would be at most 1, when the winner leaves an odd number of heaps of 1. Checked: the position after the winning move is a losing one by the same criterion, and every heap's move count is recounted. Bounds: 10,000 heaps of any size.";
    const KEYWORDS: &'static [&'static str] = &[
        "nim",
        "nim sum",
        "nim-sum",
        "winning move",
        "combinatorial game",
        "bouton",
        "misere",
        "heaps",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "who wins nim with heaps 3, 4, 5",
        "winning move in a game of nim",
    ];
    const ALIASES: &'static [&'static str] = &["nim", "nim_sum", "NimSum"];
    const EXAMPLE: &'static str = r#"{"heaps": [3, 4, 5]}"#;
    const EXPECTED: &'static str = r#"{"nim_sum": "2", "first_player_wins": true, "winning_move": {"heap": 0, "from": "3", "to": "1"}, "winning_moves": 1, "check": "each of the 1 winning moves leaves a position whose nim-sum is 0 and is lost for the player to move"}"#;

    // Long run: the nim-sum, the moves that win, then the check on the position left.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let heaps: Vec<BigInt> = input.heaps.0.into_iter().map(|h| h.0).collect();
        if let Some(k) = heaps.iter().position(Signed::is_negative) {
            return Err(MathError::Input {
                path: format!("heaps[{k}]"),
                message: "a heap size is a non-negative integer".into(),
            });
        }
        let misere = input.play == Play::Misere;
        let moves: Vec<(usize, BigInt)> = (0..heaps.len())
            .flat_map(|k| {
                winning_targets(&heaps, k, misere)
                    .into_iter()
                    .map(move |to| (k, to))
            })
            .collect();
        let nim_sum = xor_all(&heaps);
        // The check: each move leaves a position the criterion calls lost.
        for (k, to) in &moves {
            let mut after = heaps.clone();
            after[*k] = to.clone();
            if wins(&after, misere) || to >= &heaps[*k] {
                return Err(Stop::CheckFailed("a winning move leaves a winning position").into());
            }
        }
        let first_player_wins = wins(&heaps, misere);
        // With every heap empty the game is over: under misère play the
        // player to move has won already (the other took the last object).
        let over = heaps.iter().all(Zero::is_zero);
        if first_player_wins == moves.is_empty() && !over {
            return Err(Stop::CheckFailed("a winning position without a winning move").into());
        }
        Ok(Output {
            nim_sum: nim_sum.to_string(),
            first_player_wins,
            winning_move: moves.first().map(|(k, to)| Move {
                heap: *k,
                from: heaps[*k].to_string(),
                to: to.to_string(),
            }),
            winning_moves: moves.len(),
            check: format!(
                "each of the {} winning moves leaves a position whose {} is lost for the player to move",
                moves.len(),
                if misere {
                    "misère criterion"
                } else {
                    "nim-sum is 0 and"
                }
            ),
        })
    }
}

fn xor_all(heaps: &[BigInt]) -> BigInt {
    heaps.iter().fold(BigInt::zero(), |s, h| s ^ h)
}

/// Whether the player to move wins (Bouton; misère: with every heap ≤ 1
/// the player to move wins when the number of 1-heaps is even).
fn wins(heaps: &[BigInt], misere: bool) -> bool {
    if misere && heaps.iter().all(|h| h <= &BigInt::one()) {
        return heaps.iter().filter(|h| h.is_one()).count() % 2 == 0;
    }
    !xor_all(heaps).is_zero()
}

/// Sizes heap k can be reduced to that leave a lost position.
fn winning_targets(heaps: &[BigInt], k: usize, misere: bool) -> Vec<BigInt> {
    let s = xor_all(heaps);
    let h = &heaps[k];
    let mut out = Vec::new();
    let normal = h ^ &s;
    let others_big = heaps
        .iter()
        .enumerate()
        .any(|(i, x)| i != k && x > &BigInt::one());
    if misere && !others_big {
        // Every other heap is 0 or 1: leave an odd number of 1-heaps.
        let ones = heaps
            .iter()
            .enumerate()
            .filter(|(i, x)| *i != k && x.is_one())
            .count();
        for to in [BigInt::zero(), BigInt::one()] {
            let odd = (ones + usize::from(to.is_one())) % 2 == 1;
            if &to < h && odd {
                out.push(to);
            }
        }
        return out;
    }
    if &normal < h {
        out.push(normal);
    }
    out
}
