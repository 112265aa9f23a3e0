"""Production without a shared cache: the rate limits and the lockout would count per worker."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LEFT_OUT = ("REDIS_URL", "PER_PROCESS_LIMITS", "DJANGO_ALLOW_ASYNC_UNSAFE")


def run(code_or_command, **variables):
    env = {
        # Not what a deployment has: Redis unless given, and the browser tests' async switch.
        **{k: v for k, v in os.environ.items() if k not in LEFT_OUT},
        "DEBUG": "False",
        "SECRET_KEY": "check-deploy-a-long-random-enough-value-for-the-check-0123456789",
        **variables,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, *code_or_command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_check_deploy_fails_in_production_without_redis():
    done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"])
    assert done.returncode != 0
    assert "django_ratelimit.E003" in done.stderr
    assert "battleship.E001" in done.stderr
    assert "Set REDIS_URL" in done.stderr


def test_check_deploy_passes_with_redis():
    done = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    assert done.returncode == 0, done.stderr


def test_per_process_limits_are_allowed_when_asked_for_and_said_at_start_up():
    done = run(["manage.py", "check", "--deploy"], PER_PROCESS_LIMITS="True")
    assert done.returncode == 0, done.stderr
    started = run(["-c", "import battleship_site.wsgi"], PER_PROCESS_LIMITS="True")
    assert "the rate limits and the login lockout count in each worker" in started.stderr
