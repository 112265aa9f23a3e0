#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    if sys.argv[1:2] == ["play"]:
        # The terminal game needs no web settings (no SECRET_KEY, no database): it runs
        # before Django is set up, exactly as `python -m battleship` does.
        from battleship.terminal.cli import main as play

        sys.exit(play(sys.argv[2:], prog=f"{sys.argv[0]} play"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battleship_site.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
