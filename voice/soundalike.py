"""Words that sound like the game's words: a near miss mapped back onto the command grammar.

A free-form recognizer writes what it thinks it heard in ordinary English, and for a
short command that is often a word that merely sounds like one: "race to 200" for
"raise to 200", "gold" for "fold", "men race" for "min raise", "that 150" for "bet 150",
"three quarters put" for "three quarters pot".  The parser rightly refuses those — a
word it does not know voids a command — so this module offers the nearest commands
instead, by *pronunciation*: each word's phones from the CMU dictionary that ships with
PocketSphinx, compared by an edit distance in which a phone costs less to swap for a
similar one (a vowel for a vowel, a consonant for its voiced twin).

It only proposes.  Whether "gold" was "fold" is for the acoustic model to say, scored on
the same audio (:mod:`voice.recognizers.whisper_backend`), and a repaired command is
never taken on its own word.

>>> [c.text for c in repairs("race to 200")][:1]
['raise to 200']
>>> [c.text for c in repairs("men race")][:1]
['min raise']
>>> repairs("good luck everyone")
[]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from pathlib import Path

from . import vocabulary
from .intents import Intent
from .numbers import parse_number
from .parser import FILLERS, command, normalize

#: Phones that count as half a substitution when swapped for each other: every vowel for
#: every vowel, and consonants that differ only in voicing or are made in the same place.
_VOWELS = frozenset(
    "AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW".split()
)
_NEAR_PAIRS: frozenset[frozenset[str]] = frozenset(
    frozenset(p.split()) for p in (
        "P B", "T D", "K G", "F V", "S Z", "SH ZH", "CH JH", "TH DH", "M N", "N NG",
        "CH SH", "JH ZH", "F TH", "V DH", "L R", "W V", "T K", "D G", "M B", "T TH",
        "D DH",
    )
)
#: How far, in phone edits per phone of the longer word, a heard word may be from the word
#: it is taken for (0.5: "gold" -> "fold", "race" -> "raise", "that" -> "bet").
MAX_WORD_DISTANCE = 0.5
#: At most this many of a phrase's words are replaced (more is another phrase, not a slip).
MAX_REPLACED = 2
#: Two words are replaced only in phrases this short (longer ones are talk, and costly).
PAIRS_MAX_WORDS = 5
#: Each heard word is tried as its few nearest vocabulary words only.
NEAREST_WORDS = 4
#: Repairs offered for one phrase, nearest first, one a meaning.
MAX_REPAIRS = 4
#: How far a whole phrase may be from a command, in phone edits per phone.
MAX_WHOLE_DISTANCE = 0.34
#: The commands nearest by a plain edit distance that the weighted one then ranks.
WHOLE_CANDIDATES = 24
#: Heard words never repaired into these game words, however near they sound: Whisper
#: writes "All." or "I'm all." for "all in" with its last word lost as often as for
#: "call" — on the validation and tuned voices 12 of 19 such repairs to "call" were of an
#: "all in" (two of them sure wrong calls), so "all" alone is not taken for a call
#: (benchmarks/voice/RESULTS.md, session 39).
NEVER_REPAIRED_INTO: dict[str, frozenset[str]] = {"all": frozenset({"call"})}


def _sub_cost(a: str, b: str) -> float:
    if a == b:
        return 0.0
    if (a in _VOWELS and b in _VOWELS) or frozenset((a, b)) in _NEAR_PAIRS:
        return 0.5
    return 1.0


def phone_distance(a: Sequence[str], b: Sequence[str]) -> float:
    """Edit distance between two phone strings, similar phones swapping at half cost.

    >>> phone_distance("G OW L D".split(), "F OW L D".split())
    1.0
    >>> phone_distance("R EY S".split(), "R EY Z".split())
    0.5
    """
    prev = [float(j) for j in range(len(b) + 1)]
    for i, pa in enumerate(a, 1):
        cur = [float(i)]
        for j, pb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + _sub_cost(pa, pb)))
        prev = cur
    return prev[-1]


def _strip_stress(phones: str) -> tuple[str, ...]:
    return tuple(p.rstrip("012") for p in phones.split())


@functools.lru_cache(maxsize=1)
def dictionary() -> dict[str, tuple[str, ...]]:
    """The CMU pronouncing dictionary from the PocketSphinx wheel (first pronunciation of
    each word), plus the vocabulary's own additions; empty if PocketSphinx is missing."""
    words: dict[str, tuple[str, ...]] = {}
    try:
        from .recognizers.pocketsphinx_backend import model_dir

        path: Path | None = model_dir() / "cmudict-en-us.dict"
    except Exception:  # noqa: BLE001 - no PocketSphinx: no dictionary, no repairs
        path = None
    if path is not None and path.exists():
        with path.open(encoding="utf-8", errors="replace") as f:
            for line in f:
                word, _, phones = line.partition(" ")
                if "(" not in word and phones:
                    words.setdefault(word, _strip_stress(phones))
    for word, phones in vocabulary.PRONUNCIATIONS.items():
        words[word] = _strip_stress(phones)
    return words


