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
        "piles of matches, take any number from one pile, who wins",
        "which pile should I take from to win this matchstick game",
        "misere version where the player taking the last object loses, who wins",
        "how do I always win at nim with piles 1, 3, 5, 7",
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
        let summary = Summary::of(&heaps);
        let moves: Vec<(usize, BigInt)> = (0..heaps.len())
            .flat_map(|k| {
                winning_targets(&heaps[k], &summary.without(&heaps[k]), misere)
                    .into_iter()
                    .map(move |to| (k, to))
            })
            .collect();
        // The check: each move leaves a position the criterion calls lost.
        for (k, to) in &moves {
            let after = summary.without(&heaps[*k]).with(to);
            if after.wins(misere) || to >= &heaps[*k] {
                return Err(Stop::CheckFailed("a winning move leaves a winning position").into());
            }
        }
        let first_player_wins = summary.wins(misere);
        // With every heap empty the game is over: under misère play the
        // player to move has won already (the other took the last object).
        let over = heaps.iter().all(Zero::is_zero);
        if first_player_wins == moves.is_empty() && !over {
            return Err(Stop::CheckFailed("a winning position without a winning move").into());
        }
        let nim_sum = summary.xor;
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

/// What the criteria read off a position: the xor of its heaps, how many
/// are 1 and how many are larger.
#[derive(Clone)]
struct Summary {
    xor: BigInt,
    ones: usize,
    big: usize,
}

impl Summary {
    fn of(heaps: &[BigInt]) -> Summary {
        heaps.iter().fold(
            Summary {
                xor: BigInt::zero(),
                ones: 0,
                big: 0,
            },
            |acc, h| acc.with(h),
        )
    }

    fn with(&self, h: &BigInt) -> Summary {
        Summary {
            xor: &self.xor ^ h,
            ones: self.ones + usize::from(h.is_one()),
            big: self.big + usize::from(h > &BigInt::one()),
        }
    }

    /// The position less one heap h of it.
    fn without(&self, h: &BigInt) -> Summary {
        Summary {
            xor: &self.xor ^ h,
            ones: self.ones - usize::from(h.is_one()),
            big: self.big - usize::from(h > &BigInt::one()),
        }
    }

    /// Whether the player to move wins (Bouton; misère: with every heap ≤ 1
    /// the player to move wins when the number of 1-heaps is even).
    fn wins(&self, misere: bool) -> bool {
        if misere && self.big == 0 {
            return self.ones.is_multiple_of(2);
        }
        !self.xor.is_zero()
    }
}

/// Sizes heap h can be reduced to that leave a lost position, the other
/// heaps being `rest`.
fn winning_targets(h: &BigInt, rest: &Summary, misere: bool) -> Vec<BigInt> {
    if misere && rest.big == 0 {
        // Every other heap is 0 or 1: leave an odd number of 1-heaps.
        return [BigInt::zero(), BigInt::one()]
            .into_iter()
            .filter(|to| to < h && (rest.ones + usize::from(to.is_one())) % 2 == 1)
            .collect();
    }
    // Normal play, or misère with a heap > 1 left: the nim-sum to 0.
    let to = &rest.xor;
    if to < h { vec![to.clone()] } else { vec![] }
}
