//! The hard stop: each call's parser, plan and kernel run in a worker
//! process (`hessian worker`, the same binary), which is killed when the
//! call passes its deadline plus a grace, is cancelled, or the server shuts
//! down. A kernel that never polls its budget (one huge multiplication)
//! cannot hold a core or a slot past that; the next call takes another
//! worker. Workers are kept between calls, so a call costs a pipe round
//! trip rather than a process start (docs/DECISIONS.md has the figures).
//!
//! The protocol is one JSON object per line each way: a [`Request`] in,
//! a [`Reply`] out. A worker also stops itself when a call outlives its
//! deadline by twice the grace (its parent may be gone) and when its stdin
//! closes.

use hessian_contract::call::Answer;
use hessian_contract::catalog::Entry;
use hessian_contract::runner::{InProcess, Ran, Runner};
use hessian_contract::{Code, Ctx, Question, Refusal};
use hessian_kernels::{Budget, Stop};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often a waiting call looks at its cancellation flag and the clock.
const TICK: Duration = Duration::from_millis(5);

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    First,
    Last,
    Questions,
}

/// One call's work, as the parent sends it.
#[derive(Serialize, Deserialize)]
struct Request {
    kind: Kind,
    operation_id: String,
    input: Value,
    /// Milliseconds left before the call's deadline; none for no deadline.
    deadline_ms: Option<f64>,
    max_output_bytes: Option<usize>,
}

/// What the worker answers. One per call, moved once: the size difference
/// of its variants costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Reply {
    Answer(Value),
    Ask(Vec<Question>),
    Questions(Vec<Question>),
    Refused(Refusal),
}

/// A worker process and the lines it writes, read on a thread of their own
/// so the waiting call can look at the clock and its cancellation flag.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Worker {
    fn spawn(exe: &PathBuf, grace: Duration) -> std::io::Result<Worker> {
        let mut child = Command::new(exe)
            .arg("worker")
            .arg("--grace-ms")
            .arg(grace.as_millis().to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(std::io::Error::other("the worker's pipes are missing")),
        };
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("hessian-worker-reader".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Worker {
            child,
            stdin,
            lines,
        })
    }

    /// Ends the process at once and reaps it.
    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The worker processes of one server.
pub struct Workers {
    exe: PathBuf,
    idle: Arc<Mutex<Vec<Worker>>>,
    /// Idle workers kept for the next calls.
    keep: usize,
    /// How long past its deadline a call's worker may take to answer.
    grace: Duration,
    /// Set at shutdown: every waiting call kills its worker.
    closing: Arc<AtomicBool>,
}

impl Workers {
    /// Workers running `exe worker`; `keep` are kept idle between calls,
    /// and two are started now so the first calls do not wait for them.
    pub fn new(exe: PathBuf, keep: usize, grace: Duration) -> Arc<Workers> {
        let workers = Arc::new(Workers {
            exe,
            idle: Arc::default(),
            keep: keep.max(1),
            grace,
            closing: Arc::default(),
        });
        let warm = workers.clone();
        std::thread::spawn(move || {
            for _ in 0..warm.keep.min(2) {
                match Worker::spawn(&warm.exe, warm.grace) {
                    Ok(w) => warm.give_back(w),
                    Err(e) => tracing::warn!("cannot start a worker process: {e}"),
                }
            }
        });
        workers
    }

    /// Kills every idle worker and makes every waiting call kill its own:
    /// after this no worker is left computing.
    pub fn close(&self) {
        self.closing.store(true, Ordering::SeqCst);
        let idle = std::mem::take(&mut *self.idle.lock().unwrap_or_else(|e| e.into_inner()));
        for w in idle {
            w.kill();
        }
    }

    fn take(&self) -> std::io::Result<Worker> {
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        match idle {
            Some(w) => Ok(w),
            None => Worker::spawn(&self.exe, self.grace),
        }
    }

    /// Starts a worker in the background for the one just killed, so the
    /// next call does not wait for a process to start.
    fn replace(&self) {
        let (exe, grace, keep) = (self.exe.clone(), self.grace, self.keep);
        let (idle, closing) = (self.idle.clone(), self.closing.clone());
        std::thread::spawn(move || {
            if let Ok(w) = Worker::spawn(&exe, grace) {
                keep_idle(&idle, &closing, keep, w);
            }
        });
    }

