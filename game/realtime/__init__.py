"""Realtime delivery: how messages reach sockets, in what order, and what a client may rely on.

docs/realtime.md states the ordering contract this package keeps.
"""
