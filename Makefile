# adjudicator: set up, play the demo, test, lint, benchmark.
# `make install` creates .venv with everything; as root on Debian it also installs the
# system packages the tests use (Dovecot IMAP server, the map's font for a PNG test, git): it names the
# missing ones before installing them, and is quiet when nothing is missing.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEBS := git openssl dovecot-imapd dovecot-lmtpd fonts-dejavu-core fonts-dejavu-extra

.PHONY: install demo test lint bench clean corpus

$(BIN)/adjudicator: pyproject.toml setup.py
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  missing=$$(for p in $(DEBS); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; \
	  done); \
	  if [ -n "$$missing" ]; then \
	    echo "apt-get install:" $$missing; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	  fi; \
	fi
	@$(PY) -m venv $(VENV)
	@$(BIN)/pip install -q --upgrade pip
	@PYTHONWARNINGS=ignore::UserWarning $(BIN)/pip install -q -e ".[test,png]"
	@touch $@

install: $(BIN)/adjudicator

demo: install
	PATH="$(CURDIR)/$(BIN):$$PATH" bash examples/demo.sh

test: install
	$(BIN)/python -m pytest -q

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: install
	for script in bench/bench_*.py; do $(BIN)/python $$script || exit 1; done

# Whole seeded bot games in Russian and Portuguese, for a native reviewer (README: Languages).
corpus: install
	$(BIN)/python tools/review_corpus.py corpus

clean:
	rm -rf $(VENV) demo demo-baltic build corpus *.egg-info
