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

/// `(file stem, id)` of every operation file: a file of a capability's
/// `src/` that declares `const ID`.
fn operation_files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for family in std::fs::read_dir(root().join("capabilities"))
        .unwrap()
        .flatten()
    {
        for file in std::fs::read_dir(family.path().join("src"))
            .unwrap()
            .flatten()
        {
            let path = file.path();
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()).map(String::from) else {
                continue;
            };
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let marker = "const ID: &'static str = \"";
            if let Some(at) = text.find(marker) {
                let rest = &text[at + marker.len()..];
                let id = rest[..rest.find('"').unwrap()].to_string();
                out.push((stem, id));
            }
        }
    }
    out
}

#[test]
fn operation_files_are_named_after_their_ids() {
    // family.<name parts>.<verb>: the file is <name parts>.rs, or
    // <name parts>_<verb>.rs beside a sibling of the same name, or
    // <name parts>_numeric.rs for a floating-point twin.
    let files = operation_files();
    assert!(
        files.len() > 200,
        "found only {} operation files",
        files.len()
    );
    let mut wrong = Vec::new();
    for (stem, id) in &files {
        let parts: Vec<&str> = id.split('.').collect();
        let name = parts[1..parts.len() - 1].join("_");
        let verb = parts[parts.len() - 1];
        let fits = *stem == name
            || *stem == format!("{name}_{verb}")
            || (verb.contains("numeric") && *stem == format!("{name}_numeric"));
        if !fits {
            wrong.push(format!("{stem}.rs holds {id}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "operation files not named after their ids:\n{}",
        wrong.join("\n")
    );
}

/// The names under `[dependencies]` of a manifest.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut names = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or_default();
            names.push(name.to_string());
        }
    }
    names
}

#[test]
fn dependencies_point_one_way() {
    let root = root();
    // Kernels are pure mathematics: no serde, no JSON, no MCP, no Hessian crate.
    let kernels = dependencies(&root.join("crates/kernels/Cargo.toml"));
    for banned in ["serde", "serde_json", "schemars", "rmcp"] {
        assert!(
            !kernels.iter().any(|d| d == banned),
            "kernels depend on {banned}"
        );
    }
    assert!(
        !kernels.iter().any(|d| d.starts_with("hessian-")),
        "kernels depend on {kernels:?}"
    );
    // The author crate knows nothing of the engine, MCP or request signing.
    let op = dependencies(&root.join("crates/op/Cargo.toml"));
    for banned in [
        "hessian-contract",
        "hessian-server",
        "rmcp",
        "sha2",
        "ed25519-dalek",
    ] {
        assert!(
            !op.iter().any(|d| d == banned),
            "hessian-op depends on {banned}"
        );
    }
    // A capability depends on the author crate and kernels, never on the
    // engine or on another capability (shared types live in hessian-op).
    let mut families = 0;
    for family in std::fs::read_dir(root.join("capabilities"))
        .unwrap()
        .flatten()
    {
        let deps = dependencies(&family.path().join("Cargo.toml"));
        // Graph algorithms live in kernels::graph, which wraps petgraph.
        assert!(
            !deps.iter().any(|d| d == "petgraph"),
            "{}: petgraph",
            family.path().display()
        );
        let hessian: Vec<&String> = deps.iter().filter(|d| d.starts_with("hessian-")).collect();
        assert!(
            hessian
                .iter()
                .all(|d| *d == "hessian-op" || *d == "hessian-kernels"),
            "{}: {hessian:?}",
            family.path().display()
        );
        families += 1;
    }
    assert!(families >= 8);
}

/// (path, text) of every source file of every capability package.
fn capability_sources() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for family in std::fs::read_dir(root().join("capabilities"))
        .unwrap()
        .flatten()
    {
        let mut files = Vec::new();
        rust_files(&family.path().join("src"), &mut files);
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            out.push((path, text));
        }
    }
    out
}

/// A failed self-check is a kernel postcondition (`Stop::CheckFailed`, so
/// `internal_error`); operation files only shape inputs and outputs.
#[test]
fn capabilities_do_not_check_witnesses() {
    let offenders: Vec<String> = capability_sources()
        .into_iter()
        .filter(|(path, text)| !path.ends_with("tests.rs") && text.contains("MathError::Internal"))
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert!(
        offenders.is_empty(),
        "witness checks belong in kernels: {offenders:?}"
    );
}

/// Most `run` bodies are glue: parse, one kernel call, shape the output.
const LONG_RUN: usize = 20;

/// A `run` body over [`LONG_RUN`] lines of code (rustfmt's layout; blank and
/// comment lines not counted) says why, in a `// Long run:` comment on the
/// line above `fn run`, or its mathematics belongs in kernels.
#[test]
fn long_run_bodies_say_why() {
    let mut unexplained = Vec::new();
    let mut measured = 0;
    for (path, text) in capability_sources() {
        if !text.contains("impl Operation for") {
            continue;
        }
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.trim_start().starts_with("fn run(") {
                continue;
            }
            measured += 1;
            let (mut depth, mut opened, mut end) = (0i64, false, i);
            for (j, l) in lines.iter().enumerate().skip(i) {
                depth += l.matches('{').count() as i64 - l.matches('}').count() as i64;
                opened |= l.contains('{');
                if opened && depth == 0 {
                    end = j;
                    break;
                }
            }
            let code = lines[i + 1..end]
                .iter()
                .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
                .count();
            let explained = i > 0 && lines[i - 1].trim_start().starts_with("// Long run:");
            if code > LONG_RUN && !explained {
                unexplained.push(format!("{} ({code} lines)", path.display()));
            }
        }
    }
    assert!(measured > 200, "found only {measured} run bodies");
    assert!(
        unexplained.is_empty(),
        "run bodies over {LONG_RUN} lines without a `// Long run:` reason:\n{}",
        unexplained.join("\n")
    );
}
