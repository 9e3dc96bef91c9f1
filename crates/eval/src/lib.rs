//! Model-in-the-loop evaluation of Hessian (`hessian eval`).
//!
//! Frozen tasks ([`task`]) go to a [`model::Model`] — any OpenAI-compatible
//! chat-completions endpoint, or the scripted careful agent — whose tool
//! calls are bridged to a real `hessian serve` child over stdio ([`mcp`]).
//! Each task runs in up to three arms ([`agent::Arm`]); every turn is
//! written to `transcripts.jsonl`, every task's measures to `runs.jsonl`,
//! and the aggregate to `report.md` and `chart.png`.

pub mod agent;
pub mod chart;
pub mod mcp;
pub mod model;
pub mod report;
pub mod task;
pub mod verify;

use agent::{Arm, Record, Settings};
use std::io::Write;
use std::path::PathBuf;

/// The server flag of arm 1: inspection without examples.
pub const CONTRACT_ONLY_FLAG: &str = "--eval-contract-only";

pub struct Options {
    pub tasks: Vec<task::Task>,
    pub arms: Vec<Arm>,
    /// The `hessian` executable to serve from.
    pub server: PathBuf,
    pub settings: Settings,
    /// Where the transcripts, records, report and chart go.
    pub out: PathBuf,
}

pub struct Outcome {
    pub records: Vec<Record>,
    pub report: String,
}

/// Runs every task in every arm, writing the four files into `opts.out`.
pub fn evaluate(model: &mut dyn model::Model, opts: &Options) -> Result<Outcome, String> {
    std::fs::create_dir_all(&opts.out).map_err(|e| format!("{}: {e}", opts.out.display()))?;
    let file = |name: &str| {
        let path = opts.out.join(name);
        std::fs::File::create(&path)
            .map(std::io::BufWriter::new)
            .map_err(|e| format!("{}: {e}", path.display()))
    };
    let (server_name, catalog_sha256) = {
        let mut probe = mcp::Server::spawn(&opts.server, &["serve"])?;
        let catalog = probe.read_resource("hessian://catalog")?;
        let name = format!(
            "{} {}",
            probe
                .info
                .get("name")
                .and_then(|v| v.as_str())
                .unwrap_or("?"),
            probe
                .info
                .get("version")
                .and_then(|v| v.as_str())
                .unwrap_or("?")
        );
        (
            name,
            hessian_contract::canonical::sha256_digest(catalog.as_bytes()),
        )
    };
    let mut transcripts = file("transcripts.jsonl")?;
    let mut runs = file("runs.jsonl")?;
    let mut records = Vec::new();
    for &arm in &opts.arms {
        let mut server = match arm {
            Arm::NoTool => None,
            Arm::Example => Some(mcp::Server::spawn(&opts.server, &["serve"])?),
            Arm::ContractOnly => Some(mcp::Server::spawn(
                &opts.server,
                &["serve", CONTRACT_ONLY_FLAG],
            )?),
        };
        for t in &opts.tasks {
            let r = agent::run_task(
                model,
                server.as_mut(),
                t,
                arm,
                &opts.settings,
                &mut transcripts,
            );
            eprintln!(
                "arm {} {:<36} {}{}",
                arm.number(),
                t.id,
                if r.correct { "correct" } else { "wrong" },
                r.reason
                    .as_deref()
                    .map(|x| format!(" ({x})"))
                    .unwrap_or_default()
            );
            let line = serde_json::to_string(&r).map_err(|e| e.to_string())?;
            writeln!(runs, "{line}").map_err(|e| e.to_string())?;
            // Task by task, so a long run can be watched and an interrupted one kept.
            transcripts
                .flush()
                .and_then(|_| runs.flush())
                .map_err(|e| e.to_string())?;
            records.push(r);
        }
    }
    transcripts
        .flush()
        .and_then(|_| runs.flush())
        .map_err(|e| e.to_string())?;
    let header = report::Header {
        model: model.name(),
        endpoint: model.endpoint(),
        server: server_name,
        catalog_sha256,
        tasks: opts.tasks.len(),
        controls: opts.tasks.iter().filter(|t| t.control).count(),
        temperature: opts.settings.temperature,
        seed: opts.settings.seed,
        max_turns: opts.settings.max_turns,
        max_tokens: opts.settings.max_tokens,
    };
    let report = report::markdown(&header, &records);
    std::fs::write(opts.out.join("report.md"), &report).map_err(|e| e.to_string())?;
    std::fs::write(opts.out.join("chart.png"), report::chart(&header, &records))
        .map_err(|e| e.to_string())?;
    Ok(Outcome { records, report })
}
