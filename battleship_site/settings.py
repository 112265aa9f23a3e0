"""Settings, read from the environment (and an optional ``.env`` file) with django-environ.

With nothing set, this is the site as players get it (DEBUG off), on a SQLite file next to
``manage.py``: it needs a SECRET_KEY (``make run`` writes one into ``.env``), or DEBUG=True for
development (``make dev``). See the README for every variable.
"""

import hashlib
from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env(
    DEBUG=(bool, False),
    ALLOWED_HOSTS=(list, ["127.0.0.1", "localhost", "[::1]"]),
)
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env("DEBUG")
if DEBUG:
    # A fixed key for development only; with DEBUG off the site refuses to start without one.
    SECRET_KEY = env("SECRET_KEY", default="django-insecure-development-only-key-do-not-deploy")
elif env("SECRET_KEY", default=""):
    SECRET_KEY = env("SECRET_KEY")
else:
    raise ImproperlyConfigured(
        "SECRET_KEY is not set. `make run` and `make serve` write one into .env; for "
        "development, set DEBUG=True (`make dev`)."
    )
ALLOWED_HOSTS = env("ALLOWED_HOSTS")
# The daily challenge's fleets are an HMAC of the date under this secret: without it, the
# code says nothing of any day's fleet. By default derived from SECRET_KEY (so set one, or
# both, in production); changing it changes every day's fleet, past ones too.
DAILY_SECRET = env(
    "DAILY_SECRET",
    default=hashlib.sha256(f"battleship-daily:{SECRET_KEY}".encode()).hexdigest(),
)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",  # numbers in words and figures, in the page's language
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_ratelimit",
    "axes",
    "core",
    "modes",
    "duels",
    "games",
    "sector",
    "friends",
    "strangers",
    "accounts",
    "daily",
    "learn",
    "sample_site",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and htmx answers gzipped (with Django's BREACH padding), not the event streams:
    # above everything that writes a body, below WhiteNoise, which serves its own .gz files.
    "battleship_site.compression.PagesGZipMiddleware",
    # Around everything that may wait on the database, the session's saving included.
    "battleship_site.deadlines.DatabaseDeadlineMiddleware",
    "csp.middleware.CSPMiddleware",
    # Django's, reading only a cookie that can be a session key (battleship_site/sessions.py).
    "battleship_site.sessions.SessionMiddleware",
    # The language: the one chosen (its cookie), else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    # A body over MAX_REQUEST_BODY: the 413 page, before anything reads it.
    "battleship_site.bodies.BodyLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
    "core.middleware.DatabaseBusyMiddleware",
    "core.middleware.MethodNotAllowedPageMiddleware",
    "core.middleware.PrivatePagesMiddleware",
    "core.middleware.RetryAfterMiddleware",
    "accounts.middleware.RememberLanguageMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "battleship_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "battleship_site.wsgi.application"

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
# No persistent connections: the site runs under ASGI (`make serve`) and Django's
# development server, both of which run each request in a thread of its own, so a connection
# kept after a request is never used again, only left open (60 of them on PostgreSQL after
# 60 requests, until "too many clients" made every worker answer 503). PostgreSQL's
# connections come from a pool per worker instead (psycopg's, through Django), each handed
# back at the end of its request; SQLite's cost little to open.
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=0))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# How long a request may wait on the database, all well below gunicorn's worker timeout
# (30 s), so that a database that is slow, locked, frozen or unreachable gives the site's
# own 503 and the worker lives on (battleship_site/deadlines.py, docs/operations.md):
# connecting (PostgreSQL), one statement (PostgreSQL's statement_timeout, SQLite's busy
# timeout), and any wait on PostgreSQL that is still going this long after the request began.
DATABASE_CONNECT_TIMEOUT = env.int("DATABASE_CONNECT_TIMEOUT", default=3)
DATABASE_STATEMENT_TIMEOUT = env.float("DATABASE_STATEMENT_TIMEOUT", default=4)
DATABASE_WAIT_LIMIT = env.float("DATABASE_WAIT_LIMIT", default=5)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent use of one file: WAL lets readers run beside a writer; IMMEDIATE takes the
    # write lock when a transaction begins, so two moves queue instead of deadlocking.
    busy_ms = int(DATABASE_STATEMENT_TIMEOUT * 1000)
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": DATABASE_STATEMENT_TIMEOUT,
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                f"PRAGMA busy_timeout={busy_ms};"
            ),
        }
    )
