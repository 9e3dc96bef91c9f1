//! `hessian`: the MCP server and the same catalog from a shell.

mod bench;
mod hosts;
mod show;

use clap::{Parser, Subcommand};
use hessian_contract::{Ctx, call, find, schemas};
use hessian_kernels::Budget;
use serde_json::{Map, Value, json};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "hessian",
    version,
    about = "Exact, typed mathematics for AI agents, over MCP and from the shell."
)]
struct Cli {
    /// Print the exact JSON answer even on a terminal (it is always JSON
    /// when stdout is a pipe or a file).
    #[arg(long, global = true)]
    json: bool,
    /// Print the readable layout even into a pipe or a file.
    #[arg(long, global = true, conflicts_with = "json")]
    text: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve MCP over stdio (for desktop and IDE hosts), or over stateless
    /// streamable HTTP with --http.
    ///
    /// Multi-round calls carry a request state signed with an ed25519 key.
    /// Replicas that continue each other's calls share it: give it as
    /// HESSIAN_STATE_KEY (the text `hessian key new` prints) or as a file
    /// with --state-key-file / HESSIAN_STATE_KEY_FILE; HESSIAN_STATE_VERIFY_KEYS
    /// (comma-separated `key_id:public key`) accepts older keys while
    /// rotating. Without a key each process signs with a fresh one.
    Serve {
        /// Wall-clock limit of one math_run call, in milliseconds.
        #[arg(long, env = "HESSIAN_DEADLINE_MS", default_value_t = 30_000)]
        deadline_ms: u64,
        /// Calls computing at once; more wait in the queue (--queue), and
        /// beyond it are refused with `busy`.
        #[arg(long, env = "HESSIAN_MAX_CONCURRENT", default_value_t = 16)]
        max_concurrent: usize,
        /// Calls that may wait for a computation slot (within their
        /// deadline): 1024 over stdio, where a host pipelines its calls, and
        /// 0 over HTTP, where a busy replica should send the caller to another.
        #[arg(long, env = "HESSIAN_QUEUE")]
        queue: Option<usize>,
        /// Bytes of JSON one tool result may carry (structuredContent and its
        /// text alike); a larger result is refused with limit_exceeded.
        #[arg(long, env = "HESSIAN_MAX_OUTPUT_BYTES", default_value_t = hessian_contract::call::DEFAULT_OUTPUT_BYTES)]
        max_output_bytes: usize,
        /// The request-state signing key file (`hessian key new --out FILE` writes one).
        #[arg(long, env = "HESSIAN_STATE_KEY_FILE")]
        state_key_file: Option<PathBuf>,
        /// Serve streamable HTTP at this address (e.g. 127.0.0.1:8080) instead of stdio.
        #[arg(long, env = "HESSIAN_HTTP")]
        http: Option<std::net::SocketAddr>,
        /// Bearer-token digests (`hessian token new` prints lines for it);
        /// required for a non-loopback address.
        #[arg(long, env = "HESSIAN_TOKEN_FILE")]
        token_file: Option<PathBuf>,
        /// Host header values to accept besides loopback (the name clients use through a proxy).
        #[arg(
            long = "allowed-host",
            env = "HESSIAN_ALLOWED_HOSTS",
            value_delimiter = ','
        )]
        allowed_hosts: Vec<String>,
        /// Largest request body, in bytes.
        #[arg(long, env = "HESSIAN_MAX_BODY_BYTES", default_value_t = 8 << 20)]
        max_body_bytes: usize,
        /// A name sent as the `x-hessian-replica` response header.
        #[arg(long, env = "HESSIAN_REPLICA")]
        replica: Option<String>,
        /// How long request headers, a request body, or the next request on
        /// an idle connection may take to arrive, in milliseconds.
        #[arg(long, env = "HESSIAN_READ_TIMEOUT_MS", default_value_t = 10_000)]
        read_timeout_ms: u64,
        /// HTTP connections open at once; one more is answered 503 (health
        /// checks are still answered), and near the cap idle keep-alive
        /// connections are closed to make room.
        #[arg(long, env = "HESSIAN_MAX_CONNECTIONS", default_value_t = 256)]
        max_connections: usize,
        /// HTTP connections one peer address may hold (behind a proxy, every
        /// connection is the proxy's: raise it to --max-connections).
        #[arg(long, env = "HESSIAN_MAX_CONNECTIONS_PER_PEER", default_value_t = 64)]
        max_connections_per_peer: usize,
        /// Evaluation arm 1 only: math_find shows contracts without examples.
        #[arg(long, hide = true)]
        eval_contract_only: bool,
        /// How long past its deadline a call's worker process is given
        /// before it is killed and the call answered deadline_exceeded.
        #[arg(long, env = "HESSIAN_GRACE_MS", default_value_t = 100)]
        grace_ms: u64,
        /// Compute on the server's own threads instead of worker processes
        /// (for measurement: a kernel that does not poll its budget then
        /// cannot be stopped).
        #[arg(long, hide = true)]
        in_process: bool,
    },
    /// A worker process of `serve`: computes the calls its parent sends on
    /// stdin (one JSON request per line) until stdin closes.
    #[command(hide = true)]
    Worker {
        #[arg(long, default_value_t = 100)]
        grace_ms: u64,
    },
    /// Issue a bearer token for `serve --http --token-file`.
    Token {
        #[command(subcommand)]
        action: TokenAction,
    },
    /// Make a request-state signing key for `serve` (shared by replicas).
    Key {
        #[command(subcommand)]
        action: KeyAction,
    },
    /// Print the configuration snippet that adds this hessian to an MCP
    /// host, with this binary's absolute path (prints only; edits nothing).
    Config {
        #[arg(value_enum)]
        host: hosts::Host,
    },
    /// Search the catalog, as math_find {"query": …} does.
    Find {
        /// Words describing the operation, e.g. "determinant of a matrix".
        query: Vec<String>,
        #[arg(long)]
        domain: Option<String>,
        #[arg(long)]
        limit: Option<u32>,
    },
    /// List operations in id order, as math_find {"browse": true} does.
    Browse {
        #[arg(long)]
        domain: Option<String>,
        #[arg(long)]
        limit: Option<u32>,
        #[arg(long)]
        cursor: Option<String>,
    },
    /// Show one operation's contract and copyable example.
    Inspect { operation_id: String },
    /// Run one operation, as math_run does: prints its envelope, or its
    /// refusal with exit code 2.
    Run {
        operation_id: String,
        /// The input object as JSON, e.g. '{"matrix": [["1","2"],["3","4"]]}';
        /// `-` reads it from stdin, `@FILE` from a file (for inputs too long for a command line).
        input: String,
        /// Refuse unless the operation's contract digest is this one.
        #[arg(long)]
        contract: Option<String>,
        #[arg(long, default_value_t = 30_000)]
        deadline_ms: u64,
        /// How long past the deadline a kernel that has not stopped is given
        /// before the process ends with deadline_exceeded (the hard stop).
        #[arg(long, default_value_t = 250)]
        grace_ms: u64,
        /// Refuse results larger than this many bytes of JSON, as a server
        /// does (no limit unless given).
        #[arg(long)]
        max_output_bytes: Option<usize>,
    },
    /// Time a kernel on the integer matrices in FILE ({"matrices": [[[…]]]}),
    /// for benches/compare.py: prints one JSON line per matrix.
    #[command(hide = true)]
    Bench {
        #[arg(value_parser = ["det", "det-numeric", "solve", "inverse", "parse", "factor"])]
        kernel: String,
        file: PathBuf,
        #[arg(long, default_value_t = 1)]
        repeat: usize,
    },
    /// Evaluate agents on the frozen tasks: a model behind any
    /// OpenAI-compatible endpoint (--endpoint), or the scripted careful agent
    /// (--careful), bridged to `hessian serve` children over stdio. Writes
    /// transcripts.jsonl, runs.jsonl, report.md and chart.png into --out.
    Eval(EvalArgs),
    /// Regenerate or check the committed contract documents.
    Schemas {
        #[arg(long, conflicts_with = "check", required_unless_present = "check")]
        write: bool,
        #[arg(long)]
        check: bool,
        #[arg(long, default_value = "schemas")]
        dir: PathBuf,
    },
}

