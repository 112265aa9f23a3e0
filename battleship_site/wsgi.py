"""WSGI entry point (gunicorn ``battleship_site.wsgi``)."""

import logging
import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battleship_site.settings")

application = get_wsgi_application()

if settings.PER_PROCESS_LIMITS and not settings.DEBUG:
    # Chosen with PER_PROCESS_LIMITS=True, and easy to forget: each worker says it.
    logging.getLogger("battleship_site").warning(
        "No REDIS_URL: the rate limits and the login lockout count in each worker process "
        "separately, so with N workers a password can be tried N times as often. "
        "Set REDIS_URL to share them."
    )
