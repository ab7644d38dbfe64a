"""The Python SDK (`mcp` 2.3.0) pinned to 2026-07-28 against mcp-mux: one line of JSON with
what it saw. Usage: modern_client.py stdio <node> <mcp-mux.js> <config> | http <url>"""
import asyncio
import json
import sys

from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters


async def main() -> None:
    kind = sys.argv[1]
    server = (
        StdioServerParameters(command=sys.argv[2], args=[sys.argv[3], "--config", sys.argv[4]])
        if kind == "stdio"
        else sys.argv[2]
    )
    out: dict = {}
    async with Client(server, mode="2026-07-28") as client:
        tools = await client.list_tools()
        out["tools"] = sorted(t.name for t in tools.tools)
        called = await client.call_tool("ev__echo", {"message": "py"})
        out["echo"] = [c.text for c in called.content if getattr(c, "type", "") == "text"]
        modern = await client.call_tool("md__test_simple_text", {})
        out["modernText"] = [c.text for c in modern.content if getattr(c, "type", "") == "text"]
        prompts = await client.list_prompts()
        out["prompts"] = sorted(p.name for p in prompts.prompts)
        prompt = await client.get_prompt("ev__simple-prompt")
        out["promptMessages"] = len(prompt.messages)
        resources = await client.list_resources()
        out["resources"] = len(resources.resources)
        first = resources.resources[0].uri
        read = await client.read_resource(str(first))
        out["read"] = len(read.contents)
        from mcp import types

        completion = await client.complete(
            types.PromptReference(type="ref/prompt", name="ev__completable-prompt"),
            {"name": "department", "value": "E"},
        )
        out["completion"] = completion.completion.values
        async with client.listen(tools_list_changed=True) as sub:
            out["honored"] = sub.honored.model_dump(by_alias=True, exclude_none=True)
    print(json.dumps(out))


asyncio.run(main())
