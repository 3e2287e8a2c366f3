"""Recognizer grammars generated from :mod:`voice.vocabulary`: JSGF for PocketSphinx, a
phrase list for Vosk.

The vocabulary says what a player may say; this module says how each recognizer is told.

PocketSphinx's JSGF gets one extra alternative beside the commands: a *garbage* loop of
single phones (CMU phone set), entered with a small prior weight.  A grammar-only decoder
forces every sound into some command ("nice hand" is heard as "all in"); with the loop,
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
>>> "move up" in vosk_phrases(max_amount=100), "move up" in vosk_phrases(100, menu=False)
(True, False)
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from . import vocabulary

#: The CMU phone set of PocketSphinx's US English model (no stress marks, no SIL).
PHONES: tuple[str, ...] = tuple(
    "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH"
    " UH UW V W Y Z ZH".split()
)

_GARBAGE_PREFIX = "ph_"
#: Prefix of the out-of-vocabulary word loop's dictionary entries ("ow_think").
_OTHER_PREFIX = "ow_"
_COMMON_WORDS = Path(__file__).with_name("common_words.txt")

#: Extra pronunciations for command words, for accents the stock dictionary misses.
#: espeak-ng's British voices say "call" as K OW L, which the stock K AO L loses to
#: "fold" (F OW L D); with the variant, the onset decides.
VARIANTS: dict[str, tuple[str, ...]] = {
    "call": ("K OW L", "K AA L"),
    # British /fəʊld/: without it "fold" is heard as "i'm all in".
    "fold": ("F AH UW L D", "F AH L D"),
    "all": ("OW L",),
    "pot": ("P AO T",),
    "half": ("HH AA F",),
    # /ˈmɪnɪməm/, as most speakers (and espeak-ng) say it; the stock entry has only the
    # reduced M IH N AH M AH M, with which "minimum" is heard as "repeat that".
    "minimum": ("M IH N IH M AH M",),
    # British vowels the US model hears as others (phone-loop decodes of the tuned en-gb
    # voices): open TRAP /a/ as AA (without it "next hand" is heard as "make it a hundred",
    # "I'm back" as "I'm all in") and /ɔː/ as OY ("pause" as "call it").
    "hand": ("HH AA N D",),
    "back": ("B AA K",),
    "that": ("DH AA T",),
    "pause": ("P OY Z",),
    # The same open /a/ in "jam" and "cancel" (phone loop: D AA M): without these every
    # en-gb "jam" and most "cancel"s are missed.
    "jam": ("JH AA M",),
    "cancel": ("K AA N S AH L",),
    # In pink noise at 15 dB a word-final K is lost and its tail sounds like V to this model
    # (phone loop: CH EH V on 23 of 24 tuned clips); without it "check" loses to "jam"
    # (JH AE M) in 17 of 40 noisy clips, asking "yes" to an all-in.
    "check": ("CH EH V",),
    # espeak-ng's weak /h/ is heard as TH or nothing, and the dark L of "help" as a vowel
    # (phone loop: TH EH UW, TH AE OW, T EH UW on the tuned voices).  These take "help"
    # heard as "fold" or "deal" from 2 of 8 clean and 7 of 8 noisy tuned clips to 0 and 4
    # (benchmarks/voice/RESULTS.md).  Many speakers drop the /h/ and vocalise the L too.
    "help": ("EH L P", "EH UW P"),
}

#: Default prior of the garbage loop against the commands (tuned on benchmarks/voice,
#: tuned voices only): lenient — the decoder whose words are used.
DEFAULT_GARBAGE_WEIGHT = 1e-25
#: The stricter second opinion: a command it rejects is only acted on after a "yes".
DEFAULT_STRICT_WEIGHT = 1e-15

#: The out-of-vocabulary word loop (None: off) and how many common words it holds.
DEFAULT_OTHER_WEIGHT: float | None = 1e-22
DEFAULT_OTHER_WORDS = 400

#: Over the game's own line (:func:`jsgf`'s ``lead_weight``): the prior of a command that
#: follows a few phones of something else, and how many phones at most.  What the echo
#: canceller leaves of the line sits just before the player's first word, and without a
#: lead the whole utterance is then explained by the phone loop.  On three recorded runs
#: (525 commands said over a line) PocketSphinx alone heard 33 more right and 5 fewer; at
#: 1e-5 more were wrong, at 1e-15 fewer right, and three phones made more wrong than right
#: (benchmarks/voice/RESULTS.md, session 34).
DEFAULT_LEAD_WEIGHT = 1e-10
LEAD_PHONES = 2

TOP_RULE = "utterance"

#: The prior of rare wordings that stay sayable: odd amounts, "go all in", "I'm going all in".
RARE_WEIGHT = 0.02

#: Recognition-side rewrites of vocabulary rules.  Spoken amounts: bets are almost always
#: round ("one fifty", "twelve hundred"), and a trailing unit word is where noise and breath become
#: digits ("bet one fifty" heard as "bet one fifty eight" = 158 with full confidence).
#: Odd amounts stay sayable, just with a lower prior (:data:`RARE_WEIGHT`, ``{w}`` in a
#: rewrite).  Keyed by the vocabulary's rule text, so a changed vocabulary rule is left
#: exactly as written.
_RECOGNITION_REWRITES: dict[tuple[str, str], str] = {
    ("colloquial", "<unit> (<teen> | <tens> [<unit>] | oh <unit>)"):
        "/1/ <unit> (<teen> | <tens>) | /{w}/ <unit> (<tens> <unit> | oh <unit>)",
    ("colloquial", "<teen> (<teen> | <tens> [<unit>])"):
        "/1/ <teen> (<teen> | <tens>) | /{w}/ <teen> <tens> <unit>",
    # The same after "hundred": "two hundred fifty" is a bet, "two hundred three" is the
    # room's echo heard as one more word ("raise to two hundred" as "... two hundred
    # three").
    ("hundreds", "(a | <unit>) hundred [[and] <below100>]"):
        "/1/ (a | <unit>) hundred [[and] <tens>]"
        " | /{w}/ (a | <unit>) hundred [and] (<unit> | <teen> | <tens> <unit>)",
    ("hundreds", "(<teen> | <tens> [<unit>]) hundred [[and] <below100>]"):
        "/1/ (<teen> | <tens> [<unit>]) hundred [[and] <tens>]"
        " | /{w}/ (<teen> | <tens> [<unit>]) hundred [and] (<unit> | <teen> | <tens> <unit>)",
    # A bare "full pot" is one vowel away from "call that" / "call it" (K AO L / F UH L):
    # en-gb "call that" is heard as a sure "full pot", and "raise four times" as "raise
    # full pot", so the recognizer does not listen for "full pot" (a rare wording); typed,
    # the parser still reads it.
    ("pot", "[bet | raise] full pot"): "",
    # An optional word costs the short form half its prior: "[go] all in" made a bare "all
    # in" lose to the phone loop (4 more of 40 tuned clean all-in clips lost).  "go all
    # in" stays sayable (the game's own refusals suggest it), at the rare prior.
    ("all_in", "[go] all in"): "/1/ all in | /{w}/ go all in",
}


#: Relative priors of single alternatives (default 1), keyed like
#: :data:`_RECOGNITION_REWRITES`.
#: "jam" / "shove" are slang for the costliest action, rarer than "all in": at an even
#: prior a noisy "check" is heard as "jam" in 5 of 8 tuned clips, an all-in asking "yes"
#: instead of a check (benchmarks/voice/RESULTS.md).
PHRASE_PRIORS: dict[tuple[str, str], float] = {
    ("all_in", "(shove | jam) [it]"): 0.3,
    # Table talk fits the long "I'm going all in" better than any other command (at an
    # even prior "oh come on" is heard as it on four of eight tuned clips).
    ("all_in", "i'm going all in"): RARE_WEIGHT,
}


def garbage_word(phone: str) -> str:
    """The dictionary word that stands for one phone in the garbage loop."""
    return _GARBAGE_PREFIX + phone.lower()


def is_garbage_word(word: str) -> bool:
    """True for a garbage-loop or other-words word (what the backend reports as ``[unk]``)."""
    return word.startswith((_GARBAGE_PREFIX, _OTHER_PREFIX))


@cache
def common_words() -> tuple[tuple[str, str], ...]:
    """(word, CMU phones) of the most frequent English words that are not game words, most
    frequent first (``voice/common_words.txt``, written by scripts/make_common_words.py)."""
    pairs = []
    for line in _COMMON_WORDS.read_text().splitlines():
        if line and not line.startswith("#"):
            word, phones = line.split("\t")
            pairs.append((word, phones))
    return tuple(pairs)


#: Loop words need this many phones: runs of short words fit any sound about as well as
#: the phone loop does, and steal commands ("all in" heard as "always move", "cancel" as
#: "comes old").  Four phones miss 35 fewer of 1168 commands than three, for 8 more of 160
#: table-talk clips asking "yes?"; 800 words instead of 400 miss 6 more commands
#: (benchmarks/voice/RESULTS.md).
OTHER_MIN_PHONES = 4


def other_pronunciations(count: int) -> dict[str, str]:
    """Dictionary entries of the out-of-vocabulary word loop: its ``count`` words (the most
    frequent ones with at least :data:`OTHER_MIN_PHONES` phones)."""
    long_enough = [(w, p) for w, p in common_words() if len(p.split()) >= OTHER_MIN_PHONES]
    return {_OTHER_PREFIX + word: phones for word, phones in long_enough[:count]}


def garbage_pronunciations() -> dict[str, str]:
    """Garbage word -> its single phone, to add to the decoder's dictionary."""
    return {garbage_word(p): p for p in PHONES}


