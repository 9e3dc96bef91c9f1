//! Kernel timings for the side-by-side comparisons in benches/: the inputs
//! come from the comparison script, so both sides see identical matrices.

use hessian_contract::wire::{Entry, Matrix, Rational, SquareMatrix, to_q};
use hessian_kernels::{Budget, Mat, Q, linalg};
use serde::Deserialize;
use serde_json::json;
use std::path::Path;
use std::time::Instant;

#[derive(Deserialize)]
struct Inputs {
    /// Parsed by the same wire model math_run uses.
    matrices: Vec<Matrix<Rational, 4000>>,
    /// Right-hand sides, one per matrix (for `solve`).
    #[serde(default)]
    rhs: Vec<Vec<Rational>>,
}

fn inputs(file: &Path) -> Result<Inputs, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))
}

fn matrices(file: &Path) -> Result<Vec<Mat<Q>>, String> {
    Ok(inputs(file)?
        .matrices
        .into_iter()
        .map(|m| to_q(m.0))
        .collect())
}

/// Prints `{"n", "seconds": [...], "x": [...]}` per system: the exact solution
/// of a square system as matrix.rational_linear_system.solve computes it,
/// after one untimed run.
pub fn solve(file: &Path, repeat: usize) -> Result<(), String> {
    let inputs = inputs(file)?;
    if inputs.rhs.len() != inputs.matrices.len() {
        return Err("one right-hand side per matrix is needed".into());
    }
    for (m, b) in inputs.matrices.into_iter().zip(inputs.rhs) {
        let (a, b): (Mat<Q>, Vec<Q>) = (to_q(m.0), b.into_iter().map(|r| r.0).collect());
        let budget = Budget::unlimited();
        let run = || linalg::solve(&a, &b, &budget).map_err(|e| format!("{e:?}"));
        let mut solution = run()?;
        let mut seconds = Vec::with_capacity(repeat);
        for _ in 0..repeat.max(1) {
            let t = Instant::now();
            solution = run()?;
            seconds.push(t.elapsed().as_secs_f64());
        }
        let linalg::Solution::Unique(x) = solution else {
            return Err("the system has no unique solution".into());
        };
        println!(
            "{}",
            json!({"n": a.rows(), "seconds": seconds, "x": x.iter().map(text).collect::<Vec<_>>()})
        );
    }
    Ok(())
}

#[derive(Deserialize)]
struct FloatInputs {
    matrices: Vec<Matrix<f64, 4000>>,
}

/// Prints `{"n", "seconds": [...], "det"}` per matrix for the double-precision
/// determinant (matrix.determinant.numeric's kernel), after one warm-up run.
pub fn det_numeric(file: &Path, repeat: usize) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let inputs: FloatInputs =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    for m in inputs.matrices {
        let m = m.0;
        let mut det = hessian_kernels::numeric::determinant(&m);
        let mut seconds = Vec::with_capacity(repeat);
        for _ in 0..repeat.max(1) {
            let t = Instant::now();
            det = hessian_kernels::numeric::determinant(&m);
            seconds.push(t.elapsed().as_secs_f64());
        }
        println!("{}", json!({"n": m.rows(), "seconds": seconds, "det": det}));
    }
    Ok(())
}

fn text(q: &Q) -> String {
    Rational(q.clone()).to_string()
}

/// Prints `{"n", "seconds": [...], "det"}` per matrix: matrix.determinant.compute
/// run on its typed input (parsing not timed; see [`parse`]). One untimed
/// run first, so the timings are of a warm process (rayon's threads
/// started, primes found), as FLINT's in-process calls are.
pub fn det(file: &Path, repeat: usize) -> Result<(), String> {
    use hessian_contract::{Ctx, Operation};
    use hessian_matrix::determinant::{Determinant, Input};
    #[derive(Deserialize)]
    struct Inputs {
        matrices: Vec<SquareMatrix<Entry, 4000>>,
    }
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let inputs: Inputs =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let ctx = Ctx::new(Budget::unlimited());
    for m in inputs.matrices {
        let run = || {
            let input = Input {
                matrix: SquareMatrix(m.0.clone()),
            };
            let t = Instant::now();
            let det = Determinant::run(input, &ctx).map_err(|e| format!("{e:?}"));
            (t.elapsed().as_secs_f64(), det)
        };
        let mut det = run().1?;
        let mut seconds = Vec::with_capacity(repeat);
        for _ in 0..repeat.max(1) {
            let (s, d) = run();
            det = d?;
            seconds.push(s);
        }
        println!(
            "{}",
            json!({"n": m.0.rows(), "seconds": seconds, "det": det.to_string()})
        );
    }
    Ok(())
}

