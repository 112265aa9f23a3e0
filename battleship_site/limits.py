"""Rate limits whose rates are settings, read at each request (tests and operators set them)."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest


def setting(name: str) -> Callable[[str, HttpRequest], str]:
    """A django-ratelimit ``rate`` that is the setting ``name``, e.g. ``"20/s"``."""

    def rate(group: str, request: HttpRequest) -> str:
        return str(getattr(settings, name))

    return rate
