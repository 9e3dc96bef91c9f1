//! Each property of DESIGN §7 with a test that a wrong implementation fails.

use super::*;
use crate::operation::{MathError, Operation, Plan, StaticQuestion};
use crate::state::Keys;
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};

/// Flipped between rounds: something outside the arguments the resolver reads.
static SWITCH: AtomicBool = AtomicBool::new(false);
static RESOLVER_CALLS: AtomicUsize = AtomicUsize::new(0);
static HANDLER_CALLS: AtomicUsize = AtomicUsize::new(0);

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TwoInput {
    #[serde(default)]
    x: Option<i64>,
    #[serde(default)]
    y: Option<i64>,
}

fn question(key: &str) -> Question {
    Question {
        key: key.into(),
        message: format!("what is {key}?"),
        form: json!({"type": "object", "properties": {key: {"type": "integer"}}}),
        example: json!(1),
    }
}

/// Asks x then y — or, with the switch on, y then x.
fn two_questions(input: &TwoInput) -> Vec<Question> {
    RESOLVER_CALLS.fetch_add(1, SeqCst);
    let order = if SWITCH.load(SeqCst) {
        ["y", "x"]
    } else {
        ["x", "y"]
    };
    order
        .into_iter()
        .filter(|k| (*k == "x" && input.x.is_none()) || (*k == "y" && input.y.is_none()))
        .map(question)
        .collect()
}

macro_rules! test_op {
    ($name:ident, $id:literal, $plan:expr, $counted:expr) => {
        struct $name;
        impl Operation for $name {
            type Input = TwoInput;
            type Output = (i64, i64);
            const ID: &'static str = $id;
            const VERSION: u32 = 1;
            const TITLE: &'static str = "t";
            const SUMMARY: &'static str = "t";
            const DESCRIPTION: &'static str = "t";
            const KEYWORDS: &'static [&'static str] = &[];
            const EXAMPLE: &'static str = r#"{"x": 1, "y": 2}"#;
            const EXPECTED: &'static str = "[1, 2]";
            const PLAN: Plan<TwoInput> = $plan;
            fn run(input: TwoInput, _: &Ctx) -> Result<(i64, i64), MathError> {
                if $counted {
                    HANDLER_CALLS.fetch_add(1, SeqCst);
                }
                Ok((input.x.unwrap_or(-1), input.y.unwrap_or(-1)))
            }
        }
    };
}

test_op!(
    Resolved,
    "test.resolved.compute",
    Plan::Resolved {
        keys: &["x", "y"],
        resolve: two_questions
    },
    true
);
test_op!(
    Static,
    "test.static.compute",
    Plan::Static(&[
        StaticQuestion {
            key: "x",
            message: "x?",
            form: r#"{"type": "object", "properties": {"x": {"type": "integer"}}}"#,
            example: "1"
        },
        StaticQuestion {
            key: "y",
            message: "y?",
            form: r#"{"type": "object", "properties": {"y": {"type": "integer"}}}"#,
            example: "2"
        },
    ]),
    false
);
test_op!(EmptyStatic, "test.empty.compute", Plan::Static(&[]), false);

/// Counts admissions and audit records; refuses when told to.
#[derive(Default)]
struct Counting {
    passes: AtomicUsize,
    audit: std::sync::Mutex<Vec<String>>,
    refuse: Option<Code>,
}

impl Guard for Counting {
    fn admit(&self, principal: &str, op: &str, round: usize) -> Result<(), Refusal> {
        self.passes.fetch_add(1, SeqCst);
        self.audit
            .lock()
            .unwrap()
            .push(format!("{principal} {op} {round}"));
        match self.refuse {
            Some(code) => Err(Refusal::new(code, "refused by the guard")),
            None => Ok(()),
        }
    }
}

