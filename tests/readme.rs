//! The README's terminal session cannot go stale: every `$ hessian …` line
//! in a `console` block runs against the real binary (as on a terminal,
//! `HESSIAN_FORMAT=text`), and its output must be the lines that follow it,
//! with timings masked.

use std::path::Path;
use std::process::Command;

/// (command, expected output) for every `$ hessian` line of `console` blocks.
fn session(readme: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut in_console = false;
    let mut current: Option<(String, Vec<&str>)> = None;
    for line in readme.lines() {
        if !in_console {
            in_console = line.trim() == "```console";
            continue;
        }
        let ends = line.trim() == "```";
        if (ends || line.starts_with("$ "))
            && let Some((command, lines)) = current.take()
        {
            out.push((command, lines.join("\n")));
        }
        if ends {
            in_console = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            current = Some((command.to_string(), Vec::new()));
        } else if let Some((_, lines)) = current.as_mut() {
            lines.push(line);
        }
    }
    out
}

/// "0.05 ms" and "elapsed_ms": 0.05 vary from run to run.
fn masked(text: &str) -> String {
    let mut out = String::new();
    for line in text.trim_end().lines() {
        let words: Vec<String> = line
            .split(' ')
            .enumerate()
            .map(|(i, w)| {
                let next_is_ms = line
                    .split(' ')
                    .nth(i + 1)
                    .is_some_and(|n| n.starts_with("ms"));
                if next_is_ms && w.parse::<f64>().is_ok() {
                    "…".into()
                } else {
                    w.to_string()
                }
            })
            .collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

#[test]
fn every_readme_command_prints_what_the_readme_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let commands = session(&readme);
    assert!(commands.len() >= 3, "the README shows a terminal session");
    let bin = Path::new(env!("CARGO_BIN_EXE_hessian"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (command, expected) in commands {
        assert!(command.starts_with("hessian "), "{command}");
        let run = Command::new("sh")
            .arg("-c")
            .arg(&command)
            .env("PATH", &path)
            .env("HESSIAN_FORMAT", "text")
            .output()
            .unwrap();
        assert!(
            matches!(run.status.code(), Some(0 | 2)),
            "{command}: {:?}\n{}",
            run.status,
            String::from_utf8_lossy(&run.stderr)
        );
        let got = String::from_utf8_lossy(&run.stdout);
        assert_eq!(
            masked(&got),
            masked(&expected),
            "README.md shows other output for `{command}`"
        );
    }
}

#[test]
fn a_closed_pipe_ends_the_cli_quietly() {
    // 78,498 primes are far more than a pipe buffers, so the write after
    // `head` exits fails with EPIPE; the CLI must end with status 0, silently.
    let bin = env!("CARGO_BIN_EXE_hessian");
    for format in ["json", "text"] {
        let line = format!(
            "set -o pipefail; '{bin}' run integer.primes.enumerate '{{\"lower\": 0, \"upper\": 1000000}}' | head -c 10 >/dev/null"
        );
        let run = Command::new("bash")
            .arg("-c")
            .arg(&line)
            .env("HESSIAN_FORMAT", format)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(0), "{format}: {stderr}");
        assert!(stderr.is_empty(), "{format}: {stderr}");
    }
}
