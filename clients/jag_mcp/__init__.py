"""An MCP server that lets any LLM client sit in an approved agent's helper seat at JustAllowGod.

Run it with `python -m jag_mcp` (stdio; `python -m clients.jag_mcp` from a checkout's root) or
`python -m jag_mcp --http` (streamable HTTP on loopback, behind JAG_MCP_HTTP_TOKEN), with JAG_URL and
JAG_AGENT_TOKEN in the environment. See docs/agents.md.
"""
