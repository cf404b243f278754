"""An MCP server that lets any LLM client sit in an approved agent's helper seat at JustAllowGod.

Run it with `python -m jag_mcp` (stdio) or `python -m jag_mcp --http` (streamable HTTP on
loopback), with JAG_URL and JAG_AGENT_TOKEN in the environment. See docs/agents.md.
"""
