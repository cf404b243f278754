"""Telling members what happened while they were away: Web Push, mail, and what each one chose."""
