"""A server error leaves a trace: its traceback, method and path on standard error, where
gunicorn and any process manager collect it; never the request's cookies or query. A
client's mistake (a 400) is one warning line, without a traceback."""

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
with override_settings(STORAGES=plain_files), mock.patch("core.views.database_answers") as db:
    db.side_effect = RuntimeError("the chart table is on fire")
    client = Client(raise_request_exception=False, HTTP_COOKIE="sessionid=cookie-SECRET-1")
    response = client.get("/healthz?token=query-SECRET-2")
print("status", response.status_code)
"""


def production(tmp_path, script):
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
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_server_error_is_logged_with_its_traceback_method_and_path(tmp_path):
    done = production(tmp_path, BREAK_A_REQUEST)
    assert "status 500" in done.stdout, done.stderr
    log = done.stderr
    assert "ERROR django.request GET /healthz Internal Server Error: /healthz" in log
    assert "Traceback (most recent call last)" in log
    assert "RuntimeError: the chart table is on fire" in log
    assert "SECRET" not in log


# Three requests that are the client's fault: a 3 MB form (over MAX_REQUEST_BODY: a 413,
# not read), 1,500 fields, a host the site does not serve.
CLIENT_MISTAKES = """
from django.test import Client, override_settings
plain_files = {"staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
form = "application/x-www-form-urlencoded"
with override_settings(STORAGES=plain_files):
    client = Client(raise_request_exception=False)
    big = client.post("/games/", data="level=" + "1" * 3_000_000, content_type=form)
    fields = "&".join(f"field{n}=1" for n in range(1500))
    many = client.post("/games/", data=fields, content_type=form)
    host = client.get("/", headers={"host": "evil.example"})
print("statuses", big.status_code, many.status_code, host.status_code)
"""


def test_a_clients_mistake_is_one_warning_line_without_a_traceback(tmp_path):
    done = production(tmp_path, CLIENT_MISTAKES)
    assert "statuses 413 400 400" in done.stdout, done.stderr
    lines = done.stderr.splitlines()
    assert "Traceback" not in done.stderr
    assert " ERROR " not in done.stderr
    for mistake, path in [
        ("battleship_site.bodies POST /games/", "Request body too large: over 262144 bytes"),
        ("django.security.TooManyFieldsSent POST /games/", "GET/POST parameters exceeded"),
        ("django.security.DisallowedHost GET /", "Invalid HTTP_HOST header: 'evil.example'"),
    ]:
        said = [line for line in lines if mistake in line]
        assert len(said) == 1, (mistake, lines)
        assert f" WARNING {mistake} " in said[0]
        assert path in said[0]
