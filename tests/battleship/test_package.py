"""``pip install .``: the library, ``battleship``, in a fresh virtual environment without
Django. Every module the wheel holds imports (walked from what was installed, not listed by
hand) and changes nothing in the process's environment; ``python -m battleship`` and the
``battleship`` script play; the Gym environment trains under stable-baselines3 there."""

import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

IMPORT_EVERY_MODULE = """
import importlib, importlib.metadata, os, sys
# The libraries it uses first: Gymnasium and PettingZoo set variables of their own on import.
import gymnasium, numpy, pettingzoo, pettingzoo.utils, textual
before = dict(os.environ)
names = sorted(
    str(f)[:-3].replace("/", ".").removesuffix(".__init__")
    for f in importlib.metadata.files("battleship")
    if str(f).endswith(".py")
)
outside = sorted({n.split(".")[0] for n in names} - {"battleship"})
assert not outside, f"the wheel holds more than the library: {outside}"
for name in names:
    importlib.import_module(name)
assert "django" not in sys.modules, "the library imported Django"
assert dict(os.environ) == before, "importing the library changed the environment"
try:
    import django
except ImportError:
    pass
else:
    sys.exit("Django is installed")
print(len(names))
"""

TRAIN = """
import gymnasium as gym
import torch
from stable_baselines3 import PPO

import battleship.envs

torch.set_num_threads(1)
env = gym.make("battleship/Battleship-v0", opponent=2)
assert env.spec.max_episode_steps == 400
assert gym.make("Battleship-v0").spec.id == "Battleship-v0"
model = PPO("MlpPolicy", env, seed=1, n_steps=64, batch_size=32, n_epochs=1)
model.learn(128)
print(model.num_timesteps)
"""


def test_pip_install_gives_the_library_without_django(tmp_path):
    # A venv without a pip of its own (ensurepip costs a tenth of the test), installed into by
    # this pip (`--python`). No bytecode compiled at install time: torch's thousands of
    # modules compiled up front were a third of the test; what the checks import compiles then.
    venv.create(tmp_path / "env", with_pip=False)
    python = tmp_path / "env" / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--quiet"]
    pip += ["--no-compile", "--disable-pip-version-check"]
    # The versions the requirements files pin (pip takes no extras in a constraints file).
    pins = [
        line
        for name in ("requirements.txt", "requirements-agents.txt")
        for line in (ROOT / name).read_text().splitlines()
        if line and not line.startswith(("#", "-")) and "[" not in line
    ]
    (tmp_path / "pins.txt").write_text("\n".join(pins))
    # Built from a copy: a build in the checkout would leave build/ and *.egg-info there.
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(".*", "__pycache__", "node_modules", "*.sqlite3"),
    )
    install = [*pip, "-c", tmp_path / "pins.txt", f"{source}[tui,agents]"]
    subprocess.run(install, check=True, cwd=tmp_path, timeout=900)

    imported = subprocess.run(
        [python, "-c", IMPORT_EVERY_MODULE], capture_output=True, text=True, cwd=tmp_path
    )
    assert imported.returncode == 0, imported.stderr
    library = {p for p in (ROOT / "battleship").rglob("*.py") if "__pycache__" not in p.parts}
    assert int(imported.stdout) == len(library)  # every module of the checkout's library

    script = tmp_path / "env" / "bin" / "battleship"
    played = subprocess.run(
        [script, "--seed", "1", "--level", "5", "--plain"],
        input="A1\nquit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    assert "Battleship against the Admiral (level 5)." in played.stdout
    assert "Goodbye" in played.stdout
    usage = subprocess.run([script, "--help"], capture_output=True, text=True)
    assert usage.stdout.startswith("usage: battleship ")
    module = subprocess.run([python, "-m", "battleship", "--help"], capture_output=True, text=True)
    assert module.returncode == 0, module.stderr
    assert module.stdout.startswith("usage: python -m battleship ")

    trained = subprocess.run([python, "-c", TRAIN], capture_output=True, text=True, cwd=tmp_path)
    assert trained.returncode == 0, trained.stderr
    assert int(trained.stdout) == 128
