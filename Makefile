# Two commands for a fresh machine: `make run` and `make test`. Both build .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench golden notebooks clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev,ray,train,notebooks]"
	touch $(STAMP)

# The main job: the embedded default tournament (configs/tournament/default.yaml),
# played afresh into runs/default.db on 2 worker processes.
run: $(STAMP)
	rm -f runs/default.db runs/default.db-wal runs/default.db-shm
	$(BIN)/skagway tournament --workers 2

test: $(STAMP)
	$(BIN)/ruff check skagway_env agents experiments tests setup.py
	$(BIN)/python -m pytest -q -n 2

lint: $(STAMP)
	$(BIN)/ruff check skagway_env agents experiments tests setup.py

bench: $(STAMP)
	$(BIN)/python experiments/bench_env.py

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
