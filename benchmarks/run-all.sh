#!/usr/bin/env bash
# Every benchmark of benchmarks/*/, one after the other, each with the command its README or
# script documents (the index at the top of benchmarks/README.md lists them).
#
#   benchmarks/run-all.sh                 # full sizes: hours on 2 shared cores (`make bench`)
#   benchmarks/run-all.sh --quick         # tiny sizes: checks that every benchmark starts and ends
#   benchmarks/run-all.sh --list          # print the commands, run nothing
#   benchmarks/run-all.sh [--quick] NAME ...   # only these (evaluator engine replay session
#                                              #   bots parser voice ui, or another benchmarks/NAME/)
#
# Each command's stdout goes to benchmarks/out/<label>.out and its stderr to <label>.log
# (--quick: benchmarks/out/quick/), and benchmarks/out[/quick]/run-all.json sums up every
# command with its exit status and seconds.  A failing benchmark does not stop the others;
# the exit status is 1 if any failed.  Everything runs under `nice -n 10`.
#
# A directory without an entry below still runs, by convention: run.sh, else run.py
# (`python -m benchmarks.NAME.run`), else bench.py; with --quick, only `--help` is checked.
# Benchmarks that keep their own files write them where they always do, under
# benchmarks/out/; a --quick run replaces benchmarks/out/replay*.json with tiny figures.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PY:-$ROOT/.venv/bin/python}
QUICK=0
LIST=0
NAMES=()
for arg in "$@"; do
    case "$arg" in
        --quick) QUICK=1 ;;
        --list) LIST=1 ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "run-all.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
        *) NAMES+=("$arg") ;;
    esac
done
if [ ! -x "$PY" ]; then
    echo "run-all.sh: $PY is missing: run \`make test-venv\` first" >&2
    exit 2
fi
OUT=$ROOT/benchmarks/out
[ "$QUICK" = 1 ] && OUT=$OUT/quick
mkdir -p "$OUT"
export PATH="$ROOT/.venv/bin:$PATH"  # benchmarks call the `holdem` console script
export SDL_AUDIODRIVER=${SDL_AUDIODRIVER:-dummy}
export BENCH_QUICK=$QUICK

SUMMARY=()
FAILED=0

# bench LABEL COMMAND...: run one documented command, niced, output to $OUT/LABEL.{out,log}.
bench() {
    local label=$1
    shift
    if [ "$LIST" = 1 ]; then
        printf '%-22s %s\n' "$label" "$*"
        return
    fi
    echo "== $label: $*"
    local t0 t1 rc
    t0=$(date +%s.%N)
    nice -n 10 "$@" >"$OUT/$label.out" 2>"$OUT/$label.log"
    rc=$?
    t1=$(date +%s.%N)
    local secs
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
    if [ "$rc" = 0 ]; then
        echo "   ok in ${secs}s -> ${OUT#"$ROOT"/}/$label.out"
    else
        echo "   FAILED (exit $rc) in ${secs}s; last lines of ${OUT#"$ROOT"/}/$label.log:"
        tail -n 5 "$OUT/$label.log" | sed 's/^/   | /'
        FAILED=1
    fi
    SUMMARY+=("$("$PY" -c 'import json, sys; print(json.dumps(dict(zip(
        ["label", "exit", "seconds", "output", "command"],
        [sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]]))))' \
        "$label" "$rc" "$secs" "${OUT#"$ROOT"/}/$label.out" "$*")")
}

# pick FULL QUICK: the size arguments for this run (word-split on purpose).
pick() { if [ "$QUICK" = 1 ]; then echo "$2"; else echo "$1"; fi; }

run_evaluator() {  # benchmarks/README.md "Hand evaluator"; the script nices itself
    # shellcheck disable=SC2046
    bench evaluator benchmarks/evaluator/run.sh --json "$OUT/evaluator.json" \
        $(pick "" "--repeat 1 --hands 500 --slow-hands 20 --batch-hands 10000")
}

run_engine() {  # benchmarks/engine/bench.py docstring: the engine's response-time targets
    # shellcheck disable=SC2046
    bench engine "$PY" -m benchmarks.engine.bench --json $(pick "" "--hands 50")
}

run_replay() {  # benchmarks/replay/run.py docstring: holdem replay beside PokerKit
    # shellcheck disable=SC2046
    bench replay "$PY" -m benchmarks.replay.run $(pick "" "--hands 30 --repeat 1")
    # shellcheck disable=SC2046
    bench replay-engine "$PY" -m benchmarks.replay.run --source engine \
        $(pick "" "--hands 30 --repeat 1")
}

run_session() {  # benchmarks/session/run.py docstring: throughput, journal cost, resume
    # shellcheck disable=SC2046
    bench session "$PY" -m benchmarks.session.run \
        $(pick "" "--hands 100 --journal-hands 50 --resume-hands 50")
}

