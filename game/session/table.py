"""The table across many hands: seats, button, blinds, rebuys, sit-out, clock, journal.

The engine plays one hand over seats ``0..n-1`` that are all dealt in; the table keeps the
chairs (table seats ``0..len(seats)-1`` clockwise), decides before each hand who is dealt
in and where the button goes (:mod:`game.session.button`), builds the engine's
``HandConfig`` from the house rules, and maps engine seats back to table seats in every
event it returns.  ``act`` is the one door for actions: it goes through ``Hand.apply`` and
journals what was applied.

>>> from game.engine import Action
>>> t = Table(HouseRules(), [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cy")], seed=7)
>>> ev = t.start_hand()
>>> t.button, t.to_act                       # three-handed the button is first to act
(0, 0)
>>> _ = t.act(0, Action.fold()); _ = t.act(1, Action.fold())
>>> t.hand.is_over, [p.stack for p in t.players]
(True, [1000, 995, 1005])
>>> t.rebuy(1, 900)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
game.session.errors.RebuyError: rebuy of 900 refused: Bob's stack would be 1895, above the ...
"""

from __future__ import annotations

import dataclasses
import os
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, LegalActions
from game.engine.deck import shuffled_deck
from game.engine.errors import OutOfTurnError
from game.engine.events import HandEnded, PotAwarded
from game.engine.hand import Hand
from game.wording import has as _has
from game.wording import is_ as _is
from game.wording import not_sitting_out, rebuy_refused_in_hand

from .button import next_deal
from .clock import ActionClock, ClockState
from .errors import NoHandError, RebuyError, SeatError
from .events import (
    Busted,
    HandStarted,
    Joined,
    Left,
    LevelUp,
    Rebought,
    SatIn,
    SatOut,
    SessionOver,
    TimeBankStarted,
    TimedOut,
    WaitingForBigBlind,
)
from .history import HistoryFile
from .rules import HouseRules
from .stats import SessionStats

if TYPE_CHECKING:
    from game.engine.view import PlayerView

    from .journal import Journal

MAX_SEATS = 10  #: the engine's limit; the desktop UI offers 2-6 (rules.seats)
#: Every this many hands the journal keeps a snapshot of the table between hands, so a
#: resume replays only the commands after it (the snapshot is checked against a replay
#: in the tests).
SNAPSHOT_EVERY = 200


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a chair.  ``buy_in`` None = the rules' starting stack; ``auto_rebuy``
    None = the rules' default."""

    name: str
    kind: str = "bot"  #: "human" or "bot"
    style: str = "random"
    level: str = "normal"
    buy_in: int | None = None
    auto_rebuy: bool | None = None
    #: This player's auto-rebuy threshold in big blinds (None = the rules' threshold).
    auto_rebuy_below_bb: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SeatSpec:
        return cls(**d)


@dataclass
class Player:
    """A chair's occupant and their between-hands state."""

    spec: SeatSpec
    stack: int
    auto_rebuy: bool
    auto_rebuy_below: int = 0  #: chips: auto-rebuy to the maximum below this stack
    sitting_out: bool = False
    waiting: bool = False  #: joined or returned: waits for the big blind
    missed: int = 0  #: hands in a row not dealt in while sitting out or busted
    rebuys: int = 0
    rebuy_chips: int = 0
    bought_in: int = 0

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def busted(self) -> bool:
        return self.stack == 0


@dataclass
class Ledger:
    """Where every chip came from and went: the conservation check's terms."""

    chips_start: int = 0  #: buy-ins when sitting down (joins included)
    rebuy_chips: int = 0
    rake: int = 0
    cashed_out: int = 0  #: chips players took with them when leaving

    @property
    def expected(self) -> int:
        return self.chips_start + self.rebuy_chips - self.rake - self.cashed_out


