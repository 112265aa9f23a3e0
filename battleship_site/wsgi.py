"""WSGI entry point (gunicorn ``battleship_site.wsgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battleship_site.settings")

application = get_wsgi_application()
