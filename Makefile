# Fleetlab: two commands do everything on a fresh machine with Python 3.11 and make.
#   make run    set up .venv and start the dashboard on http://127.0.0.1:8501
#   make test   set up .venv with the dev extra and run every check
#   make check  the inner loop: ruff, mypy and the tests of the files you changed (tests/changed.py)
#   make fuzz   the generated and statistical checks at full size (HYPOTHESIS_PROFILE=fuzz)
# Other targets: make bench (solver benchmarks), make mutate (mutation study of the rules
# modules: 6,486 mutants, many hours on two cores; run one module group with its tests, about
# 20 min for combat and battle: see benchmarks/mutation_study.py), make clean.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8501

.PHONY: run test check fuzz lint typecheck pytest bench mutate browser clean warmup

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps re-run the install whenever pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed-run

# Compile every numba kernel into the cache (NUMBA_CACHE_DIR if set), so no first solve waits
# for the compiler; quiet and about a second when the cache is already warm.
warmup: $(VENV)/.installed-run
	$(BIN)/fleetlab warmup

# ui.serve is `streamlit run app.py` that warms the solver while the server starts; the file
# watcher is off (a served dashboard does not change, and the watcher floods the log).
run: warmup
	$(BIN)/python -m ui.serve --server.address 127.0.0.1 --server.port $(PORT) \
		--server.headless true --server.fileWatcherType none --browser.gatherUsageStats false

# Debian's chromium for the browser tests (Playwright's own browser download does not work here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium for the browser tests"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy --strict fileio blueprints calc engine cosmic ui app.py

pytest: $(VENV)/.installed-dev browser warmup
	$(BIN)/pytest -n auto --dist loadgroup -q

# The checks that need no compiled kernels run beside the warm-up (one core each), then pytest.
test: $(VENV)/.installed-dev
	$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck warmup browser
	$(MAKE) --no-print-directory pytest

# The tests of what changed since the branch left main (or, on main, the uncommitted changes),
# without the browser set-up: under 3 minutes for a change to a module or two.
check: lint typecheck warmup
	@tests=$$($(BIN)/python -m tests.changed); \
	if [ -z "$$tests" ]; then echo "make check: no changed file has tests"; \
	else echo "make check: $$(echo $$tests | wc -w) test paths"; \
		$(BIN)/pytest -n auto --dist loadgroup -q $$tests; fi

# Ten times the Hypothesis examples, drawn afresh, and the whole seed sweeps of the conformance
# harnesses and bot games (tests/support.py: examples, sized); tens of minutes.
fuzz: $(VENV)/.installed-dev browser warmup
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -n auto --dist loadgroup -q

bench: $(VENV)/.installed-run
	$(BIN)/python benchmarks/solver_bench.py --mc

$(VENV)/.installed-mutate: pyproject.toml $(VENV)/.installed-dev
	$(BIN)/python -m pip install --quiet -e '.[dev,mutate]'
	touch $@

mutate: $(VENV)/.installed-mutate
	$(BIN)/python benchmarks/mutation_study.py --json artifacts/mutation.json

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .hypothesis
