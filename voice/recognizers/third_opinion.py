"""The plain ``tiny.en`` model as a third opinion where the pair would ask "yes?".

The table fit (:mod:`.whisper_patch`) was made from the plain model and keeps its ear, but
not its doubts: where the fit doubts a command, or hears another amount than PocketSphinx,
or hears talk where PocketSphinx heard a command, the plain model decodes the same audio
and, sure of the very command the pair took, lets it act without a "yes".  On the
readable voices no fit heard (3,916 clips at 15 dB and in the room), the plain model so
settled 32 of the 122 right cheap commands that asked, and none of the 71 wrong ones; on
the blind voices the needless "yes?"s fell from 7.8 / 9.2 % to 5.3 / 5.2 % (15 dB / room)
with nothing else moved (benchmarks/voice/RESULTS.md, session 64).  It is not asked where
the two engines heard two different commands and not both amounts ("call" or "fold",
"call" or "help": the plain model shares the fit's ear and agreed with it on wrong ones
there), nor about a teen or -ty amount read close to its twin ("one fifteen" or "one
fifty": the same), nor over a line, where it was not measured.  It is asked only then, so
the other commands wait for nothing: it costs one more decode (about 130 ms) on the
commands that would have asked.

Where the pair heard nothing because the fit wrote talk while PocketSphinx heard a
command, the plain model is asked too (:func:`may_rescue`), and a betting command it is
sure of is taken, asking "yes?" (:func:`rescued_by`): the fit writes some voices' short
commands as talk ("Huh." for Festival's "call") and misses a faint "all in", where the
plain model does not (benchmarks/voice/RESULTS.md, session 65).

Where the pair asks "yes?" about the fit's betting command while PocketSphinx heard another
command, the plain model is asked too (:func:`may_vote`): sure of PocketSphinx's command,
two engines of three heard it, and that command is the one asked about, or, where it is
the table command the fit's is known to be written for ("pause" written "Pot."), taken
(:func:`voted_by`; benchmarks/voice/RESULTS.md, session 66).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection

from ..intents import Intent, Unknown, is_action
from ..parser import parse
from .base import Hypothesis, RecognizerError
from .meanings import intent_of, sized
from .whisper_backend import HIGH_CONFIDENCE, LOW_CONFIDENCE, WhisperRecognizer, near_reading_of
from .whisper_models import packaged_models
from .whisper_patch import BASE_NAME, PATCHED_NAME

#: The plain model is asked where the pair would ask "yes?" (:func:`may_settle`).
PLAIN_SETTLES = True
#: The plain model is asked where the pair heard nothing because the fit wrote talk while
#: PocketSphinx heard a command (:func:`may_rescue`).
PLAIN_RESCUES = True
#: The plain model is asked where the pair asks about the fit's betting command while
#: PocketSphinx heard another command (:func:`may_vote`).
PLAIN_VOTES = True
#: There, where the fit's command is the one it writes for the table command PocketSphinx
#: heard (:data:`.whisper_backend.NEAR_READINGS`: "Pot." for "pause"), that command is
#: taken where the fit's decoder scores it within this many nats of its own reading and the
#: plain model is sure of no command (:func:`voted_by`; None: only where the plain model is
#: sure of it).
NEAR_HEARD_SLACK: float | None = 9.0
#: The plain model is not asked about a command that :func:`.combined.teen_doubts` doubts
#: (a -ty amount with its teen twin read within ``combined.TY_TWIN_SLACK`` under it, or a
#: teen with its -ty twin close); True: nor about any command where any amount is so
#: doubted, as in sessions 64-66 — which also walled off a -ty taken with its teen read
#: far under it, where the teen itself counts as doubted (:func:`asked_bet`).
ANY_TEEN_WALLS = False
_log = logging.getLogger(__name__)


def may_settle(taken: Hypothesis, whisper: Hypothesis, sphinx: Hypothesis,
               doubted_teens: Collection[Intent] = (),
               any_teen_walls: bool = ANY_TEEN_WALLS) -> bool:
    """Whether the plain model's reading may settle the pair's ``taken`` command: a betting
    action it would ask "yes?" about, not a teen or -ty amount in doubt (:func:`asked_bet`:
    ``doubted_teens``, :func:`.combined.teen_doubts`, and ``any_teen_walls``), and where
    either engine heard another command, both are amounts.

    >>> from voice.parser import parse
    >>> asks = Hypothesis("bet fifty", 0.5)
    >>> may_settle(asks, Hypothesis("Bet fifty.", 0.95), Hypothesis("bet sixty", 0.95))
    True
    >>> may_settle(asks, Hypothesis("Nice.", 0.95), Hypothesis("bet fifty", 0.5))
    True
    >>> may_settle(Hypothesis("call", 0.5), Hypothesis("Call.", 0.95), Hypothesis("fold", 0.5))
    False
    >>> may_settle(asks, Hypothesis("Bet fifty.", 0.95), Hypothesis("[unk]", 0.0),
    ...            doubted_teens=[parse("bet fifty")])
    False
    >>> may_settle(Hypothesis("bet fifty", 0.95), Hypothesis("Bet fifty.", 0.95),
    ...            Hypothesis("bet fifty", 0.95))
    False
    """
    said = asked_bet(taken, doubted_teens, any_teen_walls)
    if said is None:
        return False
    rivals = [i for i in map(intent_of, (whisper, sphinx))
              if not isinstance(i, Unknown) and i != said]
    return all(sized(said) and sized(rival) for rival in rivals)


def asked_bet(taken: Hypothesis, doubted_teens: Collection[Intent] = (),
              any_teen_walls: bool = ANY_TEEN_WALLS) -> Intent | None:
    """The betting command the pair asks "yes?" about in ``taken``, where it is no teen or
    -ty amount in doubt (``doubted_teens``; ``any_teen_walls``: where no amount is): both
    Whisper models hear "fifteen" as "fifty"; else None: the third opinion is asked about
    no other (:func:`may_settle`, :func:`may_vote`).  Said "bet fifty", "bet one fifty",
    "bet fifteen" and "bet one fifteen" by the readable voices (520 clips each), the pair
    asked "yes?" about 251 of the 1,040 -ty amounts said, rightly; where their teen was
    read, but further under them than ``combined.TY_TWIN_SLACK``, the plain model now
    settles 55 of those (and 8 teens said), and takes 2 of the 1,040 teens said as their
    -ty without a "yes" (24 with the pair's own 22; ``python -m benchmarks.voice.twins
    --walls``, benchmarks/voice/RESULTS.md, session 67).

    >>> asked_bet(Hypothesis("fold", 0.5)), asked_bet(Hypothesis("fold", 0.95))
    (Fold(), None)
    >>> asked_bet(Hypothesis("deal", 0.5)), asked_bet(Hypothesis("fold", 0.5), [parse("fold")])
    (None, None)
    >>> fifty, fifteen = Hypothesis("bet fifty", 0.5), parse("bet fifteen")
    >>> asked_bet(fifty, [fifteen]), asked_bet(fifty, [fifteen], any_teen_walls=True)
    (BetTo(amount=50, alternative=None), None)
    """
    if taken.rejected or taken.confidence >= HIGH_CONFIDENCE:
        return None
    said = intent_of(taken)
    if said in doubted_teens or (any_teen_walls and doubted_teens):
        return None
    return said if is_action(said) else None


def sure_of(plain: Hypothesis) -> Intent | None:
    """The command the plain model is sure of; None where it doubted, heard nothing or
    wrote talk.

    >>> sure_of(Hypothesis("Bet 50.", 0.95)), sure_of(Hypothesis("Bet 50.", 0.5))
    (BetTo(amount=50, alternative=None), None)
    >>> sure_of(Hypothesis("Um.", 0.95))
    """
    if plain.rejected or plain.confidence < HIGH_CONFIDENCE:
        return None
    said = intent_of(plain)
    return None if isinstance(said, Unknown) else said


def settled_by(taken: Hypothesis, plain: Hypothesis) -> Hypothesis:
    """``taken``, sure, where the plain model was sure of the same command; else as it was.

    >>> settled_by(Hypothesis("bet fifty", 0.5, "pair"), Hypothesis("Bet 50.", 0.95))
    Hypothesis(text='bet fifty', confidence=0.95, engine='pair')
    >>> settled_by(Hypothesis("bet fifty", 0.5), Hypothesis("Bet 50.", 0.5)).confidence
    0.5
    >>> settled_by(Hypothesis("bet fifty", 0.5), Hypothesis("Bet sixty.", 0.95)).confidence
    0.5
    """
    if sure_of(plain) != intent_of(taken):
        return taken
    return Hypothesis(taken.text, HIGH_CONFIDENCE, taken.engine)


def may_rescue(taken: Hypothesis, whisper: Hypothesis, sphinx: Hypothesis) -> bool:
    """Whether the plain model may rescue a command the pair did not hear: the fit wrote
    talk (or nothing) and PocketSphinx heard a command, which the pair then drops.  The fit
    learned to write some short commands of voices unlike its own as talk ("Huh." for
    Festival's "call"), and misses "all in" and the longer sizes of faint voices; the plain
    model has not learned that (benchmarks/voice/RESULTS.md, session 65).

    >>> unheard = Hypothesis("[unk]", 0.0)
    >>> may_rescue(unheard, Hypothesis("Huh.", 0.95), Hypothesis("pot", 0.95))
    True
    >>> may_rescue(unheard, Hypothesis("Huh.", 0.95), Hypothesis("[unk]", 0.0))
    False
    >>> may_rescue(unheard, Hypothesis("Call.", 0.5), Hypothesis("fold", 0.5))
    False
    >>> may_rescue(Hypothesis("pot", 0.5), Hypothesis("[unk]", 0.0), Hypothesis("pot", 0.5))
    False
    """
    return (isinstance(intent_of(taken), Unknown) and isinstance(intent_of(whisper), Unknown)
            and not isinstance(intent_of(sphinx), Unknown))


def rescued_by(taken: Hypothesis, plain: Hypothesis, engine: str) -> Hypothesis:
    """The plain model's betting command, asking "yes?", where it was sure of one; else
    ``taken`` as it was.  It always asks: neither the fit nor PocketSphinx heard it so.

    >>> unheard = Hypothesis("[unk]", 0.0)
    >>> rescued_by(unheard, Hypothesis("All in.", 0.95), "pair")
    Hypothesis(text='All in.', confidence=0.5, engine='pair')
    >>> rescued_by(unheard, Hypothesis("All in.", 0.5), "pair") is unheard
    True
    >>> rescued_by(unheard, Hypothesis("Help.", 0.95), "pair") is unheard
    True
    """
    said = sure_of(plain)
    if said is None or not is_action(said):
        return taken
    return Hypothesis(plain.text, LOW_CONFIDENCE, engine)


def may_vote(taken: Hypothesis, whisper: Hypothesis, sphinx: Hypothesis,
             doubted_teens: Collection[Intent] = (),
             any_teen_walls: bool = ANY_TEEN_WALLS) -> bool:
    """Whether the plain model may choose which command the pair asks about: the pair asks
    "yes?" about the fit's own betting command, PocketSphinx heard another command, and the
    fit's is no teen or -ty amount in doubt (:func:`asked_bet`: both Whisper models hear
    "fifteen" as "fifty").  The fit writes some voices' "pause" as "Pot." and Festival's
    "all in" as "Call it.", where PocketSphinx and the plain model hear what was said
    (benchmarks/voice/RESULTS.md, session 66).

    >>> asks = Hypothesis("Pot.", 0.5)
    >>> may_vote(asks, asks, Hypothesis("pause", 0.5))
    True
    >>> may_vote(asks, asks, Hypothesis("pot", 0.5)), may_vote(asks, asks, Hypothesis("[unk]", 0.0))
    (False, False)
    >>> may_vote(Hypothesis("Pot.", 0.95), Hypothesis("Pot.", 0.95), Hypothesis("pause", 0.5))
    False
    >>> may_vote(Hypothesis("pause", 0.5), Hypothesis("Pot.", 0.5), Hypothesis("pause", 0.5))
    False
    >>> may_vote(Hypothesis("Bet fifty.", 0.5), Hypothesis("Bet fifty.", 0.5),
    ...          Hypothesis("bet fifteen", 0.5), doubted_teens=[parse("bet fifty")])
    False
    """
    said = asked_bet(taken, doubted_teens, any_teen_walls)
    heard = intent_of(sphinx)
    return (said is not None and said == intent_of(whisper) and not isinstance(heard, Unknown)
            and heard != said)


def voted_by(taken: Hypothesis, plain: Hypothesis, sphinx: Hypothesis,
             engine: str, gap: float | None = None,
             near_heard: float | None = NEAR_HEARD_SLACK) -> Hypothesis:
    """PocketSphinx's command where the plain model was sure of it too; else ``taken`` as
    it was.  A betting command asks "yes?" (the fit heard another); the table command the
    fit's command is known to be written for (:data:`.whisper_backend.NEAR_READINGS`:
    "Pause." for "Pot.") is taken, as a table command cannot ask; any other command leaves
    the fit's to ask ("i'm back" heard for a "min bet").

    ``near_heard``: that table command is taken where the plain model is sure of no
    command too, and the fit's decoder scored it (``gap``) within this many nats of its
    own reading (None: never).  Said by the readable voices (520 clips a phrase),
    PocketSphinx heard "pause" under the fit's "Pot." for 104 "pause"s said, 4 "pot"s,
    an "ah" and an "aw" (of 520 each; no "oh", "hey" or "hmm"); the plain model was sure
    of "Pot." for 2 of the pots and the "aw", and of no command but "Pause." for all but
    one of the pauses: DECtalk's voices say it so that the plain model writes no command
    at all.  The fit's decoder scored "pause" 8.3 nats under its "Pot." at most where a
    pause was said, 9.7 or more where a pot was (benchmarks/voice/RESULTS.md, session 67).

    >>> asks, pause = Hypothesis("Pot.", 0.5), Hypothesis("pause", 0.5)
    >>> voted_by(asks, Hypothesis("Pause.", 0.95), pause, "pair")
    Hypothesis(text='Pause.', confidence=0.95, engine='pair')
    >>> [voted_by(asks, Hypothesis("Pause.", 0.5), pause, "pair", gap, near_heard=n).text
    ...  for gap, n in ((-4.0, 9.0), (-10.0, 9.0), (-4.0, None))]
    ['pause', 'Pot.', 'Pot.']
    >>> voted_by(asks, Hypothesis("Pot.", 0.95), pause, "pair") is asks
    True
    >>> voted_by(asks, Hypothesis("Fold.", 0.95), Hypothesis("fold", 0.5), "pair")
    Hypothesis(text='Fold.', confidence=0.5, engine='pair')
    >>> voted_by(asks, Hypothesis("Fold.", 0.95), pause, "pair") is asks
    True
    >>> voted_by(Hypothesis("Min bet.", 0.5), Hypothesis("I'm back.", 0.95),
    ...          Hypothesis("i'm back", 0.95), "pair").text
    'Min bet.'
    """
    said = sure_of(plain)
    near = written_for(taken, sphinx)
    if near and said is None and near_heard is not None and gap is not None and (
            gap >= -near_heard):
        return Hypothesis(sphinx.text, HIGH_CONFIDENCE, engine)
    if said is None or said != intent_of(sphinx) or said == intent_of(taken):
        return taken
    if is_action(said):
        return Hypothesis(plain.text, LOW_CONFIDENCE, engine)
    if near:
        return Hypothesis(plain.text, HIGH_CONFIDENCE, engine)
    return taken


def written_for(fit: Hypothesis, sphinx: Hypothesis) -> bool:
    """Whether the fit's command is the one it is known to write for the command
    PocketSphinx heard (:data:`.whisper_backend.NEAR_READINGS`).

    >>> pause = Hypothesis("pause", 0.5)
    >>> written_for(Hypothesis("Pot.", 0.5), pause), written_for(Hypothesis("Pot it.", 0.5), pause)
    (True, True)
    >>> written_for(Hypothesis("Pause.", 0.5), pause), written_for(Hypothesis("Pot.", 0.5),
    ...                                                           Hypothesis("pot", 0.5))
    (False, False)
    """
    near = near_reading_of(fit.text)
    return near is not None and parse(" ".join(near)) == intent_of(sphinx)


def with_plain(taken: Hypothesis, whisper: Hypothesis, sphinx: Hypothesis,
               doubted_teens: Collection[Intent], hear: Callable[[], Hypothesis | None],
               engine: str, *, votes: bool = True, rescues: bool = True,
               gap: float | None = None, near_heard: float | None = NEAR_HEARD_SLACK,
               any_teen_walls: bool = ANY_TEEN_WALLS) -> Hypothesis:
    """What the pair takes once the plain model has had its say: where it may settle the
    pair's command (:func:`may_settle`), it does; where the pair then still asks about the
    fit's command and PocketSphinx heard another, it may vote (:func:`may_vote`,
    ``votes``; :func:`voted_by`'s ``gap`` and ``near_heard``); ``any_teen_walls``: as
    :func:`asked_bet`'s; where the pair heard nothing, it may rescue (:func:`may_rescue`,
    ``rescues``).  ``hear`` gives the plain model's hearing,
    asked only where one of these applies (None: it has none, and ``taken`` stands): the
    game decodes the utterance then, the benchmark's replay reads it from the row.

    >>> asks, pause = Hypothesis("Pot.", 0.5), Hypothesis("pause", 0.5)
    >>> with_plain(asks, asks, pause, (), lambda: Hypothesis("Pause.", 0.95), "pair").text
    'Pause.'
    >>> with_plain(asks, asks, pause, (), lambda: Hypothesis("Pause.", 0.95), "pair",
    ...            votes=False).text
    'Pot.'
    >>> unheard = Hypothesis("[unk]", 0.0)
    >>> with_plain(unheard, Hypothesis("Huh.", 0.95), Hypothesis("call", 0.5), (),
    ...            lambda: None, "pair") is unheard
    True
    """
    if may_settle(taken, whisper, sphinx, doubted_teens, any_teen_walls):
        plain = hear()
        if plain is not None:
            taken = settled_by(taken, plain)
    if votes and may_vote(taken, whisper, sphinx, doubted_teens, any_teen_walls):
        plain = hear()
        if plain is None:
            return taken
        return voted_by(taken, plain, sphinx, engine, gap, near_heard)
    if rescues and may_rescue(taken, whisper, sphinx):
        plain = hear()
        return taken if plain is None else rescued_by(taken, plain, engine)
    return taken


def plain_recognizer(fit: WhisperRecognizer) -> WhisperRecognizer | None:
    """The plain model the table fit ``fit`` was made from, listening as the fit does but
    never ahead of the utterance's end (it is asked only after the pair has weighed it);
    None where ``fit`` is no table fit, or its base is missing or damaged (logged: the pair
    then asks as it did before; :class:`WhisperRecognizer` checks the weights' digest)."""
    if fit.model.name != PATCHED_NAME:
        return None
    base = next((m for m in packaged_models() if m.name == BASE_NAME), None)
    if base is None:
        _log.warning("no %s for a third opinion: the pair listens alone", BASE_NAME)
        return None
    try:
        return WhisperRecognizer(base, window_s=fit.window_s, beam=fit.beam,
                                 n_best=fit.n_best, sure_share=fit.sure_share,
                                 repair_slack=fit.repair_slack, speculate=False)
    except RecognizerError as exc:
        _log.warning("%s: the pair listens alone", exc)
        return None
