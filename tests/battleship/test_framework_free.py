"""Every module of the library imports without Django and without changing the process's
environment (walked, not listed: a new module is checked the day it is added). The wheel's
own check, in a virtual environment without Django, is ``test_package``."""

import os
import subprocess
import sys
from pathlib import Path

LIBRARY = Path(__file__).resolve().parents[2] / "battleship"

WALK = """
import importlib, os, pkgutil, sys
import gymnasium, numpy, pettingzoo, pettingzoo.utils, textual  # they set variables of their own
import battleship
before = dict(os.environ)
names = [m.name for m in pkgutil.walk_packages(battleship.__path__, "battleship.")]
for name in names:
    importlib.import_module(name)
django = sorted(m for m in sys.modules if m.split(".")[0] == "django")
assert not django, django
assert dict(os.environ) == before, "importing the library changed the environment"
print(len(names))
"""


def test_every_library_module_imports_without_django_or_side_effects():
    # Without the variables the site sets for its own processes, so that the library setting
    # one of them would show.
    threads = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    env = {name: value for name, value in os.environ.items() if name not in threads}
    done = subprocess.run([sys.executable, "-c", WALK], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    modules = [p for p in LIBRARY.rglob("*.py") if p.name != "__init__.py" or p.parent != LIBRARY]
    assert int(done.stdout) == len(modules)  # the walk reached every module of the library
