//! The official Python MCP client (PyPI `mcp` 2.3.0) as an independent peer:
//! `tests/python/mcp_client_flow.py` drives the real binary in the legacy
//! (`initialize`) and the 2026-07-28 (`server/discover`) modes,
//! `mcp_elicitation_flow.py` answers its questions, and `mcp_http_flow.py`
//! talks streamable HTTP to two replicas behind nginx (deploy/nginx.conf).
//!
//! The client is installed once into a venv under the cargo target folder;
//! set `HESSIAN_TEST_PYTHON` to choose the interpreter (default `python3`).

use std::path::{Path, PathBuf};
use std::process::Command;
use support::{Child, free_port, wait_healthy};

mod support;

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
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/python")
        .join(name);
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

fn nginx() -> PathBuf {
    ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .expect("nginx is needed (Debian: apt-get install nginx-light); .ci/run installs it")
}

#[test]
fn replicas_behind_nginx_share_tools_tokens_and_continuations() {
    let python = client_python();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("nginx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let hessian = env!("CARGO_BIN_EXE_hessian");
    // One token, one signing key, shared by both replicas.
    let issued = Command::new(hessian)
        .args(["token", "new", "--principal", "ci"])
        .output()
        .unwrap();
    let issued = String::from_utf8(issued.stdout).unwrap();
    let token = issued
        .lines()
        .next()
        .and_then(|l| l.rsplit(' ').next())
        .unwrap()
        .to_string();
    // And a token that may only search.
    let finder = Command::new(hessian)
        .args(["token", "new", "--principal", "reader", "--scopes", "find"])
        .output()
        .unwrap();
    let finder = String::from_utf8(finder.stdout).unwrap();
    let find_token = finder
        .lines()
        .next()
        .and_then(|l| l.rsplit(' ').next())
        .unwrap()
        .to_string();
    let lines = format!(
        "{}\n{}\n",
        issued.lines().last().unwrap(),
        finder.lines().last().unwrap()
    );
    std::fs::write(dir.join("tokens"), lines).unwrap();
    let key = "ci:AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA";
    let (front, a, b) = (free_port(), free_port(), free_port());
    let mut children = Vec::new();
    for (port, name) in [(a, "r1"), (b, "r2")] {
        let child = Command::new(hessian)
            .args([
                "serve",
                "--http",
                &format!("127.0.0.1:{port}"),
                "--replica",
                name,
            ])
            .arg("--token-file")
            .arg(dir.join("tokens"))
            .env("HESSIAN_STATE_KEY", key)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        children.push(Child(child));
        wait_healthy(port);
    }
    let conf = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nginx.conf"),
    )
    .unwrap()
    .replace("127.0.0.1:8080", &format!("127.0.0.1:{front}"))
    .replace("127.0.0.1:8081", &format!("127.0.0.1:{a}"))
    .replace("127.0.0.1:8082", &format!("127.0.0.1:{b}"));
    std::fs::write(dir.join("nginx.conf"), conf).unwrap();
    let proxy = Command::new(nginx())
        .arg("-c")
        .arg(dir.join("nginx.conf"))
        .arg("-p")
        .arg(&dir)
        .args(["-g", "daemon off;"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    children.push(Child(proxy));
    wait_healthy(front);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/python/mcp_http_flow.py");
    for mode in ["modern", "legacy"] {
        let out = Command::new(&python)
            .arg(&script)
            .arg(format!("http://127.0.0.1:{front}/mcp"))
            .arg(&token)
            .arg(mode)
            .arg(format!("http://127.0.0.1:{a}/mcp"))
            .arg(format!("http://127.0.0.1:{b}/mcp"))
            .env("HESSIAN_FIND_TOKEN", &find_token)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{mode} through nginx failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // SIGTERM: the replica stops accepting and exits cleanly, well within its grace period.
    let pid = children[0].0.id().to_string();
    // The shell's own kill: a minimal Debian has no procps.
    run(Command::new("sh").args(["-c", "kill -TERM \"$0\"", &pid]));
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = children[0].0.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "no exit after SIGTERM"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    drop(children);
    let _ = std::fs::remove_dir_all(&dir);
}
