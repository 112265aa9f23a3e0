"""A server error leaves a trace: its traceback, method and path on standard error, where
gunicorn and any process manager collect it; never the request's cookies or query."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Production settings in a process of their own (logging is set up once, at start-up): a
# request whose view breaks, through Django's whole handler as gunicorn would call it.
BREAK_A_REQUEST = """
from unittest import mock
from django.test import Client, override_settings
plain_files = {"staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
with override_settings(STORAGES=plain_files), mock.patch("games.views.Game") as game:
    game.objects.exists.side_effect = RuntimeError("the chart table is on fire")
    client = Client(raise_request_exception=False, HTTP_COOKIE="sessionid=cookie-SECRET-1")
    response = client.get("/healthz?token=query-SECRET-2")
print("status", response.status_code)
"""


def test_a_server_error_is_logged_with_its_traceback_method_and_path(tmp_path):
    env = {
        **os.environ,
        "DEBUG": "False",
        "SECRET_KEY": "x" * 60,
        "ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "PER_PROCESS_LIMITS": "True",
        "SECURE_SSL_REDIRECT": "False",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", BREAK_A_REQUEST],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "status 500" in done.stdout, done.stderr
    log = done.stderr
    assert "ERROR django.request GET /healthz Internal Server Error: /healthz" in log
    assert "Traceback (most recent call last)" in log
    assert "RuntimeError: the chart table is on fire" in log
    assert "SECRET" not in log
