"""Recognizer grammars generated from :mod:`voice.vocabulary`: JSGF for PocketSphinx, a
phrase list for Vosk.

The vocabulary says what a player may say; this module says how each recognizer is told.

PocketSphinx's JSGF gets one extra alternative beside the commands: a *garbage* loop of
single phones (CMU phone set), entered with a small prior weight.  A grammar-only decoder
forces every sound into some command ("nice hand" came out as "all in"); with the loop,
speech that fits no command is cheaper to explain as a run of phones, and the decoder says
so — the backend turns a phone-loop path into ``[unk]``.  The weight is the rejection knob:
larger rejects more (chit-chat *and* mumbled commands), smaller forces more.

>>> text = jsgf(garbage_weight=1e-25)
>>> text.splitlines()[0], "public <utterance>" in text, "<garbage> = <phone>+;" in text
('#JSGF V1.0;', True, True)
>>> garbage_word("AA"), is_garbage_word("ph_aa"), is_garbage_word("pot")
('ph_aa', True, False)
>>> "[unk]" in vosk_phrases(max_amount=100) and "call it" in vosk_phrases(max_amount=100)
True
>>> "yes" in vosk_phrases(max_amount=100), "yes" in vosk_phrases(max_amount=100, confirm=True)
(False, True)
"""

from __future__ import annotations

from . import vocabulary

#: The CMU phone set of PocketSphinx's US English model (no stress marks, no SIL).
PHONES: tuple[str, ...] = tuple(
    "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH"
    " UH UW V W Y Z ZH".split()
)

_GARBAGE_PREFIX = "ph_"

#: Extra pronunciations for command words, for accents the stock dictionary misses.
#: espeak-ng's British voices say "call" as K OW L, which the stock K AO L loses to
#: "fold" (F OW L D); with the variant, the onset decides.
VARIANTS: dict[str, tuple[str, ...]] = {
    "call": ("K OW L", "K AA L"),
    # British /fəʊld/: without it "fold" came out as "i'm all in".
    "fold": ("F AH UW L D", "F AH L D"),
    "all": ("OW L",),
    "pot": ("P AO T",),
    "half": ("HH AA F",),
}

#: Default prior of the garbage loop against the commands (tuned on benchmarks/voice,
#: tuned voices only): lenient — the decoder whose words are used.
DEFAULT_GARBAGE_WEIGHT = 1e-25
#: The stricter second opinion: a command it rejects is only acted on after a "yes".
DEFAULT_STRICT_WEIGHT = 1e-15

TOP_RULE = "utterance"

#: Recognition-side rewrites of vocabulary rules.  Spoken amounts: bets are almost always
#: round ("one fifty", "twelve hundred"), and a trailing unit word is where noise and breath become
#: digits ("bet one fifty" was heard as "bet one fifty eight" = 158 with full confidence).
#: Odd amounts stay sayable, just with a lower prior.  Keyed by the vocabulary's rule
#: text, so a changed vocabulary rule is left exactly as written.
ODD_AMOUNT_WEIGHT = 0.02
_AMOUNT_PRIORS: dict[tuple[str, str], str] = {
    ("colloquial", "<unit> (<teen> | <tens> [<unit>] | oh <unit>)"):
        "/1/ <unit> (<teen> | <tens>) | /{w}/ <unit> (<tens> <unit> | oh <unit>)",
    ("colloquial", "<teen> (<teen> | <tens> [<unit>])"):
        "/1/ <teen> (<teen> | <tens>) | /{w}/ <teen> <tens> <unit>",
    # A bare "full pot" is one vowel away from "call that" / "call it" (K AO L / F UH L):
    # en-gb "call that" came out as "full pot", a pot bet with full confidence.  The
    # recognizer only takes it after "bet"/"raise"; the parser still reads it either way.
    ("pot", "[bet | raise] full pot"): "(bet | raise) full pot",
}


def garbage_word(phone: str) -> str:
    """The dictionary word that stands for one phone in the garbage loop."""
    return _GARBAGE_PREFIX + phone.lower()


