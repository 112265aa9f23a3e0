"""The session cookie read as what it can be, before any store looks it up.

Django's stores take any cookie of eight characters or more as a key and query the database
with it; a quoted cookie may carry a NUL byte (written as an octal escape, unquoted to one),
which PostgreSQL's text fields refuse with an error (a 500 for a visitor's mistake). Django
makes its keys of 32 lowercase letters and digits: a cookie that is not such a key is no
session at all.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.contrib.sessions import middleware
from django.http import HttpRequest

SESSION_KEY = re.compile(r"[a-z0-9]{32}")


class SessionMiddleware(middleware.SessionMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        if key is not None and not SESSION_KEY.fullmatch(key):
            del request.COOKIES[settings.SESSION_COOKIE_NAME]
        super().process_request(request)