else:
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "connect_timeout": DATABASE_CONNECT_TIMEOUT,
            # A long migration or command: DATABASE_STATEMENT_TIMEOUT=0 lifts it.
            "options": f"-c statement_timeout={int(DATABASE_STATEMENT_TIMEOUT * 1000)}",
        }
    )
    # A worker's pool: at most DATABASE_POOL_SIZE connections (the workers together must stay
    # below the server's max_connections); a request that finds them all busy waits for one
    # at most DATABASE_WAIT_LIMIT seconds, then gets the site's 503. DATABASE_POOL_SIZE=0 (or
    # CONN_MAX_AGE set) turns the pool off: a connection per request, as Django's default.
    # No health check as a connection leaves the pool: the check is a query that no deadline
    # covers (the request has no connection yet), so a server that froze would hold the
    # request for ever; without it the request's first query meets the frozen server under
    # the watchdog's eye (battleship_site/deadlines.py). A connection the server closed while
    # it was idle fails its next request with a 503 and is dropped.
    # Instead, each connection is looked at as it leaves the pool without asking the server
    # anything (battleship_site/postgresql/base.py): one the server closed while it sat idle
    # (a restart, an idle timeout, a socket the watchdog cut) is dropped for a new one.
    # After an outage the pool gives up a failing attempt to reconnect after a few seconds,
    # so that the next request tries again at once rather than after a long backoff.
    DATABASE_POOL_SIZE = env.int("DATABASE_POOL_SIZE", default=8)
    if DATABASE_POOL_SIZE and not DATABASES["default"]["CONN_MAX_AGE"]:
        DATABASES["default"]["ENGINE"] = "battleship_site.postgresql"
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": min(2, DATABASE_POOL_SIZE),
            "max_size": DATABASE_POOL_SIZE,
            # DATABASE_WAIT_LIMIT=0 turns the watchdog off, not the wait for a connection.
            "timeout": DATABASE_WAIT_LIMIT or 30,
            "reconnect_timeout": 2 * max(DATABASE_WAIT_LIMIT, DATABASE_CONNECT_TIMEOUT),
        }
    # Several checkouts testing against one server each need their own test database.
    if env("TEST_DATABASE_NAME", default=""):
        DATABASES["default"]["TEST"] = {"NAME": env("TEST_DATABASE_NAME")}

# One cache shared by every worker process (rate limits must count across them): Redis when
# REDIS_URL is set, else this process's memory (fine for `make run`, one process).
# Redis that is slow, frozen or unreachable: each connection and each command waits at most
# REDIS_TIMEOUT seconds (by default redis-py would wait for ever), then the site answers 503.
REDIS_TIMEOUT = env.float("REDIS_TIMEOUT", default=2)
if env("REDIS_URL", default=""):
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": env("REDIS_URL"),
            "OPTIONS": {"SOCKET_CONNECT_TIMEOUT": REDIS_TIMEOUT, "SOCKET_TIMEOUT": REDIS_TIMEOUT},
        }
    }
    # Sessions read from the shared cache, written through to the database: a page no
    # longer costs a session query. Only with a cache every worker shares, so a session
    # ended in one worker (log out) is ended in all.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Without Redis the rate-limit and lockout counters live in each process: with 3 workers a
# password can be guessed 3 times as often. django-ratelimit and django-axes say so in their
# checks, which stop `migrate` and `check --deploy`: silenced only in development (one
# process), or in production when the operator says one process is meant (and gunicorn's
# workers then say it loudly at start-up, battleship_site/wsgi.py).
PER_PROCESS_LIMITS = not env("REDIS_URL", default="") and (
    DEBUG or env.bool("PER_PROCESS_LIMITS", default=False)
)
if PER_PROCESS_LIMITS:
    SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001", "axes.W001"]

