"""The official Python MCP client (PyPI `mcp`) against `hessian serve` over stdio.

Usage: mcp_client_flow.py HESSIAN_BINARY MODE   (MODE: legacy | modern)

legacy opens with `initialize`; modern with `server/discover` (2026-07-28).
For every operation: inspect it, copy the example verbatim into math_run, and
check the output and contract digest. Then a stale contract and a wrong
wrapper each get a next step that works. Exits non-zero on any mismatch.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def structured(result):
    data = result.structured_content
    if data is None:
        raise AssertionError(f"no structuredContent in {result}")
    return data


async def call(session, tool, args, *, refused=False):
    result = await session.call_tool(tool, args)
    if bool(result.is_error) != refused:
        raise AssertionError(f"{tool} {json.dumps(args)[:200]} -> is_error={result.is_error}: {result}")
    if not result.content or not result.content[0].text:
        raise AssertionError("a result without a text rendering")
    return structured(result)


async def main(binary, mode):
    params = StdioServerParameters(command=binary, args=["serve"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            if mode == "legacy":
                info = await session.initialize()
                assert info.server_info.name == "hessian", info
            else:
                found = await session.discover()
                assert "2026-07-28" in json.dumps(found.model_dump(mode="json")), found
            tools = await session.list_tools()
            names = sorted(t.name for t in tools.tools)
            assert names == ["math_find", "math_run"], names

            ids, cursor = [], None
            while True:
                args = {"browse": True, "limit": 50}
                if cursor:
                    args["cursor"] = cursor
                page = await call(session, "math_find", args)
                ids += [m["operation_id"] for m in page["matches"]]
                cursor = page.get("next_cursor")
                if not cursor:
                    break
            assert len(ids) >= 15, ids

            for op in ids:
                contract = await call(session, "math_find", {"operation_id": op})
                envelope = await call(session, "math_run", contract["example"])
                assert envelope["output"] == contract["expected_output"], (op, envelope, contract["expected_output"])
                assert envelope["contract"] == contract["contract"], op

            stale = dict(contract["example"], contract="sha256:" + "0" * 64)
            error = (await call(session, "math_run", stale, refused=True))["error"]
            assert error["code"] == "contract_mismatch", error
            again = await call(session, error["fix"]["tool"], error["fix"]["arguments"])
            assert again["contract"] == contract["contract"]

            bad = {"operation_id": "matrix.determinant.compute", "payload": {"matrix": [["1", "2"], ["3", "4"]]}}
            error = (await call(session, "math_run", bad, refused=True))["error"]
            assert error["code"] == "wrong_wrapper", error
            fixed = await call(session, error["fix"]["tool"], error["fix"]["arguments"])
            assert fixed["output"] == "-2", fixed
    print(f"{mode}: {len(ids)} operations round-tripped through the official MCP client")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
