use hessian_kernels::exact_cover::{self, Problem};
use hessian_op::prelude::*;
use hessian_op::wire::LIMIT_TAG;
use schemars::{Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::borrow::Cow;

pub struct Sudoku;

/// A grid of side n = b² (b = 2..5): 0 for an empty cell.
pub struct Grid {
    pub box_side: usize,
    pub cells: Vec<Vec<usize>>,
}

fn grid<E: de::Error>(cells: Vec<Vec<usize>>) -> Result<Grid, E> {
    let n = cells.len();
    let Some(b) = (2..=5).find(|b| b * b == n) else {
        return Err(E::custom(format!(
            "a grid of {n} rows; a sudoku has 4, 9, 16 or 25 rows (boxes of side 2 to 5)"
        )));
    };
    for (r, row) in cells.iter().enumerate() {
        if row.len() != n {
            return Err(E::custom(format!(
                "row {r} has {} cells, expected {n}",
                row.len()
            )));
        }
        if let Some(v) = row.iter().find(|&&v| v > n) {
            return Err(E::custom(format!(
                "row {r} holds {v}, expected 0 (empty) to {n}"
            )));
        }
    }
    Ok(Grid { box_side: b, cells })
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Grid;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a grid: rows of integers (0 for empty), or text of 81 (or 16) characters, digits with 0 or . for empty")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Grid, E> {
                if s.len() > 10_000 {
                    return Err(E::custom(format!(
                        "{LIMIT_TAG}a grid text of {} characters",
                        s.len()
                    )));
                }
                let cells: Vec<usize> = s
                    .chars()
                    .filter(|c| !c.is_whitespace() && !"|-+".contains(*c))
                    .map(|c| match c {
                        '.' | '0' | '_' => Ok(0),
                        d if d.is_ascii_digit() => Ok(d as usize - '0' as usize),
                        other => Err(E::custom(format!(
                            "{other:?} in the grid text; use digits 1-9 and 0 or . for an empty cell"
                        ))),
                    })
                    .collect::<Result<_, E>>()?;
                let n = match cells.len() {
                    81 => 9,
                    16 => 4,
                    k => {
                        return Err(E::custom(format!(
                            "the grid text has {k} cells; text gives 81 (9×9) or 16 (4×4), larger grids are rows of integers"
                        )));
                    }
                };
                grid(cells.chunks(n).map(<[usize]>::to_vec).collect())
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Grid, A::Error> {
                let mut rows = Vec::new();
                while let Some(List(row)) = seq.next_element::<List<Bounded<0, 25>, 25>>()? {
                    rows.push(row.into_iter().map(|v| v.0 as usize).collect());
                    if rows.len() > 25 {
                        return Err(de::Error::custom("more than 25 rows"));
                    }
                }
                grid(rows)
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for Grid {
    fn schema_name() -> Cow<'static, str> {
        "SudokuGrid".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "oneOf": [
                {"type": "string", "minLength": 16, "maxLength": 10000,
                 "description": "81 (or 16) cells row by row: digits, 0 or . for empty; spaces, newlines and | - + are ignored."},
                {"type": "array", "minItems": 4, "maxItems": 25,
                 "items": {"type": "array", "minItems": 4, "maxItems": 25, "items": {"type": "integer", "minimum": 0, "maximum": 25}},
                 "description": "Rows of integers, 0 for empty: 4×4, 9×9, 16×16 or 25×25."}
            ]
        })
    }
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The puzzle.
    pub grid: Grid,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether the puzzle has a solution.
    pub solvable: bool,
    /// Whether the solution is the only one (false: `solution` is one of several).
    pub unique: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub solution: Vec<Vec<usize>>,
    /// The solution as text, one row per line (for 4×4 and 9×9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    pub check: String,
}

