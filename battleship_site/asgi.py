"""ASGI entry point: Django's application, reading no request body past MAX_REQUEST_BODY."""

import os

from django.conf import settings
from django.core.asgi import get_asgi_application

from battleship_site.bodies import BodyLimit

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battleship_site.settings")

application = BodyLimit(get_asgi_application(), settings.MAX_REQUEST_BODY)