#: Accent variants are numbered from here ("call(10)"): the stock dictionary numbers its
#: own alternatives from (2) ("that(2)" is DH AH T), and a clash fails to load.
VARIANT_BASE = 10


def extra_pronunciations() -> dict[str, str]:
    """Dictionary entries to add before loading the grammar: vocabulary words missing from
    the stock dictionary, accent variants ("call(10)") and the garbage phones."""
    entries = dict(vocabulary.PRONUNCIATIONS)
    for word, prons in VARIANTS.items():
        for i, pron in enumerate(prons, start=VARIANT_BASE):
            entries[f"{word}({i})"] = pron
    entries.update(garbage_pronunciations())
    return entries


#: Phrase families only heard while a "yes?" is pending (short words, easily mis-heard).
CONFIRM_FAMILIES = ("confirm_yes", "confirm_no")
#: Phrase families only heard while a menu or dialog is open: at the table "next" or "move
#: up" can do nothing, and listened for there they are only near misses for "three x" and
#: "half pot" (benchmarks/voice/RESULTS.md, session 19).
MENU_FAMILIES = ("menu",)


def command_alternatives(confirm: bool = False, menu: bool = True) -> list[str]:
    """The families the recognizer listens for; yes/no only while a confirmation waits,
    the moves in a menu only while one is open."""
    return [
        f"<{rule}>" for family, rule in vocabulary.FAMILY_RULES.items()
        if (confirm or family not in CONFIRM_FAMILIES) and (menu or family not in MENU_FAMILIES)
    ]


