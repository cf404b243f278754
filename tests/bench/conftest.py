"""Benchmark tests: a live daphne where the benchmark's clients are checked over real sockets."""

from tests.e2e.live import live_asgi  # noqa: F401  (a fixture)
