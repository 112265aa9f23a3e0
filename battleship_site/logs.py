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
