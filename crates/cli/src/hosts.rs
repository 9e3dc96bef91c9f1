//! `hessian config <host>`: the snippet that adds this binary to one MCP
//! host, with its absolute path filled in — or, when a launcher started it
//! (`HESSIAN_LAUNCHER=npx|uvx`, set by the npm and Python wrappers, whose
//! cache paths go stale), the launcher's command. It prints; it never edits
//! a user's files. Where the snippet goes is said on stderr, so stdout holds
//! only what to paste.

use clap::ValueEnum;
use serde_json::json;

#[derive(Clone, Copy, ValueEnum)]
pub enum Host {
    ClaudeDesktop,
    ClaudeCode,
    Vscode,
    Cursor,
    Zed,
    Codex,
    Goose,
    Windsurf,
    /// A client of `hessian serve --http 127.0.0.1:8080`.
    Http,
}

/// The command a host runs to start the server.
pub struct Launch {
    pub command: String,
    pub args: Vec<&'static str>,
}

impl Launch {
    /// `launcher` is `HESSIAN_LAUNCHER`; anything but npx or uvx means the
    /// binary itself at `exe`.
    pub fn new(launcher: Option<&str>, exe: String) -> Launch {
        let (command, args) = match launcher {
            Some("npx") => ("npx".into(), vec!["-y", "hessian-mcp", "serve"]),
            Some("uvx") => ("uvx".into(), vec!["hessian-mcp", "serve"]),
            _ => (exe, vec!["serve"]),
        };
        Launch { command, args }
    }
}

/// (where it goes, the snippet) for `host` started by `launch`.
pub fn snippet(host: Host, launch: &Launch) -> (&'static str, String) {
    let pretty = |v: serde_json::Value| serde_json::to_string_pretty(&v).unwrap_or_default();
    let exe = launch.command.as_str();
    let args = &launch.args;
    let stdio = json!({ "command": exe, "args": args });
    match host {
        Host::ClaudeDesktop => (
            "claude_desktop_config.json (Settings → Developer → Edit Config), under mcpServers",
            pretty(json!({ "mcpServers": { "hessian": stdio } })),
        ),
        Host::ClaudeCode => (
            "a shell",
            format!(
                "claude mcp add hessian -- {} {}",
                shell_word(exe),
                args.join(" ")
            ),
        ),
        Host::Vscode => (
            ".vscode/mcp.json in the workspace (or the user mcp.json)",
            pretty(
                json!({ "servers": { "hessian": { "type": "stdio", "command": exe, "args": args } } }),
            ),
        ),
        Host::Cursor => (
            "~/.cursor/mcp.json (or .cursor/mcp.json in a project)",
            pretty(json!({ "mcpServers": { "hessian": stdio } })),
        ),
        Host::Zed => (
            "Zed's settings.json",
            pretty(
                json!({ "context_servers": { "hessian": { "source": "custom", "command": exe, "args": args } } }),
            ),
        ),
        Host::Codex => (
            "~/.codex/config.toml",
            format!(
                "[mcp_servers.hessian]\ncommand = {}\nargs = {}",
                json!(exe),
                json!(args)
            ),
        ),
        Host::Goose => (
            "~/.config/goose/config.yaml, under extensions",
            format!(
                "extensions:\n  hessian:\n    name: hessian\n    type: stdio\n    cmd: {}\n    args: {}\n    enabled: true\n    timeout: 300",
                json!(exe),
                json!(args)
            ),
        ),
        Host::Windsurf => (
            "~/.codeium/windsurf/mcp_config.json",
            pretty(json!({ "mcpServers": { "hessian": stdio } })),
        ),
        Host::Http => (
            "the client's MCP settings, with the server started as `hessian serve --http 127.0.0.1:8080`",
            pretty(
                json!({ "mcpServers": { "hessian": { "type": "http", "url": "http://127.0.0.1:8080/mcp" } } }),
            ),
        ),
    }
}

/// `word` quoted for a POSIX shell when it needs it.
fn shell_word(word: &str) -> String {
    if word
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"/._-+:".contains(&b))
    {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_json_snippet_parses_and_names_the_binary() {
        for host in Host::value_variants() {
            let (_, text) = snippet(*host, &Launch::new(None, "/opt/hessian dir/hessian".into()));
            if text.starts_with('{') {
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                assert!(
                    v.to_string().contains("/opt/hessian dir/hessian")
                        || v.to_string().contains("/mcp")
                );
            } else {
                assert!(text.contains("/opt/hessian dir/hessian"), "{text}");
            }
        }
        assert_eq!(
            snippet(Host::ClaudeCode, &Launch::new(None, "/a b/h".into())).1,
            "claude mcp add hessian -- '/a b/h' serve"
        );
    }

    #[test]
    fn a_launcher_prints_its_own_command_not_its_cache_path() {
        let npx = Launch::new(Some("npx"), "/home/u/.npm/_npx/1/hessian".into());
        assert_eq!(
            snippet(Host::ClaudeCode, &npx).1,
            "claude mcp add hessian -- npx -y hessian-mcp serve"
        );
        let (_, desktop) = snippet(Host::ClaudeDesktop, &npx);
        let v: serde_json::Value = serde_json::from_str(&desktop).unwrap();
        assert_eq!(v["mcpServers"]["hessian"]["command"], "npx");
        assert_eq!(
            v["mcpServers"]["hessian"]["args"],
            json!(["-y", "hessian-mcp", "serve"])
        );
        let uvx = Launch::new(Some("uvx"), "/x".into());
        assert!(
            snippet(Host::Codex, &uvx)
                .1
                .contains(r#"args = ["hessian-mcp","serve"]"#)
        );
    }
}
