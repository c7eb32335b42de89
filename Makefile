# Two commands for a fresh machine: `make run` and `make test`. Both build .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench golden clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev,ray]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/skagway selfplay --game dawson_city_barbers --players 4 --games 200 --seed 0

test: $(STAMP)
	$(BIN)/ruff check skagway_env agents experiments tests
	$(BIN)/python -m pytest -q -n 2

lint: $(STAMP)
	$(BIN)/ruff check skagway_env agents experiments tests

bench: $(STAMP)
	$(BIN)/python experiments/bench_env.py

golden: $(STAMP)
	$(BIN)/python -m tests.golden.regenerate

clean:
	rm -rf $(VENV) .pytest_cache
