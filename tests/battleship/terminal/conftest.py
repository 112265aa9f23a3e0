"""Helpers: run the terminal game on typed lines and read what it printed."""

import io
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from battleship.classic import ROW_LETTERS
from battleship.terminal import classic as terminal


def run_play(lines, **options):
    """Play with ``lines`` as what the person types; returns (result, printed text)."""
    stdin = io.StringIO("".join(f"{line}\n" for line in lines))
    stdout = io.StringIO()
    options.setdefault("seed", 5)
    options.setdefault("level", 1)
    result = terminal.play(stdin, stdout, **options)
    return result, stdout.getvalue()


def every_cell(size=10):
    """Every cell in reading order, A1 to J10: enough shots to finish any game."""
    return [f"{ROW_LETTERS[row]}{col + 1}" for row in range(size) for col in range(size)]


ROOT = Path(__file__).resolve().parents[3]
PYTHON_M_BATTLESHIP = [sys.executable, "-m", "battleship"]


def play_in_a_terminal(args, typed, env_extra=None, command=PYTHON_M_BATTLESHIP):
    """Run ``command`` (``python -m battleship`` unless told) on a pseudo-terminal, typing
    ``typed``; returns what it showed."""
    main, secondary = pty.openpty()
    env = {**os.environ, "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    env.update(env_extra or {})
    process = subprocess.Popen(
        [*command, *args],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        cwd=ROOT,
        env=env,
        close_fds=True,
    )
    os.close(secondary)
    shown = bytearray()
    pending = "".join(f"{line}\n" for line in typed).encode()
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(main, 65536)
                except OSError:  # the game ended and closed the terminal
                    break
                if not chunk:
                    break
                shown += chunk
                # Type one line at each prompt, as a person would.
                if pending and shown.rstrip().endswith(b":"):
                    line, _, pending = pending.partition(b"\n")
                    os.write(main, line + b"\n")
            elif process.poll() is not None:
                break
    finally:
        process.wait(timeout=30)
        os.close(main)
    return process.returncode, shown.decode(errors="replace")
