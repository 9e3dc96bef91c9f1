use crate::mex;
use hessian_op::prelude::*;

pub struct SubtractionGrundy;

/// Largest allowed move.
const MAX_MOVE: i64 = 1000;
/// Terms computed while looking for the period.
const MAX_TERMS: usize = 200_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The subtraction set: a move removes one of these many objects
    /// (positive integers up to 1,000; at most 100).
    pub moves: List<Bounded<1, MAX_MOVE>, 100>,
    /// Grundy values listed, from heap size 0 (default 30, at most 1,000).
    #[serde(default)]
    pub terms: Option<Bounded<1, 1000>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// g(0), g(1), …: the Grundy value of a heap of each size.
    pub grundy: Vec<u32>,
    /// Heap sizes among those listed that lose for the player to move (g = 0).
    pub losing_positions: Vec<usize>,
    /// g(n + period) = g(n) for every n ≥ preperiod (the smallest such pair).
    pub preperiod: usize,
    pub period: usize,
    /// g(preperiod), …, g(preperiod + period − 1).
    pub periodic_part: Vec<u32>,
    pub check: String,
}

impl Operation for SubtractionGrundy {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "game.subtraction.grundy.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Grundy values of a subtraction game, with their period";
    const SUMMARY: &'static str = "The Sprague–Grundy sequence of a subtraction game (remove s objects, s in a finite set) and its proven preperiod and period: which heap sizes lose for the player to move.";
    const DESCRIPTION: &'static str = "g(n) = mex{g(n − s) : s ∈ S, s ≤ n}. Since g(n) depends only on the previous m = max S values, once two windows of m consecutive values agree, g(i + m) … repeats for ever: the smallest period p and then the smallest preperiod are read off the first such repetition (the sequence is ultimately periodic, with period found within 200,000 terms for every set allowed). Checked: the mex rule is recomputed at every listed term, and the repetition of the window of m values is re-verified. Bounds: moves up to 1,000, 100 moves, 1,000 terms listed.";
    const KEYWORDS: &'static [&'static str] = &[
        "subtraction game",
        "grundy",
        "sprague-grundy",
        "nim value",
        "nimber",
        "take-away game",
        "impartial game",
        "p-positions",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "who wins the take away 1, 3 or 4 game from 20 stones",
        "grundy values of the subtraction game with moves {1, 2, 5}",
        "take 1, 2 or 3 coins each turn, which starting counts lose",
        "repeating pattern of winning and losing pile sizes in a take away game",
        "single pile, remove 2 or 5 stones per turn, who wins starting at 37",
        "how do I figure out which pile sizes lose in a stone removal game",
    ];
    const ALIASES: &'static [&'static str] = &["grundy_sequence", "subtraction_game"];
    const EXAMPLE: &'static str = r#"{"moves": [1, 3, 4], "terms": 14}"#;
    const EXPECTED: &'static str = r#"{"grundy": [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2], "losing_positions": [0, 2, 7, 9], "preperiod": 0, "period": 7, "periodic_part": [0, 1, 0, 1, 2, 3, 2], "check": "the mex rule holds at each of the first 32 terms; the 4 values from 0 repeat 7 later, and each value depends only on the 4 before it, so the sequence has period 7 from 0 on"}"#;

    // Long run: terms until a window repeats, the period and preperiod, then the checks.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let mut moves: Vec<usize> = input.moves.0.iter().map(|b| b.0 as usize).collect();
        moves.sort_unstable();
        moves.dedup();
        let m = *moves.last().unwrap_or(&1);
        let listed = input.terms.map_or(30, |t| t.0 as usize);
        let mut g: Vec<u32> = Vec::new();
        let value = |g: &[u32], n: usize| mex(moves.iter().filter(|&&s| s <= n).map(|&s| g[n - s]));
        // Windows of m values, by start: the first repeated one fixes the period.
        let mut seen: std::collections::HashMap<Vec<u32>, usize> = Default::default();
        let (start, again) = loop {
            let n = g.len();
            if n.is_multiple_of(4096) {
                ctx.budget.check()?;
            }
            if n >= MAX_TERMS {
                return Err(MathError::Limit(format!(
                    "no period within {MAX_TERMS} terms"
                )));
            }
            g.push(value(&g, n));
            if n + 1 >= m {
                let window = g[n + 1 - m..=n].to_vec();
                if let Some(&first) = seen.get(&window) {
                    break (first, n + 1 - m);
                }
                seen.insert(window, n + 1 - m);
            }
        };
        // Periodic from `start` with period `span`; the least period of a
        // purely periodic sequence divides every period (Fine and Wilf).
        let span = again - start;
        while g.len() < start + 2 * span + m + listed {
            let n = g.len();
            g.push(value(&g, n));
        }
        let period = (1..=span)
            .find(|&p| span % p == 0 && (0..span).all(|k| g[start + k] == g[start + k + p]))
            .unwrap_or(span);
        let mut preperiod = start;
        while preperiod > 0 && g[preperiod - 1] == g[preperiod - 1 + period] {
            preperiod -= 1;
        }
        // The checks: the mex rule at every term kept, and the window of m
        // values after the preperiod repeating one period later.
        let mex_ok = (0..g.len()).all(|n| g[n] == value(&g, n));
        let window_ok = (0..m).all(|k| g[preperiod + k] == g[preperiod + period + k]);
        if !mex_ok || !window_ok {
            return Err(
                Stop::CheckFailed("the Grundy sequence or its period does not replay").into(),
            );
        }
        let grundy: Vec<u32> = g[..listed].to_vec();
        Ok(Output {
            losing_positions: (0..listed).filter(|&n| grundy[n] == 0).collect(),
            periodic_part: g[preperiod..preperiod + period].to_vec(),
            preperiod,
            period,
            grundy,
            check: format!(
                "the mex rule holds at each of the first {} terms; the {m} values from {preperiod} repeat {period} later, and each value depends only on the {m} before it, so the sequence has period {period} from {preperiod} on",
                g.len()
            ),
        })
    }
}
