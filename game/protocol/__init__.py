"""The protocol: every message a client can receive or send, typed (types.py), built in one place
from the engine's views and events (messages.py), parsed at the door (client.py), and published
after commit through one function (publish.py). It sits above the transport (game/realtime/) and
below the services and the socket doors; docs/protocol.md describes the messages."""
