"""Markdown tables from ``results/*.json`` for RESULTS.md:
``python -m benchmarks.bots.report``."""

from __future__ import annotations

import json
from pathlib import Path

RESULTS = Path(__file__).with_name("results")


def _load(name: str) -> dict | None:
    p = RESULTS / name
    if not p.exists() or not p.stat().st_size:
        return None
    return json.loads(p.read_text())


def styles_table(d: dict) -> str:
    rows = ["| bot | style | VPIP | PFR | aggression (bets+raises / calls) |",
            "|---|---|---|---|---|"]
    for p in d["players"]:
        rows.append(f"| {p['name']} | {p['style']}:{p['level']} | {p['vpip']:.1%} | "
                    f"{p['pfr']:.1%} | {p['aggression']:.2f} |")
    return "\n".join(rows)


def winrate_table() -> str:
    rows = ["| opponent | hands | tag:hard bb/100 | 95 % CI | hard VPIP / PFR | opp. VPIP / PFR |"
            " hands/s |",
            "|---|---|---|---|---|---|---|"]
    for p in sorted(RESULTS.glob("winrate-*.json")):
        d = _load(p.name)
        if d is None:
            continue
        hero, opp = d["players"][0], d["players"][1]
        lo, hi = hero["ci95"]
        rows.append(f"| {opp['bot'].split('#')[0]} | {d['hands']:,} | {hero['bb_per_100']:+.1f} "
                    f"| [{lo:+.1f}, {hi:+.1f}] | {hero['vpip']:.0%} / {hero['pfr']:.0%} | "
                    f"{opp['vpip']:.0%} / {opp['pfr']:.0%} | {d['hands_per_second']} |")
    return "\n".join(rows)


def main() -> None:
    s = _load("styles.json")
    if s:
        print(f"## Styles — `{s['command']}`\n")
        print(styles_table(s))
        print(f"\n{s['hands']:,} hands in {s['seconds']:.0f} s ({s['hands_per_second']} "
              f"hands/s); decision p95 {s['decision_ms_p95']:.1f} ms.\n")
    print("## Hardest bot (tag:hard) heads-up, duplicate seat rotation\n")
    print(winrate_table())
    for path in sorted(RESULTS.glob("table-*.json")):
        tb = _load(path.name)
        if not tb:
            continue
        print(f"\n## Six-handed table `{tb['lineup']}`, every bot in every seat — "
              f"{tb['hands']:,} hands ({tb['deals']:,} decks x 6 seat orders)\n")
        print("| bot | bb/100 | 95 % CI | VPIP | PFR | aggression |\n|---|---|---|---|---|---|")
        for p in tb["players"]:
            lo, hi = p["ci95"]
            print(f"| {p['bot'].split('#')[0]} | {p['bb_per_100']:+.1f} | [{lo:+.1f}, {hi:+.1f}] "
                  f"| {p['vpip']:.0%} | {p['pfr']:.0%} | {p['aggression']:.2f} |")
    t = _load("timing.json")
    if t:
        print(f"\n## Decision time — six hard bots, {t['hands']:,} hands, {t['actions']:,} "
              f"decisions\n\np50 {t['decision_ms_p50']} ms, p95 {t['decision_ms_p95']} ms, "
              f"max {t['decision_ms_max']} ms.\n")
    sp = _load("speech.json")
    if sp:
        print("## Speech\n")
        print("```json\n" + json.dumps(sp, indent=1) + "\n```")


if __name__ == "__main__":
    main()
