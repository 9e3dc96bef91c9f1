#![no_main]
//! `cargo fuzz run polynomial_text`: the body is `hessian_fuzz::polynomial_text`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| hessian_fuzz::polynomial_text(data));
