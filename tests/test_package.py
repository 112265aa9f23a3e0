"""``pip install .``: the engine, the computer players, the environment and the terminal
game, in a fresh virtual environment without Django."""

import shutil
import subprocess
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

USE_IT = """
import sys
import gymnasium as gym
import games.gym_env
from games.ai import get_player
from games.engine import BattleshipGame

env = gym.make("battleship/Battleship-v0", opponent=2)
assert env.spec.max_episode_steps == 400
_, info = env.reset(seed=1)
env.step(env.action_space.sample(info["action_mask"]))
assert gym.make("Battleship-v0").spec.id == "Battleship-v0"
try:
    import django
except ImportError:
    pass
else:
    sys.exit("Django is installed")
print("ok")
"""


def test_pip_install_gives_the_game_without_django(tmp_path):
    venv.create(tmp_path / "env", with_pip=True)
    python = tmp_path / "env" / "bin" / "python"
    pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    # The versions requirements.txt pins (pip takes no extras in a constraints file).
    pins = (ROOT / "requirements.txt").read_text().splitlines()
    (tmp_path / "pins.txt").write_text("\n".join(pin for pin in pins if "[" not in pin))
    constraints = ["-c", tmp_path / "pins.txt"]
    # Built from a copy: a build in the checkout would leave build/ and *.egg-info there.
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(".*", "__pycache__", "node_modules", "*.sqlite3"),
    )
    subprocess.run([*pip, *constraints, source], check=True, cwd=tmp_path, timeout=600)
    done = subprocess.run(
        [python, "-c", USE_IT], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert done.stdout.strip() == "ok", done.stderr
    script = tmp_path / "env" / "bin" / "battleship"
    played = subprocess.run(
        [script, "--seed", "1", "--level", "5"],
        input="A1\nquit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert played.returncode == 0, played.stderr
    assert "Battleship against the Admiral (level 5)." in played.stdout
    assert "Goodbye" in played.stdout
    usage = subprocess.run([script, "--help"], capture_output=True, text=True, check=False)
    assert usage.stdout.startswith("usage: battleship ")
