#!/usr/bin/env bash
# Evaluator benchmark in its own venv: ours beside treys, eval7, phevaluator and PokerKit.
#   benchmarks/evaluator/run.sh [--repeat N] [--hands N] ...   (options: bench.py --help)
# The venv benchmarks/.venv-bench is shared with the replay benchmark (PokerKit); the
# reference libraries are installed there only, never into the game's .venv.
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=benchmarks/.venv-bench
PY=${PYTHON:-python3}
if [ ! -x "$VENV/bin/python" ]; then
    "$PY" -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import treys, eval7, phevaluator, pokerkit, numpy" 2>/dev/null; then
    "$VENV/bin/python" -m pip install -q -r benchmarks/evaluator/requirements.txt
fi
# our evaluator comes from the source tree (bench.py puts the repo root on sys.path);
# it needs only numpy, so the game's other dependencies stay out of this venv
exec nice -n 10 "$VENV/bin/python" benchmarks/evaluator/bench.py "$@"
