"""The socket doors. Each socket kind is one consumer class that owns it: table.py (a member's
seat), agent.py, screen.py, watcher.py and lobby.py, each with its state in one dataclass and one
`match` over the typed messages game/protocol/client.py parses. What they share they hold or call:
base.py (Channels' consumer as every kind uses it, holding the socket's Delivery), answers.py (how a
frame is answered), seats.py (a seat's moves and catch-up), audience.py (a screen's and a watcher's
groups and welcome), session_watch.py (a member's session and account), open_sockets.py (the
oldest gives way), doors.py (origin, frame caps, outages before a consumer runs) and closing.py
(the close codes). What reaches a socket and in what order is game/realtime/delivery.py's."""
