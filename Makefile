# Two entry points on a fresh machine: `make play` and `make test`.  Each installs what it needs.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play test lint typecheck unit bench simulate golden clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

$(VENV)/.bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	touch $@

play: $(VENV)/.installed
	$(BIN)/tabletop play megalomania

test: $(VENV)/.dev lint typecheck unit

lint: $(VENV)/.dev
	$(BIN)/ruff check tabletop tests bench
	$(BIN)/ruff format --check tabletop tests bench

typecheck: $(VENV)/.dev
	$(BIN)/mypy

unit: $(VENV)/.dev
	$(BIN)/pytest -n 2

bench: $(VENV)/.bench
	$(BIN)/python bench/throughput.py

golden: $(VENV)/.dev
	$(BIN)/python -m tests.games.megalomania.make_golden

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
