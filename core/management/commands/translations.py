"""Keep the translations current: ``manage.py translations`` (update), ``--check`` (the gate
``make test`` runs) and ``--compile`` (what ``make run`` and ``make serve`` run).

- With no option: Django's ``makemessages`` for every language of ``settings.LANGUAGES`` but
  English, with the options the project always uses, then a list of what is left to
  translate. Run it after marking new strings, translate what it lists in
  ``locale/<language>/LC_MESSAGES/django.po``, and run it again.
- ``--check``: ``makemessages`` must leave every ``.po`` file as it is (apart from its
  POT-Creation-Date line): no string is new and none is stale; no entry is untranslated
  or fuzzy; and ``compilemessages`` (GNU gettext's ``msgfmt --check-format``, which also
  checks that each translation keeps its ``%(name)s`` placeholders) succeeds. The files are
  left as they were; what is wrong is printed and the command fails.
- ``--compile``: the ``.mo`` files, written with Babel's compiler in pure Python, so that
  playing the site needs no gettext tools (``makemessages`` and ``--check`` do).
"""

from __future__ import annotations

import io
import os
import re
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

# Never code a person reads: test suites, load tests, examples, the virtualenv and
# collected or installed files.
IGNORED = [".venv", "venv", "node_modules", "staticfiles", "tests", "loadtest", "examples"]
CREATED = re.compile(r'^"POT-Creation-Date: .*\\n"$', re.MULTILINE)


def languages() -> list[str]:
    """The languages translated to: every one the site offers but its own, English."""
    return [code for code, _name in settings.LANGUAGES if not code.startswith("en")]


def po_path(language: str) -> Path:
    return Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES" / "django.po"


def make_messages(verbosity: int = 0) -> None:
    call_command(
        "makemessages",
        locale=languages(),
        ignore_patterns=IGNORED,
        no_location=True,
        no_obsolete=True,
        verbosity=verbosity,
    )


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=path.parts[-3])


def left_to_translate(path: Path) -> list[str]:
    """Each entry of a ``.po`` file without a translation, or marked fuzzy."""
    left = []
    for message in read(path):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        said = message.id[0] if isinstance(message.id, tuple) else message.id
        if message.fuzzy:
            left.append(f"fuzzy: {said!r}")
        elif not all(strings):
            left.append(f"untranslated: {said!r}")
    return left


def without_date(text: str) -> str:
    return CREATED.sub("", text)


class Command(BaseCommand):
    help = "Update the .po files (default), check them (--check), or compile them (--compile)."

    def add_arguments(self, parser: CommandParser) -> None:
        mode = parser.add_mutually_exclusive_group()
        mode.add_argument("--check", action="store_true", help="fail if anything is missing")
        mode.add_argument("--compile", action="store_true", help="write the .mo files (Babel)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["compile"]:
            self.compile_translations()
        elif options["check"]:
            self.check_translations()
        else:
            make_messages(verbosity=1)
            for language in languages():
                for line in left_to_translate(po_path(language)):
                    self.stdout.write(f"{language}: {line}")

    def compile_translations(self) -> None:
        for language in languages():
            path = po_path(language)
            # Written beside and moved into place: a process reading the catalogue meanwhile
            # (a test worker, a running server) sees the old file or the new, never half.
            compiled = path.with_suffix(".mo")
            partial = compiled.with_name(f".{compiled.name}.{os.getpid()}")
            with partial.open("wb") as file:
                write_mo(file, read(path))
            partial.replace(compiled)
        self.stdout.write(f"Compiled {', '.join(languages())}.")

    def check_translations(self) -> None:
        before = {language: po_path(language).read_text("utf-8") for language in languages()}
        problems: list[str] = []
        try:
            make_messages()
            for language, text in before.items():
                after = po_path(language).read_text("utf-8")
                if without_date(after) != without_date(text):
                    problems += [f"{language}: {line}" for line in changed(text, after)]
                problems += [f"{language}: {line}" for line in left_to_translate(po_path(language))]
        finally:
            for language, text in before.items():
                po_path(language).write_text(text, "utf-8")
        if problems:
            raise CommandError(
                "The translations are not current:\n  "
                + "\n  ".join(problems)
                + "\nRun `manage.py translations`, translate what it lists in "
                "locale/<language>/LC_MESSAGES/django.po, and check again."
            )
        errors = io.StringIO()
        with redirect_stderr(errors):
            try:
                call_command("compilemessages", locale=languages(), verbosity=0)
            except CommandError as error:
                said = f"compilemessages failed: {error}\n{errors.getvalue()}"
                raise CommandError(said) from error
        self.stdout.write(
            f"Translations current: {', '.join(languages())} (every string translated, compiled)."
        )


def changed(before: str, after: str) -> list[str]:
    """The strings ``makemessages`` added to or dropped from a ``.po`` file."""
    old = {message.id for message in read_po(io.BytesIO(before.encode("utf-8")))}
    new = {message.id for message in read_po(io.BytesIO(after.encode("utf-8")))}
    lines = [f"new string: {said!r}" for said in sorted(map(str, new - old))]
    lines += [f"stale string: {said!r}" for said in sorted(map(str, old - new))]
    return lines or ["the file is not as makemessages writes it: run `manage.py translations`"]
