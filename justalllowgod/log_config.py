"""settings.LOGGING: how lines look (plain, or JSON objects), and a filter that keeps a client's
mistakes from reading as our errors. The settings import this module, so it imports nothing of the
site's (the request and socket logs are justalllowgod/lib/logs.py)."""

from __future__ import annotations

import logging
from typing import Any

# Loggers whose warnings are about what a client sent (a bad Host header, a forged CSRF token, a
# 404): the one line says what happened; a traceback would only bury the real errors.
CLIENT_ERROR_LOGGERS = ("django.security", "django.request", "django.channels.server")


class QuietClientErrors(logging.Filter):
    """A record about a client's mistake keeps its line, loses its traceback, and is a warning at
    most: a scanner's bad Host header is not an error of ours (Django logs it as one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith(CLIENT_ERROR_LOGGERS) and getattr(record, "status_code", 400) < 500:
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
            if record.levelno > logging.WARNING:
                record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def logging_config(*, fmt: str, level: str) -> dict[str, Any]:
    """settings.LOGGING: plain lines by default, one JSON object per line with fmt='json'."""
    formatter = (
        {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        }
        if fmt == "json"
        else {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "quiet_client_errors": {"()": "justalllowgod.log_config.QuietClientErrors"},
            # No secret in a line: a child's sign-in, a big screen's link, an invitation...
            "mask_secret_paths": {"()": "justalllowgod.lib.log_paths.MaskSecretPaths"},
        },
        "formatters": {"site": formatter},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "site",
                "filters": ["quiet_client_errors", "mask_secret_paths"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
        # The access line already says 404 or 403; Django's own line would say it twice.
        "loggers": {"django.request": {"level": "ERROR"}},
    }