/// Prints `{"n", "seconds": [...], "first"}` per matrix: the exact inverse as
/// matrix.inverse.compute takes it (its first entry, to compare), after one
/// untimed run.
pub fn inverse(file: &Path, repeat: usize) -> Result<(), String> {
    for m in matrices(file)? {
        let budget = Budget::unlimited();
        let run = || linalg::inverse(&m, &budget).map_err(|e| format!("{e:?}"));
        let mut inv = run()?;
        let mut seconds = Vec::with_capacity(repeat);
        for _ in 0..repeat.max(1) {
            let t = Instant::now();
            inv = run()?;
            seconds.push(t.elapsed().as_secs_f64());
        }
        let inv = inv.ok_or("the matrix is singular")?;
        println!(
            "{}",
            json!({"n": m.rows(), "seconds": seconds, "first": text(&inv[(0, 0)])})
        );
    }
    Ok(())
}

/// Prints `{"text_to_json", "json_to_input", "text_to_input"}` in seconds
/// (medians over `repeat`) for an input of matrix.determinant.compute: the
/// text into a JSON value (as the MCP transport does), that value into the
/// operation's typed input (math_run's one parse, path-tracked, dropped
/// after), and for comparison the text straight into the typed input.
pub fn parse(file: &Path, repeat: usize) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let op = hessian_server::catalog()
        .get("matrix.determinant.compute")
        .ok_or("matrix.determinant.compute is missing")?
        .op;
    let (mut to_value, mut to_input, mut direct) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..repeat.max(1) {
        let t = Instant::now();
        let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        to_value.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        op.check_input(&value).map_err(|r| r.message)?;
        to_input.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        serde_json::from_str::<hessian_matrix::determinant::Input>(&text)
            .map_err(|e| e.to_string())?;
        direct.push(t.elapsed().as_secs_f64());
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "{}",
        json!({"text_to_json": median(to_value), "json_to_input": median(to_input), "text_to_input": median(direct)})
    );
    Ok(())
}

/// Prints `{"degree", "seconds": [...], "factors": [[coefficients]...]}` per
/// polynomial: its factorization over Z (polynomial.factor.compute's
/// kernel) after one untimed run; factors as coefficient strings, lowest
/// degree first, sorted as the kernel sorts them.
pub fn factor(file: &Path, repeat: usize) -> Result<(), String> {
    use hessian_kernels::poly::factor;
    #[derive(Deserialize)]
    struct Inputs {
        polynomials: Vec<Vec<hessian_contract::wire::Int>>,
    }
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let inputs: Inputs =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let budget = Budget::unlimited();
    for p in inputs.polynomials {
        let f: Vec<hessian_kernels::BigInt> = p.into_iter().map(|c| c.0).collect();
        let run = || factor::factor(&f, &budget).map_err(|e| format!("{e:?}"));
        let mut result = run()?;
        let mut seconds = Vec::with_capacity(repeat);
        for _ in 0..repeat.max(1) {
            let t = Instant::now();
            result = run()?;
            seconds.push(t.elapsed().as_secs_f64());
        }
        let factors: Vec<Vec<String>> = result
            .factors
            .iter()
            .flat_map(|(g, e)| {
                std::iter::repeat_n(g.iter().map(|c| c.to_string()).collect(), *e as usize)
            })
            .collect();
        println!(
            "{}",
            json!({"degree": f.len().saturating_sub(1), "seconds": seconds, "factors": factors})
        );
    }
    Ok(())
}
