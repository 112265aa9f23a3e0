"""``python -m battleship``: the terminal game (``battleship.terminal.cli``)."""

import sys

from battleship.terminal.cli import main

if __name__ == "__main__":
    sys.exit(main())
