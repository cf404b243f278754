"""What every app may use and that uses no app: refusals, the site's address, client addresses,
the limit counters, method rules, log path masking and the request and socket logs. A leaf:
tests/foundation/test_app_direction.py holds that nothing here imports an app or the rest of the
project package."""
