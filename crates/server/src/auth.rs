//! Bearer tokens for the HTTP transport. The token file holds only sha256
//! digests, one per line: `sha256:<hex> <principal> [scope,scope…]`, with
//! `#` comments. A presented token is hashed and compared with every digest
//! in constant time, so neither the file nor the timing reveals a token.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use sha2::{Digest, Sha256};

/// Who a request acts for; bound into continuation state and audit records.
#[derive(Debug, Clone, PartialEq)]
pub struct Principal {
    pub name: String,
    pub scopes: Vec<String>,
}

/// The scopes a token may carry: `find` admits math_find and the
/// resources, `run` admits math_run and implies `find` (a run needs its
/// contract).
pub const SCOPES: &[&str] = &["find", "run"];

impl Principal {
    /// Whether this principal may use `scope`.
    pub fn may(&self, scope: &str) -> bool {
        self.scopes
            .iter()
            .any(|s| s == scope || (s == "run" && scope == "find"))
    }
}

pub struct Tokens {
    entries: Vec<([u8; 32], Principal)>,
}

fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

impl Tokens {
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut entries = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let bad = || {
                format!(
                    "token file line {}: expected `sha256:<64 hex> <principal> [scopes]`",
                    n + 1
                )
            };
            let hex = words
                .next()
                .and_then(|w| w.strip_prefix("sha256:"))
                .ok_or_else(bad)?;
            let name = words.next().ok_or_else(bad)?;
            if hex.len() != 64 {
                return Err(bad());
            }
            let mut d = [0u8; 32];
            for (i, byte) in d.iter_mut().enumerate() {
                *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
            }
            let scopes: Vec<String> = match words.next() {
                Some(list) => list
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect(),
                None => Vec::new(),
            };
            if scopes.is_empty() {
                return Err(format!(
                    "token file line {}: no scopes; add `run` (math_run and math_find) or `find`",
                    n + 1
                ));
            }
            if let Some(bad) = scopes.iter().find(|s| !SCOPES.contains(&s.as_str())) {
                return Err(format!(
                    "token file line {}: unknown scope {bad:?}; the scopes are find and run",
                    n + 1
                ));
            }
            entries.push((
                d,
                Principal {
                    name: name.into(),
                    scopes,
                },
            ));
        }
        if entries.is_empty() {
            return Err("the token file holds no tokens".into());
        }
        Ok(Tokens { entries })
    }

    pub fn load(path: &std::path::Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("token file {}: {e}", path.display()))?;
        Self::parse(&text)
    }

    /// The principal of `token`, comparing against every digest without an
    /// early exit.
    pub fn check(&self, token: &str) -> Option<&Principal> {
        let presented = digest(token);
        let mut found = None;
        for (d, principal) in &self.entries {
            let diff = d
                .iter()
                .zip(&presented)
                .fold(0u8, |acc, (a, b)| acc | (a ^ b));
            if std::hint::black_box(diff) == 0 {
                found = Some(principal);
            }
        }
        found
    }
}

/// A fresh token and the token-file line that admits it.
pub fn new_token(principal: &str, scopes: &str) -> Result<(String, String), String> {
    if let Some(bad) = scopes.split(',').find(|s| !SCOPES.contains(s)) {
        return Err(format!(
            "unknown scope {bad:?}; the scopes are find and run (comma-separated)"
        ));
    }
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for a token: {e}"))?;
    let token = format!("hsn_{}", B64.encode(bytes));
    let hex: String = digest(&token).iter().map(|b| format!("{b:02x}")).collect();
    let line = format!("sha256:{hex} {principal} {scopes}");
    Ok((token, line.trim_end().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_issued_token_is_accepted() {
        let (token, line) = new_token("alice", "run").unwrap();
        let (other, other_line) = new_token("bob", "find").unwrap();
        let tokens = Tokens::parse(&format!("# team\n{line}\n{other_line}\n")).unwrap();
        assert_eq!(tokens.check(&token).map(|p| p.name.as_str()), Some("alice"));
        assert_eq!(tokens.check(&token).unwrap().scopes, vec!["run"]);
        assert_eq!(tokens.check(&other).map(|p| p.name.as_str()), Some("bob"));
        let mut forged = token.clone();
        forged.pop();
        forged.push('x');
        assert!(tokens.check(&forged).is_none() || forged == token);
        assert!(tokens.check("").is_none());
        // The file never holds the token itself.
        assert!(!line.contains(&token[4..]));
        assert!(Tokens::parse("sha256:abc alice").is_err());
        assert!(Tokens::parse("# nothing\n").is_err());
        assert!(new_token("carol", "").is_err() && new_token("carol", "admin").is_err());
        let scopeless = format!(
            "{} carol",
            line.rsplit_once(' ').unwrap().0.split_once(' ').unwrap().0
        );
        assert!(
            Tokens::parse(&scopeless)
                .err()
                .is_some_and(|e| e.contains("no scopes"))
        );
        let bob = tokens.check(&other).unwrap();
        assert!(bob.may("find") && !bob.may("run"));
        let alice = tokens.check(&token).unwrap();
        assert!(alice.may("find") && alice.may("run"));
    }
}
