#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    """Run administrative tasks."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "justalllowgod.settings")
    try:
        from django.core.management import execute_from_command_line
    except ImportError as exc:
        raise ImportError(
            "Couldn't import Django. Are you sure it's installed and "
            "available on your PYTHONPATH environment variable? Did you "
            "forget to activate a virtual environment?"
        ) from exc
    from justalllowgod.env import load_settings_or_exit, set_up_or_exit

    # A setting start-up refuses is one line naming the variable, not a traceback (exit status 78),
    # whether the settings refuse it or an app as it is made ready.
    load_settings_or_exit()
    set_up_or_exit(lambda: execute_from_command_line(sys.argv))


if __name__ == "__main__":
    main()
