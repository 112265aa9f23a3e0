# The README's two commands: `make run` to play, `make test` to test. Both set up what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run serve test browser loadtest faulttest clean

# A stamp per requirements file: installing again only when a pin changes keeps reruns fast.
$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Production settings under gunicorn: DEBUG off, a secret key from the environment or .env
# (one is generated into .env the first time), static files compressed and hashed through
# WhiteNoise. Workers: two per core plus one (WEB_CONCURRENCY overrides).
WEB_CONCURRENCY ?= $(shell echo $$(( $$(nproc) * 2 + 1 )))
serve: $(VENV)/.installed-run
	@[ -n "$$SECRET_KEY" ] || grep -qs '^SECRET_KEY=' .env || { \
		echo "SECRET_KEY=$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')" >> .env; \
		echo "Wrote a new SECRET_KEY to .env"; }
	DEBUG=False $(BIN)/python manage.py migrate --noinput
	DEBUG=False $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	DEBUG=False $(BIN)/gunicorn battleship_site.wsgi --bind 127.0.0.1:$(PORT) \
		--workers $(WEB_CONCURRENCY) --access-logfile - --graceful-timeout 10

# The end-to-end tests drive Debian's Chromium (a test tool's own browser download cannot
# work on our machines); install it where it is missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

test: $(VENV)/.installed-dev browser
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

# Over real HTTP against gunicorn as `make serve` runs it, on SQLite and PostgreSQL (skipped
# when unreachable); loopback only, bounded in time and requests. See the README.
loadtest: $(VENV)/.installed-dev
	$(BIN)/python -m loadtest.run $(ARGS)

faulttest: $(VENV)/.installed-dev
	$(BIN)/python -m loadtest.fault $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