    fn give_back(&self, w: Worker) {
        keep_idle(&self.idle, &self.closing, self.keep, w);
    }

    /// Sends one request to a worker and waits for its reply, the call's
    /// cancellation, or its deadline plus the grace, whichever comes first.
    fn call(&self, request: &Request, budget: &Budget) -> Result<Reply, Refusal> {
        let line = serde_json::to_string(request)
            .map_err(|e| internal(&format!("the request could not be written: {e}")))?;
        let started = Instant::now();
        // A worker kept idle may have died since; one more try with a new one.
        let mut w = self.take().map_err(|e| unavailable(&e))?;
        if writeln!(w.stdin, "{line}")
            .and_then(|()| w.stdin.flush())
            .is_err()
        {
            w.kill();
            w = Worker::spawn(&self.exe, self.grace).map_err(|e| unavailable(&e))?;
            writeln!(w.stdin, "{line}")
                .and_then(|()| w.stdin.flush())
                .map_err(|e| unavailable(&e))?;
        }
        let hard_limit = request
            .deadline_ms
            .map(|ms| started + Duration::from_secs_f64(ms.max(0.0) / 1e3) + self.grace);
        loop {
            match w.lines.recv_timeout(TICK) {
                Ok(reply) => {
                    let parsed = serde_json::from_str::<Reply>(&reply);
                    self.give_back(w);
                    return parsed
                        .map_err(|e| internal(&format!("the worker's reply did not parse: {e}")));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // The worker died (it hit its own hard stop, or crashed).
                    w.kill();
                    return Err(match budget.check() {
                        Err(stop) => stopped(stop),
                        Ok(()) => internal("the worker process ended without an answer"),
                    });
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            let over = hard_limit.is_some_and(|limit| Instant::now() >= limit);
            let cancelled = budget.check() == Err(Stop::Cancelled);
            if cancelled || over || self.closing.load(Ordering::SeqCst) {
                w.kill();
                self.replace();
                return Err(if cancelled {
                    stopped(Stop::Cancelled)
                } else {
                    stopped(Stop::Deadline)
                });
            }
        }
    }

    fn request(
        &self,
        kind: Kind,
        entry: &Entry,
        input: &Value,
        ctx: &Ctx,
    ) -> Result<Reply, Refusal> {
        let request = Request {
            kind,
            operation_id: entry.op.id().to_string(),
            input: input.clone(),
            deadline_ms: ctx.budget.remaining().map(|d| d.as_secs_f64() * 1e3),
            max_output_bytes: ctx.max_output_bytes,
        };
        self.call(&request, &ctx.budget)
    }
}

/// Keeps `w` for the next call, or ends it when enough are idle or the
/// pool is closing.
fn keep_idle(idle: &Mutex<Vec<Worker>>, closing: &AtomicBool, keep: usize, w: Worker) {
    let mut list = idle.lock().unwrap_or_else(|e| e.into_inner());
    if list.len() < keep && !closing.load(Ordering::SeqCst) {
        list.push(w);
    } else {
        drop(list);
        w.kill();
    }
}

fn stopped(stop: Stop) -> Refusal {
    hessian_contract::MathError::Stopped(stop).into()
}

fn internal(what: &str) -> Refusal {
    Refusal::new(
        Code::InternalError,
        format!("{what}; this is a defect in Hessian, not in the input"),
    )
}

fn unavailable(e: &std::io::Error) -> Refusal {
    tracing::error!("cannot start a worker process: {e}");
    Refusal::new(
        Code::Busy,
        "no worker process could be started to compute this call; retry in a moment",
    )
}

fn unexpected(reply: Reply) -> Refusal {
    match reply {
        Reply::Refused(r) => r,
        _ => internal("the worker answered another kind of request"),
    }
}

impl Runner for Workers {
    fn first(&self, entry: &Entry, input: &Value, ctx: &Ctx) -> Result<Ran, Refusal> {
        match self.request(Kind::First, entry, input, ctx)? {
            Reply::Answer(envelope) => Ok(Ran::Answer(answer(envelope))),
            Reply::Ask(questions) => Ok(Ran::Ask(questions)),
            other => Err(unexpected(other)),
        }
    }

    fn last(&self, entry: &Entry, input: &Value, ctx: &Ctx) -> Result<Answer, Refusal> {
        match self.request(Kind::Last, entry, input, ctx)? {
            Reply::Answer(envelope) => Ok(answer(envelope)),
            other => Err(unexpected(other)),
        }
    }

    fn questions(&self, entry: &Entry, input: &Value, ctx: &Ctx) -> Result<Vec<Question>, Refusal> {
        match self.request(Kind::Questions, entry, input, ctx)? {
            Reply::Questions(questions) => Ok(questions),
            other => Err(unexpected(other)),
        }
    }
}

/// The envelope's compact text is written again here: it is the same
/// bytes the worker measured against the output budget.
fn answer(envelope: Value) -> Answer {
    let text = envelope.to_string();
    Answer { envelope, text }
}

/// `hessian worker`: answers requests on stdin until it closes. Each call
/// runs in process under its deadline; a watchdog ends the process if a
/// call outlives that deadline by twice `grace`, or as soon as the parent
/// is gone (the parent kills it sooner; this covers a parent that was
/// killed itself).
pub fn serve_worker(grace: Duration) -> std::process::ExitCode {
    let catalog = crate::catalog();
    let runner = InProcess(catalog);
    let limit: Arc<Mutex<Option<Instant>>> = Arc::default();
    let watched = limit.clone();
    let parent = parent_id();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(TICK * 4);
            let now = Instant::now();
            let overdue = watched
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .is_some_and(|l| now >= l);
            if overdue || parent_id() != parent {
                std::process::exit(3);
            }
        }
    });
    let stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let reply = match serde_json::from_str::<Request>(&line) {
            Err(e) => Reply::Refused(internal(&format!("the request did not parse: {e}"))),
            Ok(request) => {
                let budget = match request.deadline_ms {
                    Some(ms) => Budget::with_timeout(Duration::from_secs_f64(ms.max(0.0) / 1e3)),
                    None => Budget::unlimited(),
                };
                *limit.lock().unwrap_or_else(|e| e.into_inner()) = request.deadline_ms.map(|ms| {
                    Instant::now() + Duration::from_secs_f64(ms.max(0.0) / 1e3) + 2 * grace
                });
                let reply = work(catalog, &runner, request, budget);
                *limit.lock().unwrap_or_else(|e| e.into_inner()) = None;
                reply
            }
        };
        let text = serde_json::to_string(&reply).unwrap_or_else(|e| {
            format!(r#"{{"refused":{{"code":"internal_error","message":"the reply could not be written: {e}"}}}}"#)
        });
        let mut out = stdout.lock();
        if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    std::process::ExitCode::SUCCESS
}

