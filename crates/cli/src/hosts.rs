//! `hessian config <host>`: the snippet that adds this binary to one MCP
//! host, with its absolute path filled in. It prints; it never edits a
//! user's files. Where the snippet goes is said on stderr, so stdout holds
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

/// (where it goes, the snippet) for `host` running `exe`.
pub fn snippet(host: Host, exe: &str) -> (&'static str, String) {
    let pretty = |v: serde_json::Value| serde_json::to_string_pretty(&v).unwrap_or_default();
    let stdio = json!({ "command": exe, "args": ["serve"] });
    match host {
        Host::ClaudeDesktop => (
            "claude_desktop_config.json (Settings → Developer → Edit Config), under mcpServers",
            pretty(json!({ "mcpServers": { "hessian": stdio } })),
        ),
        Host::ClaudeCode => (
            "a shell",
            format!("claude mcp add hessian -- {} serve", shell_word(exe)),
        ),
        Host::Vscode => (
            ".vscode/mcp.json in the workspace (or the user mcp.json)",
            pretty(
                json!({ "servers": { "hessian": { "type": "stdio", "command": exe, "args": ["serve"] } } }),
            ),
        ),
        Host::Cursor => (
            "~/.cursor/mcp.json (or .cursor/mcp.json in a project)",
            pretty(json!({ "mcpServers": { "hessian": stdio } })),
        ),
        Host::Zed => (
            "Zed's settings.json",
            pretty(
                json!({ "context_servers": { "hessian": { "source": "custom", "command": exe, "args": ["serve"] } } }),
            ),
        ),
        Host::Codex => (
            "~/.codex/config.toml",
            format!(
                "[mcp_servers.hessian]\ncommand = {}\nargs = [\"serve\"]",
                json!(exe)
            ),
        ),
        Host::Goose => (
            "~/.config/goose/config.yaml, under extensions",
            format!(
                "extensions:\n  hessian:\n    name: hessian\n    type: stdio\n    cmd: {}\n    args: [serve]\n    enabled: true\n    timeout: 300",
                json!(exe)
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
            let (_, text) = snippet(*host, "/opt/hessian dir/hessian");
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
            snippet(Host::ClaudeCode, "/a b/h").1,
            "claude mcp add hessian -- '/a b/h' serve"
        );
    }
}
