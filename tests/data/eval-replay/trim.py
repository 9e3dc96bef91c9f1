#!/usr/bin/env python3
"""Cuts the replay fixture of tests/evals.rs out of a recorded model run.

    python3 tests/data/eval-replay/trim.py evals/runs/smollm2-135m TASK…

keeps the chosen tasks' turns (every arm) and records, and shortens each
turn's `sent` messages to the last one's role and tool call id: all the fake
endpoint checks. The responses are kept whole.
"""
import json
import os
import sys

run, tasks = sys.argv[1], set(sys.argv[2:])
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(run, "transcripts.jsonl")) as src, open(os.path.join(here, "transcripts.jsonl"), "w") as out:
    for line in src:
        turn = json.loads(line)
        if turn["task"] not in tasks:
            continue
        last = turn["sent"][-1] if turn["sent"] else {}
        turn["sent"] = [{k: last[k] for k in ("role", "tool_call_id") if k in last}]
        out.write(json.dumps(turn, ensure_ascii=False) + "\n")
with open(os.path.join(run, "runs.jsonl")) as src, open(os.path.join(here, "runs.jsonl"), "w") as out:
    for line in src:
        if json.loads(line)["task"] in tasks:
            out.write(line)
