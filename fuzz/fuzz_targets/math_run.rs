#![no_main]
//! `cargo fuzz run math_run`: the body is `hessian_fuzz::math_run`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| hessian_fuzz::math_run(data));
