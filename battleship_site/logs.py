"""What a log line says about its request, written so that nobody can write the log for us.

Django attaches the whole request to the records of ``django.request``; a formatter that
printed it could print its cookies (the session) or its form (a password). ``RequestLine``
keeps only the method and the path (not the query string, which may carry anything).

A path is the visitor's own text: ``/friend/x%0a2026-11-28 15:00:00,000 ERROR ...`` decodes to
a newline and a well-formed line of the visitor's making, ``%00`` to a NUL byte (``grep`` then
calls the log binary). So every record is one line (``OneLine``): control characters in the
message and in every field are written as escapes (``\\n``, ``\\x00``), a value is cut to a
length, and the lines of a traceback are indented, so that only a real record starts a line
with its time. A storm of identical refusals (a CSRF probe, a flood of oversized bodies) is
one line a minute (``LOG_REPEAT_SECONDS``) with a count (``Storm``), not a line each.
"""

from __future__ import annotations

import logging
import threading
import time

# A path longer than this is cut (it is said twice in some of Django's lines).
LONGEST_VALUE = 200
# A message longer than this is cut: no line of ours is this long.
LONGEST_MESSAGE = 1000
# What indents the lines after a record's first (a traceback's).
CONTINUED = "    "


def escaped(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character written as its escape (``\\n``, ``\\x00``)."""
    if all(char.isprintable() or (keep_newlines and char == "\n") for char in text):
        return text
    out = []
    for char in text:
        if keep_newlines and char == "\n":
            out.append(char)
        elif not char.isprintable() and char != " ":
            # Control and format characters (NUL, newline, escape, bidirectional overrides),
            # line and paragraph separators: written as escapes.
            out.append(char.encode("unicode_escape").decode("ascii"))
        else:
            out.append(char)
    return "".join(out)


def cut(text: str, longest: int) -> str:
    if len(text) <= longest:
        return text
    return f"{text[:longest]}…[{len(text) - longest} more characters]"


def one_value(value: object, longest: int = LONGEST_VALUE) -> str:
    """A visitor's value as a log line may hold it: cut, then escaped."""
    return escaped(cut(str(value), longest))


class RequestLine(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        record.method = one_value(getattr(request, "method", "-") or "-", 16)
        path = getattr(request, "path", None)
        shown = record.path = one_value(path or "-")
        if path and isinstance(record.args, tuple):
            # Django's lines say the path again in their words ("Forbidden (...): /path"):
            # cut there too.
            record.args = tuple(shown if arg == path else arg for arg in record.args)
        return True


class OneLine(logging.Formatter):
    """A record as one line: its message escaped and cut, a traceback's lines indented and
    their control characters escaped (an exception's message may quote the visitor)."""

    # (logging's own method names)
    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = one_value(record.message, LONGEST_MESSAGE)
        return super().formatMessage(record)

    def formatException(self, ei: logging._SysExcInfoType) -> str:
        return self.indented(super().formatException(ei))

    def formatStack(self, stack_info: str) -> str:
        return self.indented(super().formatStack(stack_info))

    @staticmethod
    def indented(text: str) -> str:
        lines = escaped(text, keep_newlines=True).split("\n")
        return "\n".join(CONTINUED + line for line in lines)


class ClientMistake(logging.Filter):
    """What Django's security loggers report (``django.security.*``: a body over the size
    limit, too many fields, a host not in ALLOWED_HOSTS, a CSRF failure, any other
    SuspiciousOperation) is a 4xx for a request that could not be honoured: the client's
    mistake, or someone probing. One WARNING line each, without the traceback Django attaches
    (it says nothing about the site, and anyone could grow the log by 3 MB POSTs with it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.WARNING:
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True


class Storm(logging.Filter):
    """The same refusal again and again (the same logger and the same reason, whatever the
    path or host) is logged once a window: the first of a window is written, the others counted, and
    the first of the next window says how many were left out. A prober varying the path by
    the thousand a second writes a line a minute."""

    def __init__(self, name: str = "", window: float = 60.0) -> None:
        super().__init__(name)
        self.window = window
        self._lock = threading.Lock()
        # (logger, level, first argument: the CSRF failure's reason) -> (window's start,
        # how many were left out). Django's security loggers are one a kind of refusal.
        self._seen: dict[tuple[str, int, str], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        reason = record.args[0] if isinstance(record.args, tuple) and record.args else ""
        key = (record.name, record.levelno, str(reason)[:100])
        now = time.monotonic()
        with self._lock:
            start, left_out = self._seen.get(key, (-self.window, 0))
            if now - start < self.window:
                self._seen[key] = (start, left_out + 1)
                return False
            if len(self._seen) > 1000:  # kinds of refusal are few; forget old windows
                self._seen.clear()
            self._seen[key] = (now, 0)
        if left_out:
            record.msg = (
                f"{record.msg} ({left_out} more like this in the {self.window:g} s before, "
                "not logged)"
            )
        return True