impl Operation for Sudoku {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.sudoku.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Solve a sudoku and say whether its solution is unique";
    const SUMMARY: &'static str = "Solves a sudoku (9×9, or 4×4, 16×16, 25×25) and decides whether the solution is unique, or proves it has none.";
    const DESCRIPTION: &'static str = "The puzzle as an exact cover (each cell one digit; each row, column and box each digit once) searched by Algorithm X with dancing links until a second solution is found or every branch is closed. Checked: the solution keeps every given digit and each row, column and box holds each digit once. \"No solution\" and uniqueness come from the exhaustive search.";
    const KEYWORDS: &'static [&'static str] = &[
        "sudoku",
        "solve sudoku",
        "sudoku puzzle",
        "latin square puzzle",
        "unique solution",
        "number puzzle grid",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve this sudoku",
        "does this sudoku have a unique solution",
        "fill in the missing numbers in this 9 by 9 number puzzle",
        "check a newly designed sudoku has exactly one way to complete it",
        "solve a 16 by 16 hexadecimal sudoku",
        "how do I finish this sudoku grid I am stuck on",
    ];
    const ALIASES: &'static [&'static str] = &["sudoku"];
    const EXAMPLE: &'static str = r#"{"grid": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}"#;
    const EXPECTED: &'static str = r#"{"solvable": true, "unique": true, "solution": [[5, 3, 4, 6, 7, 8, 9, 1, 2], [6, 7, 2, 1, 9, 5, 3, 4, 8], [1, 9, 8, 3, 4, 2, 5, 6, 7], [8, 5, 9, 7, 6, 1, 4, 2, 3], [4, 2, 6, 8, 5, 3, 7, 9, 1], [7, 1, 3, 9, 2, 4, 8, 5, 6], [9, 6, 1, 5, 3, 7, 2, 8, 4], [2, 8, 7, 4, 1, 9, 6, 3, 5], [3, 4, 5, 2, 8, 6, 1, 7, 9]], "text": "534678912\n672195348\n198342567\n859761423\n426853791\n713924856\n961537284\n287419635\n345286179", "check": "the solution keeps every given digit and each row, column and box holds 1..9 once; unique: the search closed every other branch"}"#;

    // Long run: the exact cover's options, the search, the solution's check.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let Grid { box_side: b, cells } = input.grid;
        let n = b * b;
        // Items: cell, row-digit, column-digit, box-digit; options (r, c, d).
        let mut options = Vec::new();
        let mut meaning = Vec::new();
        for (r, row) in cells.iter().enumerate() {
            for (c, &given) in row.iter().enumerate() {
                let bx = (r / b) * b + c / b;
                for d in 0..n {
                    if given != 0 && given != d + 1 {
                        continue;
                    }
                    options.push(vec![
                        r * n + c,
                        n * n + r * n + d,
                        2 * n * n + c * n + d,
                        3 * n * n + bx * n + d,
                    ]);
                    meaning.push((r, c, d + 1));
                }
            }
        }
        let problem = Problem {
            primary: 4 * n * n,
            secondary: 0,
            options,
        };
        let found = exact_cover::search(&problem, 1, Some(2), &ctx.budget)?;
        if found.interrupted {
            return Err(Stop::Deadline.into());
        }
        let Some(cover) = found.covers.first() else {
            return Ok(Output {
                solvable: false,
                unique: false,
                solution: Vec::new(),
                text: None,
                check: "the search closed every branch: no grid completes the givens".into(),
            });
        };
        let mut solution = vec![vec![0; n]; n];
        for &o in cover {
            let (r, c, d) = meaning[o];
            solution[r][c] = d;
        }
        if !valid(&solution, &cells, b) {
            return Err(Stop::CheckFailed("a sudoku solution breaks a rule").into());
        }
        let unique = found.count == 1;
        Ok(Output {
            solvable: true,
            unique,
            text: (n <= 9).then(|| {
                solution
                    .iter()
                    .map(|row| row.iter().map(|d| d.to_string()).collect::<String>())
                    .collect::<Vec<_>>()
                    .join("\n")
            }),
            solution,
            check: format!(
                "the solution keeps every given digit and each row, column and box holds 1..{n} once; {}",
                if unique {
                    "unique: the search closed every other branch"
                } else {
                    "not unique: the search found a second solution"
                }
            ),
        })
    }
}

/// Every row, column and box a permutation of 1..n, and every given kept.
fn valid(s: &[Vec<usize>], givens: &[Vec<usize>], b: usize) -> bool {
    let n = b * b;
    (0..n).all(|r| permutation(s[r].iter().copied(), n))
        && (0..n).all(|c| permutation((0..n).map(|r| s[r][c]), n))
        && (0..n).all(|bx| {
            permutation(
                (0..n).map(|k| s[(bx / b) * b + k / b][(bx % b) * b + k % b]),
                n,
            )
        })
        && givens
            .iter()
            .zip(s)
            .all(|(g, row)| g.iter().zip(row).all(|(&gv, &v)| gv == 0 || gv == v))
}

/// Whether `cells` holds each of 1..n once (given n of them).
fn permutation(cells: impl Iterator<Item = usize>, n: usize) -> bool {
    let mut seen = vec![false; n + 1];
    cells
        .map(|d| (1..=n).contains(&d) && !std::mem::replace(&mut seen[d], true))
        .filter(|ok| *ok)
        .count()
        == n
}
