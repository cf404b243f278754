"""The verses a member carries (issue 43): every verse met at a table, practised a few minutes at a
time, and scheduled by FSRS (the `fsrs` package)."""