class Table:
    """A session at one table; see the package docstring for the API."""

    def __init__(
        self,
        rules: HouseRules,
        seats: Sequence[SeatSpec | None],
        seed: int | None = None,
        journal: Journal | None = None,
        clock: Callable[[], float] = time.monotonic,
        history: str | os.PathLike[str] | None = None,
    ) -> None:
        if not 2 <= len(seats) <= MAX_SEATS:
            raise SeatError(f"a table has 2 to {MAX_SEATS} chairs, not {len(seats)}")
        if sum(s is not None for s in seats) < 2:
            raise SeatError("a session needs at least two players seated")
        self.rules = rules
        self.seed = seed if seed is not None else secrets.randbits(63)
        self.clock = clock
        self.players: list[Player | None] = [None] * len(seats)
        self.ledger = Ledger()
        self.stats = SessionStats(len(seats))
        self.hand: Hand | None = None
        self.hand_number = 0
        self.hand_seats: tuple[int, ...] = ()
        self._eseat: dict[int, int] = {}
        self._identity = True
        self.button: int | None = None
        self.level = 0
        self.over = False
        self.winner: int | None = None
        self.places: list[tuple[int, str, int]] = []  #: freeze-out: (place, name, hand)
        self.actions = 0  #: actions applied in the session (bench figure)
        self.rebuys_by_seat: dict[int, int] = {}  #: rebuys per chair over the session
        self.deck: list[str] = []
        self._configs: dict[int, Any] = {}  #: HandConfig per blind level (rules are frozen)
        self._clock = ActionClock(rules.action_seconds, rules.time_bank_seconds)
        self._clock_on = self._clock.enabled
        self._freeze_out = rules.freeze_out
        self._rebuys_ok = rules.rebuys and not rules.freeze_out
        self._max_buy_in = rules.max_buy_in
        self._t0 = clock()
        self._elapsed_base = 0.0
        self.last_elapsed = 0.0  #: session clock (s) when the last hand was started
        self.initial_seats = tuple(seats)
        self.history = HistoryFile(history) if history is not None else None
        self.history_done: set[int] = set()  #: hands already in the history file
        for i, spec in enumerate(seats):
            if spec is not None:
                self._seat_player(i, spec, initial=True)
        self.journal: Journal | None = None
        if journal is not None:
            journal.begin_session(rules, self.initial_seats, self.seed)
            self.journal = journal

    # ------------------------------------------------------------------ seating
    def _buy_in_limits(self) -> tuple[int, int]:
        r = self.rules
        if r.freeze_out:
            return 1, 10**12
        return r.min_buy_in, r.max_buy_in

    def _seat_player(self, seat: int, spec: SeatSpec, initial: bool) -> Player:
        amount = spec.buy_in if spec.buy_in is not None else self.rules.start_stack
        lo, hi = self._buy_in_limits()
        if not lo <= amount <= hi:
            raise SeatError(f"buy-in of {amount} refused for {spec.name}: allowed {lo} to {hi} "
                            f"({self.rules.min_buy_in_bb}-{self.rules.max_buy_in_bb} big blinds)")
        auto = self.rules.auto_rebuy if spec.auto_rebuy is None else spec.auto_rebuy
        below = self.rules.auto_rebuy_below
        if spec.auto_rebuy_below_bb is not None:
            below = self._check_threshold(spec.name, spec.auto_rebuy_below_bb)
        p = Player(spec, amount, auto_rebuy=auto and self._rebuys_allowed(),
                   auto_rebuy_below=below, bought_in=amount)
        p.waiting = not initial
        self.players[seat] = p
        self.ledger.chips_start += amount
        return p

    def _rebuys_allowed(self) -> bool:
        return self.rules.rebuys and not self.rules.freeze_out

    def _player(self, seat: int) -> Player:
        if not 0 <= seat < len(self.players) or self.players[seat] is None:
            taken = [i for i, p in enumerate(self.players) if p is not None]
            raise SeatError(f"no player in seat {seat}: seated are {taken}")
        return self.players[seat]  # type: ignore[return-value]

    def in_hand(self, seat: int) -> bool:
        """True while ``seat`` is dealt into the hand in progress."""
        return self.hand is not None and not self.hand.is_over and seat in self._eseat

    def join(self, seat: int, spec: SeatSpec) -> list[Any]:
        """Sit a new player in an empty chair; they wait for the big blind."""
        if not 0 <= seat < len(self.players):
            raise SeatError(f"seat {seat} does not exist: chairs are 0 to {len(self.players) - 1}")
        if self.players[seat] is not None:
            free = [i for i, p in enumerate(self.players) if p is None]
            raise SeatError(f"seat {seat} is taken by {self.players[seat].name}: "  # type: ignore[union-attr]
                            f"free chairs are {free}")
        if self.rules.freeze_out and self.hand_number > 0:
            raise SeatError("a freeze-out is closed once the first hand is dealt: nobody joins")
        p = self._seat_player(seat, spec, initial=self.hand_number == 0)
        self._log("join", seat, spec.to_dict())
        ev: list[Any] = [Joined(seat, spec.name, p.stack)]
        if p.waiting:
            ev.append(WaitingForBigBlind(seat))
        return ev

    def leave(self, seat: int) -> list[Any]:
        """The player stands up and takes their chips (not during a hand they are in)."""
        p = self._player(seat)
        if self.in_hand(seat):
            raise SeatError(f"{_is(p.name)} in a hand: leave after it ends")
        if self.rules.freeze_out and p.stack > 0:
            raise SeatError(f"freeze-out: {p.name}'s {p.stack} chips stay in play — sit out "
                            "instead (a player sitting out is folded each hand)")
        self._log("leave", seat)
        return [self._remove(seat, "left")]

    def _remove(self, seat: int, reason: str) -> Left:
        p = self._player(seat)
        self.ledger.cashed_out += p.stack
        self.players[seat] = None
        return Left(seat, p.name, reason, p.stack)

    def sit_out(self, seat: int) -> list[Any]:
        """Not dealt in from the next hand; removed after ``rules.sit_out_hands`` (cash)."""
        p = self._player(seat)
        if self.in_hand(seat):
            raise SeatError(f"{_is(p.name)} in a hand: sit out after it ends")
        if p.sitting_out:
            raise SeatError(f"{_is(p.name)} already sitting out: sit in to return")
        self._log("sit_out", seat)
        p.sitting_out = True
        p.missed = 0
        return [SatOut(seat)]

    def sit_in(self, seat: int) -> list[Any]:
        """Back from sitting out: waits for the big blind (docs/RULES.md §2.6)."""
        p = self._player(seat)
        if not p.sitting_out:
            raise SeatError(not_sitting_out(p.name))
        self._log("sit_in", seat)
        p.sitting_out = False
        ev: list[Any] = [SatIn(seat)]
        if p.missed > 0 and not self.rules.freeze_out:
            p.waiting = True
            ev.append(WaitingForBigBlind(seat))
        p.missed = 0
        return ev

    # ------------------------------------------------------------------ rebuys
    def _check_rebuy(self, seat: int, p: Player, amount: int, word: str) -> None:
        r = self.rules
        if r.freeze_out:
            raise RebuyError(f"{word} refused: a freeze-out has no rebuys")
        if not r.rebuys:
            raise RebuyError(f"{word} refused: rebuys are off at this table")
        if self.in_hand(seat):
            raise RebuyError(rebuy_refused_in_hand(word, p.name))
        room = r.max_buy_in - p.stack
        if amount <= 0:
            raise RebuyError(f"{word} of {amount} refused: the amount must be positive "
                             f"({p.name} may add up to {max(room, 0)})")
        new = p.stack + amount
        if new > r.max_buy_in:
            raise RebuyError(f"{word} of {amount} refused: {p.name}'s stack would be {new}, "
                             f"above the maximum buy-in of {r.max_buy_in} ({p.name} may add up "
                             f"to {max(room, 0)})")
        if new < r.min_buy_in:
            raise RebuyError(f"{word} of {amount} refused: {p.name}'s stack would be {new}, "
                             f"below the minimum buy-in of {r.min_buy_in} (add at least "
                             f"{r.min_buy_in - p.stack}, at most {room})")

    def _do_rebuy(self, seat: int, p: Player, amount: int, auto: bool) -> Rebought:
        returning = p.busted and p.missed > 0
        p.stack += amount
        p.rebuys += 1
        p.rebuy_chips += amount
        self.rebuys_by_seat[seat] = self.rebuys_by_seat.get(seat, 0) + 1
        self.ledger.rebuy_chips += amount
        if returning and not p.sitting_out:
            p.waiting = True
        p.missed = 0
        return Rebought(seat, amount, p.stack, auto)

    def rebuy(self, seat: int, amount: int) -> list[Any]:
        """Add chips between hands, within the buy-in limits (docs/RULES.md §6.3)."""
        p = self._player(seat)
        self._check_rebuy(seat, p, amount, "rebuy")
        self._log("rebuy", seat, {"amount": amount})
        return [self._do_rebuy(seat, p, amount, auto=False)]

    def top_up(self, seat: int) -> list[Any]:
        """Rebuy to the maximum buy-in."""
        p = self._player(seat)
        room = self.rules.max_buy_in - p.stack
        if room <= 0 and not self.rules.freeze_out and self.rules.rebuys:
            raise RebuyError(f"top-up refused: {_has(p.name)} {p.stack} already, the maximum "
                             f"buy-in is {self.rules.max_buy_in}")
        self._check_rebuy(seat, p, room, "top-up")
        self._log("top_up", seat)
        return [self._do_rebuy(seat, p, room, auto=False)]

    def _check_threshold(self, name: str, below_bb: int) -> int:
        top = self.rules.max_buy_in_bb
        if isinstance(below_bb, bool) or not isinstance(below_bb, int) or \
                not 0 <= below_bb <= top:
            raise RebuyError(f"auto-rebuy threshold of {below_bb!r} big blinds refused for "
                             f"{name}: allowed 0 to {top} (the maximum buy-in)")
        return below_bb * self.rules.big_blind_chips

    def set_auto_rebuy(self, seat: int, on: bool, below_bb: int | None = None) -> None:
        """The per-player auto-rebuy switch and, optionally, its threshold in big blinds."""
        p = self._player(seat)
        if on and not self._rebuys_allowed():
            raise RebuyError("auto-rebuy refused: there are no rebuys at this table")
        below = None if below_bb is None else self._check_threshold(p.name, below_bb)
        self._log("auto_rebuy", seat, {"on": on, "below_bb": below_bb})
        p.auto_rebuy = on
        if below is not None:
            p.auto_rebuy_below = below

    # ------------------------------------------------------------------ hands
    def _elapsed(self) -> float:
        return self._elapsed_base + (self.clock() - self._t0)

    def start_hand(self) -> list[Any]:
        """Housekeeping between hands, then deal the next hand."""
        if self.journal is None:
            return self._start_hand(None)
        with self.journal.transaction():  # the start command and the hand's row: one commit
            return self._start_hand(None)

    def _start_hand(self, elapsed: float | None,
                    deck: Sequence[str] | None = None) -> list[Any]:
        """``elapsed`` and ``deck`` are given by a journal replay (the journaled session
        clock and the journaled deck, which is the one (seed, hand number) draws)."""
        if self.hand is not None and not self.hand.is_over:
            raise NoHandError(f"hand {self.hand_number} is still in progress")
        if self.over:
            raise NoHandError("the session is over: one player has every chip")
        if elapsed is None:
            elapsed = round(self._elapsed(), 3)
            self._log("start", None, {"elapsed": elapsed})
        self.last_elapsed = elapsed
        r = self.rules
        ev: list[Any] = []
        # Blind levels rise in a freeze-out (every N hands or M minutes).
        if r.freeze_out and (r.level_up_hands or r.level_up_minutes):
            level = 0
            if r.level_up_hands:
                level = max(level, self.hand_number // r.level_up_hands)
            if r.level_up_minutes:
                level = max(level, int(elapsed // (r.level_up_minutes * 60)))
            if level > self.level:
                self.level = level
                ev.append(LevelUp(level, r.blinds_at(level)))
        # Auto-rebuys, then removal of those who sat out (or stayed busted) too long.
        freeze = self._freeze_out
        rebuys = self._rebuys_ok
        top, limit = self._max_buy_in, r.sit_out_hands
        active: set[int] = set()
        waiting: set[int] = set()
        for seat, p in enumerate(self.players):
            if p is None:
                continue
            if rebuys and p.auto_rebuy and not p.sitting_out and (
                    p.stack < p.auto_rebuy_below or p.stack == 0) and p.stack < top:
                ev.append(self._do_rebuy(seat, p, top - p.stack, auto=True))
            if not freeze and (p.sitting_out or p.stack == 0) and p.missed >= limit:
                ev.append(self._remove(seat, "busted" if p.stack == 0 else "sat out too long"))
                continue
            if p.stack == 0 or (p.sitting_out and not freeze):
                continue
            (waiting if p.waiting else active).add(seat)
        config = self._configs.get(self.level)
        if config is None:
            config = self._configs[self.level] = r.hand_config(self.level)
        deal = next_deal(len(self.players), self.button, active, waiting, config.button_blind)
        if deal is None:
            seated = sum(p is not None for p in self.players)
            raise NoHandError(f"no hand can start: {len(active) + len(waiting)} of {seated} "
                              "seated players can play (two are needed)")
        self.hand_number += 1
        self.button = deal.button
        self.hand_seats = deal.seats
        self._eseat = {s: i for i, s in enumerate(deal.seats)}
        self._identity = deal.seats == tuple(range(len(self.players)))
        for seat, p in enumerate(self.players):
            if p is None:
                continue
            if seat in self._eseat:
                p.waiting = False
                p.missed = 0
            elif p.sitting_out or p.busted:
                p.missed += 1
        if len(config.blinds) > len(deal.seats):  # a straddle needs a third player
            config = dataclasses.replace(config, blinds=config.blinds[:len(deal.seats)])
        stacks = [self.players[s].stack for s in deal.seats]  # type: ignore[union-attr]
        if deck is not None and len(deck) == 52:
            self.deck = list(deck)
        else:
            self.deck = shuffled_deck(random.Random(f"{self.seed}/deck/{self.hand_number}"))
        hand = Hand(config, stacks, self._eseat[deal.button], deck=self.deck)
        self.hand = hand
        if self.journal is not None:
            self.journal.hand_started(self.hand_number, deal.button, deal.seats, stacks,
                                      self.deck, self.level)
        ev.append(HandStarted(self.hand_number, deal.button, deal.seats, config.blinds,
                              config.ante, self.level))
        self._clock.new_hand(deal.seats)
        ev.extend(self._translate(hand.events))
        ev.extend(self._after_action(hand.events))
        return ev

    @property
    def to_act(self) -> int | None:
        """Table seat of the player to act, or None."""
        h = self.hand
        if h is None or h.actor is None:
            return None
        return self.hand_seats[h.actor]

    def legal(self) -> LegalActions:
        """The actor's legal actions, with the TABLE seat."""
        if self.hand is None:
            raise NoHandError("no hand in progress: start_hand() first")
        la = self.hand.legal_actions()
        if self._identity:
            return la
        return dataclasses.replace(la, seat=self.hand_seats[la.seat])

    def act(self, seat: int, action: Action) -> list[Any]:
        """The one door: apply ``action`` for table ``seat`` through the engine and journal it."""
        h = self.hand
        if h is None:
            raise NoHandError("no hand in progress: start_hand() first")
        eseat = self._eseat.get(seat)
        if eseat is None:
            who = self.to_act
            raise OutOfTurnError(f"seat {seat} is not in this hand; "
                                 f"{'nobody' if who is None else f'seat {who}'} is to act")
        events = h.apply(action, eseat)
        j = self.journal
        if j is None:
            return self._acted(events)
        a = events[0].action  # type: ignore[union-attr]
        if not h.is_over:
            j.log_action(seat, a.kind.value, a.amount)
            return self._acted(events)
        with j.transaction():  # the last action, the hand's end and a snapshot: one commit
            j.log_action(seat, a.kind.value, a.amount)
            return self._acted(events)

    def _acted(self, events: list[Any]) -> list[Any]:
        self.actions += 1
        if self._clock_on:
            self._clock.acted(self.clock())
        # The engine hands back a fresh list: extend it in place when no seat is renamed.
        out = events if self._identity else self._translate(events)
        out.extend(self._after_action(events))
        return out

    def _after_action(self, events: list[Any]) -> list[Any]:
        """Start the next turn's clock, fold sitting-out freeze-out players, end the hand."""
        h = self.hand
        assert h is not None
        if h.is_over:
            return self._end_hand()
        if self._freeze_out and h.actor is not None:
            p = self.players[self.hand_seats[h.actor]]
            if p is not None and p.sitting_out:
                la = h.legal_actions()
                a = Action.check() if la.can_check else Action.fold()
                ev = h.apply(a, h.actor)
                self.actions += 1
                out = self._translate(ev)
                out.extend(self._after_action(ev))
                return out
        if self._clock_on:
            self._clock.start_turn(self.to_act, self.clock())
        return []

    def _end_hand(self) -> list[Any]:
        h = self.hand
        assert h is not None
        out: list[Any] = []
        before = {s: self.players[s].stack for s in self.hand_seats}  # type: ignore[union-attr]
        for i, s in enumerate(self.hand_seats):
            self.players[s].stack = h.stacks[i]  # type: ignore[union-attr]
        self.ledger.rake += h.rake
        self.stats.record(h, self.hand_seats)
        if self.history is not None and self.hand_number not in self.history_done:
            names = [self.players[s].name for s in self.hand_seats]  # type: ignore[union-attr]
            self.history.append(h, self.hand_number, names)
        self._clock.start_turn(None, 0.0)
        if self.journal is not None:
            self.journal.hand_ended(self.hand_number, [h.stacks[i] for i in range(h.n)])
        busted = [s for s in self.hand_seats if self.players[s].stack == 0]  # type: ignore[union-attr]
        if self.rules.freeze_out:
            alive = [s for s, p in enumerate(self.players) if p is not None and p.stack > 0]
            remaining = len(alive)
            # Players out on the same hand: the bigger starting stack finishes higher.
            for s in sorted(busted, key=lambda s: before[s]):
                place = remaining + 1 + sum(1 for b in busted if before[b] > before[s])
                p = self.players[s]
                assert p is not None
                self.places.append((place, p.name, self.hand_number))
                out.append(Busted(s, place))
                out.append(self._remove(s, "eliminated"))
            if len(alive) == 1:
                self.over = True
                self.winner = alive[0]
                self.places.append((1, self.players[alive[0]].name, self.hand_number))  # type: ignore[union-attr]
                out.append(SessionOver(alive[0], self.hand_number))
        else:
            for s in busted:
                out.append(Busted(s))
        if self.journal is not None and self.hand_number % SNAPSHOT_EVERY == 0:
            self.journal.save_snapshot(self.hand_number, self.snapshot())
        return out

    def _translate(self, events: list[Any]) -> list[Any]:
        """Engine events with engine seats -> the same events with table seats."""
        if self._identity:
            return list(events)
        m = self.hand_seats
        out = []
        for e in events:
            if isinstance(e, PotAwarded):
                e = dataclasses.replace(e, winners=tuple(m[w] for w in e.winners))
            elif isinstance(e, HandEnded):
                stacks = [p.stack if p is not None else 0 for p in self.players]
                net = [0] * len(self.players)
                for i, s in enumerate(m):
                    stacks[s] = e.stacks[i]
                    net[s] = e.net[i]
                e = HandEnded(tuple(stacks), tuple(net))
            elif hasattr(e, "seat"):
                e = dataclasses.replace(e, seat=m[e.seat])
            out.append(e)
        return out

    # ------------------------------------------------------------------ clock
    def tick(self, now: float | None = None) -> list[Any]:
        """Run the action clock: announce the time bank, and when the action clock and the
        bank are both spent, check if free else fold — through ``act`` (journaled)."""
        if not self._clock.enabled or self.to_act is None:
            return []
        now = self.clock() if now is None else now
        seat = self.to_act
        out: list[Any] = []
        if self._clock.in_bank(now) and not self._clock.bank_announced:
            self._clock.bank_announced = True
            st = self._clock.state(now)
            bank = self._clock.bank.get(seat, 0.0)
            if st is not None and bank > 0:
                out.append(TimeBankStarted(seat, bank))
        if self._clock.expired(now):
            la = self.hand.legal_actions()  # type: ignore[union-attr]
            action = Action.check() if la.can_check else Action.fold()
            self._clock.bank[seat] = 0.0
            self._clock.seat = None  # the bank is spent: act() must not recharge it
            out.append(TimedOut(seat, action))
            out.extend(self.act(seat, action))
        return out

    def clock_left(self, now: float | None = None) -> ClockState | None:
        """Seconds left on the actor's action clock and bank (for the UI's ring)."""
        return self._clock.state(self.clock() if now is None else now)

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> PlayerView:
        """The engine PlayerView of table ``seat`` (engine seat numbers inside the view;
        ``hand_seats`` maps them back).  None = a spectator."""
        if self.hand is None:
            raise NoHandError("no hand has been dealt yet")
        eseat = None if seat is None else self._eseat.get(seat)
        return self.hand.view(eseat)

    def engine_seat(self, seat: int) -> int | None:
        return self._eseat.get(seat)

    def chips_in_play(self) -> int:
        """Every chip on the table: stacks, plus what is wagered in a hand in progress."""
        h = self.hand
        if h is None or h.is_over:
            return sum(p.stack for p in self.players if p is not None)
        total = sum(p.stack for s, p in enumerate(self.players)
                    if p is not None and s not in self._eseat)
        return total + sum(h.stacks) + h.pot_total

    def check_chips(self) -> None:
        """Raise AssertionError if any chip was created or lost."""
        have, want = self.chips_in_play(), self.ledger.expected
        if have != want:
            raise AssertionError(f"chips on the table {have} != {want} expected "
                                 f"({self.ledger})")

    def seated(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p is not None]

    # ------------------------------------------------------------------ snapshots
    def snapshot(self) -> dict[str, Any]:
        """Everything the table carries from one hand to the next, as JSON-ready data.

        Taken between hands only; the session's rules, seed and first seating are in the
        journal already.
        """
        if self.hand is not None and not self.hand.is_over:
            raise NoHandError("a snapshot is taken between hands only")
        players: list[dict[str, Any] | None] = []
        for p in self.players:
            if p is None:
                players.append(None)
                continue
            d = dataclasses.asdict(p)
            d["spec"] = p.spec.to_dict()
            players.append(d)
        return {
            "hand_number": self.hand_number, "button": self.button, "level": self.level,
            "over": self.over, "winner": self.winner, "places": self.places,
            "actions": self.actions, "elapsed": self.last_elapsed,
            "rebuys_by_seat": sorted(self.rebuys_by_seat.items()),
            "ledger": dataclasses.asdict(self.ledger), "players": players,
            "stats": [dataclasses.asdict(st) for st in self.stats.seats],
        }

    def restore(self, snap: dict[str, Any]) -> None:
        """Put a fresh table (same rules, seed, seating) in the state of ``snap``."""
        from .stats import SeatStats

        self.hand = None
        self.hand_number = snap["hand_number"]
        self.button = snap["button"]
        self.level = snap["level"]
        self.over = snap["over"]
        self.winner = snap["winner"]
        self.places = [tuple(x) for x in snap["places"]]
        self.actions = snap["actions"]
        self.last_elapsed = snap["elapsed"]
        self.rebuys_by_seat = {int(k): v for k, v in snap["rebuys_by_seat"]}
        self.ledger = Ledger(**snap["ledger"])
        self.players = [
            None if d is None else Player(**{**d, "spec": SeatSpec.from_dict(d["spec"])})
            for d in snap["players"]
        ]
        self.stats.seats = [SeatStats(**d) for d in snap["stats"]]

    # ------------------------------------------------------------------ journal
    def _log(self, kind: str, seat: int | None, data: dict[str, Any] | None = None) -> None:
        if self.journal is not None:
            self.journal.log(kind, seat, data)
