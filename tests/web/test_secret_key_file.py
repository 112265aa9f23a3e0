"""`make serve` writes its secret key into a .env readable by its owner only."""

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def make_secret_key(env_file, umask=0o022):
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    return subprocess.run(
        ["make", "-s", "secret-key", f"ENV_FILE={env_file}"],  # noqa: S607 -- make from PATH
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        preexec_fn=lambda: os.umask(umask),
    )


pytestmark = pytest.mark.skipif(not shutil.which("make"), reason="no make")


def test_a_new_env_file_is_readable_by_its_owner_only(tmp_path):
    env_file = tmp_path / ".env"
    make_secret_key(env_file)
    assert stat.S_IMODE(env_file.stat().st_mode) == 0o600
    assert len(env_file.read_text().removeprefix("SECRET_KEY=").strip()) >= 50


def test_an_existing_env_file_is_closed_before_the_key_goes_in(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("DEBUG=False\n")
    env_file.chmod(0o644)
    make_secret_key(env_file)
    assert stat.S_IMODE(env_file.stat().st_mode) == 0o600
    assert env_file.read_text().startswith("DEBUG=False\nSECRET_KEY=")


def test_a_key_already_there_is_kept_and_an_open_file_is_pointed_out(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("SECRET_KEY=kept\n")
    env_file.chmod(0o644)
    done = make_secret_key(env_file)
    assert env_file.read_text() == "SECRET_KEY=kept\n"
    assert "can be read by others" in done.stdout
