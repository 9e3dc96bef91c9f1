//! Kernel timings for the side-by-side comparisons in benches/: the inputs
//! come from the comparison script, so both sides see identical matrices.

use hessian_kernels::{BigInt, Budget, Mat, linalg};
use serde_json::{Value, json};
use std::path::Path;
use std::time::Instant;

fn matrices(file: &Path) -> Result<Vec<Mat<BigInt>>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let list = doc["matrices"].as_array().ok_or("expected {\"matrices\": [...]}")?;
    list.iter()
        .map(|m| {
            let rows = m.as_array().ok_or("a matrix is an array of rows")?;
            let rows: Vec<Vec<BigInt>> = rows
                .iter()
                .map(|r| {
                    r.as_array()
                        .ok_or("a row is an array")?
                        .iter()
                        .map(|x| match x {
                            Value::Number(n) => n.as_i64().map(BigInt::from).ok_or("entries are integers"),
                            Value::String(s) => s.parse().map_err(|_| "entries are integers"),
                            _ => Err("entries are integers"),
                        })
                        .collect()
                })
                .collect::<Result<_, &str>>()?;
            Mat::from_rows(rows).ok_or_else(|| "rows differ in length".to_string())
        })
        .collect()
}

/// Prints `{"n", "seconds": [...], "det"}` per matrix. One untimed run
/// first, so the timings are of a warm process (rayon's threads started,
/// primes found), as FLINT's in-process calls are.
pub fn det(file: &Path, repeat: usize) -> Result<(), String> {
    for m in matrices(file)? {
        linalg::integer_determinant(m.clone(), &Budget::unlimited()).map_err(|s| format!("{s:?}"))?;
        let mut seconds = Vec::with_capacity(repeat);
        let mut det = BigInt::default();
        for _ in 0..repeat.max(1) {
            let input = m.clone();
            let t = Instant::now();
            det = linalg::integer_determinant(input, &Budget::unlimited()).map_err(|s| format!("{s:?}"))?;
            seconds.push(t.elapsed().as_secs_f64());
        }
        println!("{}", json!({"n": m.rows(), "seconds": seconds, "det": det.to_string()}));
    }
    Ok(())
}
