"""What a log line says about its request: the method and the path, nothing else.

Django attaches the whole request to the records of ``django.request``; a formatter that
printed it could print its cookies (the session) or its form (a password). This filter
keeps only the method and the path (not the query string, which may carry anything).
"""

import logging


class RequestLine(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        record.method = getattr(request, "method", "-") or "-"
        record.path = getattr(request, "path", "-") or "-"
        return True


class ClientMistake(logging.Filter):
    """What Django's security loggers report (``django.security.*``: a body over the size
    limit, too many fields, a host not in ALLOWED_HOSTS, any other SuspiciousOperation) is
    a 400 for a request that could not be honoured: the client's mistake, or someone
    probing. One WARNING line each, without the traceback Django attaches (it says nothing
    about the site, and anyone could grow the log by 3 MB POSTs with it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.WARNING:
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True
