//! `hessian`: the MCP server and the same catalog from a shell.

mod bench;

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
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve MCP over stdio (for desktop and IDE hosts), or over stateless
    /// streamable HTTP with --http.
    Serve {
        /// Wall-clock limit of one math.run call, in milliseconds.
        #[arg(long, env = "HESSIAN_DEADLINE_MS", default_value_t = 30_000)]
        deadline_ms: u64,
        /// Calls computing at once; more are refused with `busy`.
        #[arg(long, env = "HESSIAN_MAX_CONCURRENT", default_value_t = 16)]
        max_concurrent: usize,
        /// Serve streamable HTTP at this address (e.g. 127.0.0.1:8080) instead of stdio.
        #[arg(long, env = "HESSIAN_HTTP")]
        http: Option<std::net::SocketAddr>,
        /// Bearer-token digests (`hessian token new` prints lines for it);
        /// required for a non-loopback address.
        #[arg(long, env = "HESSIAN_TOKEN_FILE")]
        token_file: Option<PathBuf>,
        /// Host header values to accept besides loopback (the name clients use through a proxy).
        #[arg(long = "allowed-host", env = "HESSIAN_ALLOWED_HOSTS", value_delimiter = ',')]
        allowed_hosts: Vec<String>,
        /// Largest request body, in bytes.
        #[arg(long, env = "HESSIAN_MAX_BODY_BYTES", default_value_t = 8 << 20)]
        max_body_bytes: usize,
        /// A name sent as the `x-hessian-replica` response header.
        #[arg(long, env = "HESSIAN_REPLICA")]
        replica: Option<String>,
        /// Evaluation arm 1 only: math.find shows contracts without examples.
        #[arg(long, hide = true)]
        eval_contract_only: bool,
    },
    /// Issue a bearer token for `serve --http --token-file`.
    Token {
        #[command(subcommand)]
        action: TokenAction,
    },
    /// Search the catalog, as math.find {"query": …} does.
    Find {
        /// Words describing the operation, e.g. "determinant of a matrix".
        query: Vec<String>,
        #[arg(long)]
        domain: Option<String>,
        #[arg(long)]
        limit: Option<u32>,
    },
    /// List operations in id order, as math.find {"browse": true} does.
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
    /// Run one operation, as math.run does: prints its envelope, or its
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
    #[arg(long, env = "HESSIAN_EVAL_ENDPOINT", required_unless_present = "careful")]
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
            println!("{}", outcome.report);
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
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

fn print(v: &Value) {
    println!("{}", serde_json::to_string_pretty(v).unwrap_or_default());
}

/// Prints a math.find / math.run answer; a refusal exits with 2.
fn answer(result: Result<Value, hessian_contract::Refusal>) -> ExitCode {
    match result {
        Ok(v) => {
            print(&v);
            ExitCode::SUCCESS
        }
        Err(r) => {
            print(&r.to_json());
            ExitCode::from(2)
        }
    }
}

fn object(pairs: impl IntoIterator<Item = (&'static str, Option<Value>)>) -> Map<String, Value> {
    pairs
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k.to_string(), v)))
        .collect()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let catalog = hessian_server::catalog();
    match cli.command {
        Command::Eval(args) => eval(args),
        Command::Token { action: TokenAction::New { principal, scopes } } => {
            if principal.is_empty() || principal.contains(char::is_whitespace) {
                eprintln!("hessian: a principal is one word, e.g. --principal alice");
                return ExitCode::from(2);
            }
            match hessian_server::new_token(&principal, &scopes) {
                Ok((token, line)) => {
                    println!("token (shown once; give it to {principal}): {token}");
                    println!("token-file line:\n{line}");
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
            http,
            token_file,
            allowed_hosts,
            max_body_bytes,
            replica,
            eval_contract_only,
        } => {
            tracing_subscriber::fmt()
                .with_writer(std::io::stderr)
                .with_ansi(false)
                .with_env_filter(
                    tracing_subscriber::EnvFilter::try_from_default_env()
                        .unwrap_or_else(|_| "warn".into()),
                )
                .init();
            let config = hessian_server::Config {
                deadline: Duration::from_millis(deadline_ms),
                max_concurrent,
                examples: !eval_contract_only,
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
            let served = match http {
                None => runtime.block_on(hessian_server::serve_stdio(config)),
                Some(addr) => runtime.block_on(hessian_server::serve_http(
                    config,
                    hessian_server::HttpOptions { addr, allowed_hosts, token_file, max_body_bytes, replica },
                )),
            };
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
        } => answer(find::find(
            catalog,
            &object([
                ("query", Some(json!(query.join(" ")))),
                ("domain", domain.map(Value::from)),
                ("limit", limit.map(Value::from)),
            ]),
        )),
        Command::Browse {
            domain,
            limit,
            cursor,
        } => answer(find::find(
            catalog,
            &object([
                ("browse", Some(json!(true))),
                ("domain", domain.map(Value::from)),
                ("limit", limit.map(Value::from)),
                ("cursor", cursor.map(Value::from)),
            ]),
        )),
        Command::Inspect { operation_id } => answer(find::inspect(catalog, &operation_id)),
        Command::Run {
            operation_id,
            input,
            contract,
            deadline_ms,
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
            let ctx = Ctx::new(Budget::with_timeout(Duration::from_millis(deadline_ms)));
            answer(call::run(catalog, args, &ctx))
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
