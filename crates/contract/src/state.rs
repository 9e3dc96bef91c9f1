//! The signed request state of a multi-round call (DESIGN §7): what a
//! replica needs to continue a call it did not start, and nothing it must
//! trust without checking. `base64url(payload JSON) "." base64url(ed25519
//! signature of those payload bytes)`.

use crate::error::{Code, Refusal};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// Bumped when the payload changes meaning. Format 1 carried no plan
/// fingerprint; such states are refused as outdated, not as tampered.
pub const FORMAT: u32 = 2;

/// The most bytes a request state may take. Its answers are flat form
/// values, so a real state is a few KiB; the bound stops a client from
/// making a server verify and decode megabytes.
pub const MAX_STATE_BYTES: usize = 64 << 10;

/// How far in the future a state's `issued` may be: replicas' clocks differ
/// by seconds, not minutes.
pub const CLOCK_SKEW_SECS: u64 = 60;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub format: u32,
    pub key_id: String,
    pub principal: String,
    pub operation_id: String,
    pub contract: String,
    /// sha256 of the canonical original input (answers excluded).
    pub input: String,
    /// The round whose question this state asks.
    pub round: usize,
    /// sha256 of the canonical JSON of the resolved questions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// Answers to the earlier rounds, by question key.
    pub answers: Map<String, Value>,
    /// Seconds since the Unix epoch.
    pub issued: u64,
    pub expires: u64,
}

/// `key_id:base64url(32 bytes)`, the one text form of every key.
fn key_text<'a>(text: &'a str, what: &str, bytes: &str) -> Result<(&'a str, [u8; 32]), String> {
    let (id, key) = text
        .trim()
        .split_once(':')
        .ok_or_else(|| format!("a {what} is `key_id:base64url(32-byte {bytes})`"))?;
    let key: [u8; 32] = B64
        .decode(key)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| format!("the {what} is not 32 bytes of base64url"))?;
    Ok((id, key))
}

/// One signing key and every verifying key accepted (rotation by key id).
pub struct Keys {
    key_id: String,
    signing: SigningKey,
    verifying: HashMap<String, VerifyingKey>,
}

impl Keys {
    /// A key from a 32-byte seed; its own verifying key is accepted.
    pub fn from_seed(key_id: &str, seed: [u8; 32]) -> Self {
        let signing = SigningKey::from_bytes(&seed);
        let verifying = HashMap::from([(key_id.to_string(), signing.verifying_key())]);
        Keys {
            key_id: key_id.into(),
            signing,
            verifying,
        }
    }

    /// A fresh random key: states then die with the process.
    pub fn generate() -> Result<Self, String> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| format!("no randomness for a state key: {e}"))?;
        let mut id = [0u8; 6];
        getrandom::fill(&mut id).map_err(|e| format!("no randomness for a key id: {e}"))?;
        Ok(Self::from_seed(
            &format!("ephemeral-{}", B64.encode(id)),
            seed,
        ))
    }

    /// A fresh signing key named `key_id`, as the text a key file holds
    /// (`key_id:base64url(seed)`), and its verifying key for other replicas.
    pub fn new_key_text(key_id: &str) -> Result<(String, String), String> {
        if key_id.is_empty()
            || !key_id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(format!(
                "a key id is letters, digits, `-` and `_`, not {key_id:?}"
            ));
        }
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| format!("no randomness for a state key: {e}"))?;
        let text = format!("{key_id}:{}", B64.encode(seed));
        let public = Self::from_seed(key_id, seed).public();
        Ok((text, public))
    }

    /// `key_id:base64url(seed)`, as the key file or variable holds it.
    pub fn parse_signing(text: &str) -> Result<Self, String> {
        let (id, seed) = key_text(text, "state key", "seed")?;
        Ok(Self::from_seed(id, seed))
    }

    /// Also accept states signed by `key_id:base64url(public key)` (an
    /// older or sibling key during rotation).
    pub fn accept(&mut self, text: &str) -> Result<(), String> {
        let (id, bytes) = key_text(text, "verifying key", "public key")?;
        let key =
            VerifyingKey::from_bytes(&bytes).map_err(|e| format!("bad verifying key: {e}"))?;
        self.verifying.insert(id.into(), key);
        Ok(())
    }

    pub fn key_id(&self) -> &str {
        &self.key_id
    }

    /// `key_id:base64url(public key)`, to give other replicas.
    pub fn public(&self) -> String {
        format!(
            "{}:{}",
            self.key_id,
            B64.encode(self.signing.verifying_key().to_bytes())
        )
    }

    pub fn seal(&self, state: &State) -> String {
        let payload = serde_json::to_vec(state).unwrap_or_default();
        let signature = self.signing.sign(&payload);
        format!(
            "{}.{}",
            B64.encode(&payload),
            B64.encode(signature.to_bytes())
        )
    }

    /// Verifies and decodes a state, refusing with `continuation_invalid`
    /// (malformed, larger than [`MAX_STATE_BYTES`], unknown key, bad
    /// signature, issued more than [`CLOCK_SKEW_SECS`] in the future, or
    /// living longer than `max_lifetime` seconds), `continuation_outdated`
    /// (an older format) or `continuation_expired`. A genuine signature is
    /// not enough: a key that leaked, or a replica with a wrong clock or a
    /// longer lifetime, must not mint states this server would honour.
    pub fn open(&self, text: &str, now: u64, max_lifetime: u64) -> Result<State, Refusal> {
        let invalid = |why: &str| {
            Refusal::new(
                Code::ContinuationInvalid,
                format!("the requestState is not one this server issued ({why}); start the call again without it"),
            )
            .at("requestState")
        };
        if text.len() > MAX_STATE_BYTES {
            return Err(invalid(&format!(
                "{} bytes, more than the {MAX_STATE_BYTES} a state may take",
                text.len()
            )));
        }
        let (payload, signature) = text.split_once('.').ok_or_else(|| invalid("malformed"))?;
        let payload = B64.decode(payload).map_err(|_| invalid("malformed"))?;
        let signature: [u8; 64] = B64
            .decode(signature)
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| invalid("malformed signature"))?;
        let head: Value = serde_json::from_slice(&payload).map_err(|_| invalid("malformed"))?;
        let key_id = head
            .get("key_id")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let key = self
            .verifying
            .get(key_id)
            .ok_or_else(|| invalid("unknown key id"))?;
        key.verify(&payload, &Signature::from_bytes(&signature))
            .map_err(|_| invalid("bad signature"))?;
        let format = head.get("format").and_then(Value::as_u64).unwrap_or(0);
        if format < u64::from(FORMAT) || head.get("plan").is_none() {
            return Err(Refusal::new(
                Code::ContinuationOutdated,
                format!(
                    "this requestState comes from an older server format ({format}) that did not record which questions were asked; \
                     it is genuine, not tampered with, but cannot be continued safely. Send the same call again without it"
                ),
            )
            .at("requestState"));
        }
        let state: State = serde_json::from_value(head).map_err(|_| invalid("malformed"))?;
        if state.issued > now.saturating_add(CLOCK_SKEW_SECS) {
            return Err(invalid("issued in the future"));
        }
        if state.expires.saturating_sub(state.issued) > max_lifetime {
            return Err(invalid(
                "valid for longer than this server lets a question wait",
            ));
        }
        if now > state.expires {
            return Err(Refusal::new(
                Code::ContinuationExpired,
                "this requestState has expired; send the same call again without it to be asked afresh",
            )
            .at("requestState"));
        }
        Ok(state)
    }
}
