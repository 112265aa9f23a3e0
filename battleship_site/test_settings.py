"""The settings the test suite and the type checker read: the site's own, with the
development defaults it no longer assumes (DEBUG on unless the environment says otherwise:
static files straight from static/, a fixed development key). pytest-django sets DEBUG off
again for each test, as Django's test runner does; the servers the HTTP and browser tests
start are given their settings explicitly."""

import os

os.environ.setdefault("DEBUG", "True")

from battleship_site.settings import *  # noqa: F403
