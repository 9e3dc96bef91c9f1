//! Aggregates records per arm into the markdown report and the chart.

use crate::agent::{Arm, Record};
use std::collections::BTreeMap;
use std::fmt::Write;

/// What the report names besides the figures.
pub struct Header {
    pub model: String,
    pub endpoint: String,
    pub server: String,
    pub catalog_sha256: String,
    pub tasks: usize,
    pub controls: usize,
    pub temperature: f64,
    pub seed: u64,
    pub max_turns: usize,
    pub max_tokens: Option<u32>,
}

struct Row<'a> {
    arm: Arm,
    records: Vec<&'a Record>,
}

fn pct(n: usize, d: usize) -> Option<f64> {
    (d > 0).then(|| 100.0 * n as f64 / d as f64)
}

fn show(n: usize, d: usize) -> String {
    match pct(n, d) {
        Some(p) => format!("{n}/{d} ({p:.0}%)"),
        None => "–".into(),
    }
}

impl Row<'_> {
    fn tool_tasks(&self) -> Vec<&Record> {
        self.records
            .iter()
            .copied()
            .filter(|r| !r.control)
            .collect()
    }
    fn count(&self, f: impl Fn(&Record) -> bool) -> usize {
        self.records.iter().filter(|r| f(r)).count()
    }
    fn correct(&self) -> (usize, usize) {
        let t = self.tool_tasks();
        (t.iter().filter(|r| r.correct).count(), t.len())
    }
    fn controls(&self) -> (usize, usize) {
        (
            self.count(|r| r.control && r.correct),
            self.count(|r| r.control),
        )
    }
    fn first_valid(&self) -> (usize, usize) {
        (
            self.count(|r| r.first_run_valid == Some(true)),
            self.count(|r| r.first_run_valid.is_some()),
        )
    }
    fn continued(&self) -> (usize, usize) {
        (
            self.count(|r| r.continued),
            self.count(|r| r.find_calls > 0),
        )
    }
    fn fallback(&self) -> (usize, usize) {
        (self.count(|r| r.manual_fallback), self.tool_tasks().len())
    }
    fn sum(&self, f: impl Fn(&Record) -> u64) -> u64 {
        self.records.iter().map(|r| f(r)).sum()
    }
}

fn rows(records: &[Record]) -> Vec<Row<'_>> {
    let mut by_arm: BTreeMap<Arm, Vec<&Record>> = BTreeMap::new();
    for r in records {
        if let Some(arm) = r.arm {
            by_arm.entry(arm).or_default().push(r);
        }
    }
    by_arm
        .into_iter()
        .map(|(arm, records)| Row { arm, records })
        .collect()
}

/// The markdown report.
pub fn markdown(h: &Header, records: &[Record]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Hessian evaluation\n");
    let _ = writeln!(s, "- model: `{}` at `{}`", h.model, h.endpoint);
    let _ = writeln!(s, "- server: {}", h.server);
    let _ = writeln!(
        s,
        "- catalog export (`hessian://catalog`): `{}`",
        h.catalog_sha256
    );
    let _ = writeln!(
        s,
        "- tasks: {} ({} negative controls); temperature {}, seed {}, at most {} turns of {} per task\n",
        h.tasks,
        h.controls,
        h.temperature,
        h.seed,
        h.max_turns,
        h.max_tokens
            .map_or("unlimited tokens".to_string(), |n| format!(
                "at most {n} tokens"
            ))
    );
    let _ = writeln!(
        s,
        "| arm | correct (tool tasks) | explicit cue | latent cue | controls right without a tool | valid first math.run | refused before / after dispatch | retries | repeated discovery | find → run | manual fallback | answered without the ANSWER line | visible bytes / task | prompt / completion tokens | time |"
    );
    let _ = writeln!(
        s,
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    for row in rows(records) {
        let (c, n) = row.correct();
        let cue = |cue: &str| {
            let t: Vec<_> = row
                .tool_tasks()
                .into_iter()
                .filter(|r| r.cue == cue)
                .collect();
            show(t.iter().filter(|r| r.correct).count(), t.len())
        };
        let (k, kn) = row.controls();
        let (v, vn) = row.first_valid();
        let (f, fn_) = row.continued();
        let (m, mn) = row.fallback();
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} / {} | {} | {} | {} | {} | {} | {} | {} / {} | {:.1} s |",
            row.arm.label(),
            show(c, n),
            cue("explicit"),
            cue("latent"),
            show(k, kn),
            show(v, vn),
            row.sum(|r| r.refused_before_dispatch as u64),
            row.sum(|r| r.refused_after_dispatch as u64),
            row.sum(|r| r.retries as u64),
            row.sum(|r| r.repeated_discovery as u64),
            show(f, fn_),
            show(m, mn),
            row.count(|r| r.answered && !r.marked),
            row.sum(|r| r.visible_bytes as u64) / row.records.len().max(1) as u64,
            row.sum(|r| r.prompt_tokens),
            row.sum(|r| r.completion_tokens),
            row.sum(|r| r.elapsed_ms) as f64 / 1000.0,
        );
    }
    let _ = writeln!(
        s,
        "\nCorrect means the verifier accepts the `ANSWER:` line (exactly, or by checking the defining property); a control is right only when answered without any tool call. Valid first math.run: the first call reached its operation (not refused for its shape). Manual fallback: a tool task answered without any successful math.run. A reply without an `ANSWER:` line is judged by its last number (or yes/no) when the answer is a scalar.\n"
    );
    let arms: Vec<Arm> = rows(records).iter().map(|r| r.arm).collect();
    let _ = write!(s, "| task |");
    for a in &arms {
        let _ = write!(s, " arm {} |", a.number());
    }
    let _ = writeln!(s, "\n|---|{}", "---|".repeat(arms.len()));
    let mut by_task: BTreeMap<&str, BTreeMap<Arm, &Record>> = BTreeMap::new();
    for r in records {
        if let Some(a) = r.arm {
            by_task.entry(&r.task).or_default().insert(a, r);
        }
    }
    for (task, results) in by_task {
        let _ = write!(s, "| {task} |");
        for a in &arms {
            let cell = match results.get(a) {
                Some(r) if r.correct => "✓".to_string(),
                Some(r) => format!("✗ {}", r.reason.as_deref().unwrap_or("")).replace('|', "/"),
                None => "".into(),
            };
            let _ = write!(s, " {} |", cell.chars().take(60).collect::<String>());
        }
        let _ = writeln!(s);
    }
    s
}

/// The PNG chart: the headline rates per arm.
pub fn chart(h: &Header, records: &[Record]) -> Vec<u8> {
    let rows = rows(records);
    let series: Vec<String> = rows
        .iter()
        .map(|r| format!("ARM {}", r.arm.label()))
        .collect();
    let metric = |name: &str, f: &dyn Fn(&Row) -> (usize, usize)| {
        (
            name.to_string(),
            rows.iter()
                .map(|r| {
                    let (n, d) = f(r);
                    pct(n, d)
                })
                .collect::<Vec<_>>(),
        )
    };
    let groups = vec![
        metric("CORRECT", &|r| r.correct()),
        metric("CONTROLS OK", &|r| r.controls()),
        metric("VALID 1ST RUN", &|r| r.first_valid()),
        metric("FIND > RUN", &|r| r.continued()),
        metric("MANUAL", &|r| r.fallback()),
    ];
    let model: String = h.model.chars().take(40).collect();
    crate::chart::bar_chart(&format!("HESSIAN EVAL: {model}"), &groups, &series)
}
