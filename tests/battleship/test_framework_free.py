"""The rules, the computer players and the training environment import nothing from Django."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "battleship.classic",
        "battleship.classic.ai",
        "battleship.classic.ai.benchmark",
        "battleship.envs.gymnasium_env",
        "battleship.envs.pettingzoo_env",
        "battleship.sector",
        "battleship.sector.ai",
        "battleship.sector.ai.benchmark",
        "battleship.terminal.sector",
    ],
)
def test_it_imports_without_django(module):
    code = (
        f"import sys; import {module}; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django'); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
