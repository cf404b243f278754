"""`python -m jag_mcp` (or `python -m clients.jag_mcp` from a checkout's root): serve the agent's seat
over stdio, or over streamable HTTP on loopback behind a bearer token of its own."""

from __future__ import annotations

import argparse
import logging
import sys

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m jag_mcp",
        description="An MCP server for an approved JustAllowGod agent. The site's address and the "
        "agent's token come from JAG_URL and JAG_AGENT_TOKEN in the environment, never from arguments; "
        "--http also needs JAG_MCP_HTTP_TOKEN, the HTTP server's own bearer token.",
    )
    parser.add_argument(
        "--http",
        action="store_true",
        help="serve streamable HTTP instead of stdio (needs JAG_MCP_HTTP_TOKEN)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="loopback address for --http")
    parser.add_argument("--port", type=int, default=8765, help="port for --http (default 8765)")
    args = parser.parse_args(argv)
    if args.host not in LOOPBACK:
        parser.error("--host must be a loopback address: the token's seat is not for the network")
    # stdout carries the protocol over stdio: anything we say goes to stderr, never the token.
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="jag_mcp %(levelname)s %(message)s")
    # Relative: the same code runs as `python -m jag_mcp` (clients/ on PYTHONPATH) and as
    # `python -m clients.jag_mcp` from a checkout's root.
    from .http import http_token, serve
    from .server import build_server

    if args.http:
        try:
            token = http_token()
        except ValueError as problem:
            parser.error(str(problem))
        serve(build_server(), args.host, args.port, token)
    else:
        build_server().run()


if __name__ == "__main__":
    main()
