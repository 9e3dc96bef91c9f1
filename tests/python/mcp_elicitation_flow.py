"""Multi-round input through the official Python MCP client (PyPI `mcp`).

Usage: mcp_elicitation_flow.py HESSIAN_BINARY MODE   (MODE: legacy | modern)

For a static plan (integer.division.compute asks its convention) and a
resolved plan (sequence.linear_recurrence.evaluate asks for missing initial
values): with an elicitation callback the question is answered and the call
completes (legacy: elicitation/create inside the call; modern: the
input_required result is fulfilled and retried with inputResponses and the
echoed requestState); a declined question is a typed refusal; a client
without elicitation gets input_required with a corrected call that works.
"""

import asyncio
import json
import sys

import mcp_types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ANSWERS = {
    "convention": {"convention": "floor"},
    "initial_values": {"a_0": "2", "a_1": "1"},
}
CASES = [
    ({"operation_id": "integer.division.compute", "input": {"a": -7, "b": 2}},
     {"quotient": "-4", "remainder": "1"}),
    ({"operation_id": "sequence.linear_recurrence.evaluate", "input": {"coefficients": [1, 1], "n": 20}},
     "15127"),
]
asked = []
decline = False


def answer_for(message, schema):
    props = list(schema.get("properties", {}))
    key = "convention" if props == ["convention"] else "initial_values"
    asked.append(key)
    return ANSWERS[key]


async def elicit(context, params):
    if decline:
        return types.ElicitResult(action="decline")
    return types.ElicitResult(action="accept", content=answer_for(params.message, params.requested_schema))


def structured(result):
    if result.structured_content is None:
        raise AssertionError(f"no structuredContent in {result}")
    return result.structured_content


async def open_session(session, mode):
    if mode == "legacy":
        await session.initialize()
    else:
        await session.discover()
    await session.list_tools()


async def run_modern(session, args):
    """Drive the rounds by hand: fulfil each input request, retry with the state."""
    result = await session.call_tool("math_run", args, allow_input_required=True)
    rounds = 0
    while isinstance(result, types.InputRequiredResult):
        rounds += 1
        assert result.request_state and result.input_requests, result
        # A retry without answers is asked the same question again.
        again = await session.call_tool("math_run", args, request_state=result.request_state, allow_input_required=True)
        assert isinstance(again, types.InputRequiredResult), again
        assert list(again.input_requests) == list(result.input_requests), again
        responses = {}
        for key, request in result.input_requests.items():
            responses[key] = await elicit(None, request.params)
        result = await session.call_tool(
            "math_run", args, input_responses=responses, request_state=result.request_state, allow_input_required=True
        )
    assert rounds == 1, rounds
    return result


async def with_elicitation(binary, mode):
    global decline
    params = StdioServerParameters(command=binary, args=["serve"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=elicit) as session:
            await open_session(session, mode)
            for args, expected in CASES:
                asked.clear()
                if mode == "legacy":
                    result = await session.call_tool("math_run", args)
                else:
                    result = await run_modern(session, args)
                envelope = structured(result)
                assert not result.is_error, envelope
                assert envelope["output"] == expected, (args, envelope)
                assert len(asked) == 1, asked
                # Answers sent up front: nothing is asked.
                asked.clear()
                key = "convention" if "a" in args["input"] else "initial_values"
                value = "floor" if key == "convention" else [2, 1]
                upfront = dict(args, input=dict(args["input"], **{key: value}))
                result = await session.call_tool("math_run", upfront)
                assert structured(result)["output"] == expected and asked == [], (result, asked)
            decline = True
            for args, _ in CASES:
                if mode == "legacy":
                    result = await session.call_tool("math_run", args)
                else:
                    result = await run_modern(session, args)
                error = structured(result)["error"]
                assert result.is_error and error["code"] == "input_declined", error
            decline = False


async def without_elicitation(binary, mode):
    params = StdioServerParameters(command=binary, args=["serve"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await open_session(session, mode)
            for args, expected in CASES:
                result = await session.call_tool("math_run", args)
                error = structured(result)["error"]
                assert result.is_error and error["code"] == "input_required", error
                assert error["questions"][0]["key"] in error["fix"]["arguments"]["input"], error
                # The fix shows the shape; send it with the real answer.
                fix = error["fix"]["arguments"]
                key = error["questions"][0]["key"]
                fix["input"][key] = "floor" if key == "convention" else [2, 1]
                done = await session.call_tool(error["fix"]["tool"], fix)
                assert structured(done)["output"] == expected, done


async def main(binary, mode):
    await with_elicitation(binary, mode)
    await without_elicitation(binary, mode)
    print(f"{mode}: static and resolved plans asked, declined and refused as designed")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
