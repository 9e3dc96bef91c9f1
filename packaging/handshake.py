"""Starts an MCP server command over stdio the way a host does, and checks it:

    python3 packaging/handshake.py [--repeat N] -- COMMAND ARGS...

initialize → notifications/initialized → tools/list (the names must be
math_find and math_run, valid for every host) → tools/call math_run, the determinant
of [[1, 2], [3, 4]] = "-2". Prints the median milliseconds from spawn to the tools/list answer
(cold start as a host sees it). Exits 1 with a reason on any mismatch.
"""

import json
import re
import statistics
import subprocess
import sys
import time

NAME = r"^[a-zA-Z0-9_-]{1,64}$"


def fail(why: str) -> None:
    print(f"handshake: {why}", file=sys.stderr)
    sys.exit(1)


def once(command: list[str]) -> float:
    started = time.perf_counter()
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def send(message: dict) -> None:
        child.stdin.write(json.dumps(message) + "\n")
        child.stdin.flush()

    def answer(request_id: int) -> dict:
        while True:
            line = child.stdout.readline()
            if not line:
                fail(f"{command[0]} closed stdout before answering request {request_id}")
            message = json.loads(line)
            if message.get("id") == request_id:
                return message

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "handshake", "version": "0"}}})
        info = answer(1)["result"]["serverInfo"]
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
        tools = answer(2)["result"]["tools"]
        elapsed = (time.perf_counter() - started) * 1e3
        names = [t["name"] for t in tools]
        if names != ["math_find", "math_run"] or not all(re.match(NAME, n) for n in names):
            fail(f"tool names {names}")
        send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
            "name": "math_run", "arguments": {"operation_id": "matrix.determinant.compute", "input": {"matrix": [["1", "2"], ["3", "4"]]}}}})
        result = answer(3)["result"]
        if result.get("isError") or result["structuredContent"]["output"] != "-2":
            fail(f"det [[1, 2], [3, 4]] through {info.get('name')}: {result}")
        return elapsed
    finally:
        child.stdin.close()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            fail(f"{command[0]} did not exit when stdin closed")


def main() -> None:
    args = sys.argv[1:]
    repeat = 1
    if args[:1] == ["--repeat"]:
        repeat, args = int(args[1]), args[2:]
    if args[:1] == ["--"]:
        args = args[1:]
    times = [once(args) for _ in range(repeat)]
    print(f"{statistics.median(times):.1f}")


if __name__ == "__main__":
    main()
