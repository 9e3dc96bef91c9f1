//! The `game` capability family: impartial games under normal play by
//! Sprague–Grundy theory (a position's value is the mex of its options'
//! values; a position is lost for the player to move exactly when its
//! value is 0), and Nim's closed form. Every value is re-checked against
//! the mex rule, every winning move against the value it leaves.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    nim => NimSolve,
    subtraction_grundy => SubtractionGrundy,
    impartial_grundy => ImpartialGrundy,
}

#[cfg(test)]
mod tests;

/// The least non-negative integer not in `values`.
pub(crate) fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|s| !s).unwrap_or(seen.len()) as u32
}
