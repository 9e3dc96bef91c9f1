//! The fuzz corpus as a regression suite: every committed seed (and any
//! input a fuzzing run saved beside them) goes through the body libFuzzer
//! runs, and the seeds are what `fuzz-seeds` writes today.

use hessian_fuzz::{TARGETS, corpus_dir, seeds};

#[test]
fn the_seeds_are_current() {
    let root = corpus_dir();
    for (target, name, bytes) in seeds() {
        let path = root.join(target).join(&name);
        let committed = std::fs::read(&path).unwrap_or_default();
        assert!(
            committed == bytes,
            "{} is missing or stale: run `cargo run -p hessian-fuzz --bin fuzz-seeds`",
            path.display()
        );
    }
}

/// A math_run seed named by an operation id is one of today's operations
/// (the soak replays every file there as an example that must succeed).
#[test]
fn no_seed_names_a_removed_operation() {
    let current = seeds();
    for entry in std::fs::read_dir(corpus_dir().join("math_run")).expect("the corpus folder") {
        let name = entry.expect("a corpus entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            !name.contains('.')
                || current
                    .iter()
                    .any(|(t, n, _)| *t == "math_run" && *n == name),
            "fuzz/corpus/math_run/{name} names no operation: run `cargo run -p hessian-fuzz --bin fuzz-seeds`"
        );
    }
}

#[test]
fn every_corpus_input_keeps_its_target_properties() {
    let root = corpus_dir();
    for (target, body) in TARGETS {
        let mut ran = 0;
        for entry in std::fs::read_dir(root.join(target)).expect("the corpus folder") {
            let path = entry.expect("a corpus entry").path();
            let bytes = std::fs::read(&path).expect("a corpus file");
            if std::panic::catch_unwind(|| body(&bytes)).is_err() {
                panic!("{target}: {} breaks a property", path.display());
            }
            ran += 1;
        }
        assert!(ran > 0, "{target}: an empty corpus");
    }
}
