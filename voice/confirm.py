"""The pending confirmation: a costly or uncertain action waits for "yes".

All-ins, big bets, free folds and low-confidence phrases come out of the resolver with
``confirm=True``.  :class:`ConfirmationGate` holds at most one of them: "yes" / "confirm" /
"do it" applies it, "no" / "cancel" drops it, and so does silence for ``timeout`` seconds.
Any other command while one is pending drops it too (the player changed their mind), and
the caller goes on to resolve the new command.  The clock is injected so tests and the game
loop decide what time it is — nothing here sleeps.

:func:`respond` is the whole turn for the game loop: one parsed phrase in, at most one
validated action out plus the words to show and speak.

>>> from game.engine.actions import Action
>>> from voice.intents import AllIn, Confirm
>>> from voice.resolver import Resolved
>>> now = [0.0]
>>> gate = ConfirmationGate(timeout=5.0, clock=lambda: now[0])
>>> jam = Resolved(AllIn(), Action.raise_to(1000), confirm=True, why="all in", all_in=True)
>>> gate.offer(jam).prompt
'raise to 1000, all in? Say yes or no.'
>>> now[0] = 3.0
>>> gate.answer(Confirm(True)).resolved.action
Action(kind=<ActionKind.RAISE: 'raise'>, amount=1000)
>>> waiting = gate.offer(jam)  # asked again at 3.0 s ...
>>> now[0] = 9.0  # ... and six silent seconds later:
>>> gate.tick().reason
'timed out'
>>> gate.pending is None
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from game.engine.actions import Action, LegalActions

from .intents import Confirm, Intent, Question, QuestionKind, TableCommand, Unknown, is_action
from .questions import TableFacts, answer
from .resolver import Rejection, ResolveContext, Resolved, resolve


@dataclass(frozen=True)
class Apply:
    """Do this action now."""

    resolved: Resolved


@dataclass(frozen=True)
class Waiting:
    """The action waits for "yes"; ``prompt`` is shown and spoken."""

    resolved: Resolved
    prompt: str


@dataclass(frozen=True)
class Dropped:
    """The pending action is gone: ``reason`` is "cancelled", "timed out" or "replaced"."""

    resolved: Resolved
    reason: str


@dataclass(frozen=True)
class NothingPending:
    """A "yes" or "no" arrived with nothing waiting for it."""

    reply: str = "there is nothing to confirm"


Outcome = Apply | Waiting | Dropped | NothingPending


class ConfirmationGate:
    """At most one action waiting for "yes", dropped after ``timeout`` seconds of the
    player's time: while the game itself speaks (:meth:`hold`), the clock does not run —
    the player cannot answer a question they have not heard yet, the microphone is muted."""

    def __init__(self, timeout: float = 8.0, clock: Callable[[], float] = time.monotonic) -> None:
        if timeout <= 0:
            raise ValueError(f"confirmation timeout must be above 0 seconds, not {timeout}")
        self.timeout = timeout
        self._clock = clock
        self._pending: Resolved | None = None
        self._used = 0.0  # seconds of the player's time spent waiting so far
        self._last = 0.0  # clock reading when _used was last brought up to date
        self._held = False

    @property
    def pending(self) -> Resolved | None:
        """The action waiting for an answer (None once it has timed out)."""
        self.tick()
        return self._pending

    def offer(self, resolved: Resolved) -> Apply | Waiting:
        """Pass a resolved action through: applied now, or held until "yes"."""
        self._pending = None
        if not resolved.confirm:
            return Apply(resolved)
        self._pending, self._used, self._last = resolved, 0.0, self._clock()
        return Waiting(resolved, prompt(resolved))

    def answer(self, intent: Intent) -> Outcome:
        """Feed the next parsed phrase.

        A :class:`Confirm` settles the pending action; any other intent drops it
        (:class:`Dropped` with reason "replaced") and the caller handles that intent.
        """
        expired = self.tick()
        if expired is not None and isinstance(intent, Confirm):
            return expired
        current = self._pending
        if current is None:
            return NothingPending()
        self._pending = None
        if isinstance(intent, Confirm):
            return Apply(current) if intent.yes else Dropped(current, "cancelled")
        return Dropped(current, "replaced")

    def _account(self) -> None:
        now = self._clock()
        if self._pending is not None and not self._held:
            self._used += max(0.0, now - self._last)
        self._last = now

    def hold(self, held: bool) -> None:
        """Stop (True) or restart (False) the timeout clock: call it while the game speaks —
        the prompt itself included — so the player gets the whole window to answer."""
        self._account()
        self._held = held

    def restart(self) -> None:
        """Give the pending action its whole window again (say, after repeating the prompt)."""
        self._used, self._last = 0.0, self._clock()

    def tick(self) -> Dropped | None:
        """Drop the pending action if its time is up (call it from the game loop)."""
        self._account()
        if self._pending is not None and self._used >= self.timeout:
            gone, self._pending = self._pending, None
            return Dropped(gone, "timed out")
        return None

    def clear(self) -> None:
        """Forget the pending action (the hand moved on, the player acted by mouse...)."""
        self._pending = None


def prompt(resolved: Resolved, chips: Callable[[int], str] = str) -> str:
    """The question asked before a confirmed action ("fold (checking is free)? ...")."""
    why = f" ({resolved.why})" if resolved.why and resolved.why != "all in" else ""
    return f"{resolved.describe(chips)}{why}? Say yes or no."


# --- one phrase, one response ---------------------------------------------------------------


@dataclass(frozen=True)
class Response:
    """What the game does with one phrase: apply ``action`` (already validated) if set, and
    show and speak ``speech``.  ``waiting`` is True while an action waits for "yes"."""

    intent: Intent
    action: Action | None
    speech: str
    waiting: bool = False
    #: The rejection behind a refusal (None otherwise), for typed handling by the caller.
    rejection: Rejection | None = None
    #: The open "yes or no" question while an action waits ("" when none does), so a screen
    #: can keep showing it after answering a question in between.
    prompt: str = ""


def _still_waiting(gate: ConfirmationGate, chips: Callable[[int], str]) -> tuple[bool, None, str]:
    """(waiting, rejection, prompt) for a phrase that leaves the pending action in place."""
    pending = gate.pending
    return (pending is not None, None, prompt(pending, chips) if pending is not None else "")


def respond(
    gate: ConfirmationGate, intent: Intent, legal: LegalActions | None,
    facts: TableFacts | None = None, context: ResolveContext | None = None,
) -> Response:
    """Handle one parsed phrase for the human seat.

    ``legal`` is None when it is not the player's turn: questions are still answered,
    actions are refused.  Questions and noise leave a pending confirmation in place; a new
    action replaces it; "yes" applies it only if it is still legal, and only if the
    recognizer was sure of it (a doubted "yes" asks again; a doubted "no" cancels, which
    is safe either way).  Table commands come back with no action for the caller to
    carry out (``intent`` says which).

    >>> from voice.parser import parse
    >>> legal = LegalActions(seat=0, stack=500, committed=0, current_bet=0, to_call=0,
    ...     pot=40, big_blind=10, can_fold=True, can_check=True, can_call=False,
    ...     can_bet=True, can_raise=False, min_to=10, max_to=500, all_in_to=500)
    >>> gate = ConfirmationGate(clock=lambda: 0.0)
    >>> respond(gate, parse("all in"), legal).speech
    'bet 500, all in? Say yes or no.'
    >>> r = respond(gate, parse("yes"), legal); (str(r.action), r.speech)
    ('bet 500', 'bet 500, all in')
    """
    chips = context.chips if context is not None else str
    expired = gate.tick()
    if isinstance(intent, Question):
        if facts is not None or intent.kind is QuestionKind.HELP:
            reply = answer(intent, facts or TableFacts(pot=0, to_call=0, stack=0))
        else:
            reply = "I cannot see the table yet"
        return Response(intent, None, reply, *_still_waiting(gate, chips))
    if isinstance(intent, Unknown):
        return Response(intent, None, f"didn't catch that: try \"{intent.closest}\"",
                        *_still_waiting(gate, chips))
    if isinstance(intent, TableCommand):
        return Response(intent, None, intent.kind.value.replace("_", " "),
                        *_still_waiting(gate, chips))
    if isinstance(intent, Confirm):
        pending = gate.pending if expired is None else None
        if intent.yes and pending is not None and context is not None and context.doubted:
            # A "yes" the recognizer doubts is the one answer that must not be guessed: the
            # held-out RP voice's "no" can be heard as "do it" (benchmarks/voice/RESULTS.md).
            gate.restart()
            asked = prompt(pending, chips)
            return Response(intent, None, f"was that a yes? {asked}", waiting=True,
                            prompt=asked)
        outcome = expired if expired is not None else gate.answer(intent)
        if isinstance(outcome, Apply):
            action = outcome.resolved.action
            if legal is None or not legal.allows(action):
                return Response(intent, None, "that is no longer possible")
            return Response(intent, action, outcome.resolved.describe(chips))
        if isinstance(outcome, Dropped):
            return Response(intent, None, "cancelled" if outcome.reason == "cancelled"
                            else "too late: say it again")
        return Response(intent, None, NothingPending().reply)
    assert is_action(intent)
    gate.clear()
    if legal is None:
        return Response(intent, None, "it is not your turn")
    got = resolve(intent, legal, context)
    if isinstance(got, Rejection):
        return Response(intent, None, got.reason, rejection=got)
    offered = gate.offer(got)
    if isinstance(offered, Waiting):
        asked = prompt(got, chips)
        return Response(intent, None, asked, waiting=True, prompt=asked)
    return Response(intent, got.action, got.describe(chips))