def jsgf(
    name: str = "holdem",
    garbage_weight: float | None = DEFAULT_GARBAGE_WEIGHT,
    confirm: bool = False,
    menu: bool = True,
    fillers: bool = False,
    other_weight: float | None = None,
    other_words: int = 0,
    lead_weight: float | None = None,
) -> str:
    """The command grammar as a JSGF document; ``<utterance>`` is public.

    Recognition-side choices on top of the vocabulary (the parser accepts all of it anyway):

    - ``garbage_weight`` None: no garbage loop (every sound becomes a command);
    - ``confirm`` False: "yes"/"no"/"do it" are left out — they are short, and with no
      confirmation pending a mis-heard "yes" is only a way to be wrong;
    - ``menu`` False: the moves in a menu ("next", "move up", "select", "close") are left
      out — with no menu open they do nothing, and they are near misses for commands;
    - ``fillers`` False: no optional "uh"/"so"/"please" around commands; each optional
      word is a free path for noise to become a different command ("fold" is heard as
      "so i'm all in");
    - ``other_weight`` / ``other_words``: an out-of-vocabulary alternative, a loop over the
      ``other_words`` most frequent English words that are not game words.  Table talk is
      real words, which this loop explains better than any command, while a spoken command
      fits it worse (its words are not in the loop).  It still steals some commands, more
      as the weight grows (benchmarks/voice/RESULTS.md has the trade);
    - ``lead_weight``: a command after up to :data:`LEAD_PHONES` phones of anything, at
      this prior (:data:`DEFAULT_LEAD_WEIGHT`; the recognizer drops the lead's phones).
      For an utterance begun over the game's line, whose remains come first.

    >>> lead = jsgf(lead_weight=1e-10)
    >>> "/1e-10/ <lead> <command>" in lead, "<lead> = <phone> | <phone> <phone>;" in lead
    (True, True)
    """
    rules = vocabulary.grammar_rules()
    for (rule, alt), weighted in _RECOGNITION_REWRITES.items():
        if alt in rules.get(rule, []):
            i = rules[rule].index(alt)
            if weighted:
                rules[rule][i] = weighted.format(w=f"{RARE_WEIGHT:g}")
            else:
                del rules[rule][i]
    body = "( " + " | ".join(command_alternatives(confirm, menu)) + " )"
    if fillers:
        body = f"[<filler>] {body} [please]"
    rules[vocabulary.PUBLIC_RULE] = [body]
    lines = ["#JSGF V1.0;", f"grammar {name};", ""]
    top = f"<{vocabulary.PUBLIC_RULE}>"
    alternatives = [f"/1/ {top}"]
    if lead_weight is not None:
        alternatives.append(f"/{lead_weight:g}/ <lead> {top}")
    if garbage_weight is not None:
        alternatives.append(f"/{garbage_weight:g}/ <garbage>")
    others = list(other_pronunciations(other_words)) if other_weight is not None else []
    if others:
        alternatives.append(f"/{other_weight:g}/ <other>")
    if len(alternatives) == 1:
        lines.append(f"public <{TOP_RULE}> = {top};")
    else:
        lines.append(f"public <{TOP_RULE}> = " + " | ".join(alternatives) + ";")
    if garbage_weight is not None or lead_weight is not None:
        lines += _garbage_rules()
    if lead_weight is not None:
        lines.append("<lead> = " + " | ".join(
            " ".join(["<phone>"] * n) for n in range(1, LEAD_PHONES + 1)) + ";")
    if others:
        lines.append("<other> = <other_word>+;")
        lines.append("<other_word> = " + " | ".join(others) + ";")
    for rule, alternatives in rules.items():
        if not fillers and rule == "filler":
            continue
        weights = [PHRASE_PRIORS.get((rule, alt)) for alt in alternatives]
        if any(w is not None for w in weights):  # JSGF: weigh one alternative, weigh all
            alternatives = [f"/{1 if w is None else w:g}/ {_grouped(alt)}"
                            for w, alt in zip(weights, alternatives)]
        body = " | ".join(f"( {alt} )" if len(alternatives) > 1 else alt for alt in alternatives)
        lines.append(f"<{rule}> = {body};")
    return "\n".join(lines) + "\n"


