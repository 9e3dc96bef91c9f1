#![no_main]
//! `cargo fuzz run graph_six`: the body is `hessian_fuzz::graph_six`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| hessian_fuzz::graph_six(data));