@functools.lru_cache(maxsize=1)
def _game_words() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Vocabulary words with a pronunciation ("free" may be "three"), but not the fillers
    the parser ignores: a word replaced by one would only vanish."""
    known = dictionary()
    return tuple((w, known[w]) for w in vocabulary.words()
                 if w in known and w not in FILLERS and w not in _LEAD_WORDS)


_LEAD_WORDS = frozenset(w for lead in vocabulary.LEADS for w in lead.split())
_CHATTER = frozenset(" ".join(normalize(c)) for c in vocabulary.CHATTER)


def pronounce(text: str) -> tuple[str, ...] | None:
    """The phones of a phrase, word by word; None if a word is not in the dictionary."""
    known = dictionary()
    phones: list[str] = []
    for word in text.split():
        if word not in known:
            return None
        phones.extend(known[word])
    return tuple(phones)


#: Commands without an amount above this are matched whole: a slip can merge or split
#: words ("cacket" for "check it", "read by" for "rebuy") where word-by-word cannot.
_WHOLE_MAX_AMOUNT = 20


@functools.lru_cache(maxsize=1)
def _whole_phrases() -> tuple[tuple[str, tuple[str, ...]], ...]:
    out = []
    for phrase in vocabulary.phrases(max_amount=_WHOLE_MAX_AMOUNT):
        phones = pronounce(phrase)
        if phones:
            out.append((phrase, phones))
    return tuple(out)


_PHONE_CODES: dict[str, str] = {}


def _coded(phones: Sequence[str]) -> str:
    """Phones as one character each, for RapidFuzz's C++ edit distance."""
    return "".join(_PHONE_CODES.setdefault(p, chr(0x100 + len(_PHONE_CODES))) for p in phones)


@functools.lru_cache(maxsize=1)
def _whole_coded() -> tuple[list[str], tuple[tuple[str, tuple[str, ...]], ...]]:
    phrases = _whole_phrases()
    return [_coded(target) for _, target in phrases], phrases


def _whole_repairs(tokens: Sequence[str]) -> list[Repair]:
    """Commands whose whole pronunciation is near the phrase's and that keep its numbers
    (:func:`keeps_numbers`).  A plain edit distance in C++ picks the few near enough (it
    is never smaller than half the weighted one); the weighted one, the costly part, ranks
    those that keep the numbers."""
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    phones = pronounce(" ".join(tokens))
    if not phones:
        return []
    coded, phrases = _whole_coded()
    cutoff = 2 * MAX_WHOLE_DISTANCE
    near = process.extract(_coded(phones), coded, scorer=Levenshtein.normalized_distance,
                           score_cutoff=cutoff, limit=WHOLE_CANDIDATES)
    found = []
    for _, _, index in near:
        phrase, target = phrases[index]
        if not keeps_numbers(tokens, normalize(phrase)):
            continue
        d = phone_distance(phones, target) / max(len(phones), len(target))
        if d <= MAX_WHOLE_DISTANCE:
            intent = command(phrase)
            if intent is not None:
                found.append(Repair(phrase, intent, round(d, 4)))
    return found