fn catalog() -> Catalog {
    Catalog::new([&Resolved as &'static dyn crate::DynOperation, &Static]).unwrap()
}

fn keys() -> Keys {
    Keys::from_seed("k1", [7; 32])
}

fn args(id: &str, input: Value) -> Map<String, Value> {
    json!({"operation_id": id, "input": input})
        .as_object()
        .unwrap()
        .clone()
}

fn ask(step: Result<Step, Refusal>) -> (Question, String) {
    match step {
        Ok(Step::Ask {
            question, state, ..
        }) => (question, state),
        Ok(Step::Done(a)) => panic!("expected a question, ran: {}", a.text),
        Err(r) => panic!("expected a question, refused: {r:?}"),
    }
}

fn answer(key: &str, v: i64) -> Map<String, Value> {
    json!({ key: v }).as_object().unwrap().clone()
}

/// The tests share the switch and counters, so they run one at a time.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn both_plans_ask_round_by_round_and_run_with_typed_answers() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    SWITCH.store(false, SeqCst);
    let (c, k, guard) = (catalog(), keys(), Counting::default());
    let rounds = Rounds {
        keys: &k,
        runner: &crate::runner::InProcess(&c),
        guard: &guard,
        ttl_secs: 60,
    };
    for id in ["test.resolved.compute", "test.static.compute"] {
        let run = |resume| {
            call(
                &c,
                &rounds,
                "alice",
                args(id, json!({})),
                resume,
                &Ctx::default(),
            )
        };
        let (q0, s0) = ask(run(None));
        assert_eq!(q0.key, "x");
        let (q1, s1) = ask(run(Some(Resume {
            state: s0,
            answer: Some(("x".into(), answer("x", 5))),
        })));
        assert_eq!(q1.key, "y");
        let Ok(Step::Done(env)) = run(Some(Resume {
            state: s1,
            answer: Some(("y".into(), answer("y", 9))),
        })) else {
            panic!()
        };
        assert_eq!(env.envelope["output"], json!([5, 9]));
        // Answers given up front are not asked again.
        let (q, _) = ask(call(
            &c,
            &rounds,
            "alice",
            args(id, json!({"x": 1})),
            None,
            &Ctx::default(),
        ));
        assert_eq!(q.key, "y");
        let Ok(Step::Done(env)) = call(
            &c,
            &rounds,
            "alice",
            args(id, json!({"x": 1, "y": 2})),
            None,
            &Ctx::default(),
        ) else {
            panic!("nothing to ask runs at once")
        };
        assert_eq!(env.envelope["output"], json!([1, 2]));
    }
    // Every round of either kind costs one guard pass and one audit record.
    assert_eq!(guard.passes.load(SeqCst), 10);
    assert_eq!(guard.audit.lock().unwrap().len(), 10);
}

#[test]
fn a_changed_plan_is_refused_and_the_stale_answer_never_reaches_the_handler() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    SWITCH.store(false, SeqCst);
    let (c, k) = (catalog(), keys());
    let rounds = Rounds {
        keys: &k,
        runner: &crate::runner::InProcess(&c),
        guard: &Open,
        ttl_secs: 60,
    };
    let run = |resume| {
        call(
            &c,
            &rounds,
            "alice",
            args("test.resolved.compute", json!({})),
            resume,
            &Ctx::default(),
        )
    };
    let (q0, s0) = ask(run(None));
    assert_eq!(q0.key, "x");
    // Between rounds the plan becomes [y, x]: without the fingerprint the
    // same principal, operation, input and an in-range round would pass and
    // the answer for x would be filed under y.
    SWITCH.store(true, SeqCst);
    let handled = HANDLER_CALLS.load(SeqCst);
    let r = run(Some(Resume {
        state: s0,
        answer: Some(("x".into(), answer("x", 5))),
    }))
    .err()
    .expect("refused");
    assert_eq!(r.code, Code::PlanChanged);
    assert_eq!(HANDLER_CALLS.load(SeqCst), handled);
    SWITCH.store(false, SeqCst);
}

#[test]
fn refused_rounds_never_reach_operation_code() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (c, k) = (catalog(), keys());
    for code in [Code::Unauthorized, Code::LimitExceeded] {
        let guard = Counting {
            refuse: Some(code),
            ..Default::default()
        };
        let rounds = Rounds {
            keys: &k,
            runner: &crate::runner::InProcess(&c),
            guard: &guard,
            ttl_secs: 60,
        };
        let before = RESOLVER_CALLS.load(SeqCst);
        let r = call(
            &c,
            &rounds,
            "mallory",
            args("test.resolved.compute", json!({})),
            None,
            &Ctx::default(),
        );
        assert_eq!(r.err().map(|r| r.code), Some(code));
        assert_eq!(
            RESOLVER_CALLS.load(SeqCst),
            before,
            "the resolver ran for a refused caller"
        );
        assert_eq!(
            guard.audit.lock().unwrap().len(),
            1,
            "a refused round is audited too"
        );
    }
}

