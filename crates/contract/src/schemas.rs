//! The committed `schemas/` directory: one contract document per operation
//! (`<id>.json`, pretty-printed with sorted keys so that a contract change
//! reads as a diff; its RFC 8785 canonical form hashes to the digest) and
//! `catalog.json`, the append-only record id → version → digest. A contract that changes
//! while its version stays the same is refused here, at write and at check.

use crate::catalog::Catalog;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

pub const CATALOG_FILE: &str = "catalog.json";

type History = BTreeMap<String, BTreeMap<String, String>>;

fn read_history(dir: &Path) -> Result<History, String> {
    let path = dir.join(CATALOG_FILE);
    match fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| format!("{}: not a catalog: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(History::new()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// The history with every current contract recorded, or the conflicts:
/// (id, version) pairs whose recorded digest differs from the current one.
fn merged(catalog: &Catalog, mut history: History) -> Result<History, Vec<String>> {
    let mut conflicts = Vec::new();
    for e in catalog.entries() {
        let digest = &e.contract().digest;
        let versions = history.entry(e.op.id().to_string()).or_default();
        let v = e.op.version().to_string();
        match versions.get(&v) {
            Some(recorded) if recorded != digest => conflicts.push(format!(
                "{}: the contract changed but the version did not (version {v} was published as {recorded}, \
                 the code now gives {digest}); bump its VERSION",
                e.op.id()
            )),
            _ => {
                versions.insert(v, digest.clone());
            }
        }
    }
    if conflicts.is_empty() {
        Ok(history)
    } else {
        Err(conflicts)
    }
}

/// The canonical document (keys already sorted) indented, one member a line.
fn readable(canonical: &str) -> String {
    let value: Value = serde_json::from_str(canonical).unwrap_or_default();
    let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
    s.push('\n');
    s
}

fn catalog_text(history: &History) -> String {
    let mut s = serde_json::to_string_pretty(history).unwrap_or_default();
    s.push('\n');
    s
}

/// The files `dir` must hold, by file name.
fn expected(catalog: &Catalog, dir: &Path) -> Result<BTreeMap<String, String>, Vec<String>> {
    let history = merged(catalog, read_history(dir).map_err(|e| vec![e])?)?;
    let mut files: BTreeMap<String, String> = catalog
        .entries()
        .iter()
        .map(|e| {
            (
                format!("{}.json", e.op.id()),
                readable(&e.contract().canonical),
            )
        })
        .collect();
    files.insert(CATALOG_FILE.into(), catalog_text(&history));
    Ok(files)
}

/// Regenerates `dir`; refuses (changing nothing) when a contract changed
/// without a version bump.
pub fn write(catalog: &Catalog, dir: &Path) -> Result<usize, Vec<String>> {
    let files = expected(catalog, dir)?;
    let io = |e: std::io::Error| vec![format!("{}: {e}", dir.display())];
    fs::create_dir_all(dir).map_err(io)?;
    for entry in fs::read_dir(dir).map_err(io)? {
        let name = entry
            .map_err(io)?
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.ends_with(".json") && !files.contains_key(&name) {
            fs::remove_file(dir.join(&name)).map_err(io)?;
        }
    }
    for (name, text) in &files {
        fs::write(dir.join(name), text).map_err(io)?;
    }
    Ok(files.len())
}

/// Every difference between `dir` and the code, as readable lines.
pub fn check(catalog: &Catalog, dir: &Path) -> Result<(), Vec<String>> {
    let files = expected(catalog, dir)?;
    if !dir.is_dir() {
        return Err(vec![format!(
            "{} is not a folder here: run `hessian schemas --check` in a checkout of the repository, or give --dir (`--write --dir DIR` writes them)",
            dir.display()
        )]);
    }
    let mut problems = Vec::new();
    for (name, text) in &files {
        match fs::read_to_string(dir.join(name)) {
            Ok(on_disk) if on_disk == *text => {}
            Ok(_) => problems.push(format!(
                "{name} differs from the code; run `hessian schemas --write`"
            )),
            Err(_) => problems.push(format!("{name} is missing; run `hessian schemas --write`")),
        }
    }
    if let Ok(rd) = fs::read_dir(dir) {
        for entry in rd.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".json") && !files.contains_key(&name) {
                problems.push(format!(
                    "{name} belongs to no operation; run `hessian schemas --write`"
                ));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// The contract document recorded for `id` in `dir`, if any.
pub fn read_document(dir: &Path, id: &str) -> Option<Map<String, Value>> {
    let text = fs::read_to_string(dir.join(format!("{id}.json"))).ok()?;
    serde_json::from_str(&text).ok()
}