def verify_jsgf(words: list[str], garbage_weight: float) -> str:
    """A grammar for one second look at an utterance: exactly ``words``, or the phone loop
    at ``garbage_weight``.  Decoding the utterance again with it asks whether the words
    still beat the garbage when garbage is likelier — the stricter opinion that sets the
    confidence, for a fraction of the cost of a second full decode while the player speaks.

    >>> print(verify_jsgf(["call", "it"], 1e-15).splitlines()[3])
    public <utterance> = /1/ <said> | /1e-15/ <garbage>;
    >>> verify_jsgf(["call", "it"], 1e-15).splitlines()[4]
    '<said> = call it;'
    """
    return "\n".join([
        "#JSGF V1.0;", "grammar verify;", "",
        f"public <{TOP_RULE}> = /1/ <said> | /{garbage_weight:g}/ <garbage>;",
        f"<said> = {' '.join(words)};",
        *_garbage_rules(),
    ]) + "\n"


#: The second look's other question: is the command heard *clearly* the best one?  A
#: short command comes back sure only if it still wins when its words get this prior
#: against every short command that means something else (:func:`rival_jsgf`).  Without
#: it a noisy "pause" can be a sure "call it", "pot" a sure "call" and "half pot" a sure
#: "bet pot", acting without a "yes"; short commands are where one sound decides.
DEFAULT_RIVAL_WEIGHT = 1e-6
#: Commands of at most this many words get the rival check: longer ones differ from each
#: other in more than one sound, and the check costs a decode of the phrase.
RIVAL_MAX_WORDS = 2


