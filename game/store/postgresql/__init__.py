"""Django's PostgreSQL backend, with a move's writes sent with its COMMIT (see base.py)."""
