//! Brute-force oracles: game trees searched directly (win/lose by
//! minimax over all moves) against the operations' answers.

use serde_json::json;

fn run(id: &str, input: serde_json::Value) -> Result<serde_json::Value, hessian_op::Refusal> {
    crate::run_operation(id, input)
}

/// Whether the player to move wins Nim (normal or misère) by exhaustive search.
fn brute_wins(
    heaps: &mut Vec<u32>,
    misere: bool,
    memo: &mut std::collections::HashMap<Vec<u32>, bool>,
) -> bool {
    let mut key = heaps.clone();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut win = false;
    let mut any = false;
    for k in 0..heaps.len() {
        for take in 1..=heaps[k] {
            any = true;
            heaps[k] -= take;
            let other = brute_wins(heaps, misere, memo);
            heaps[k] += take;
            if !other {
                win = true;
            }
        }
    }
    // No move: normal play loses, misère wins.
    let w = if any { win } else { misere };
    memo.insert(key, w);
    w
}

#[test]
fn nim_matches_exhaustive_search() {
    let mut memo = [Default::default(), Default::default()];
    for a in 0..6u32 {
        for b in 0..6 {
            for c in 0..5 {
                for (i, misere) in [false, true].into_iter().enumerate() {
                    let heaps = vec![a, b, c];
                    let play = if misere { "misere" } else { "normal" };
                    let out = run("game.nim.solve", json!({"heaps": heaps, "play": play})).unwrap();
                    let want = brute_wins(&mut heaps.clone(), misere, &mut memo[i]);
                    assert_eq!(out["first_player_wins"], want, "{heaps:?} {play}");
                }
            }
        }
    }
    let out = run(
        "game.nim.solve",
        json!({"heaps": ["123456789012345678901234567890", 5]}),
    )
    .unwrap();
    assert_eq!(out["first_player_wins"], true);
}

#[test]
fn subtraction_games_match_the_mex_recursion_and_their_periods_hold() {
    for moves in [
        vec![1, 2],
        vec![1, 3, 4],
        vec![2, 5, 7],
        vec![1, 4, 9, 16],
        vec![3, 7, 8, 20],
    ] {
        let out = run(
            "game.subtraction.grundy.compute",
            json!({"moves": moves, "terms": 1000}),
        )
        .unwrap();
        let g: Vec<u64> = out["grundy"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        for n in 0..g.len() {
            let opts: Vec<u64> = moves
                .iter()
                .filter(|&&s| s <= n)
                .map(|&s| g[n - s])
                .collect();
            let mex = (0..).find(|v| !opts.contains(v)).unwrap();
            assert_eq!(g[n], mex, "{moves:?} at {n}");
        }
        let (pre, p) = (
            out["preperiod"].as_u64().unwrap() as usize,
            out["period"].as_u64().unwrap() as usize,
        );
        for n in pre..g.len() - p {
            assert_eq!(
                g[n],
                g[n + p],
                "{moves:?}: period {p} from {pre} fails at {n}"
            );
        }
    }
    let out = run("game.subtraction.grundy.compute", json!({"moves": [1, 2]})).unwrap();
    assert_eq!(out["period"], 3);
    assert_eq!(out["preperiod"], 0);
    let out = run(
        "game.subtraction.grundy.compute",
        json!({"moves": [1, 3, 4], "terms": 14}),
    )
    .unwrap();
    assert_eq!(out["losing_positions"], json!([0, 2, 7, 9]));
}

#[test]
fn game_graphs_value_every_position_and_refuse_cycles() {
    // Nim heaps of 0..=4 as a graph (position = heap size): values = sizes.
    let moves: Vec<[usize; 2]> = (0..5).flat_map(|a| (0..a).map(move |b| [a, b])).collect();
    let out = run(
        "game.impartial.grundy.compute",
        json!({"positions": 5, "moves": moves}),
    )
    .unwrap();
    assert_eq!(out["grundy"], json!([0, 1, 2, 3, 4]));
    let err = run(
        "game.impartial.grundy.compute",
        json!({"positions": 2, "moves": [[0, 1], [1, 0]]}),
    )
    .unwrap_err();
    assert!(format!("{err:?}").contains("cycle"), "{err:?}");
}
