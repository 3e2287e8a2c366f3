# Two commands a newcomer needs: `make play` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play test test-deps bench clean venv test-venv

$(BIN)/python:
	bash scripts/system-deps.sh play
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Installs the game (editable) and starts it.
venv: $(BIN)/python
	$(BIN)/python -m pip install -q -e .

test-venv: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'

play: venv
	$(BIN)/holdem play

# Whole suite: lint, then every test (unit, property, doctest, real speech and screen).
test-deps:
	bash scripts/system-deps.sh test

test: test-deps test-venv
	$(BIN)/ruff check game voice bots tests benchmarks
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest

# Every benchmark, each side by side with its reference where it has one (slow).
bench: test-venv
	bash benchmarks/run-all.sh

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
