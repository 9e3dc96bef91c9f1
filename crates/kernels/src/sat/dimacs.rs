//! DIMACS CNF text: `c` comment lines, one `p cnf <vars> <clauses>` header,
//! then clauses as whitespace-separated non-zero integers each ended by 0
//! (a clause may span lines; `%` ends the input, as in SATLIB files).

use super::Cnf;

/// Why a text is not DIMACS CNF, with the line (from 1) it was found on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    pub line: usize,
    pub message: String,
}

/// Parses `text`, refusing more than `max_vars` variables or `max_literals`
/// literals in all.
pub fn parse(text: &str, max_vars: u32, max_literals: usize) -> Result<Cnf, Malformed> {
    let mut header: Option<(u32, usize)> = None;
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    let mut current: Vec<i32> = Vec::new();
    let mut literals = 0usize;
    let mut last_line = 0;
    for (k, line) in text.lines().enumerate() {
        let n = k + 1;
        last_line = n;
        let t = line.trim();
        let bad = |message: String| Malformed { line: n, message };
        if t.is_empty() || t.starts_with('c') {
            continue;
        }
        if t.starts_with('%') {
            break;
        }
        if t.starts_with('p') {
            if header.is_some() {
                return Err(bad("a second `p cnf` header".into()));
            }
            let words: Vec<&str> = t.split_whitespace().collect();
            let (Some(v), Some(c)) = (
                words.get(2).and_then(|w| w.parse::<u32>().ok()),
                words.get(3).and_then(|w| w.parse::<usize>().ok()),
            ) else {
                return Err(bad(
                    "the header must read `p cnf <variables> <clauses>`".into()
                ));
            };
            if words.len() != 4 || words[1] != "cnf" {
                return Err(bad(
                    "the header must read `p cnf <variables> <clauses>`".into()
                ));
            }
            if v > max_vars {
                return Err(bad(format!("{v} variables; at most {max_vars}")));
            }
            header = Some((v, c));
            continue;
        }
        let Some((vars, _)) = header else {
            return Err(bad(
                "clauses before the `p cnf <variables> <clauses>` header".into(),
            ));
        };
        for w in t.split_whitespace() {
            let Ok(x) = w.parse::<i64>() else {
                return Err(bad(format!("`{w}` is not an integer literal")));
            };
            if x == 0 {
                clauses.push(std::mem::take(&mut current));
                continue;
            }
            if x.unsigned_abs() > u64::from(vars) {
                return Err(bad(format!(
                    "literal {x} names a variable beyond the header's {vars}"
                )));
            }
            literals += 1;
            if literals > max_literals {
                return Err(bad(format!("more than {max_literals} literals")));
            }
            current.push(x as i32);
        }
    }
    let Some((vars, count)) = header else {
        return Err(Malformed {
            line: last_line.max(1),
            message: "no `p cnf <variables> <clauses>` header".into(),
        });
    };
    if !current.is_empty() {
        return Err(Malformed {
            line: last_line,
            message: "the last clause is not ended by 0".into(),
        });
    }
    if clauses.len() != count {
        return Err(Malformed {
            line: last_line,
            message: format!(
                "the header announces {count} clauses, the text has {}",
                clauses.len()
            ),
        });
    }
    Ok(Cnf { vars, clauses })
}