@cache
def _short_commands() -> tuple[tuple[str, object], ...]:
    """(phrase, its intent) for every command of at most :data:`RIVAL_MAX_WORDS` words the
    recognizer listens for ("bet fifty" and "two x" among them)."""
    from .parser import parse

    unheard = {p for (_, alt), rewrite in _RECOGNITION_REWRITES.items() if not rewrite
               for p in vocabulary.expand(alt)}
    return tuple((p, parse(p)) for p in vocabulary.phrases(max_amount=100)
                 if len(p.split()) <= RIVAL_MAX_WORDS and p not in unheard)


@cache
def rivals(text: str) -> tuple[str, ...]:
    """The short commands that mean something else than ``text`` (a yes/no only has the
    other answer as rivals); none for a longer ``text``.

    >>> "pause" in rivals("call it"), "call" in rivals("call it"), "yes" in rivals("call it")
    (True, False, False)
    >>> rivals("no")[:3], rivals("raise to two hundred")
    (('yes', 'yeah', 'yep'), ())
    """
    from .intents import Confirm
    from .parser import parse

    if len(text.split()) > RIVAL_MAX_WORDS:
        return ()
    mine = parse(text)
    return tuple(p for p, theirs in _short_commands()
                 if isinstance(theirs, Confirm) == isinstance(mine, Confirm) and theirs != mine)


#: The second look's question for a longer command naming an amount: is that amount
#: clearly the one said?  Its words get this prior against every amount one number word
#: away (:func:`amount_rivals`).  Without it an amount can be heard as a sure wrong one
#: ("bet twelve hundred" as "bet two hundred"): a whole wrong bet without a "yes".  0.1
#: catches 10 of the tuned voices' 21 sure wrong amounts (1: 6; 0.01: 10, with more right
#: amounts asking; benchmarks/voice/RESULTS.md).  Milder than the short commands' 1e-6:
#: amounts one word apart differ in one word only by construction, and at 1e-6 right
#: amounts said in an echoing room ask half the time.
DEFAULT_AMOUNT_RIVAL_WEIGHT = 0.1


