//! stdio framing in front of rmcp: one JSON-RPC message per line.
//!
//! rmcp drops a line that is not JSON without a word (to avoid an error
//! storm with a peer that echoes garbage). JSON-RPC 2.0 answers it with a
//! parse error, `-32700` with id `null`, and an agent whose host mangled a
//! line learns more from that than from silence; the answer is itself valid
//! JSON, so echoing it back cannot start a storm. Every stdin line passes
//! through [`read_lines`]: JSON goes on to rmcp, anything else is answered
//! here, and [`write_lines`] puts rmcp's lines and ours on stdout whole.
//!
//! The two also keep the ids of the requests in flight: a second request
//! with the id of one not yet answered would lose one of the two replies
//! inside rmcp, so it is refused here with an error reply of its own.

use serde_json::{Value, json};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The ids (as their JSON text) of the requests sent to rmcp and not yet
/// answered.
pub(crate) type InFlight = Arc<Mutex<HashSet<String>>>;

/// What the framing reads of a message: its id and method, when it has
/// them (every other field is skipped, not built).
#[derive(serde::Deserialize)]
struct Head {
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    method: Option<String>,
}

/// A `notifications/cancelled`'s request id: rmcp sends no reply for it.
#[derive(serde::Deserialize)]
struct Cancelled {
    params: CancelledParams,
}

#[derive(serde::Deserialize)]
struct CancelledParams {
    #[serde(rename = "requestId")]
    request_id: Value,
}

fn lock(ids: &InFlight) -> std::sync::MutexGuard<'_, HashSet<String>> {
    ids.lock().unwrap_or_else(|e| e.into_inner())
}

/// Records a request's id as in flight, or answers a duplicate; forgets
/// the id a cancellation names.
fn track(line: &[u8], ids: &InFlight) -> Option<Vec<u8>> {
    let head: Head = serde_json::from_slice(line).ok()?;
    match (head.method.as_deref(), head.id) {
        (Some("notifications/cancelled"), _) => {
            if let Ok(c) = serde_json::from_slice::<Cancelled>(line) {
                lock(ids).remove(&c.params.request_id.to_string());
            }
            None
        }
        (Some(_), Some(id)) if !id.is_null() => {
            if lock(ids).insert(id.to_string()) {
                return None;
            }
            let mut reply = json!({
                "jsonrpc": "2.0",
                "id": id,
                "error": {"code": -32600, "message": format!(
                    "Invalid Request: a request with id {} is still in flight; give each request its own id",
                    hessian_contract::error::bounded(&id.to_string(), 40)
                )},
            })
            .to_string()
            .into_bytes();
            reply.push(b'\n');
            Some(reply)
        }
        _ => None,
    }
}

/// Forgets the id of a response rmcp wrote.
fn answered(line: &[u8], ids: &InFlight) {
    if let Ok(Head {
        id: Some(id),
        method: None,
    }) = serde_json::from_slice(line)
    {
        lock(ids).remove(&id.to_string());
    }
}

/// The longest line read; longer ones are discarded and answered `-32600`.
/// The same bound as an HTTP body.
pub(crate) const MAX_LINE_BYTES: usize = 8 << 20;

/// The answer to a line that is not one JSON value, or is too long.
fn refusal(code: i64, message: String) -> Vec<u8> {
    let mut line = json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": code, "message": message},
    })
    .to_string()
    .into_bytes();
    line.push(b'\n');
    line
}

/// What one line is, once its terminator, `\r` and a BOM are gone.
fn classify(line: &[u8]) -> Option<Vec<u8>> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    match serde_json::from_slice::<serde::de::IgnoredAny>(line) {
        Ok(_) => None,
        Err(e) => Some(refusal(-32700, format!("Parse error: {e}"))),
    }
}

/// Copies JSON lines from `input` to `rmcp`, and sends the answer to every
/// other line to `errors`, until `input` ends or rmcp stops reading.
pub(crate) async fn read_lines<R, W>(
    input: R,
    mut rmcp: W,
    errors: mpsc::Sender<Vec<u8>>,
    ids: InFlight,
) where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut input = BufReader::new(input);
    let mut line = Vec::new();
    let mut oversized = false;
    loop {
        // fill_buf/consume rather than read_until, so a line never grows
        // past the bound before it is measured.
        let (taken, complete) = {
            let available = match input.fill_buf().await {
                Ok([]) | Err(_) => return,
                Ok(available) => available,
            };
            let newline = available.iter().position(|b| *b == b'\n');
            let take = newline.map_or(available.len(), |i| i + 1);
            if !oversized {
                if line.len() + take > MAX_LINE_BYTES {
                    oversized = true;
                    line = Vec::new();
                } else {
                    line.extend_from_slice(&available[..take]);
                }
            }
            (take, newline.is_some())
        };
        input.consume(taken);
        if !complete {
            continue;
        }
        if oversized {
            oversized = false;
            let message =
                format!("Invalid Request: a line longer than {MAX_LINE_BYTES} bytes was discarded");
            if errors.send(refusal(-32600, message)).await.is_err() {
                return;
            }
            continue;
        }
        match classify(&line).or_else(|| track(&line, &ids)) {
            Some(answer) => {
                if errors.send(answer).await.is_err() {
                    return;
                }
            }
            None => {
                if rmcp.write_all(&line).await.is_err() || rmcp.flush().await.is_err() {
                    return;
                }
            }
        }
        line.clear();
    }
}

/// One whole line out, flushed: the host reads it at once.
async fn send<W: AsyncWrite + Unpin>(output: &mut W, line: &[u8]) -> std::io::Result<()> {
    output.write_all(line).await?;
    output.flush().await
}

/// Writes rmcp's lines and the answers from [`read_lines`] to `output`,
/// each whole, until rmcp's side ends.
pub(crate) async fn write_lines<R, W>(
    rmcp: R,
    mut errors: mpsc::Receiver<Vec<u8>>,
    mut output: W,
    ids: InFlight,
) where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut rmcp = BufReader::new(rmcp);
    let mut line = Vec::new();
    let mut errors_open = true;
    loop {
        // read_until keeps what it has read in `line` when the other branch
        // wins, so a line is never cut.
        tokio::select! {
            read = rmcp.read_until(b'\n', &mut line) => {
                match read {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        answered(&line, &ids);
                        if send(&mut output, &line).await.is_err() {
                            return;
                        }
                        line.clear();
                    }
                }
            }
            answer = errors.recv(), if errors_open => match answer {
                Some(answer) => {
                    if send(&mut output, &answer).await.is_err() {
                        return;
                    }
                }
                None => errors_open = false,
            },
        }
    }
    while let Ok(answer) = errors.try_recv() {
        if output.write_all(&answer).await.is_err() {
            return;
        }
    }
    let _ = output.flush().await;
}

#[cfg(test)]
mod tests {
    use super::classify;

    #[test]
    fn json_passes_and_anything_else_is_a_parse_error() {
        assert!(classify(b"{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}\n").is_none());
        assert!(classify(b"\xEF\xBB\xBF{}\r\n").is_none());
        assert!(classify(b"   \n").is_none());
        let answer = classify(b"{\"jsonrpc\": \"2.0\", \"method\"\n").expect("answered");
        let answer: serde_json::Value = serde_json::from_slice(&answer).expect("JSON");
        assert_eq!(answer["error"]["code"], -32700);
        assert!(answer["id"].is_null());
        assert!(classify(b"not json\n").is_some());
        assert!(classify(b"{} {}\n").is_some(), "two values on one line");
    }
}
