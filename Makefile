# Two commands for a newcomer: `make run` serves the site, `make test` proves it works.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: messages run test test-fast chromium gettext screenshots lint format migrate deck clean bench soak stack test-stack

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.installed

migrate: $(VENV)/.installed
	$(BIN)/python manage.py migrate --noinput

deck: migrate
	$(BIN)/python manage.py load_default_deck

# Links and QR codes name the address served on, unless DJANGO_SITE_URL says otherwise (e.g. your
# computer's address on the home network, to join from a phone).
run: deck
	$(BIN)/python manage.py collectstatic --noinput -v0
	DJANGO_SITE_URL=$${DJANGO_SITE_URL:-http://$(if $(filter 0.0.0.0,$(HOST)),127.0.0.1,$(HOST)):$(PORT)} \
	  $(BIN)/python manage.py serve --host $(HOST) --port $(PORT)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The whole suite (docs/testing.md), in JOBS pytest-xdist workers: the browser and socket tests
# spend most of their time waiting on pages, sockets and clocks, so more workers than cores pays.
JOBS ?= 4
test: $(VENV)/.installed-dev chromium gettext
	[ -f node_modules/axe-core/axe.min.js ] || npm ci --no-audit --no-fund
	node --test tests/js/
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest -n $(JOBS)

# Everything but the browser tests: the engine, services, sockets and pages (a few minutes less).
test-fast: $(VENV)/.installed-dev gettext
	$(BIN)/ruff check .
	$(BIN)/pytest -n $(JOBS) --ignore=tests/e2e

# The catalogs (docs/languages.md): the site's words gathered into locale/<lang>/LC_MESSAGES/*.po for
# the translators, and the .po files compiled into the .mo files Django reads (both kept in git).
MESSAGES_IGNORE = --ignore=.venv --ignore=node_modules --ignore=staticfiles --ignore=test-artifacts --ignore=tests --ignore=bench --ignore=clients --ignore=examples --ignore=tools --ignore=deploy
messages: $(VENV)/.installed-dev
	$(BIN)/python manage.py makemessages --no-obsolete --no-location -l es -l pt $(MESSAGES_IGNORE)
	$(BIN)/python manage.py makemessages --no-obsolete --no-location -d djangojs -l es -l pt $(MESSAGES_IGNORE) --ignore=static/js/vendor
	$(BIN)/python manage.py compilemessages --ignore=.venv --ignore=node_modules


# The browser tests drive Debian's Chromium, most of them its headless shell (chromium-headless-shell,
# a third less CPU); as root on Debian this installs both, else it says how.
chromium:
	@{ [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; } \
	  || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && apt-get update -qq \
	       && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null; } \
	  || [ -x /usr/bin/chromium ] \
	  || { echo "The browser tests need Chromium: run 'sudo apt-get install -y chromium chromium-headless-shell', then 'make test' again."; exit 1; }

# makemessages (make messages, and the catalogs' test) reads the code with GNU gettext's xgettext;
# as root on Debian this installs it, else it says how.
gettext:
	@command -v xgettext >/dev/null \
	  || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && apt-get update -qq \
	       && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; } \
	  || { echo "The catalogs' test needs GNU gettext: run 'sudo apt-get install -y gettext', then 'make test' again."; exit 1; }

# The browser tests again, keeping a picture of every page they check in test-artifacts/ (make test
# takes none: they assert nothing). K picks tests, e.g. `make screenshots K=names_fit`.
screenshots: $(VENV)/.installed-dev chromium
	TEST_SCREENSHOTS=1 $(BIN)/pytest -n $(JOBS) tests/e2e $(if $(K),-k "$(K)")

# The load benchmark (docs/performance.md): one JSON line on stdout, under 5 minutes.
# `make bench SERVICES=1` runs on PostgreSQL + Redis with two server processes;
# BENCH_ARGS passes options, e.g. `make bench BENCH_ARGS="--tables 100 --hot"`.
bench: $(VENV)/.installed-dev
	@$(BIN)/python -m bench $(if $(filter 1 yes true,$(SERVICES)),--services) $(BENCH_ARGS)

# The soak (docs/performance.md): 400 tables for SOAK_SECONDS (default 1800), a window every 5 minutes;
# SERVICES=1 as for bench, e.g. `make soak SERVICES=1` (the issue's 30-minute soak).
soak: $(VENV)/.installed-dev
	@$(BIN)/python -m bench $(if $(filter 1 yes true,$(SERVICES)),--services) --soak $(or $(SOAK_SECONDS),1800) $(BENCH_ARGS)

# The production stack on loopback (deploy/stack.py, docs/operations.md): nginx with a self-signed
# certificate in front of two daphne processes, the clock, PostgreSQL and Redis (throwaway ones
# unless DATABASE_URL and REDIS_URL are set). Prints the https URL; Ctrl-C stops it all.
# STACK_ARGS passes options, e.g. `make stack STACK_ARGS="--processes 3 --port 9443"`.
stack: $(VENV)/.installed
	$(BIN)/python deploy/stack.py $(STACK_ARGS)

# The stack's own test (tests/stack/): a browser plays through nginx, a backup is restored, the
# database is stopped under /readyz. Needs nginx, PostgreSQL, Redis and Chromium; CI runs it once.
test-stack: $(VENV)/.installed-dev
	JAG_STACK_TESTS=1 $(BIN)/pytest tests/stack -p no:randomly

clean:
	rm -rf $(VENV) staticfiles test-artifacts
