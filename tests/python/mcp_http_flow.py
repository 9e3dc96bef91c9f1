"""The official Python MCP client over streamable HTTP, through a load balancer.

Usage: mcp_http_flow.py URL TOKEN MODE [REPLICA_URL ...]   (MODE: legacy | modern)

Records which replica answered each POST (the x-hessian-replica header) and
checks: tools/list is the same from every replica; a multi-round call whose
rounds land on different replicas completes (modern mode: input_required,
then inputResponses with the echoed requestState); without elicitation the
corrected call works; a wrong token is refused with 401.
"""

import asyncio
import json
import os
import sys

import httpx2
import mcp_types as types
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

served_by = []


async def record(response):
    """Which replica answered each tools/call."""
    if response.request.method != "POST":
        return
    try:
        body = json.loads(response.request.content)
    except ValueError:
        return
    if isinstance(body, dict) and body.get("method") == "tools/call":
        served_by.append(response.headers.get("x-hessian-replica"))


def client(token):
    return httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {token}"}, event_hooks={"response": [record]}, timeout=30
    )


async def elicit(context, params):
    props = list(params.requested_schema.get("properties", {}))
    content = {"convention": "floor"} if props == ["convention"] else {"a_0": "2", "a_1": "1"}
    return types.ElicitResult(action="accept", content=content)




async def tools_of(url, token, mode):
    async with client(token) as http:
        async with streamable_http_client(url, http_client=http) as (read, write, *_):
            async with ClientSession(read, write) as session:
                if mode == "legacy":
                    await session.initialize()
                else:
                    await session.discover()
                tools = await session.list_tools()
                return json.dumps([t.model_dump(mode="json") for t in tools.tools], sort_keys=True)


async def main(url, token, mode, replicas):
    listings = {await tools_of(r, token, mode) for r in replicas}
    assert len(listings) == 1, "replicas list different tools"
    cases = [
        ({"operation_id": "integer.division.compute", "input": {"a": -7, "b": 2}}, {"quotient": "-4", "remainder": "1"}),
        ({"operation_id": "sequence.linear_recurrence.evaluate", "input": {"coefficients": [1, 1], "n": 20}}, "15127"),
    ]
    crossed = 0
    for asks in (True, False):
        async with client(token) as http:
            async with streamable_http_client(url, http_client=http) as (read, write, *_):
                callback = elicit if asks else None
                async with ClientSession(read, write, elicitation_callback=callback) as session:
                    if mode == "legacy":
                        await session.initialize()
                    else:
                        await session.discover()
                    for args, expected in cases:
                        if asks and mode == "modern":
                            served_by.clear()
                            first = await session.call_tool("math_run", args, allow_input_required=True)
                            assert isinstance(first, types.InputRequiredResult), first
                            responses = {k: await elicit(None, r.params) for k, r in first.input_requests.items()}
                            done = await session.call_tool(
                                "math_run", args, input_responses=responses, request_state=first.request_state
                            )
                            assert done.structured_content["output"] == expected, done
                            rounds = [r for r in served_by if r]
                            assert len(rounds) == 2, served_by
                            crossed += rounds[0] != rounds[1]
                            continue
                        # Stateless HTTP cannot ask a legacy client mid-call, and a client
                        # without elicitation cannot be asked: both follow the fix.
                        result = await session.call_tool("math_run", args)
                        error = result.structured_content["error"]
                        assert error["code"] == "input_required", error
                        fix = error["fix"]["arguments"]
                        key = error["questions"][0]["key"]
                        fix["input"][key] = "floor" if key == "convention" else [2, 1]
                        again = await session.call_tool("math_run", fix)
                        assert again.structured_content["output"] == expected, again
    if mode == "modern":
        assert crossed >= 1, "no continuation crossed replicas"
    if mode == "modern":
        await deadline_check(replicas[0], token)
    # The output budget holds on HTTP as on stdio: 78,498 primes are refused by size.
    async with client(token) as http:
        async with streamable_http_client(url, http_client=http) as (read, write, *_):
            async with ClientSession(read, write) as session:
                await session.initialize()
                big = await session.call_tool("math_run", {"operation_id": "integer.primes.enumerate", "input": {"lower": 0, "upper": 1000000}})
                error = big.structured_content["error"]
                assert big.is_error and error["code"] == "limit_exceeded" and "65536" in error["message"], error
                assert len(big.content[0].text) < 65536, "a refusal is small"
    finder = os.environ.get("HESSIAN_FIND_TOKEN")
    if finder:
        # A token with the find scope only may search but not run.
        async with client(finder) as http:
            async with streamable_http_client(url, http_client=http) as (read, write, *_):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    found = await session.call_tool("math_find", {"query": "gcd"})
                    assert not found.is_error, found
                    denied = await session.call_tool("math_run", cases[0][0])
                    assert denied.is_error and denied.structured_content["error"]["code"] == "unauthorized", denied
    async with httpx2.AsyncClient() as http:
        r = await http.post(url, headers={"Authorization": "Bearer wrong"}, json={})
        assert r.status_code == 401, r.status_code
    print(f"{mode}: {len(replicas)} replicas agree; continuations crossed replicas {crossed} time(s)")


async def deadline_check(url, token):
    """A call that would run for seconds stops at its 1 s deadline (+200 ms),
    and the replica answers small calls meanwhile."""
    long_call = {"operation_id": "integer.prime_count.compute", "input": {"x": 10**13}, "deadline_ms": 1000}
    quick = {"operation_id": "integer.gcd.compute", "input": {"integers": [12, 18]}}
    async with client(token) as http:
        async with streamable_http_client(url, http_client=http) as (read, write, *_):
            async with ClientSession(read, write) as session:
                await session.discover()

                async def timed(args):
                    start = asyncio.get_running_loop().time()
                    result = await session.call_tool("math_run", args)
                    return result, asyncio.get_running_loop().time() - start

                stopped = asyncio.create_task(timed(long_call))
                await asyncio.sleep(0.1)
                for _ in range(5):
                    result, elapsed = await timed(quick)
                    assert result.structured_content["output"] == "6" and elapsed < 0.5, (result, elapsed)
                result, elapsed = await stopped
                error = result.structured_content["error"]
                assert error["code"] == "deadline_exceeded", error
                assert elapsed < 1.2 + 0.05, f"stopped after {elapsed:.3f} s"
                print(f"deadline: stopped after {elapsed:.3f} s with a 1 s deadline")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:] or [sys.argv[1]]))
