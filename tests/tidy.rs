//! House rules that hold for every file, checked on every run.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file of the workspace, skipping build output and hidden folders.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "node_modules" {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_rust_file_is_formatted() {
    // `cargo fmt` cannot reach operation files (the operations! macro
    // declares their modules), so rustfmt is given every file itself.
    let root = root();
    let mut files = Vec::new();
    for dir in ["crates", "capabilities", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 300, "found only {} files", files.len());
    let out = Command::new("rustfmt")
        .arg("--check")
        .arg("--config-path")
        .arg(root.join("rustfmt.toml"))
        .args(&files)
        .output()
        .expect("rustfmt runs (rustup component add rustfmt)");
    let diff = String::from_utf8_lossy(&out.stdout);
    let unformatted: Vec<&str> = diff
        .lines()
        .filter_map(|l| l.strip_prefix("Diff in "))
        .collect();
    assert!(
        out.status.success(),
        "{} hunks are not rustfmt's; run `rustfmt $(git ls-files '*.rs')`:\n{}",
        unformatted.len(),
        unformatted
            .iter()
            .take(20)
            .copied()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
