# flatlab: the two commands of the README, and a few helpers.
#   make play   install into .venv and run the main job
#   make test   install the test dependencies into .venv and run the whole suite
#   make serve  the Voilà dashboards on http://127.0.0.1:8866 (flatlab serve)
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.flatlab-installed

.PHONY: play test serve lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m flatlab play flash-point --seed 7

serve: $(STAMP)
	$(PY) -m flatlab serve

test: $(STAMP)
	$(PY) -m ruff check flatlab tests
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m flatlab bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