run_bots() {  # benchmarks/bots/README.md: its run_all.sh writes every figure to bots/results/
    if [ "$QUICK" = 0 ]; then
        bench bots benchmarks/bots/run_all.sh
        [ "$LIST" = 1 ] || { mkdir -p "$OUT/bots" && cp benchmarks/bots/results/*.json "$OUT/bots/"; }
        return
    fi
    # --quick: each command of the README's table at a tiny size (bots/results/ untouched)
    local vs
    bench bots-styles "$PY" -m benchmarks.bots.run styles --hands 20 --seed 1
    for vs in station random rock tag lag maniac; do
        bench "bots-winrate-tag-hard-vs-$vs" "$PY" -m benchmarks.bots.run winrate \
            --hands 20 --seed 1 --hero tag:hard --vs "$vs"
    done
    bench bots-table "$PY" -m benchmarks.bots.run table --hands 12 --seed 1 \
        --bots tag:hard,station,rock,tag,lag,maniac
    bench bots-timing "$PY" -m benchmarks.bots.run timing --hands 3 --seed 1
    bench bots-speech env SDL_VIDEODRIVER=dummy "$PY" -m benchmarks.bots.run speech --seconds 2
}

run_parser() {  # benchmarks/parser/run.py docstring: parser + resolver on typed text
    # shellcheck disable=SC2046
    bench parser "$PY" -m benchmarks.parser.run --json $(pick "--repeat 3" "")
}

run_voice() {  # benchmarks/voice/README.md: clips through recognizer -> say object
    # shellcheck disable=SC2046
    bench voice "$PY" -m benchmarks.voice.run \
        $(pick "" "--limit 3 --no-write --rows $OUT/voice-rows.jsonl")
    bench voice-vosk-latency "$PY" -m benchmarks.voice.vosk_latency
}

run_ui() {  # benchmarks/ui/bench.py docstring: frame times and start-up under Xvfb
    if [ -f benchmarks/ui/run.sh ]; then
        # shellcheck disable=SC2046
        bench ui benchmarks/ui/run.sh --out "$OUT/ui.json" \
            $(pick "" "--hands 1 --speed 20 --startups 1")
        return
    fi
    # no runner (yet): the contract's frame-stats command itself
    local play=(holdem play --spectate --hands "$(pick 30 1)" --speed "$(pick 4 20)" --seed 1
                --voice off --frame-stats "$OUT/ui-frames.json")
    if command -v xvfb-run >/dev/null 2>&1; then
        bench ui-frames xvfb-run -a -s "-screen 0 1280x800x24" "${play[@]}"
    else
        bench ui-frames env SDL_VIDEODRIVER=dummy "${play[@]}"
    fi
}

has_runner() { [ -f "$1/run.sh" ] || [ -f "$1/run.py" ] || [ -f "$1/bench.py" ]; }

run_by_convention() {  # a benchmark directory this script has no entry for
    local name=$1 dir=benchmarks/$1 help=()
    [ "$QUICK" = 1 ] && help=(--help)
    if [ -f "$dir/run.sh" ]; then
        bench "$name" bash "$dir/run.sh" "${help[@]}"
    elif [ -f "$dir/run.py" ]; then
        bench "$name" "$PY" -m "benchmarks.$name.run" "${help[@]}"
    elif [ -f "$dir/bench.py" ]; then
        bench "$name" "$PY" -m "benchmarks.$name.bench" "${help[@]}"
    else
        echo "== $name: benchmarks/$name/ has no run.sh, run.py or bench.py; skipped" >&2
    fi
}

KNOWN=(evaluator engine replay session bots parser voice ui)
if [ ${#NAMES[@]} = 0 ]; then
    NAMES=("${KNOWN[@]}")
    for dir in benchmarks/*/; do
        name=$(basename "$dir")
        case "$name" in out|__*) continue ;; esac
        case " ${KNOWN[*]} " in *" $name "*) continue ;; esac
        NAMES+=("$name")
    done
fi
for name in "${NAMES[@]}"; do
    if [ ! -d "benchmarks/$name" ]; then
        echo "run-all.sh: no benchmark named $name (there is no benchmarks/$name/)" >&2
        exit 2
    fi
done
for name in "${NAMES[@]}"; do
    case " ${KNOWN[*]} " in
        *" $name "*) "run_$name" ;;
        *) run_by_convention "$name" ;;
    esac
done

[ "$LIST" = 1 ] && exit 0
{
    printf '[\n'
    for i in "${!SUMMARY[@]}"; do
        [ "$i" -gt 0 ] && printf ',\n'
        printf '  %s' "${SUMMARY[$i]}"
    done
    printf '\n]\n'
} >"$OUT/run-all.json"
echo "summary: ${OUT#"$ROOT"/}/run-all.json"
exit "$FAILED"
