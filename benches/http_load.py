"""A bounded load run over streamable HTTP (loopback only): N small math_run
calls (gcd of two integers) at a fixed concurrency, as raw MCP 2026-07-28
JSON-RPC POSTs. Prints throughput and p50/p99 latency, and fails on any error.

Usage: http_load.py URL TOKEN [--calls 10000] [--concurrency 16]
Needs httpx2 (installed with the `mcp` client package).
"""

import argparse
import asyncio
import json
import time

import httpx2


def mcp_headers_and_meta(token, client):
    """The headers and `_meta` of a stateless MCP 2026-07-28 math_run POST."""
    headers = {
        "Authorization": f"Bearer {token}",
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": "tools/call",
        "Mcp-Name": "math_run",
    }
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": client, "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {},
    }
    return headers, meta


async def main(url, token, calls, concurrency):
    headers, meta = mcp_headers_and_meta(token, "http_load")
    latencies, errors = [], []
    next_id = iter(range(1, calls + 1))
    limits = httpx2.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx2.AsyncClient(headers=headers, limits=limits, timeout=30) as http:

        async def worker():
            for i in next_id:
                body = {
                    "jsonrpc": "2.0",
                    "id": i,
                    "method": "tools/call",
                    "params": {
                        "name": "math_run",
                        "arguments": {"operation_id": "integer.gcd.compute", "input": {"integers": [i * 6, 4 * i]}},
                        "_meta": meta,
                    },
                }
                start = time.perf_counter()
                r = await http.post(url, content=json.dumps(body))
                latencies.append(time.perf_counter() - start)
                result = r.json().get("result", {}) if r.status_code == 200 else {}
                if result.get("isError") or result.get("structuredContent", {}).get("output") != str(2 * i):
                    errors.append((r.status_code, r.text[:200]))

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall = time.perf_counter() - started
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1e3
    print(json.dumps({
        "url": url, "calls": len(latencies), "errors": len(errors), "concurrency": concurrency,
        "throughput_per_s": round(len(latencies) / wall), "p50_ms": round(pick(0.50), 2), "p99_ms": round(pick(0.99), 2),
    }))
    if errors:
        raise SystemExit(f"{len(errors)} errors, first: {errors[0]}")


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("url")
    p.add_argument("token")
    p.add_argument("--calls", type=int, default=10000)
    p.add_argument("--concurrency", type=int, default=16)
    a = p.parse_args()
    asyncio.run(main(a.url, a.token, a.calls, a.concurrency))
