# adjudicator: set up, play the demo, test, lint, benchmark.
# `make install` creates .venv with everything; as root on Debian it also installs the
# system packages the tests use (Dovecot IMAP server, cairo for PNG maps, fonts, git).

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEBS := git openssl dovecot-imapd dovecot-lmtpd libcairo2 fonts-dejavu-core fonts-dejavu-extra

.PHONY: install demo test lint bench clean

$(BIN)/adjudicator: pyproject.toml
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing Debian packages: $(DEBS)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	  apt-get install -y -qq --no-install-recommends $(DEBS) >/dev/null; \
	fi
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e ".[test,png]"
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

clean:
	rm -rf $(VENV) demo demo-baltic build *.egg-info
