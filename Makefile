# Two commands a newcomer needs: `make play` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# setuptools warns on every editable install that a folder named like the package could
# shadow it; here the folders are the package, so that warning only alarms a newcomer.
PIP_INSTALL := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install -q

.PHONY: play test test-fast test-deps bench clean venv test-venv

$(BIN)/python:
	bash scripts/system-deps.sh play
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Installs the game (editable) and starts it.
venv: $(BIN)/python
	$(PIP_INSTALL) -e .

test-venv: $(BIN)/python
	$(PIP_INSTALL) -e '.[test]'

play: venv
	$(BIN)/holdem play

# Whole suite: lint, types (mypy, configured in pyproject.toml: strict for the engine, voice
# and session), then every test (unit, property, doctest, real speech and screen).
# Two pytest workers: much of the suite waits on speech played in real time, so the other
# worker's CPU-bound tests fill that wait. A file stays on one worker (its module fixtures,
# such as a whole session played by voice, are set up once).
TEST_WORKERS ?= 2
test-deps:
	bash scripts/system-deps.sh test

test: test-deps test-venv
	$(BIN)/ruff check game voice bots tests benchmarks training
	$(BIN)/mypy
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile

# The rules and the voice path's text half in seconds: engine, parser, resolver, session.
FAST_TESTS := tests/test_engine_rules.py tests/test_evaluator.py tests/test_shuffle.py \
	tests/test_properties.py tests/test_voice_parser.py tests/test_voice_resolver.py \
	tests/test_voice_resolver_fuzz.py tests/test_session_table.py tests/test_session_clock.py \
	tests/test_session_history.py tests/test_session_stats.py tests/test_session_properties.py \
	tests/test_house_rules.py tests/test_journal.py tests/test_recovery.py \
	game/engine game/session voice/parser.py voice/resolver.py voice/intents.py voice/numbers.py

test-fast: test-venv
	$(BIN)/ruff check game voice bots tests benchmarks training
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest $(FAST_TESTS)

# Every benchmark, each side by side with its reference where it has one (slow).
bench: test-venv
	bash benchmarks/run-all.sh

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
