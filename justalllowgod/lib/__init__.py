"""What every app may use and that uses no app: refusals, the site's address, client addresses,
the limit counters, method rules and log path masking. A leaf: tests/foundation/test_direction.py
(the direction test) holds that nothing here imports an app or the project's wiring."""