def is_garbage_word(word: str) -> bool:
    """True for a garbage-loop word (what the backend reports as ``[unk]``)."""
    return word.startswith(_GARBAGE_PREFIX)


def garbage_pronunciations() -> dict[str, str]:
    """Garbage word -> its single phone, to add to the decoder's dictionary."""
    return {garbage_word(p): p for p in PHONES}


def extra_pronunciations() -> dict[str, str]:
    """Dictionary entries to add before loading the grammar: vocabulary words missing from
    the stock dictionary, accent variants ("call(2)") and the garbage phones."""
    entries = dict(vocabulary.PRONUNCIATIONS)
    for word, prons in VARIANTS.items():
        for i, pron in enumerate(prons, start=2):
            entries[f"{word}({i})"] = pron
    entries.update(garbage_pronunciations())
    return entries


#: Phrase families only heard while a "yes?" is pending (short words, easily mis-heard).
CONFIRM_FAMILIES = ("confirm_yes", "confirm_no")


def command_alternatives(confirm: bool = False) -> list[str]:
    """The families the recognizer listens for; yes/no only while a confirmation waits."""
    return [
        f"<{rule}>" for family, rule in vocabulary.FAMILY_RULES.items()
        if confirm or family not in CONFIRM_FAMILIES
    ]


def jsgf(
    name: str = "holdem",
    garbage_weight: float | None = DEFAULT_GARBAGE_WEIGHT,
    confirm: bool = False,
    fillers: bool = False,
) -> str:
    """The command grammar as a JSGF document; ``<utterance>`` is public.

    Recognition-side choices on top of the vocabulary (the parser accepts all of it anyway):

    - ``garbage_weight`` None: no garbage loop (every sound becomes a command);
    - ``confirm`` False: "yes"/"no"/"do it" are left out — they are short, and with no
      confirmation pending a mis-heard "yes" is only a way to be wrong;
    - ``fillers`` False: no optional "uh"/"so"/"please" around commands; each optional
      word is a free path for noise to become a different command ("fold" was heard as
      "so i'm all in").
    """
    rules = vocabulary.grammar_rules()
    for (rule, alt), weighted in _AMOUNT_PRIORS.items():
        if alt in rules.get(rule, []):
            i = rules[rule].index(alt)
            rules[rule][i] = weighted.format(w=f"{ODD_AMOUNT_WEIGHT:g}")
    body = "( " + " | ".join(command_alternatives(confirm)) + " )"
    if fillers:
        body = f"[<filler>] {body} [please]"
    rules[vocabulary.PUBLIC_RULE] = [body]
    lines = ["#JSGF V1.0;", f"grammar {name};", ""]
    top = f"<{vocabulary.PUBLIC_RULE}>"
    if garbage_weight is None:
        lines.append(f"public <{TOP_RULE}> = {top};")
    else:
        lines.append(f"public <{TOP_RULE}> = /1/ {top} | /{garbage_weight:g}/ <garbage>;")
        lines.append("<garbage> = <phone>+;")
        lines.append("<phone> = " + " | ".join(garbage_word(p) for p in PHONES) + ";")
    for rule, alternatives in rules.items():
        if not fillers and rule == "filler":
            continue
        body = " | ".join(f"( {alt} )" if len(alternatives) > 1 else alt for alt in alternatives)
        lines.append(f"<{rule}> = {body};")
    return "\n".join(lines) + "\n"


def vosk_phrases(max_amount: int = 1000, confirm: bool = False) -> list[str]:
    """The Vosk phrase list: every command written out, plus ``[unk]`` for everything else;
    "yes"/"no" phrases only with ``confirm`` (as in :func:`jsgf`)."""
    from .intents import Confirm
    from .parser import parse

    listed = vocabulary.phrases(max_amount=max_amount)
    if not confirm:
        listed = [p for p in listed if not isinstance(parse(p), Confirm)]
    return [*listed, "[unk]"]