/// The parent's process id: it changes (to the reaper's) when the parent
/// dies. Elsewhere than Unix the worker relies on its stdin closing and
/// on its deadline watchdog.
fn parent_id() -> u32 {
    #[cfg(unix)]
    return std::os::unix::process::parent_id();
    #[cfg(not(unix))]
    return 0;
}

fn work(
    catalog: &hessian_contract::Catalog,
    runner: &InProcess,
    request: Request,
    budget: Budget,
) -> Reply {
    let Some(entry) = catalog.get(&request.operation_id) else {
        return Reply::Refused(internal("the worker does not know this operation"));
    };
    let mut ctx = Ctx::new(budget);
    ctx.max_output_bytes = request.max_output_bytes;
    let reply = match request.kind {
        Kind::First => runner
            .first(entry, &request.input, &ctx)
            .map(|ran| match ran {
                Ran::Answer(a) => Reply::Answer(a.envelope),
                Ran::Ask(q) => Reply::Ask(q),
            }),
        Kind::Last => runner
            .last(entry, &request.input, &ctx)
            .map(|a| Reply::Answer(a.envelope)),
        Kind::Questions => runner
            .questions(entry, &request.input, &ctx)
            .map(Reply::Questions),
    };
    reply.unwrap_or_else(Reply::Refused)
}
