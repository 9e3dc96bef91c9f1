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
