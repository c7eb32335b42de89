# Two commands for a fresh machine: `make run` and `make test`. Both build .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench golden notebooks clean

# The install also compiles skagway_env/_speedups/*.c (optional C twins of hot functions;
# setup.py): editing one, or a header there, reinstalls.
$(STAMP): pyproject.toml constraints.txt setup.py $(wildcard skagway_env/_speedups/*.[ch])
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev,ray,train,notebooks,web]"
	touch $(STAMP)

# The main job: the embedded default tournament (configs/tournament/default.yaml),
# played afresh on 2 worker processes into runs/default.db. A runs/default.db that is
# already there (perhaps extended with more games) is never deleted: the tournament is
# then played into a new runs/default-<UTC time>.db, and the line before says so.
run: $(STAMP)
	@db=runs/default.db; \
	if [ -e $$db ]; then \
		db=runs/default-$$(date -u +%Y%m%d-%H%M%S).db; \
		echo "runs/default.db is kept (delete it to play there again); playing into $$db"; \
	fi; \
	$(BIN)/skagway tournament --workers 2 --db $$db

test: $(STAMP)
	$(BIN)/ruff check skagway_env agents experiments tests setup.py
	$(BIN)/python -m pytest -q -n 2

lint: $(STAMP)
	$(BIN)/ruff check skagway_env agents experiments tests setup.py

# Every benchmark in one run (envs, engines, views, IS-MCTS, the default tournament, PPO
# collection beside their peers), written to docs/benchmarks.md with the machine and the
# command. OpenSpiel (the IS-MCTS peer) comes with the bench extra, installed here once:
# `make test` never needs it.
BENCH_STAMP := $(VENV)/.installed-bench

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[bench]"
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python experiments/bench_report.py

golden: $(STAMP)
	$(BIN)/python -m tests.golden.regenerate

# Every notebook at full size (CI runs them small, in tests/analysis). Plots, results
# databases and the executed copies with their outputs go to notebooks/out/ (git-ignored).
notebooks: $(STAMP)
	mkdir -p notebooks/out
	SKAGWAY_NB_SIZE=full $(BIN)/jupyter execute --timeout=-1 --output='out/{notebook_name}' \
		notebooks/*.ipynb

clean:
	rm -rf $(VENV) .pytest_cache
