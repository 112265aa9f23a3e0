"""The command line: ``python -m battleship`` and ``manage.py play``, their usage errors,
exit codes, pipes, Ctrl-C, and no need for Django's settings."""

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from .test_watch import run_watch

ROOT = Path(__file__).resolve().parents[3]
COMMANDS = {
    "module": [sys.executable, "-m", "battleship"],
    "manage.py": [sys.executable, "manage.py", "play"],
}


def run(command, *args, typed="", env=None):
    return subprocess.run(
        [*COMMANDS[command], *args],
        input=typed,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--all"], "--all is for --watch"),
        (["--vs", "2"], "--vs is for --watch"),
        (["--watch", "--manual"], "--manual is for playing"),
        (["--level", "9"], "there is no level 9"),
        (["--watch", "--vs", "0"], "there is no level 0"),
        (["--colour"], "unrecognized arguments: --colour"),
    ],
)
def test_options_that_cannot_be_played_are_a_usage_error_exit_2(command, args, message):
    done = run(command, *args, typed="A1\n")
    assert done.returncode == 2
    assert message in done.stderr
    assert done.stderr.startswith("usage: ")
    assert done.stdout == ""  # nothing started


@pytest.mark.parametrize("command", COMMANDS)
def test_a_game_that_ran_exits_0(command):
    assert run(command, "--seed", "3", typed="A1\nresign\n").returncode == 0
    assert run(command, "--seed", "3", typed="A1\n").returncode == 0  # then Ctrl-D
    assert run(command, "--watch", "--all", "--seed", "4").returncode == 0


@pytest.mark.parametrize("command", COMMANDS)
def test_a_closed_pipe_ends_it_quietly(command):
    # `play --seed 1 </dev/null | head -3`: the reader leaves after three lines.
    shell = " ".join(COMMANDS[command]) + " --seed 1 </dev/null | head -3"
    done = subprocess.run(
        ["/bin/bash", "-o", "pipefail", "-c", shell],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.stderr == ""
    assert len(done.stdout.splitlines()) == 3
    # Whether the game was still writing when head left depends on timing: 0 or 1.
    assert done.returncode in (0, 1)


@pytest.mark.parametrize("command", COMMANDS)
def test_output_closed_before_the_first_line_exits_1_without_a_traceback(command):
    process = subprocess.Popen(
        [*COMMANDS[command], "--seed", "1"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    process.stdout.close()  # the reader is gone before the game says anything
    errors = process.stderr.read()
    assert process.wait(timeout=60) == 1
    assert errors == b""


@pytest.mark.parametrize("command", COMMANDS)
def test_ctrl_c_exits_130(command):
    process = subprocess.Popen(
        [*COMMANDS[command], "--seed", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        text=True,
        # As on a terminal, whatever this suite was started from: a shell's background job
        # ignores SIGINT, and a child would inherit that.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    shown = ""
    while not shown.endswith("Your shot: "):
        character = process.stdout.read(1)
        assert character, f"it ended before the first prompt: {shown}"
        shown += character
    process.send_signal(signal.SIGINT)
    rest, errors = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Interrupted: the game is left unfinished." in rest
    assert errors == ""


@pytest.mark.parametrize("command", COMMANDS)
def test_it_needs_no_web_settings(command):
    # Production settings without a SECRET_KEY: the site would refuse to start.
    env = {"DEBUG": "False", "SECRET_KEY": "", "DJANGO_SETTINGS_MODULE": "no.such.settings"}
    done = run(command, "--seed", "3", typed="quit\n", env=env)
    assert done.returncode == 0, done.stderr
    assert "Goodbye" in done.stdout


def test_the_module_imports_nothing_from_django():
    code = (
        "import io, sys; from battleship.terminal import cli; "
        "code = cli.main(['--seed', '1'], stdin=io.StringIO('A1\\nquit\\n'), "
        "stdout=io.StringIO()); "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django'); "
        "print(code, bad); sys.exit(1 if bad or code else 0)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_the_games_options_and_the_exit_codes(command):
    done = run(command, "--help")
    assert done.returncode == 0
    for option in ("--level", "--seed", "--rules", "--manual", "--watch", "--vs", "--all"):
        assert option in done.stdout
    assert "--settings" not in done.stdout  # none of Django's own options
    assert "--verbosity" not in done.stdout
    assert "130  interrupted (Ctrl-C)" in done.stdout


def test_an_unknown_word_while_watching_plays_no_shot():
    _, printed = run_watch(["next please", "", "quit"], level=1, vs=1, step=True)
    shots = re.findall(r"Shot +\d+: ", printed)
    assert len(shots) == 2  # the first, and the one Enter asked for: none for the word
    assert printed.count("Press Enter for the next shot, type all or quit.") == 1