#[test]
fn each_bad_state_gets_its_own_code() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    SWITCH.store(false, SeqCst);
    let (c, k) = (catalog(), keys());
    let rounds = Rounds {
        keys: &k,
        runner: &crate::runner::InProcess(&c),
        guard: &Open,
        ttl_secs: 60,
    };
    let id = "test.resolved.compute";
    let (_, good) = ask(call(
        &c,
        &rounds,
        "alice",
        args(id, json!({})),
        None,
        &Ctx::default(),
    ));
    let resume = |principal: &str, input: Value, state: String| {
        call(
            &c,
            &rounds,
            principal,
            args(id, input),
            Some(Resume {
                state,
                answer: Some(("x".into(), answer("x", 1))),
            }),
            &Ctx::default(),
        )
    };
    let code = |r: Result<Step, Refusal>| r.err().map(|r| r.code);
    let opened = k.open(&good, now_secs(), 60).unwrap();
    let reseal = |f: &dyn Fn(&mut State)| {
        let mut s = opened.clone();
        f(&mut s);
        k.seal(&s)
    };
    // Tampered: one payload character changed, or signed by a key we do not accept.
    let mut tampered = good.clone().into_bytes();
    tampered[10] ^= 1;
    let tampered = String::from_utf8(tampered).unwrap();
    assert_eq!(
        code(resume("alice", json!({}), tampered)),
        Some(Code::ContinuationInvalid)
    );
    let foreign = Keys::from_seed("k1", [8; 32]).seal(&opened);
    assert_eq!(
        code(resume("alice", json!({}), foreign)),
        Some(Code::ContinuationInvalid)
    );
    assert_eq!(
        code(resume("alice", json!({}), "not a state".into())),
        Some(Code::ContinuationInvalid)
    );
    assert_eq!(
        code(resume("alice", json!({}), reseal(&|s| s.expires = 1))),
        Some(Code::ContinuationExpired)
    );
    assert_eq!(
        code(resume("bob", json!({}), good.clone())),
        Some(Code::ContinuationMismatch)
    );
    assert_eq!(
        code(resume("alice", json!({"y": 3}), good.clone())),
        Some(Code::ContinuationMismatch)
    );
    assert_eq!(
        code(resume(
            "alice",
            json!({}),
            reseal(&|s| s.contract = "sha256:00".into())
        )),
        Some(Code::ContinuationMismatch)
    );
    // An older format: genuine and signed, but without a plan fingerprint.
    let outdated = reseal(&|s| {
        s.format = 1;
        s.plan = None;
    });
    let r = resume("alice", json!({}), outdated).err().unwrap();
    assert_eq!(r.code, Code::ContinuationOutdated);
    assert!(r.message.contains("not tampered"));
    assert_eq!(
        code(resume("alice", json!({}), reseal(&|s| s.round = 7))),
        Some(Code::ContinuationInvalid)
    );
    // Genuinely signed, yet refused (issue 33): issued an hour ahead, valid
    // for 30 years, or a megabyte long.
    let hour_ahead = reseal(&|s| {
        s.issued += 3600;
        s.expires += 3600;
    });
    let thirty_years = reseal(&|s| s.expires = s.issued + 30 * 365 * 86_400);
    let megabyte = reseal(&|s| {
        s.answers
            .insert("padding".into(), json!("x".repeat(1 << 20)));
    });
    for (what, state) in [
        ("future", hour_ahead),
        ("long-lived", thirty_years),
        ("oversized", megabyte),
    ] {
        let r = resume("alice", json!({}), state).err().unwrap();
        assert_eq!(r.code, Code::ContinuationInvalid, "{what}: {r:?}");
    }
    // An answer sent under a key other than the question's is refused.
    let r = call(
        &c,
        &rounds,
        "alice",
        args(id, json!({})),
        Some(Resume {
            state: good.clone(),
            answer: Some(("bogus".into(), answer("bogus", 1))),
        }),
        &Ctx::default(),
    )
    .err()
    .unwrap();
    assert_eq!(
        (r.code, r.path.as_deref()),
        (Code::InvalidInput, Some("inputResponses"))
    );
    assert!(r.message.contains("`x`"), "{}", r.message);
    // The untouched state still continues to the next question.
    let (q, _) = ask(resume("alice", json!({}), good));
    assert_eq!(q.key, "y");
}

#[test]
fn rotated_keys_verify_states_from_other_replicas() {
    let old = Keys::from_seed("2026-11", [1; 32]);
    let mut new = Keys::from_seed("2026-12", [2; 32]);
    new.accept(&old.public()).unwrap();
    let s = State {
        format: crate::state::FORMAT,
        key_id: "2026-11".into(),
        principal: "p".into(),
        operation_id: "o".into(),
        contract: "c".into(),
        input: "i".into(),
        round: 0,
        plan: Some("f".into()),
        answers: Map::new(),
        issued: 0,
        expires: u64::MAX,
    };
    assert_eq!(new.open(&old.seal(&s), 10, u64::MAX).unwrap(), s);
    assert!(
        Keys::from_seed("2026-12", [2; 32])
            .open(&old.seal(&s), 10, u64::MAX)
            .is_err()
    );
    let seed = "kid:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE";
    assert_eq!(
        Keys::parse_signing(seed).unwrap().public(),
        Keys::from_seed("kid", [1; 32]).public()
    );
}

#[test]
fn an_empty_static_plan_is_a_catalog_build_error_naming_the_operation() {
    let err = Catalog::new([&EmptyStatic as &'static dyn crate::DynOperation])
        .err()
        .expect("refused");
    assert!(err.to_string().contains("test.empty.compute"), "{err}");
}