#[derive(clap::Args)]
struct EvalArgs {
    /// API root of an OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1.
    #[arg(
        long,
        env = "HESSIAN_EVAL_ENDPOINT",
        required_unless_present = "careful"
    )]
    endpoint: Option<String>,
    /// The model name sent with each request.
    #[arg(long, env = "HESSIAN_EVAL_MODEL", default_value = "default")]
    model: String,
    /// The environment variable holding the API key, if the endpoint needs one.
    #[arg(long, default_value = "OPENAI_API_KEY")]
    api_key_env: String,
    /// Run the scripted careful agent (no model) instead.
    #[arg(long, conflicts_with = "endpoint")]
    careful: bool,
    /// Arms: 1 contract without example, 2 contract and example, 3 no tool.
    #[arg(long, value_delimiter = ',', default_value = "1,2,3")]
    arms: Vec<u8>,
    #[arg(long, default_value = "evals/tasks")]
    tasks: PathBuf,
    /// Only these task ids or families (comma-separated).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    #[arg(long, default_value = "evals/runs/latest")]
    out: PathBuf,
    #[arg(long, default_value_t = 8)]
    max_turns: usize,
    #[arg(long, default_value_t = 0.0)]
    temperature: f64,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Completion tokens per turn (left out of requests when not given).
    #[arg(long)]
    max_tokens: Option<u32>,
    /// Per-request limit for the endpoint, in seconds.
    #[arg(long, default_value_t = 600)]
    timeout_secs: u64,
}