@functools.lru_cache(maxsize=4096)
def nearest_words(word: str) -> tuple[tuple[str, float], ...]:
    """The game words that sound most like ``word``, with their per-phone distance.

    >>> nearest_words("gold")[0]
    ('fold', 0.25)
    """
    phones = dictionary().get(word)
    if not phones:
        return ()
    scored = []
    for game_word, game_phones in _game_words():
        if game_word == word:
            continue
        d = phone_distance(phones, game_phones) / max(len(phones), len(game_phones))
        if d <= MAX_WORD_DISTANCE:
            scored.append((game_word, round(d, 4)))
    scored.sort(key=lambda wd: (wd[1], wd[0]))
    return tuple(scored[:NEAREST_WORDS])


@dataclass(frozen=True)
class Repair:
    """A command that sounds like what was heard: its text, meaning and how far it is."""

    text: str
    intent: Intent
    distance: float


def _numbers(tokens: Sequence[str]) -> list[str]:
    return [t for t in tokens if parse_number(t) is not None]


def keeps_numbers(heard: Sequence[str], repaired: Sequence[str]) -> bool:
    """Whether a whole-phrase repair keeps the numbers as heard: the same number words,
    in the same order, and none where none was heard.  Whisper writes the little words
    around a number as other words ("Two hundred half x.", "Two other half x." for "two
    and a half x"); the numbers themselves it reads as well as anything can ("four and a
    half x" is not near), and a number matched into words that hold none was never said
    ("Raise to pot." is not "raise to five").

    >>> keeps_numbers("two hundred half x".split(), "two and a half x".split())
    True
    >>> keeps_numbers("two hundred half x".split(), "four and a half x".split())
    False
    >>> keeps_numbers("eight seventeen".split(), "bet seventeen".split())
    False
    >>> keeps_numbers("raise to pot".split(), "raise to five".split())
    False
    """
    return _numbers(heard) == _numbers(repaired)


def repairs(text: str) -> list[Repair]:
    """Commands within a word or two (by sound) of ``text``, nearest first.

    Only for text that is not a command already; numbers are kept as heard (word by word,
    a number word is never replaced; matched whole, the numbers stay the same:
    :func:`keeps_numbers`).

    >>> [(r.text, r.distance) for r in repairs("gold")]
    [('fold', 0.25), ('call', 0.5), ('deal', 0.5)]
    >>> [r.text for r in repairs("I'm all.")]  # not "i call": NEVER_REPAIRED_INTO
    ["i'm all in", "i'm deal", 'in deal']
    """
    tokens = normalize(text)
    if not tokens or len(tokens) > 8 or command(text) is not None:
        return []
    if " ".join(tokens) in _CHATTER:  # "nice hand" is table talk, not "next hand" misheard
        return []
    options = [nearest_words(t) if parse_number(t) is None else () for t in tokens]
    found: dict[str, Repair] = {}
    most = MAX_REPLACED if len(tokens) <= PAIRS_MAX_WORDS else 1
    for count in range(1, most + 1):
        for places in combinations(range(len(tokens)), count):
            if any(not options[i] for i in places):
                continue
            for picks in product(*(options[i] for i in places)):
                words = list(tokens)
                for i, (word, _) in zip(places, picks):
                    words[i] = word
                candidate = " ".join(words)
                intent = command(candidate)
                if intent is None:
                    continue
                distance = round(sum(d for _, d in picks), 4)
                if candidate not in found or found[candidate].distance > distance:
                    found[candidate] = Repair(candidate, intent, distance)
    for r in _whole_repairs(tokens):
        if r.text not in found or found[r.text].distance > r.distance:
            found[r.text] = r
    barred = frozenset().union(*(NEVER_REPAIRED_INTO.get(t, frozenset())
                                 for t in tokens)).difference(tokens)
    ranked = sorted((r for r in found.values() if barred.isdisjoint(normalize(r.text))),
                    key=lambda r: (r.distance, r.text))
    one_each: dict[Intent, Repair] = {}
    for r in ranked:
        one_each.setdefault(r.intent, r)
    return list(one_each.values())[:MAX_REPAIRS]
