# Two entry points on a fresh machine: `make play` and `make test`.  Each installs what it needs.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play serve test lint typecheck unit browser-deps screenshots load bench simulate golden clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,cluster]'
	touch $@ $(VENV)/.installed

$(VENV)/.bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	touch $@

play: $(VENV)/.installed
	$(BIN)/tabletop play megalomania

# the lobby and tables in your browser, on http://localhost:8000/ (SQLite file tabletop.db)
serve: $(VENV)/.installed
	$(BIN)/tabletop serve

test: $(VENV)/.dev lint typecheck unit

lint: $(VENV)/.dev
	$(BIN)/ruff check tabletop tests bench
	$(BIN)/ruff format --check tabletop tests bench

typecheck: $(VENV)/.dev
	$(BIN)/mypy

# with a throwaway PostgreSQL server when one can be had (else those tests skip, and it says so)
unit: $(VENV)/.dev browser-deps
	scripts/with-postgres.sh $(BIN)/pytest -n 2

# Debian's chromium (Playwright) and firefox-esr (WebDriver BiDi) for the browser tests; each
# browser's tests skip without it, and say so
browser-deps:
	scripts/ensure-chromium.sh
	scripts/ensure-firefox.sh

# docs/screenshots/*.png, taken by the browser tests
screenshots: $(VENV)/.dev browser-deps
	TABLETOP_SCREENSHOTS=1 $(BIN)/pytest -p no:xdist tests/web

# bench/load.py: 200 four-seat tables of scripted clients on loopback
load: $(VENV)/.installed
	$(BIN)/python bench/load.py

bench: $(VENV)/.bench
	$(BIN)/python bench/throughput.py

golden: $(VENV)/.dev
	$(BIN)/python -m tests.games.megalomania.make_golden
	$(BIN)/python -m tests.games.summon7.make_golden
	$(BIN)/python -m tests.games.manasurge.make_golden
	$(BIN)/python -m tests.games.megacorps.make_golden

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
