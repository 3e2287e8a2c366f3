"""Runs the session for the window: deals hands, asks bots off the render thread, applies
the human's actions, and hands every event to whoever listens (animation, narration, HUD).

Threading: the :class:`~game.session.table.Table` is touched only on the render thread.
A bot's ``decide(view, rng)`` runs on a single worker thread with an immutable
``PlayerView``; its answer comes back as a future and is applied through ``table.act`` —
the same door the human's clicks and voice go through.  Nothing here ever waits.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.engine.actions import Action, ActionKind, LegalActions
from game.engine.errors import IllegalActionError
from game.engine.events import HandEnded

from .game_clock import PausableClock
from .seams import Session

if TYPE_CHECKING:
    from .bot_host import BotHost

Listener = Callable[[object], None]

#: Seconds a bot "thinks" at speed 1 (a real pause makes the table readable).
BOT_THINK = (0.7, 1.6)
#: Seconds the result of a hand stays on the table before the next deal, at speed 1.
BETWEEN_HANDS = 3.0


@dataclass
class BotTurn:
    seat: int
    key: tuple[int, int]  #: (hand number, events so far): which decision this answers
    future: Future[Action]
    ready_at: float


@dataclass
class Controller:
    """Drives a Table between the window and the bots; see the module docstring."""

    table: Session
    human: int | None = None
    speed: float = 1.0
    seed: int = 0
    hands_limit: int | None = None
    auto_deal: bool = True
    #: Run bots in a worker process (the window) rather than a thread (tests).
    bot_process: bool = False
    listeners: list[Listener] = field(default_factory=list)
    message: str = ""
    finished: bool = False
    hands_done: int = 0
    paused: bool = False
    #: Stop advancing without showing "Paused" (screenshots, tests).
    hold: bool = False
    needs_rebuy: bool = False

    def __post_init__(self) -> None:
        specs = {}
        for seat, p in enumerate(self.table.players):
            if p is not None and seat != self.human and p.spec.kind == "bot":
                specs[seat] = f"{p.spec.style}:{p.spec.level}"
        self.bot_specs = specs
        self._host: BotHost | None = None
        self._early_events: list[object] = []  #: events of the hand not yet sent to bots
        self._updates = 0
        self._rng = random.Random(self.seed)
        self._turn: BotTurn | None = None
        self._next_deal_at: float | None = 0.0
        self.events: list[object] = []  #: every event of the current hand (table seats)
        self.last_hand_events: list[object] = []

    # ----- plumbing --------------------------------------------------------------------
    @property
    def host(self) -> BotHost:
        """The bots' worker (thread or process), started on first use."""
        if self._host is None:
            from .bot_host import BotHost

            self._host = BotHost(self.bot_specs, self.seed, process=self.bot_process)
        return self._host

    @host.setter
    def host(self, value: BotHost) -> None:
        self._host = value

    def emit(self, events: list[object]) -> None:
        for e in events:
            self.events.append(e)
            for fn in list(self.listeners):
                fn(e)
        # bots learn from whole hands (as `holdem simulate` feeds them): one message to
        # the bot worker per hand, queued in order with decide() so a bot's model is
        # never read and written at once
        self._early_events.extend(events)
        if any(isinstance(e, HandEnded) for e in events) and (
                self._host is not None or self._updates > 1):
            batch, self._early_events = self._early_events, []
            self.host.observe(batch)

    def close(self) -> None:
        if self._host is not None:
            self._host.close()

    # ----- queries ---------------------------------------------------------------------
    @property
    def in_hand(self) -> bool:
        hand = self.table.hand
        return hand is not None and not hand.is_over

    def human_legal(self) -> LegalActions | None:
        if self.human is None or not self.in_hand or self.table.to_act != self.human:
            return None
        return self.table.legal()

    # ----- the loop's update -----------------------------------------------------------
    def update(self, now: float) -> None:
        """Advance the session as far as it can go without waiting; never blocks."""
        self._updates += 1
        if self._updates == 2 and self.bot_process:
            _ = self.host  # start the bot process after the first frame is on screen
        if self.finished or self.paused or self.hold:
            return
        if not self.in_hand:
            self._between_hands(now)
            return
        self.emit(self.table.tick())  # the table's own (pausable) clock
        if not self.in_hand:
            self._hand_over(now)
            return
        seat = self.table.to_act
        if seat is None or seat == self.human:
            return
        self._bot_turn(seat, now)

    def _between_hands(self, now: float) -> None:
        if self._next_deal_at is None:
            self._hand_over(now)
            return
        if now < self._next_deal_at or not self.auto_deal or self.needs_rebuy:
            return
        if self.hands_limit is not None and self.hands_done >= self.hands_limit:
            self.finished = True
            return
        if self.table.over:
            self.finished = True
            return
        if self.human is not None and self.human_busted:
            self.needs_rebuy = True
            return
        self.deal(now)

    def set_paused(self, paused: bool) -> None:
        """Pause or resume: bots stop, and the action clock stops with them."""
        self.paused = paused
        clock = self.table.clock
        if isinstance(clock, PausableClock):  # a plain clock (tests) cannot stop
            (clock.pause if paused else clock.resume)()

    def deal_soon(self) -> None:
        """Deal the next hand now instead of waiting out the pause ("deal", "next hand")."""
        if self._next_deal_at is not None:
            self._next_deal_at = 0.0

    @property
    def human_busted(self) -> bool:
        """The human's seat has no chips left (a rebuy is needed before the next deal)."""
        p = self.table.players[self.human] if self.human is not None else None
        return p is not None and p.stack <= 0

    def deal(self, now: float) -> bool:
        """Start the next hand now; False with ``message`` set when none can start."""
        from game.session.errors import SessionError

        self.last_hand_events = self.events
        self.events = []
        try:
            evs = self.table.start_hand()
        except SessionError as e:
            self.message = str(e)
            self.finished = True
            return False
        self._next_deal_at = None
        self._turn = None
        self.message = ""
        self.emit(evs)
        if not self.in_hand:
            self._hand_over(now)
        return True

    def _hand_over(self, now: float) -> None:
        if self._next_deal_at is None:
            self.hands_done += 1
            self._next_deal_at = now + BETWEEN_HANDS / self.speed

    def _bot_turn(self, seat: int, now: float) -> None:
        key = (self.table.hand_number, len(self.events))
        turn = self._turn
        if turn is None or turn.key != key or turn.seat != seat:
            ready = self.host.ready
            if not ready.done():
                return  # the bot process is still starting
            if ready.exception() is not None:  # it could not start: bots think on a thread
                self.message = f"bots think on a thread ({ready.exception()})"
                self.host.close()
                self.bot_process = False
                self._host = None
                return
            view = self.table.view(seat)
            think = self._rng.uniform(*BOT_THINK) / self.speed
            try:
                fut = self.host.decide(seat, view)
            except Exception as e:  # noqa: BLE001 - a dead bot process: think on a thread
                self.message = f"bot worker restarted on a thread ({type(e).__name__})"
                self.host.close()
                self.bot_process = False
                self._host = None
                fut = self.host.decide(seat, view)
            self._turn = BotTurn(seat, key, fut, now + think)
            return
        if now < turn.ready_at or not turn.future.done():
            return
        self._turn = None
        action: Action | None
        try:
            action = turn.future.result()
        except Exception as e:  # noqa: BLE001 - a bot crash must not stop the game
            action = None
            self.message = f"bot at seat {seat} failed: {e}"
        legal = self.table.legal()
        if action is None or not legal.allows(action):
            action = Action.check() if legal.can_check else Action.fold()
        self._apply(seat, action, now)

    def _apply(self, seat: int, action: Action, now: float) -> list[object]:
        evs = self.table.act(seat, action)
        self.emit(evs)
        if not self.in_hand:
            self._hand_over(now)
        return evs

    # ----- the human -------------------------------------------------------------------
    def submit(self, action: Action, now: float) -> str | None:
        """Apply the human's action through the table; returns the refusal reason, if any."""
        if self.human is None:
            return "you are watching: spectators do not act"
        if self.table.to_act != self.human:
            return "it is not your turn"
        try:
            self._apply(self.human, action, now)
        except IllegalActionError as e:
            self.message = str(e)
            return str(e)
        return None

    def default_action(self) -> Action:
        """What a timeout does: check when free, else fold (docs/RULES.md §3.9)."""
        la = self.table.legal()
        return Action(ActionKind.CHECK) if la.can_check else Action(ActionKind.FOLD)
