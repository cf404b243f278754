"""The MCP server over streamable HTTP, behind a bearer token of its own.

Anything on the machine can reach a loopback port (another user's process, a web page's script
through DNS rebinding), and the server behind it acts with the agent's seat. So every HTTP request
must carry `Authorization: Bearer <JAG_MCP_HTTP_TOKEN>`, a secret of at least 32 characters that is
not the agent's token (the site's token never leaves this process). Without it the server refuses
to start, naming the variable.
"""

from __future__ import annotations

import hmac
import os
from typing import Any

HTTP_TOKEN_ENV = "JAG_MCP_HTTP_TOKEN"
MIN_TOKEN_CHARS = 32
REFUSAL = b"This MCP server needs Authorization: Bearer <its own token> (JAG_MCP_HTTP_TOKEN).\n"


def http_token(env: dict[str, str] | None = None) -> str:
    """The HTTP server's own token from the environment; a ValueError in words when it is unusable."""
    env = os.environ if env is None else env
    token = env.get(HTTP_TOKEN_ENV, "").strip()
    if len(token) < MIN_TOKEN_CHARS:
        raise ValueError(
            f"--http needs {HTTP_TOKEN_ENV} in the environment: a secret of at least {MIN_TOKEN_CHARS} "
            'characters that your MCP client sends as "Authorization: Bearer <token>" '
            '(e.g. python -c "import secrets; print(secrets.token_urlsafe(32))").'
        )
    if token == env.get("JAG_AGENT_TOKEN", "").strip():
        raise ValueError(f"{HTTP_TOKEN_ENV} must not be the agent's token: give it a secret of its own.")
    return token


class BearerGate:
    """ASGI middleware: an HTTP request without the right bearer token is answered 401 and goes no
    further (the lifespan passes through, so the MCP app still starts and stops)."""

    def __init__(self, app: Any, token: str) -> None:
        self.app, self.expected = app, f"Bearer {token}".encode()

    def allowed(self, scope: dict) -> bool:
        for name, value in scope.get("headers", []):
            if name.lower() == b"authorization":
                return hmac.compare_digest(value.strip(), self.expected)
        return False

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or self.allowed(scope):
            await self.app(scope, receive, send)
            return
        await send(
            {
                "type": "http.response.start",
                "status": 401,
                "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"www-authenticate", b"Bearer"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": REFUSAL})


def serve(server: Any, host: str, port: int, token: str) -> None:
    """Serve `server` (an MCPServer) over streamable HTTP at http://host:port/mcp, behind the gate."""
    import uvicorn

    app = BearerGate(server.streamable_http_app(host=host), token)
    uvicorn.run(app, host=host, port=port, log_level="warning")
