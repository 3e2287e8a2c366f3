"""Write voice/common_words.txt: the most frequent English words that are not game words.

The recognizer's out-of-vocabulary model (see voice/grammar.py) is a loop over these: table
talk ("nice hand", "good luck everyone") is explained by real words instead of being forced
into a command.  The list is taken from the unigram probabilities of PocketSphinx's own
general English language model, not from anything the benchmark says, so it is no tuning
to the benchmark's table talk.  Words that are game words, or sound exactly like one
("for"/"four", "won"/"one"), are left out: a command must not be explainable as chatter.

    .venv/bin/python scripts/make_common_words.py [N]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "voice" / "common_words.txt"


def main(n: int = 1000) -> int:
    import pocketsphinx
    from pocketsphinx import NGramModel

    from voice import grammar, vocabulary
    from voice.recognizers.pocketsphinx_backend import stock_pronunciations

    model = Path(pocketsphinx.get_model_path()) / "en-us"
    lm = NGramModel(None, None, str(model / "en-us.lm.bin"))
    prons = stock_pronunciations()
    game = set(vocabulary.words())
    game_sounds = {p for w in game for p in prons.get(w, [])}
    game_sounds |= set(vocabulary.PRONUNCIATIONS.values())
    game_sounds |= {p for variants in grammar.VARIANTS.values() for p in variants}
    ranked = sorted(
        ((lm.prob([w]), w) for w in prons if w.isalpha() or "'" in w), reverse=True,
    )
    lines = []
    for logp, word in ranked:
        if logp >= 0 or word in game or any(p in game_sounds for p in prons[word]):
            continue
        lines.append(f"{word}\t{prons[word][0]}")
        if len(lines) == n:
            break
    OUT.write_text(
        "# The most frequent English words that are not game words (scripts/make_common_words.py)\n"
        + "\n".join(lines) + "\n"
    )
    print(f"wrote {len(lines)} words to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(a) for a in sys.argv[1:2])))
