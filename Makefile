# Two entry points on a fresh machine: `make play` and `make test`.  Each installs what it needs.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play serve build test lint typecheck unit browser-deps screenshots load bench simulate golden clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# pip installs the package pure (TABLETOP_NO_COMPILE); `build` below compiles the rules in place
$(VENV)/.installed: pyproject.toml setup.py | $(BIN)/python
	TABLETOP_NO_COMPILE=1 $(BIN)/python -m pip install --quiet -e '.[compile]'
	touch $@

$(VENV)/.dev: pyproject.toml setup.py | $(BIN)/python
	TABLETOP_NO_COMPILE=1 $(BIN)/python -m pip install --quiet -e '.[dev,rl,cluster,compile,tune]'
	touch $@ $(VENV)/.installed

# The core and the games' rules compiled with mypyc next to their sources (setup.py), again when one
# changes. Without a C compiler it warns and the pure Python runs; TABLETOP_PURE=1 runs it anyway.
RULES := setup.py $(shell find tabletop/core tabletop/games -name '*.py') tabletop/agents/tree.py $(wildcard tabletop/agents/*/search.py) \
	$(addprefix tabletop/agents/megacorps/,position.py worth.py countries.py cards.py trades.py decide.py)
$(VENV)/.built: $(RULES) | $(VENV)/.installed
	$(BIN)/python setup.py --quiet build_ext --inplace -j 2
	touch $@

build: $(VENV)/.built

$(VENV)/.bench: pyproject.toml | $(BIN)/python
	TABLETOP_NO_COMPILE=1 $(BIN)/python -m pip install --quiet -e '.[dev,bench,compile]'
	touch $@

play: $(VENV)/.built
	$(BIN)/tabletop play megalomania

# the lobby and tables in your browser, on http://localhost:8000/ (SQLite file tabletop.db)
serve: $(VENV)/.built
	$(BIN)/tabletop serve

# lint, mypy, the compile and the browsers' install side by side (mypy and mypyc's front end each
# keep one core busy), then the suite
test: $(VENV)/.dev
	$(MAKE) --no-print-directory -j 4 lint typecheck build browser-deps
	$(MAKE) --no-print-directory unit

lint: $(VENV)/.dev
	$(BIN)/ruff check tabletop tests bench setup.py
	$(BIN)/ruff format --check tabletop tests bench setup.py

typecheck: $(VENV)/.dev
	$(BIN)/mypy

# The whole suite on the compiled rules, with a throwaway PostgreSQL server when one can be had (else
# those tests skip, and it says so); then the rules and golden tests (tests/games) on the pure Python.
# The browser tests, the longest, come first (tests/conftest.py), so the short ones fill both workers.
EXPECTED_BUILD = $$(command -v cc >/dev/null && echo compiled || echo pure)
unit: $(VENV)/.dev $(VENV)/.built browser-deps
	TABLETOP_EXPECT_BUILD=$(EXPECTED_BUILD) scripts/with-postgres.sh $(BIN)/pytest -n 2 --durations=25
	TABLETOP_PURE=1 TABLETOP_EXPECT_BUILD=pure $(BIN)/pytest -n 2 tests/games tests/test_build.py

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

bench: $(VENV)/.bench $(VENV)/.built
	$(BIN)/python bench/throughput.py

golden: $(VENV)/.dev
	$(BIN)/python -m tests.games.megalomania.make_golden
	$(BIN)/python -m tests.games.summon7.make_golden
	$(BIN)/python -m tests.games.manasurge.make_golden
	$(BIN)/python -m tests.games.megacorps.make_golden

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build tabletop/_compiled.json
	find tabletop -name '*.so' -delete
