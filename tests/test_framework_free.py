"""The rules, the computer players and the training environment import nothing from Django."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module",
    ["games.engine", "games.ai", "games.ai.benchmark", "games.gym_env", "games.pettingzoo_env"],
)
def test_it_imports_without_django(module):
    code = (
        f"import sys; import {module}; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django'); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
