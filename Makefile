# The README's two commands: `make run` to play, `make test` to test. Both set up what they need.
# `make dev` is `make run` for development (debug pages, code reloaded on save).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# The PostgreSQL that `make test` also runs the suite on, when reachable (pytest-django
# creates and drops its own test_<name> database there).
TEST_PG_URL ?= postgres://postgres@127.0.0.1:5432/test
# The test runs' workers (pytest-xdist): one a core, each test file on one of them.
PARALLEL ?= -n $(shell nproc) --dist loadfile
# The browser tests build nothing per module: each test goes to whichever worker is free,
# the longest first (tests/e2e/conftest.py orders them), so neither waits on the other's file.
BROWSER_PARALLEL ?= -n $(shell nproc) --dist load

.PHONY: run dev serve secret-key test browser java gettext translations loadtest loadcost faulttest outagetest friendbench strangerbench clean

# Test tools from npm (package.json, exact versions in package-lock.json): axe-core, which the
# browser tests load into each page to check it for accessibility, and vnu-jar, the W3C Nu
# HTML checker that tests/web/test_valid_html.py runs (on Java, below). The site loads none
# of it. No install scripts: vnu-jar's would download a Java runtime of its own.
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq npm >/dev/null; }
	npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	@touch $@

# The HTML checker is a Java program: Debian's default-jre-headless where Java is missing.
java:
	@command -v java >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq default-jre-headless >/dev/null; }

# A stamp per requirements file: installing again only when a pin changes keeps reruns fast.
$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt requirements-agents.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@ $(VENV)/.installed-run

# The compiled translations (.mo): Babel's compiler, pure Python, so playing needs no gettext tools.
translations: $(VENV)/.installed-run
	DEBUG=True $(BIN)/python manage.py translations --compile

# The site as players get it (DEBUG off: the site's own error pages, static files collected
# and served by WhiteNoise, a secret key generated into .env the first time), on this machine
# only: plain HTTP on loopback, one process (rate-limit counters in memory), no Redis needed.
STATIC_ROOT ?= staticfiles
PLAY_ENV := DEBUG=False PER_PROCESS_LIMITS=True CONN_MAX_AGE=0 SECURE_SSL_REDIRECT=False \
	SECURE_COOKIES=False SECURE_HSTS_SECONDS=0 TRUST_X_FORWARDED_PROTO=False STATIC_ROOT=$(STATIC_ROOT)
run: $(VENV)/.installed-run translations secret-key
	$(PLAY_ENV) $(BIN)/python manage.py migrate --noinput
	$(PLAY_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(PLAY_ENV) $(BIN)/python manage.py runserver --noreload 127.0.0.1:$(PORT)

# Development: DEBUG on (Django's error pages with tracebacks, static files straight from
# static/, a fixed development key), the code reloaded on every save.
dev: $(VENV)/.installed-run translations
	DEBUG=True $(BIN)/python manage.py migrate --noinput
	DEBUG=True $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Production settings under gunicorn: DEBUG off, a secret key from the environment or .env
# (one is generated into .env the first time), static files compressed and hashed through
# WhiteNoise. Workers: two per core plus one (WEB_CONCURRENCY overrides), each an ASGI worker
# (uvicorn's, under gunicorn) so that friend games' event streams wait without a thread each.
WEB_CONCURRENCY ?= $(shell echo $$(( $$(nproc) * 2 + 1 )))
serve: $(VENV)/.installed-run secret-key translations
	DEBUG=False $(BIN)/python manage.py migrate --noinput
	DEBUG=False $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	DEBUG=False $(BIN)/gunicorn battleship_site.asgi -k uvicorn_worker.UvicornWorker \
		--config gunicorn.conf.py --bind 127.0.0.1:$(PORT) \
		--workers $(WEB_CONCURRENCY) --access-logfile - --graceful-timeout 10

# The secret key, generated into .env the first time; .env is made readable by its owner
# only before the key goes in (it signs every session).
ENV_FILE ?= .env
secret-key:
	@[ -n "$$SECRET_KEY" ] || grep -qs '^SECRET_KEY=' $(ENV_FILE) || { \
		(umask 077 && touch $(ENV_FILE)) && chmod 600 $(ENV_FILE) && \
		echo "SECRET_KEY=$$($(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))')" >> $(ENV_FILE) && \
		echo "Wrote a new SECRET_KEY to $(ENV_FILE)"; }
	@[ ! -e $(ENV_FILE) ] || [ "$$(stat -c %a $(ENV_FILE))" = 600 ] || \
		echo "Warning: $(ENV_FILE) can be read by others; chmod 600 $(ENV_FILE)"

# The end-to-end tests drive Debian's Chromium (a test tool's own browser download cannot
# work on our machines); install it where it is missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

# Checking the translations runs Django's makemessages and compilemessages: GNU gettext's
# xgettext, msgmerge and msgfmt. Installed where they are missing.
gettext:
	@command -v msgfmt >/dev/null 2>&1 && command -v xgettext >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq gettext >/dev/null; }

