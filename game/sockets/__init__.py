"""The socket doors: one module per consumer, their shared base, and the doors every socket
passes first (origin, frame caps, outages). They parse, cap, delegate to the services and relay;
what reaches a socket and in what order is game/realtime/'s."""
