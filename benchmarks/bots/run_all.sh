#!/usr/bin/env bash
# Every bot figure, one JSON file each in benchmarks/bots/results/ (about an hour on 2 shared
# cores; run niced).  Usage: nice -n 10 benchmarks/bots/run_all.sh [HANDS_WINRATE] [HANDS_STYLES]
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PY:-.venv/bin/python}
W=${1:-50000}
S=${2:-20000}
OUT=benchmarks/bots/results
mkdir -p "$OUT"
export PATH="$PWD/.venv/bin:$PATH"
$PY -m benchmarks.bots.run styles --hands "$S" --seed 1 > "$OUT/styles.json"
for vs in station random rock tag lag maniac; do
  $PY -m benchmarks.bots.run winrate --hands "$W" --seed 1 --hero tag:hard --vs "$vs" \
    > "$OUT/winrate-tag-hard-vs-$vs.json"
done
$PY -m benchmarks.bots.run table --hands 30000 --seed 1 > "$OUT/table-6max.json"
$PY -m benchmarks.bots.run table --hands 30000 --seed 1 \
  --bots tag:hard,station,rock,tag,lag,maniac > "$OUT/table-6max-no-random.json"
$PY -m benchmarks.bots.run timing --hands 1000 --seed 1 > "$OUT/timing.json"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $PY -m benchmarks.bots.run speech --seconds 20 \
  > "$OUT/speech.json"
