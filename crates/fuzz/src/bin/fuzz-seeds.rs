//! Writes the committed seeds of every fuzz target into `fuzz/corpus/`;
//! `tests/corpus.rs` checks they are current.

fn main() -> std::io::Result<()> {
    let root = hessian_fuzz::corpus_dir();
    for (target, name, bytes) in hessian_fuzz::seeds() {
        let dir = root.join(target);
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(name), bytes)?;
    }
    eprintln!("wrote the seeds under {}", root.display());
    Ok(())
}