@lru_cache(maxsize=256)
def amount_rivals(text: str) -> tuple[str, ...]:
    """For a command of more than :data:`RIVAL_MAX_WORDS` words naming an amount: the same
    command with one number word changed, dropped or added next to the amount, wherever
    that means a different amount of the same kind; none for any other ``text``.

    >>> rivals = amount_rivals("bet twelve hundred")
    >>> "bet two hundred" in rivals, "bet twelve hundred" in rivals, "bet eleven hundred" in rivals
    (True, False, True)
    >>> "raise to two fifty" in amount_rivals("raise to fifty")
    True
    >>> amount_rivals("bet fifty"), amount_rivals("what do i have")
    ((), ())
    """
    from .numbers import NUMBER_WORDS, parse_number
    from .parser import parse

    words = text.split()
    at = [i for i, w in enumerate(words) if w in NUMBER_WORDS]
    if len(words) <= RIVAL_MAX_WORDS or not at:
        return ()
    if at[0] > 0 and words[at[0] - 1] == "a":  # "a hundred fifty": the amount starts at "a"
        at.insert(0, at[0] - 1)
    head, amount, tail = words[:at[0]], words[at[0]:at[-1] + 1], words[at[-1] + 1:]
    at = [i - at[0] for i in at if words[i] != "a"]
    edits = [amount[:i] + amount[i + 1:] for i in at]
    edits += [amount[:i] + [n] + amount[i + 1:] for i in at for n in NUMBER_WORDS if n != amount[i]]
    edits += [amount[:i] + [n] + amount[i:] for i in range(len(amount) + 1) for n in NUMBER_WORDS]
    # Only another number is worth parsing as a command: most edits are no number at all,
    # and the parser's search for the nearest phrase made them slow (30-60 ms an amount).
    said = parse_number(" ".join(amount))
    found = {" ".join(head + e + tail) for e in edits
             if e and parse_number(" ".join(e)) not in (None, said)}
    mine = parse(text)
    meant = {p: parse(p) for p in found}
    return tuple(sorted(p for p, theirs in meant.items()
                        if type(theirs) is type(mine) and theirs != mine))


def rival_jsgf(words: list[str], said_weight: float = DEFAULT_RIVAL_WEIGHT,
               amount_weight: float | None = DEFAULT_AMOUNT_RIVAL_WEIGHT) -> str | None:
    """A grammar for the rival check: ``words`` at ``said_weight`` against their
    :func:`rivals` at 1 — or, for a longer command naming an amount, at ``amount_weight``
    against its :func:`amount_rivals` (None: no amount check).  Decoding the utterance
    with it asks whether the words still win when every rival is that much likelier —
    only then is the command clearly the best candidate.  None when ``words`` has no
    rivals.

    >>> print(rival_jsgf(["call", "it"]).splitlines()[3])
    public <utterance> = /1e-06/ <said> | /1/ <rival>;
    >>> print(rival_jsgf(["raise", "to", "two", "hundred"]).splitlines()[3])
    public <utterance> = /0.1/ <said> | /1/ <rival>;
    >>> rival_jsgf(["raise", "to", "two", "hundred"], amount_weight=None) is None
    True
    """
    text = " ".join(words)
    others = rivals(text)
    if not others and amount_weight is not None:
        others, said_weight = amount_rivals(text), amount_weight
    if not others:
        return None
    return "\n".join([
        "#JSGF V1.0;", "grammar rival;", "",
        f"public <{TOP_RULE}> = /{said_weight:g}/ <said> | /1/ <rival>;",
        f"<said> = {' '.join(words)};",
        "<rival> = " + " | ".join(f"( {p} )" for p in others) + ";",
    ]) + "\n"


def _garbage_rules() -> list[str]:
    """The phone loop's JSGF rules, ``<garbage>`` and its ``<phone>``s."""
    return ["<garbage> = <phone>+;",
            "<phone> = " + " | ".join(garbage_word(p) for p in PHONES) + ";"]


def vosk_phrases(max_amount: int = 1000, confirm: bool = False, menu: bool = True,
                 ) -> list[str]:
    """The Vosk phrase list: every command written out, plus ``[unk]`` for everything else;
    "yes"/"no" phrases only with ``confirm``, the moves in a menu only with ``menu`` (as in
    :func:`jsgf`)."""
    from .intents import Confirm, is_menu_move
    from .parser import parse

    listed = vocabulary.phrases(max_amount=max_amount)
    if not confirm:
        listed = [p for p in listed if not isinstance(parse(p), Confirm)]
    if not menu:
        listed = [p for p in listed if not is_menu_move(parse(p))]
    return [*listed, "[unk]"]


def _grouped(alt: str) -> str:
    """``alt`` ready for a weight in front: bracketed when it holds weighted choices itself.

    >>> _grouped("/1/ all in | /0.02/ go all in"), _grouped("(shove | jam) [it]")
    ('( /1/ all in | /0.02/ go all in )', '(shove | jam) [it]')
    """
    return f"( {alt} )" if alt.startswith("/") else alt