test: $(VENV)/.installed-dev browser java node_modules/.installed gettext
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	@# The library imports nothing from Django or the site, and has no import cycle.
	$(BIN)/lint-imports
	$(BIN)/bandit -q -c pyproject.toml -r battleship core modes duels games accounts sector daily friends strangers learn sample_site battleship_site examples
	DEBUG=False SECRET_KEY=check-deploy-$$(date +%s)-a-long-random-enough-value-for-the-check \
		REDIS_URL=redis://127.0.0.1:6379/0 $(BIN)/python manage.py check --deploy --fail-level WARNING
	DEBUG=True $(BIN)/python manage.py makemigrations --check --dry-run
	@# Every string in every language, none stale or fuzzy; compiles the .mo files the tests read.
	DEBUG=True $(BIN)/python manage.py translations --check
	@# Each run on two workers (pytest-xdist), a test file to a worker (a module's data is
	@# built once). The library's tests, once and without Django:
	$(BIN)/python -m pytest tests/battleship -p no:django $(PARALLEL)
	@# The site's tests on SQLite and the tests over real HTTP (their servers run on both
	@# databases), then the browser tests, once, in processes of their own: Playwright's
	@# event loop stays in its thread, where Django would refuse to run an async view.
	$(BIN)/python -m pytest tests/web tests/http $(PARALLEL)
	$(BIN)/python -m pytest tests/e2e $(BROWSER_PARALLEL)
	@# The site's tests again on PostgreSQL, when one is reachable.
	@if $(BIN)/python -c "import psycopg; psycopg.connect('$(TEST_PG_URL)', connect_timeout=3).close()" 2>/dev/null; then \
		echo "PostgreSQL at $(TEST_PG_URL): the site's tests again on it"; \
		DATABASE_URL=$(TEST_PG_URL) TEST_DATABASE_NAME=test_battleship_$$(pwd | md5sum | cut -c1-8) \
			$(BIN)/python -m pytest tests/web $(PARALLEL); \
	else \
		echo "No PostgreSQL at $(TEST_PG_URL): the PostgreSQL run is skipped"; \
	fi

# Over real HTTP against gunicorn as `make serve` runs it, on SQLite and PostgreSQL (skipped
# when unreachable); loopback only, bounded in time and requests. See the README.
loadtest: $(VENV)/.installed-dev
	$(BIN)/python -m loadtest.run $(ARGS)

# Friend games' live events: POST-to-event latency over 200 moves, 1,000 idle streams on one
# worker (needs Redis; PostgreSQL, or ARGS="--database sqlite"). See docs/friends.md.
friendbench: $(VENV)/.installed-dev
	$(BIN)/python -m loadtest.friend_latency $(ARGS)

# Seeking strangers on two servers sharing PostgreSQL: pairing time, and 200 seekers at once.
strangerbench: $(VENV)/.installed-dev
	$(BIN)/python -m loadtest.strangers $(ARGS)

loadcost: $(VENV)/.installed-dev
	$(BIN)/python -m loadtest.cost $(ARGS)

faulttest: $(VENV)/.installed-dev
	$(BIN)/python -m loadtest.fault $(ARGS)

# The database, then Redis, taken away (through a relay this test closes; the machine's own
# servers are not touched) while players play: 503s with Retry-After, no 500, nothing half
# stored, every game resumes. About a minute; loopback only.
outagetest: $(VENV)/.installed-dev
	$(BIN)/python -m loadtest.outage $(ARGS)

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis
