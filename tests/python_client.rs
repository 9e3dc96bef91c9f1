//! The official Python MCP client (PyPI `mcp` 2.3.0) as an independent peer:
//! `tests/python/mcp_client_flow.py` drives the real binary in the legacy
//! (`initialize`) and the 2026-07-28 (`server/discover`) modes.
//!
//! The client is installed once into a venv under the cargo target folder;
//! set `HESSIAN_TEST_PYTHON` to choose the interpreter (default `python3`).

use std::path::{Path, PathBuf};
use std::process::Command;

const MCP_VERSION: &str = "2.3.0";

fn run(cmd: &mut Command) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The venv's interpreter, creating the venv on first use (atomically, by rename).
fn client_python() -> PathBuf {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("mcp-{MCP_VERSION}-venv"));
    let python = venv.join("bin/python");
    if python.exists() {
        return python;
    }
    let staging = venv.with_extension(format!("tmp{}", std::process::id()));
    let base = std::env::var("HESSIAN_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    run(Command::new(&base).args(["-m", "venv"]).arg(&staging));
    run(Command::new(staging.join("bin/pip")).args([
        "install",
        "--quiet",
        &format!("mcp=={MCP_VERSION}"),
    ]));
    // bin/python finds its packages through pyvenv.cfg beside it, so the
    // renamed venv works; a concurrent run that renamed first wins.
    if std::fs::rename(&staging, &venv).is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    python
}

#[test]
fn official_python_client_round_trips_every_operation_in_both_modes() {
    run_script("mcp_client_flow.py");
}

#[test]
fn official_python_client_answers_questions_in_both_modes_and_without_elicitation() {
    run_script("mcp_elicitation_flow.py");
}

fn run_script(name: &str) {
    let python = client_python();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/python").join(name);
    for mode in ["legacy", "modern"] {
        let out = Command::new(&python)
            .arg(&script)
            .arg(env!("CARGO_BIN_EXE_hessian"))
            .arg(mode)
            .output()
            .expect("run the Python client");
        assert!(
            out.status.success(),
            "{mode} mode failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
