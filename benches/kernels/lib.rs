//! Criterion benchmarks live in `kernels/main.rs`; this library is empty so
//! that the package has a target `cargo test` can skip.