RATELIMIT_VIEW = "core.requests.rate_limited"
# Shots per player: far above any person's pace, low enough to stop a script hammering.
FIRE_RATE = env("FIRE_RATE", default="20/s")
NEW_GAME_RATE = env("NEW_GAME_RATE", default="30/m")
# Quick messages between the players of a game (a fixed list of phrases), per player.
TALK_RATE = env("TALK_RATE", default="10/m")
# A stranger's game: the seconds each move may take (its clock); a walk-off loses on time.
STRANGER_CLOCK_SECONDS = env.int("STRANGER_CLOCK_SECONDS", default=60)
# Placing, shuffling, starting and resigning, per player: each takes the database's write lock.
SETUP_RATE = env("SETUP_RATE", default="10/s")
# Everything that changes a game, from one address, all its players together: many guest ids
# or accounts from one place share this ceiling (a school behind one address still plays).
ADDRESS_RATE = env("ADDRESS_RATE", default="100/s")
# Accounts, per address (sign-ups, login attempts) and per player (password changes): each
# attempt hashes a password, about 0.2 s of a worker.
SIGNUP_RATE = env("SIGNUP_RATE", default="5/h")
LOGIN_RATE = env("LOGIN_RATE", default="20/m")
PASSWORD_CHANGE_RATE = env("PASSWORD_CHANGE_RATE", default="10/h")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Errors to standard error, where gunicorn and any process manager (systemd's journal, a
# container's log) collect them: every server error with its traceback, the request's method
# and path, and never its cookies or form values (battleship_site/logs.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request": {"()": "battleship_site.logs.RequestLine"},
        "client_mistake": {"()": "battleship_site.logs.ClientMistake"},
        # The same refusal (a CSRF failure, a body too large) once in so many seconds.
        "storm": {
            "()": "battleship_site.logs.Storm",
            "window": env.float("LOG_REPEAT_SECONDS", default=60),
        },
    },
    "formatters": {
        "line": {
            "()": "battleship_site.logs.OneLine",
            "format": "%(asctime)s %(levelname)s %(name)s %(method)s %(path)s %(message)s",
        }
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request"],
            "formatter": "line",
        },
        "client_mistakes": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request", "client_mistake", "storm"],
            "formatter": "line",
        },
    },
    "root": {"handlers": ["stderr"], "level": env("LOG_LEVEL", default="WARNING")},
    "loggers": {
        # Django's own handlers (the console only with DEBUG, mail to ADMINS) are replaced:
        # every 5xx from here, 4xx not (they are the access log's business).
        "django": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        # A client's mistake (a 400: too big, too many fields, a bad host): a warning line.
        "django.security": {
            "handlers": ["client_mistakes"],
            "level": "WARNING",
            "propagate": False,
        },
        "battleship_site.bodies": {
            "handlers": ["client_mistakes"],
            "level": "WARNING",
            "propagate": False,
        },
    },
}

# Django's hashers, the first (PBKDF2, as Django's) with its hashing not counted as waiting
# on the database (battleship_site/passwords.py).
PASSWORD_HASHERS = [
    "battleship_site.passwords.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Accounts. django-axes checks each login before the password does: failures are counted
# per username and address together, so one person mistyping cannot lock out another.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "statistics"
LOGOUT_REDIRECT_URL = "home"
# Failure counts live in the cache shared by every worker (Redis when REDIS_URL is set).
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Both the rate limits and axes count by the person's address: the connection's own, or behind
# TRUSTED_PROXY_COUNT proxies the one they forwarded (battleship_site/addresses.py), so that a
# proxy does not make every visitor one address and a forged header picks no one's counter.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
AXES_CLIENT_IP_CALLABLE = "battleship_site.addresses.client_ip"
RATELIMIT_IP_META_KEY = "battleship_site.addresses.client_ip"

# Languages: each named in itself, as the switch at the foot of every page offers them.
# British English stays the default (its dates, "24 Nov 2026"); an English browser of any
# region gets it. Translations live in locale/<language>/LC_MESSAGES/django.po, compiled
# by `make run` and `make test` (see the README's Languages).
LANGUAGE_CODE = "en-gb"
LANGUAGES = [
    ("en-gb", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language chosen is remembered a year, in a cookie sent back only to this site.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Compressed files with hashed names, served by WhiteNoise, in production; plain files
    # (no collectstatic needed) in development and tests.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

HTMX_VERSION = "2.0.11"

# --- Security --------------------------------------------------------------------------
# Behind a TLS-terminating proxy in production (see the README). Each setting can be turned
# off from the environment, e.g. to run the production set-up over plain HTTP on loopback.
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = env.bool(
    "SECURE_COOKIES", default=not DEBUG
)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
if env.bool("TRUST_X_FORWARDED_PROTO", default=not DEBUG):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# The largest request body read (every form here is a few kilobytes): a longer one is
# refused with a 413 before it is read (battleship_site/bodies.py), also where no proxy in
# front would cut it. Django's own check on a form, kept at the same figure.
MAX_REQUEST_BODY = env.int("MAX_REQUEST_BODY", default=256 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# Content Security Policy (django-csp): only our own files, no inline script or style.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Friend games' live events (friends/events.py): through Redis pub/sub when REDIS_URL is set
# (every process and host sees every move), else within the process. An event stream sends a
# keep-alive comment after this many quiet seconds, and ends after FRIEND_STREAM_SECONDS (the
# browser reconnects at once and is sent the whole state again).
FRIEND_EVENTS_REDIS_URL = env("REDIS_URL", default="")
FRIEND_KEEPALIVE_SECONDS = env.float("FRIEND_KEEPALIVE_SECONDS", default=15)
FRIEND_STREAM_SECONDS = env.float("FRIEND_STREAM_SECONDS", default=300)
# A player counts as here while a stream of theirs renewed its mark within this many seconds
# (0: two keep-alives and five seconds), so a worker killed mid-stream frees it in time.
FRIEND_PRESENCE_SECONDS = env.float("FRIEND_PRESENCE_SECONDS", default=0)
