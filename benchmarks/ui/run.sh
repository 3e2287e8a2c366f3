#!/usr/bin/env bash
# Frame times and start-up of the game window under a real X server (Xvfb, software
# rendering). Extra arguments go to bench.py (--hands N --speed F --startups K).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec xvfb-run -a -s "-screen 0 1280x800x24" nice -n 10 .venv/bin/python -m benchmarks.ui.bench "$@"
