"""The game's closed spoken vocabulary, as data every recognizer is built from.

A grammar-constrained recognizer hears only what is listed here, so this module is the one
place that says what a player may say.  The parser (:mod:`voice.parser`) accepts everything
these rules generate — a test checks that every generated phrase parses to a command — and
a little more (fillers, recognizer confusions, words out of order).

Public API (for the recognizer backends, the help screen and the tests):

- ``words() -> list[str]``: every word any rule can produce, sorted (lowercase; apostrophes
  kept: "i'll", "what's", "let's", "i'm").  Feed it to a dictionary check.
- ``phrases(max_amount=1000, amounts=None, fillers=False) -> list[str]``: every command
  phrase written out, amounts expanded from ``amount_samples(max_amount)`` (or the given
  ``amounts``) in all their spoken forms — the Vosk phrase list (add ``"[unk]"``).
- ``grammar_rules() -> dict[str, list[str]]``: rule name -> alternatives written in JSGF
  expansion syntax (words, ``<rule>`` references, ``[optional]``, ``( a | b )``).  The
  numbers are a sub-grammar (``<amount>``, ``<factor>``, ``<percent>``), not expanded.
  ``PUBLIC_RULE`` (``"command"``) is the top rule; ``FAMILY_RULES`` maps each phrase
  family (fold, check, ... question, table) to its rule name.
  :func:`voice.grammar.jsgf` writes them as the JSGF document PocketSphinx is given.
- ``CONFUSIONS``: heard family -> what may really have been said (the resolver asks "yes?"
  for those when a recognizer is involved); extend it from the benchmark's confusions.
- ``CHATTER``: table talk that must never act ("nice hand", "good luck everyone"); useful
  as garbage/rejection phrases beside the commands.
- ``FILLERS`` / ``LEADS`` / ``IDLE_WORDS``: words the parser ignores around a command
  (:data:`voice.parser.FILLERS` is made of them); the grammars offer only ``FILLERS``.
- ``amount_samples(max_amount) -> list[int]``: the amounts ``phrases`` expands.
- ``PRONUNCIATIONS``: CMU phones for vocabulary words missing from PocketSphinx's
  cmudict-en-us.dict ("rebuy"); add them with ``Decoder.add_word`` before loading the JSGF.

>>> "i'll" in words() and "hundred" in words()
True
>>> "raise to one fifty" in phrases(max_amount=200)
True
>>> "call it" in phrases() and "what's the pot" in phrases() and "yes" in phrases()
True
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from .numbers import TEENS, TENS, UNITS, spoken_forms

PUBLIC_RULE = "command"

#: Sounds and words people put around a command; the parser drops them.
FILLERS: tuple[str, ...] = ("uh", "um", "er", "hmm", "okay", "ok", "so", "well", "please", "just")
#: Lead-ins that say "I am acting": "I call", "I'll check", "let's go all in".
LEADS: tuple[str, ...] = (
    "i", "i'll", "i will", "i'm gonna", "i'm going to", "let's", "let me", "gonna", "go",
)
#: More words the parser drops wherever they stand, which no grammar offers: hesitations
#: and words that carry no command ("actually", "chips").
IDLE_WORDS: tuple[str, ...] = (
    "erm", "ah", "mm", "now", "then", "here", "actually", "like", "will", "chips",
)

#: The bots' names as said ("what did Leo do"): bots/personalities.json's names, lower case
#: (a test keeps the two lists equal; voice/ does not import bots/).
BOT_NAMES: tuple[str, ...] = ("rando", "stan", "rocco", "tess", "leo", "max")

#: CMU-dictionary phones for words the stock PocketSphinx dictionary lacks.
PRONUNCIATIONS: dict[str, str] = {"rebuy": "R IY B AY", "spectate": "S P EH K T EY T"}

#: What recognizers here were seen to write for what was said: heard family -> phrases the
#: player may really have said.  With a recognizer (a confidence is given), an action heard
#: as one of these families asks "yes?" whenever an alternative would do something else.
#: Sources: trials with espeak-ng voices ("call" heard as "fold" 14 times in 18; "I think I
#: will call" as "fold"; benchmarks/voice/RESULTS.md), the voice corpus ("pause" ->
#: "fold"/"call it"), the eyes-free test ("call", "call it", "all in", "help" ->
#: "fold"/"fold it" on a fresh recognizer; "check" -> "two x"), the voice benchmark ("i
#: fold" -> "five times" at 15 dB SNR).
#: All-in phrases ("jam" for "check", "all in" for "nice hand") always ask anyway.
CONFUSIONS: dict[str, tuple[str, ...]] = {
    "fold": ("call", "pause", "help"),
    "times": ("check", "i fold"),
}

#: The confusions each engine was seen to make, where they are not :data:`CONFUSIONS`
#: (PocketSphinx's).  Whisper weighs its own rivals before it is sure (readings pooled by
#: meaning; :mod:`voice.recognizers.whisper_backend`), and on the voice corpus never wrote
#: "fold" for "call", "pause" or "help", nor a multiple for "check" or "I fold"
#: (benchmarks/voice/RESULTS.md); the combined engine is sure only where Whisper is.
ENGINE_CONFUSIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "whisper": {}, "whisper+pocketsphinx": {},
}


def confusions_for(engine: str | None) -> dict[str, tuple[str, ...]]:
    """The confusions the resolver weighs for words heard by ``engine``.

    >>> confusions_for("whisper"), confusions_for("pocketsphinx") == CONFUSIONS
    ({}, True)
    """
    return ENGINE_CONFUSIONS.get(engine or "", CONFUSIONS)

#: Table talk that must not act, even though some of it contains command words.
CHATTER: tuple[str, ...] = (
    "nice hand", "good luck everyone", "good luck", "good game", "well played", "thank you",
    "thanks", "nice one", "oh no", "come on", "let me think", "hold on", "i think",
    "i think i will call it a night", "that was close", "unlucky", "wow",
)

_UNIT = " | ".join(w for w in UNITS if w != "zero")
_TEEN = " | ".join(TEENS)
_TENS = " | ".join(TENS)

_NUMBER_RULES: dict[str, list[str]] = {
    "unit": [_UNIT],
    "teen": [_TEEN],
    "tens": [_TENS],
    "below100": ["<unit>", "<teen>", "<tens> [<unit>]"],
    "hundreds": [
        "(a | <unit>) hundred [[and] <below100>]",
        "(<teen> | <tens> [<unit>]) hundred [[and] <below100>]",
    ],
    "colloquial": [
        "<unit> (<teen> | <tens> [<unit>] | oh <unit>)",
        "<teen> (<teen> | <tens> [<unit>])",
    ],
    "thousands": [
        "(a | <below100> | <unit> hundred [[and] <below100>]) thousand "
        "[[and] (<unit> hundred [[and] <below100>] | <below100>)]",
    ],
    "amount": ["<below100>", "<hundreds>", "<colloquial>", "<thousands>"],
    "factor": ["(<unit> | <teen> | twenty) [and a half | point five]"],
    "percent": ["<below100>", "one hundred", "a hundred"],
    "bot_name": [" | ".join(BOT_NAMES)],
}

_COMMAND_RULES: dict[str, list[str]] = {
    "fold": ["[i | i'll] fold [it | my hand | my cards]"],
    "check": ["[i | i'll] check [it]"],
    "call": ["[i | i'll] call [it | that | the bet]"],
    "bet": ["[i | i'll] bet <amount>"],
    "raise_to": ["[i | i'll] raise [it] [to] <amount>", "make it <amount>"],
    "raise_by": ["[i | i'll] raise [it] by <amount>", "raise <amount> more"],
    "times": [
        "[raise | bet | make it] <factor> (x | times) [the bet]",
        "raise it <factor> (x | times)",
    ],
    "big_blinds": [
        "[raise | bet | make it | raise to] <factor> (big blinds | big blind)",
        "[raise | bet | make it] <factor> times the big blind",
    ],
    "pot": ["pot", "pot it", "(bet | raise) [the] pot", "[bet | raise] full pot"],
    "pot_fraction": [
        "[bet | raise] (half | half the | a third of the | one third | two thirds [of the]"
        " | three quarters [of the] | a quarter of the | one quarter) pot",
        "[bet | raise] <percent> percent [of the] pot",
    ],
    "min_raise": [
        "min raise", "min bet", "minimum", "minimum raise", "minimum bet",
        "(raise | bet) the minimum",
    ],
    "all_in": ["[go] all in", "i'm all in", "i'm going all in", "(shove | jam) [it]"],
    "confirm_yes": ["yes", "yeah", "yep", "confirm", "do it", "yes do it", "yes please"],
    "confirm_no": ["no", "nope", "cancel", "no thanks", "never mind", "don't"],
    "question": [
        "what's the pot", "how much is [in] the pot", "how big is the pot",
        "how much to call", "how much is it to call", "what's it to call",
        "what do i have", "what are my cards", "what's my hand",
        "what's my stack", "how many chips do i have",
        "whose turn [is it]",
        "repeat [that]", "say that again",
        "help", "what can i say",
        "what are my odds", "what's my equity",
        "how many outs [do i have]",
        "what did <bot_name> do",
        "who raised",
        "what's the minimum raise",
        "what are the blinds",
        "how many hands have i won",
    ],
    "table": [
        "deal", "deal [the] next hand", "next hand", "rebuy", "top up", "sit out",
        "i'm back", "back", "pause", "options",
        "rebuy <amount>", "top up to <amount>", "deal me out", "quit", "leave the table",
        # the start screen's choices, said by name
        "play", "start [the game]", "new game", "spectate", "watch the bots",
        "resume [the game]",
    ],
    # "up" and "down" alone are too short for the grammar: digital silence decoded as "up"
    # (tests/test_recognizer_pocketsphinx.py); typed or heard by Vosk and Whisper they parse.
    # Moves are listened for only while there is something to move in (voice.grammar).
    "menu": ["next", "previous", "(move | go) (up | down)", "select", "close"],
}

#: Phrase family -> the rule holding its phrases.
FAMILY_RULES: dict[str, str] = {name: name for name in _COMMAND_RULES}

_TOP = [
    "[<filler>] (" + " | ".join(f"<{name}>" for name in _COMMAND_RULES) + ") [please]",
]


def grammar_rules() -> dict[str, list[str]]:
    """Rule name -> alternatives in JSGF expansion syntax; ``command`` is the top rule."""
    rules: dict[str, list[str]] = {PUBLIC_RULE: list(_TOP)}
    rules["filler"] = [" | ".join(w for w in FILLERS if w != "please")]
    rules.update({k: list(v) for k, v in _COMMAND_RULES.items()})
    rules.update({k: list(v) for k, v in _NUMBER_RULES.items()})
    return rules


# --- expansion --------------------------------------------------------------------------

def _tokenize(expansion: str) -> list[str]:
    for ch in "[]()|":
        expansion = expansion.replace(ch, f" {ch} ")
    return expansion.split()


def _expand(tokens: list[str], rules: dict[str, list[list[str]]]) -> list[list[str]]:
    """All word sequences a token list generates (alternation at top level, then sequence)."""
    alternatives: list[list[str]] = [[]]
    depth = 0
    for tok in tokens:
        if tok in "([":
            depth += 1
        elif tok in ")]":
            depth -= 1
        if tok == "|" and depth == 0:
            alternatives.append([])
        else:
            alternatives[-1].append(tok)
    if len(alternatives) > 1:
        out: list[list[str]] = []
        for alt in alternatives:
            out.extend(_expand(alt, rules))
        return out
    parts: list[list[list[str]]] = []
    i = 0
    seq = alternatives[0]
    while i < len(seq):
        tok = seq[i]
        if tok in "([":
            depth, j = 1, i + 1
            while depth:
                depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(seq[j], 0)
                j += 1
            inner = _expand(seq[i + 1:j - 1], rules)
            parts.append(inner + ([[]] if tok == "[" else []))
            i = j
            continue
        if tok.startswith("<"):
            parts.append(rules[tok[1:-1]])
        else:
            parts.append([[tok]])
        i += 1
    return [[w for piece in combo for w in piece] for combo in product(*parts)]


def expand(alternative: str) -> list[str]:
    """The phrases one rule alternative stands for (it may not refer to other rules).

    >>> expand("[bet | raise] full pot")
    ['bet full pot', 'raise full pot', 'full pot']
    """
    return [" ".join(words) for words in _expand(_tokenize(alternative), {})]


def amount_samples(max_amount: int = 1000) -> list[int]:
    """Amounts :func:`phrases` writes out: 1-20, fives to 100, 25s to 1000, 100s beyond.

    >>> amount_samples(150)[-4:]
    [95, 100, 125, 150]
    """
    got = set(range(1, min(20, max_amount) + 1))
    got |= set(range(5, min(100, max_amount) + 1, 5))
    got |= set(range(100, min(1000, max_amount) + 1, 25))
    got |= set(range(1000, max_amount + 1, 100))
    return sorted(got)


def _number_phrases(values: Iterable[int]) -> list[list[str]]:
    return [form.split() for v in values for form in spoken_forms(v)]


def phrases(
    max_amount: int = 1000, amounts: Iterable[int] | None = None, fillers: bool = False,
) -> list[str]:
    """Every command phrase written out, amounts expanded (see :func:`amount_samples`)."""
    values = list(amounts) if amounts is not None else amount_samples(max_amount)
    rules: dict[str, list[list[str]]] = {
        "amount": _number_phrases(values),
        "factor": [
            *_number_phrases(range(1, 11)),
            *[[*f.split(), "and", "a", "half"] for f in ("one", "two", "three", "four")],
            ["one", "point", "five"], ["two", "point", "five"],
        ],
        "percent": _number_phrases(range(10, 101, 5)) + _number_phrases([33, 66]),
        "filler": [[w] for w in FILLERS],
        "bot_name": [[n] for n in BOT_NAMES],
    }
    for name, alts in _COMMAND_RULES.items():
        rules[name] = [p for alt in alts for p in _expand(_tokenize(alt), rules)]
    top = "(" + " | ".join(f"<{n}>" for n in _COMMAND_RULES) + ")"
    if fillers:
        top = "[<filler>] " + top + " [please]"
    seen: dict[str, None] = {}
    for p in _expand(_tokenize(top), rules):
        seen.setdefault(" ".join(p), None)
    return list(seen)


def words() -> list[str]:
    """Every word the grammar can produce (fillers included), sorted."""
    got: set[str] = set(FILLERS)
    for lead in LEADS:
        got.update(lead.split())
    for alts in grammar_rules().values():
        for alt in alts:
            got.update(t for t in _tokenize(alt) if t not in "[]()|" and not t.startswith("<"))
    return sorted(got)
