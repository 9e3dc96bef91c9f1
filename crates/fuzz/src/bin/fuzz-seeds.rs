//! Writes the committed seeds of every fuzz target into `fuzz/corpus/`,
//! and removes the math_run seeds of operations that no longer exist (a
//! renamed operation's old example would be replayed by the soak);
//! `tests/corpus.rs` checks they are current.

fn main() -> std::io::Result<()> {
    let root = hessian_fuzz::corpus_dir();
    let seeds = hessian_fuzz::seeds();
    for (target, name, bytes) in &seeds {
        let dir = root.join(target);
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(name), bytes)?;
    }
    // Seeds named by an operation id (with a dot) that is not in the catalog.
    for entry in std::fs::read_dir(root.join("math_run"))? {
        let path = entry?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let current = seeds.iter().any(|(t, n, _)| *t == "math_run" && *n == name);
        if name.contains('.') && !current {
            std::fs::remove_file(&path)?;
            eprintln!("removed the stale seed {}", path.display());
        }
    }
    eprintln!("wrote the seeds under {}", root.display());
    Ok(())
}