fn eval(a: EvalArgs) -> ExitCode {
    use hessian_eval::{agent, model, task};
    let fail = |e: String| {
        eprintln!("hessian eval: {e}");
        ExitCode::FAILURE
    };
    let mut tasks = match task::load_dir(&a.tasks) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    if a.careful {
        // A script cannot answer without a tool: the controls are for models.
        tasks.retain(|t| !t.control);
    }
    if !a.only.is_empty() {
        tasks.retain(|t| a.only.iter().any(|o| *o == t.id || *o == t.family));
    }
    let mut arms = Vec::new();
    for n in &a.arms {
        match agent::Arm::from_number(*n) {
            Some(arm) => arms.push(arm),
            None => return fail(format!("no arm {n}; the arms are 1, 2 and 3")),
        }
    }
    let server = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => return fail(format!("cannot find the hessian executable: {e}")),
    };
    let mut chosen: Box<dyn model::Model> = match (a.careful, &a.endpoint) {
        (true, _) => Box::new(model::Careful),
        (false, Some(endpoint)) => Box::new(model::OpenAi::new(
            endpoint,
            &a.model,
            std::env::var(&a.api_key_env).ok().filter(|k| !k.is_empty()),
            Duration::from_secs(a.timeout_secs),
        )),
        (false, None) => return fail("give --endpoint or --careful".into()),
    };
    let opts = hessian_eval::Options {
        tasks,
        arms,
        server,
        settings: agent::Settings {
            model: a.model.clone(),
            max_turns: a.max_turns,
            temperature: a.temperature,
            seed: a.seed,
            max_tokens: a.max_tokens,
        },
        out: a.out,
    };
    match hessian_eval::evaluate(chosen.as_mut(), &opts) {
        Ok(outcome) => {
            show::out(&outcome.report);
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

#[derive(Subcommand)]
enum KeyAction {
    /// Write a fresh signing key (to --out, created owner-only, or stdout)
    /// and print its verifying key for HESSIAN_STATE_VERIFY_KEYS.
    New {
        /// A name for the key, bound into every state it signs.
        #[arg(long, default_value = "k1")]
        id: String,
        /// The file to create; it must not exist.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum TokenAction {
    /// Print a fresh token once, and the line to add to the token file
    /// (which stores only its sha256 digest).
    New {
        #[arg(long)]
        principal: String,
        /// Comma-separated scopes recorded with the token.
        #[arg(long, default_value = "run")]
        scopes: String,
    },
}

fn object(pairs: impl IntoIterator<Item = (&'static str, Option<Value>)>) -> Map<String, Value> {
    pairs
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k.to_string(), v)))
        .collect()
}

/// Creates `path` readable by its owner only, failing if it exists.
fn write_secret(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options
        .open(path)?
        .write_all(format!("{text}\n").as_bytes())
}

/// The hard stop of `hessian run`: a kernel that has not stopped by the
/// deadline plus `grace_ms` ends the process with `deadline_exceeded`, so
/// a shell (or a test) never waits on a runaway computation. Whoever locks
/// the returned mutex first prints the one answer.
fn hard_stop(
    deadline_ms: u64,
    grace_ms: u64,
    style: show::Style,
) -> std::sync::Arc<std::sync::Mutex<()>> {
    let answered = std::sync::Arc::new(std::sync::Mutex::new(()));
    let lock = answered.clone();
    let limit = Duration::from_millis(deadline_ms.saturating_add(grace_ms));
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        // The main thread holds the lock while it prints its own answer,
        // and exits right after; if it got there first, this waits forever.
        let _held = lock.lock();
        let r = hessian_contract::Refusal::new(
            hessian_contract::Code::DeadlineExceeded,
            format!(
                "the call ran past its deadline of {deadline_ms} ms and was stopped {grace_ms} ms later"
            ),
        );
        show::answer(Err(r), style, show::Kind::Envelope);
        std::process::exit(2);
    });
    answered
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let catalog = hessian_server::catalog();
    let style = show::Style::choose(cli.json, cli.text);
    use show::{Kind, answer};
    match cli.command {
        Command::Key {
            action: KeyAction::New { id, out },
        } => {
            let (text, public) = match hessian_contract::state::Keys::new_key_text(&id) {
                Ok(k) => k,
                Err(e) => {
                    eprintln!("hessian: {e}");
                    return ExitCode::from(2);
                }
            };
            match out {
                None => show::out(&text),
                Some(path) => {
                    if let Err(e) = write_secret(&path, &text) {
                        eprintln!("hessian: cannot create {}: {e}", path.display());
                        return ExitCode::FAILURE;
                    }
                    eprintln!(
                        "wrote the signing key {id} to {} (owner-only); serve with --state-key-file {}",
                        path.display(),
                        path.display()
                    );
                }
            }
            eprintln!(
                "verifying key, for HESSIAN_STATE_VERIFY_KEYS on replicas that rotate away from it: {public}"
            );
            ExitCode::SUCCESS
        }
        Command::Config { host } => {
            let exe = match std::env::current_exe().and_then(|p| p.canonicalize()) {
                Ok(p) => p.display().to_string(),
                Err(e) => {
                    eprintln!("hessian: cannot find this executable's path: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let launcher = std::env::var("HESSIAN_LAUNCHER").ok();
            let launch = hosts::Launch::new(launcher.as_deref(), exe);
            let (place, text) = hosts::snippet(host, &launch);
            eprintln!("# add to {place}:");
            show::out(&text);
            ExitCode::SUCCESS
        }
        Command::Eval(args) => eval(args),
        Command::Token {
            action: TokenAction::New { principal, scopes },
        } => {
            if principal.is_empty() || principal.contains(char::is_whitespace) {
                eprintln!("hessian: a principal is one word, e.g. --principal alice");
                return ExitCode::from(2);
            }
            match hessian_server::new_token(&principal, &scopes) {
                Ok((token, line)) => {
                    show::out(&format!(
                        "token (shown once; give it to {principal}): {token}"
                    ));
                    show::out(&format!("token-file line:\n{line}"));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("hessian: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Serve {
            deadline_ms,
            max_concurrent,
            queue,
            max_output_bytes,
            state_key_file,
            http,
            token_file,
            allowed_hosts,
            max_body_bytes,
            replica,
            read_timeout_ms,
            max_connections,
            max_connections_per_peer,
            eval_contract_only,
            grace_ms,
            in_process,
        } => {
            tracing_subscriber::fmt()
                .with_writer(std::io::stderr)
                .with_ansi(false)
                .with_env_filter(
                    tracing_subscriber::EnvFilter::try_from_default_env()
                        .unwrap_or_else(|_| "warn".into()),
                )
                .init();
            let worker_exe = match (in_process, std::env::current_exe()) {
                (false, Ok(exe)) => Some(exe),
                (false, Err(e)) => {
                    eprintln!("hessian: cannot find this binary to start worker processes: {e}");
                    return ExitCode::FAILURE;
                }
                (true, _) => None,
            };
            let config = hessian_server::Config {
                deadline: Duration::from_millis(deadline_ms),
                max_concurrent,
                max_output_bytes,
                state_key_file,
                examples: !eval_contract_only,
                worker_exe,
                grace: Duration::from_millis(grace_ms),
                queue: queue.unwrap_or(if http.is_none() { 1024 } else { 0 }),
            };
            let runtime = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    eprintln!("hessian: cannot start the runtime: {e}");
                    return ExitCode::FAILURE;
                }
            };
            use std::io::IsTerminal;
            if http.is_none() && std::io::stdin().is_terminal() {
                // A person typed `hessian serve`: say why nothing happens.
                eprintln!(
                    "hessian {} speaks MCP (JSON-RPC, one message per line) on stdin/stdout, for an MCP host to start.\n\
                     Add it to a host: `hessian config claude-desktop` (or claude-code, vscode, cursor, zed, codex, goose, windsurf) prints the snippet.\n\
                     Try it here instead: `hessian find determinant`, `hessian run …`. Ctrl-D ends this server.",
                    env!("CARGO_PKG_VERSION")
                );
            }
            let served = match http {
                None => runtime.block_on(hessian_server::serve_stdio(config)),
                Some(addr) => runtime.block_on(hessian_server::serve_http(
                    config,
                    hessian_server::HttpOptions {
                        addr,
                        allowed_hosts,
                        token_file,
                        max_body_bytes,
                        replica,
                        read_timeout: Duration::from_millis(read_timeout_ms),
                        max_connections,
                        max_connections_per_peer,
                    },
                )),
            };
            // The servers have closed their workers; a blocking thread still
            // finishing its reply is not waited for.
            runtime.shutdown_timeout(Duration::from_millis(500));
            match served {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("hessian: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Find {
            query,
            domain,
            limit,
        } => answer(
            find::find(
                catalog,
                &object([
                    ("query", Some(json!(query.join(" ")))),
                    ("domain", domain.map(Value::from)),
                    ("limit", limit.map(Value::from)),
                ]),
            ),
            style,
            Kind::Matches,
        ),
        Command::Browse {
            domain,
            limit,
            cursor,
        } => {
            let page = |cursor: Option<String>, limit: Option<u32>| {
                find::find(
                    catalog,
                    &object([
                        ("browse", Some(json!(true))),
                        ("domain", domain.clone().map(Value::from)),
                        ("limit", limit.map(Value::from)),
                        ("cursor", cursor.map(Value::from)),
                    ]),
                )
            };
            if style == show::Style::Json || limit.is_some() || cursor.is_some() {
                return answer(page(cursor, limit), style, Kind::Matches);
            }
            // A person browsing sees the whole catalog (or domain), page after page.
            let mut all = match page(None, Some(find::MAX_LIMIT)) {
                Ok(v) => v,
                Err(r) => return answer(Err(r), style, Kind::Matches),
            };
            while let Some(next) = all
                .get("next_cursor")
                .and_then(Value::as_str)
                .map(String::from)
            {
                let more = match page(Some(next), Some(find::MAX_LIMIT)) {
                    Ok(v) => v,
                    Err(r) => return answer(Err(r), style, Kind::Matches),
                };
                let cards = more["matches"].as_array().cloned().unwrap_or_default();
                if let Some(m) = all["matches"].as_array_mut() {
                    m.extend(cards);
                }
                all["next_cursor"] = more.get("next_cursor").cloned().unwrap_or(Value::Null);
                if all["next_cursor"].is_null() {
                    all.as_object_mut().map(|o| o.remove("next_cursor"));
                }
            }
            answer(Ok(all), style, Kind::Matches)
        }
        Command::Inspect { operation_id } => {
            answer(find::inspect(catalog, &operation_id), style, Kind::Contract)
        }
        Command::Run {
            operation_id,
            input,
            contract,
            deadline_ms,
            grace_ms,
            max_output_bytes,
        } => {
            let text = match input.as_str() {
                "-" => std::io::read_to_string(std::io::stdin()),
                s if s.starts_with('@') => std::fs::read_to_string(&s[1..]),
                s => Ok(s.to_string()),
            };
            let text = match text {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("hessian: cannot read INPUT: {e}");
                    return ExitCode::from(2);
                }
            };
            let input: Value = match serde_json::from_str(&text) {
                Ok(v) => v,
                Err(e) => {
                    eprintln!("hessian: INPUT is not JSON: {e}");
                    return ExitCode::from(2);
                }
            };
            let args = object([
                ("operation_id", Some(json!(operation_id))),
                ("input", Some(input)),
                ("contract", contract.map(Value::from)),
            ]);
            let mut ctx = Ctx::new(Budget::with_timeout(Duration::from_millis(deadline_ms)));
            ctx.max_output_bytes = max_output_bytes;
            let answered = hard_stop(deadline_ms, grace_ms, style);
            let result = call::run(catalog, args, &ctx);
            let Ok(_first) = answered.lock() else {
                return ExitCode::from(2);
            };
            let code = answer(result, style, Kind::Envelope);
            // For the memory test: the process's peak resident set, on stderr.
            if std::env::var_os("HESSIAN_REPORT_PEAK_RSS").is_some() {
                let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
                if let Some(line) = status.lines().find(|l| l.starts_with("VmHWM:")) {
                    eprintln!(
                        "peak_rss_kib {}",
                        line.trim_start_matches("VmHWM:")
                            .trim()
                            .trim_end_matches(" kB")
                    );
                }
            }
            code
        }
        Command::Worker { grace_ms } => {
            hessian_server::workers::serve_worker(Duration::from_millis(grace_ms))
        }
        Command::Bench {
            kernel,
            file,
            repeat,
        } => match match kernel.as_str() {
            "det" => bench::det(&file, repeat),
            "solve" => bench::solve(&file, repeat),
            "inverse" => bench::inverse(&file, repeat),
            "parse" => bench::parse(&file, repeat),
            "factor" => bench::factor(&file, repeat),
            _ => bench::det_numeric(&file, repeat),
        } {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("hessian bench: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Schemas { write, dir, .. } => {
            let result = if write {
                schemas::write(catalog, &dir)
                    .map(|n| format!("wrote {n} files to {}", dir.display()))
            } else {
                schemas::check(catalog, &dir).map(|()| {
                    format!(
                        "{} matches the code ({} operations)",
                        dir.display(),
                        catalog.len()
                    )
                })
            };
            match result {
                Ok(msg) => {
                    eprintln!("{msg}");
                    ExitCode::SUCCESS
                }
                Err(problems) => {
                    for p in problems {
                        eprintln!("{p}");
                    }
                    ExitCode::FAILURE
                }
            }
        }
    }
}
