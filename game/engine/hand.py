"""One hand of Texas Hold'em as a state machine: the single door for every action.

``legal_actions()`` says what the player to act may do; ``apply()`` does it or raises
an :class:`IllegalActionError` in :meth:`LegalActions.why_not`'s words, with what would be
legal.  The rules are docs/RULES.md's: min-raise tracking, short all-ins that reopen only
as a full raise (or half a bet in fixed limit, or several adding up to one), completions,
short blinds and straddles called in full, layered side pots with refunds, odd chips left
of the button, and the structures, antes, straddles and switches of §1-§2.

A hand with a ``deck`` deals itself.  Without one it is in *replay mode*: it waits for
``deal_hole`` / ``deal_board`` (and ``show`` for unknown cards at showdown), the way a
hand history supplies them.

>>> from game.engine import HandConfig, Action
>>> h = Hand(HandConfig.no_limit(5, 10), [1000, 1000, 1000], button=0,
...          deck=["As", "Kd", "Qh", "Jc", "Ts", "9d"] + [c for c in DECK if c not in
...               ("As", "Kd", "Qh", "Jc", "Ts", "9d")])
>>> h.actor, h.legal_actions().min_to            # UTG is the button three-handed
(0, 20)
>>> _ = h.apply(Action.raise_to(30)); _ = h.apply(Action.fold())
>>> h.legal_actions().min_to                     # 30 + the raise of 20
50
>>> try:
...     h.apply(Action.raise_to(45))
... except IllegalActionError as e:
...     print(e)
minimum raise is to 50 (you may also call 20, go all in for 1000, or fold)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from .actions import Action, ActionKind, LegalActions, NoRaise, Refusal
from .cards import DECK, normalize
from .config import HandConfig, Structure, TieSplit
from .errors import CardError, ConfigError, HandOverError, IllegalActionError, OutOfTurnError
from .evaluator import HandValue, evaluate
from .events import (
    Acted,
    BoardDealt,
    Event,
    ForcedBet,
    HandEnded,
    HoleDealt,
    Mucked,
    PotAwarded,
    Raked,
    Refunded,
    Shown,
    Street,
)
from .pots import Pot, layer_pots, split_evenly

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = ["DECK", "Hand"]

_NEXT = {
    Street.PREFLOP: Street.FLOP,
    Street.FLOP: Street.TURN,
    Street.TURN: Street.RIVER,
    Street.RIVER: Street.SHOWDOWN,
}
_DECK_SET = frozenset(DECK)
_BOARD_COUNT = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}


class Hand:
    """One hand, seats ``0..n-1`` clockwise, every seat dealt in."""

    def __init__(
        self,
        config: HandConfig,
        stacks: Sequence[int],
        button: int,
        deck: Sequence[str] | None = None,
        antes: Sequence[int] | None = None,
    ) -> None:
        n = len(stacks)
        if n < 2:
            raise ConfigError(f"a hand needs at least 2 players, not {n}")
        if 2 * n + 8 > 52:
            raise ConfigError(f"{n} players need {2 * n + 8} cards; the deck has 52")
        if any(s <= 0 for s in stacks):
            raise ConfigError(f"every player dealt in needs chips: stacks {list(stacks)}")
        if not 0 <= button < n:
            raise ConfigError(f"button must be a seat 0..{n - 1}, not {button}")
        blinds = list(config.blinds)
        while blinds and blinds[-1] == 0 and len(blinds) > n:
            blinds.pop()
        if len(blinds) > n:
            raise ConfigError(f"{len(blinds)} forced bets need at least {len(blinds)} players")
        if antes is not None and len(antes) != n:
            raise ConfigError(f"antes must give one amount per seat ({n}), not {len(antes)}")
        self.config = config
        self.n = n
        self.button = button
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.stacks = list(stacks)
        self.committed = [0] * n
        self.contributed = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.mucked = [False] * n
        self._n_live = n  # not folded (kept as counters: they are read on every action)
        self._n_active = n  # not folded and not all in
        self.hole: list[tuple[str, ...] | None] = [None] * n
        self.board: list[str] = []
        self.events: list[Event] = []
        self.street = Street.PREFLOP
        self.actor: int | None = None
        self.winnings = [0] * n  #: chips each seat takes back at the end (pots + refunds)
        self.rake = 0
        self._deck = list(deck) if deck is not None else None
        self._deck_pos = 0
        if self._deck is not None:
            self._check_deck(self._deck)
        self._dealt = False
        # Betting-round state (docs/RULES.md §3.4-§3.6).
        self.current_bet = 0
        self.last_full_raise = 0
        self._full_raises = 0  # full bets/raises this street: what reopens the action
        self._seen = [0] * n  # _full_raises when the seat last acted
        self._faced = [0] * n  # the current bet when the seat last acted (several all-ins)
        self._acted = [False] * n
        self._checked = [False] * n  # checked this street and not acted since
        self._raises = 0  # wagers the raise cap counts this street (see HandConfig)
        self._short_open = False  # fixed limit: the round opened with an all-in below half
        self._aggressor: int | None = None  # last bettor/raiser this street
        self.values: list[HandValue | None] = [None] * n

        # Forced bets: antes (dead money) then blinds/straddles.
        if n == 2 and not config.button_blind:
            blind_seats = [button, (button + 1) % n]
            names = ["small blind", "big blind"]
        elif config.button_blind:
            blind_seats = [(button + i) % n for i in range(len(blinds))]
            names = ["blind"] + ["straddle"] * (len(blinds) - 1)
        else:
            blind_seats = [(button + 1 + i) % n for i in range(len(blinds))]
            names = ["small blind", "big blind"] + ["straddle"] * max(0, len(blinds) - 2)
            if len(blinds) == 1:
                names = ["big blind"]
        self.sb_seat = blind_seats[0]
        self.bb_seat = blind_seats[min(1, len(blind_seats) - 1)]
        ante_amounts = list(antes) if antes is not None else [config.ante] * n
        for i in range(n):
            seat = (button + 1 + i) % n
            amount = ante_amounts[seat]
            if amount > 0:
                paid = self._pay(seat, amount)
                self.events.append(ForcedBet(seat, "ante", paid, self.all_in[seat]))
        # Antes are dead money, not a street bet.
        self.committed = [0] * n
        self._last_blind_seat = button
        sets_the_call = min(1, len(blinds) - 1)  # the big blind and every straddle after it
        for i, (seat, amount, name) in enumerate(zip(blind_seats, blinds, names)):
            if amount <= 0:
                continue
            paid = 0
            if self.stacks[seat] > 0:  # all in on the ante: no blind left to post
                paid = self._pay(seat, amount)
                self.events.append(ForcedBet(seat, name, paid, self.all_in[seat]))
                self._last_blind_seat = seat
            # A short big blind or straddle is called in full: the scheduled amount sets the
            # call even when its poster is all in short or posted nothing (docs/RULES.md
            # §2.4, §2.5).
            self.current_bet = max(self.current_bet, amount if i >= sets_the_call else paid)
        # The minimum raise is based on the scheduled big blind (docs/RULES.md §2.4, §3.4) —
        # or on a straddle, which acts as the big blind it doubles (§2.5).
        unit = self._bet_unit(Street.PREFLOP)
        self.last_full_raise = (
            unit if config.structure is Structure.FIXED_LIMIT else max(unit, self.current_bet)
        )
        self._progress()

    # ------------------------------------------------------------------ helpers
    def _bet_unit(self, street: Street) -> int:
        cfg = self.config
        if cfg.structure is Structure.FIXED_LIMIT:
            return cfg.small_bet if street in (Street.PREFLOP, Street.FLOP) else cfg.big_bet
        return cfg.opening_bet

    def _pay(self, seat: int, amount: int) -> int:
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.committed[seat] += paid
        self.contributed[seat] += paid
        if self.stacks[seat] == 0 and not self.all_in[seat]:
            self.all_in[seat] = True
            self._n_active -= 1
        return paid

    @staticmethod
    def _check_deck(deck: list[str]) -> None:
        cards = set(deck)
        if len(cards) != len(deck):
            raise CardError("the deck holds a card twice")
        if not cards <= _DECK_SET:
            bad = sorted(cards - _DECK_SET)
            raise CardError(f"{bad[0]!r} in the deck is not a card")

    def _draw(self, k: int) -> tuple[str, ...]:
        assert self._deck is not None
        if self._deck_pos + k > len(self._deck):
            raise CardError("the deck ran out of cards")
        cards = tuple(self._deck[self._deck_pos : self._deck_pos + k])
        self._deck_pos += k
        return cards

    @property
    def is_over(self) -> bool:
        return self.street is Street.COMPLETE

    @property
    def pot_total(self) -> int:
        """Every chip wagered in this hand so far, street bets included."""
        return sum(self.contributed)

    def _live(self) -> list[int]:
        return [s for s in range(self.n) if not self.folded[s]]

    def _needs_action(self, seat: int, active: int) -> bool:
        if self.folded[seat] or self.all_in[seat]:
            return False
        if self.committed[seat] < self.current_bet:
            # Alone with chips behind: only calling what the all-in players put in matters
            # (docs/RULES.md §3.8: no betting without a remaining bettor).
            return active >= 2 or self.committed[seat] < self._others_top(seat)
        return not self._acted[seat] and active >= 2

    def _others_top(self, seat: int) -> int:
        """The largest street bet among the other live players."""
        return max((self.committed[j] for j in range(self.n) if j != seat and not self.folded[j]),
                   default=0)

    def _next_actor(self, after: int) -> int | None:
        active = self._n_active
        for i in range(1, self.n + 1):
            seat = (after + i) % self.n
            if self._needs_action(seat, active):
                return seat
        return None

    # ------------------------------------------------------------------ flow
    def needs_cards(self) -> tuple[str, tuple[int, ...] | int] | None:
        """In replay mode, what the hand waits for: ("hole", seats), ("board", count),
        ("show", seats) — or None when it waits for an action or is over."""
        if self.is_over or self._deck is not None:
            return None
        if self.street is Street.SHOWDOWN:
            unknown = tuple(
                s for s in self._live() if not self.mucked[s] and self.hole[s] is None
            )
            return ("show", unknown) if unknown else None
        if self._dealt:
            return None
        if self.street is Street.PREFLOP:
            return ("hole", tuple(s for s in range(self.n) if self.hole[s] is None))
        return ("board", _BOARD_COUNT[self.street] - self._board_dealt_this_street())

    def _board_dealt_this_street(self) -> int:
        target = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}[self.street]
        return len(self.board) - target

    def deal_hole(self, seat: int, cards: Sequence[str] | None) -> list[Event]:
        """Replay mode: give ``seat`` its hole cards (None or "????" for unknown)."""
        need = self.needs_cards()
        if need is None or need[0] != "hole":
            raise IllegalActionError("hole cards are not being dealt now")
        if not 0 <= seat < self.n or self.hole[seat] is not None:
            raise IllegalActionError(f"seat {seat} cannot be dealt hole cards now")
        known = None
        if cards is not None and not any(c.startswith("?") for c in cards):
            known = tuple(normalize(c) for c in cards)
            if len(known) != 2:
                raise CardError(f"a Hold'em hand has 2 hole cards, not {len(known)}")
            self._check_unseen(known)
        self.hole[seat] = known if known is not None else ("??", "??")
        ev: list[Event] = [HoleDealt(seat, known if known is not None else ("??", "??"))]
        if all(h is not None for h in self.hole):
            # Unknown cards are remembered as None so showdown asks for them.
            self.hole = [None if h == ("??", "??") else h for h in self.hole]
            self._dealt = True
            self._start_betting(ev)
            self._progress(ev)
        self.events.extend(ev)
        return ev

    def deal_board(self, cards: Sequence[str]) -> list[Event]:
        """Replay mode: deal community cards for the street being waited on."""
        need = self.needs_cards()
        if need is None or need[0] != "board":
            raise IllegalActionError("no community cards are due now")
        known = tuple(normalize(c) for c in cards)
        if len(known) != need[1]:
            raise CardError(f"the {self.street.value} needs {need[1]} card(s), not {len(known)}")
        self._check_unseen(known)
        self.board.extend(known)
        ev: list[Event] = [BoardDealt(self.street, known)]
        self._dealt = True
        self._start_betting(ev)
        self._progress(ev)
        self.events.extend(ev)
        return ev

    def show(self, seat: int, cards: Sequence[str] | None) -> list[Event]:
        """Replay mode showdown: reveal ``seat``'s unknown cards, or muck with None."""
        need = self.needs_cards()
        if need is None or need[0] != "show" or seat not in need[1]:  # type: ignore[operator]
            raise IllegalActionError(f"seat {seat} has nothing to show now")
        ev: list[Event] = []
        if cards is None:
            self.mucked[seat] = True
            ev.append(Mucked(seat))
        else:
            known = tuple(normalize(c) for c in cards)
            self._check_unseen(known)
            self.hole[seat] = known
        self._progress(ev)
        self.events.extend(ev)
        return ev

    def _check_unseen(self, cards: tuple[str, ...]) -> None:
        seen = set(self.board)
        for h in self.hole:
            if h:
                seen.update(h)
        for c in cards:
            if c in seen:
                raise CardError(f"{c} has already been dealt")

    def _start_betting(self, ev: list[Event]) -> None:
        """Reset the round state for the street just dealt and find its first actor."""
        if self.street is not Street.PREFLOP:
            self.current_bet = 0
            self.last_full_raise = self._bet_unit(self.street)
            self._full_raises = 0
            self._seen = [0] * self.n
            self._faced = [0] * self.n
            self._acted = [False] * self.n
            self._checked = [False] * self.n
            self._raises = 0
            self._short_open = False
            self._aggressor = None
            self.actor = self._next_actor(self.button)
        else:
            self.actor = self._next_actor(self._last_blind_seat)

    def _progress(self, ev: list[Event] | None = None) -> None:
        """Deal, close rounds and finish the hand until an actor or a card is awaited."""
        self._legal: LegalActions | None = None  # every change of state passes here
        own = ev is None
        out: list[Event] = [] if ev is None else ev
        while True:
            if self.street is Street.COMPLETE:
                break
            if self._n_live == 1:
                self._finish(out, showdown=False)
                break
            if self.street is Street.SHOWDOWN:
                if self._deck is None and self.needs_cards() is not None:
                    break
                self._finish(out, showdown=True)
                break
            if not self._dealt:
                if self._deck is None:
                    break
                if self.street is Street.PREFLOP:
                    # One card at a time from the small blind (docs/RULES.md §1.7; heads-up:
                    # the button).
                    first = (self.button + 1) % self.n if self.n > 2 else self.button
                    order = [(first + i) % self.n for i in range(self.n)]
                    dealt: dict[int, list[str]] = {s: [] for s in order}
                    for _ in range(2):
                        for s in order:
                            dealt[s].extend(self._draw(1))
                    for s in range(self.n):
                        self.hole[s] = tuple(dealt[s])
                        out.append(HoleDealt(s, self.hole[s]))  # type: ignore[arg-type]
                else:
                    self._draw(1)  # burn
                    cards = self._draw(_BOARD_COUNT[self.street])
                    self.board.extend(cards)
                    out.append(BoardDealt(self.street, cards))
                self._dealt = True
                self._start_betting(out)
            if self.actor is not None:
                break
            # The betting round is over: bets join the pot, the next street comes.
            self.committed = [0] * self.n
            self.street = _NEXT[self.street]
            self._dealt = False
        if own:
            self.events.extend(out)

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> LegalActions:
        """What the player to act may do, with exact amounts."""
        if self._legal is not None:
            return self._legal
        if self.is_over:
            raise HandOverError("the hand is over: no action is possible")
        s = self.actor
        if s is None:
            need = self.needs_cards()
            what = f"cards ({need[0]})" if need else "nothing"
            raise IllegalActionError(f"no player is to act: the hand waits for {what}")
        cfg = self.config
        stack = self.stacks[s]
        committed = self.committed[s]
        cb = self.current_bet
        owe = cb - committed
        if self._n_active < 2:  # everyone else is all in: a call only matches them
            owe = min(owe, self._others_top(s) - committed)
        to_call = min(owe, stack) if owe > 0 else 0
        all_in_to = committed + stack
        # Betting more only makes sense if someone else could put in more than the
        # current bet; otherwise it would be refunded (docs/RULES.md §3.8).
        others_can_cover = any(
            j != s and not self.folded[j] and not self.all_in[j]
            and self.committed[j] + self.stacks[j] > cb
            for j in range(self.n)
        )
        self._covered = others_can_cover
        can_open = stack > to_call and others_can_cover
        fixed = cfg.structure is Structure.FIXED_LIMIT
        unit = self._bet_unit(self.street)
        # Reopened: a full bet or raise since the seat last acted, or all-ins adding up to
        # one (docs/RULES.md §3.5, §3.6).
        reopened = (
            not self._acted[s]
            or self._seen[s] < self._full_raises
            or cb - self._faced[s] >= (unit if fixed else self.last_full_raise)
        )
        completion = fixed and self._short_open and 0 < cb < unit
        capped = (
            cfg.raise_cap is not None and self._raises >= cfg.raise_cap
            and (cfg.cap_counts_bets or not completion)
        )
        can_bet = can_raise = False
        if cb == 0:
            can_bet = can_open
        else:
            can_raise = (
                can_open and reopened and not capped
                and (cfg.check_raise or not self._checked[s])
            )
        min_to = max_to = 0
        no_raise = None
        if can_bet or can_raise:
            if fixed:
                min_to = max_to = unit if completion else cb + unit
            else:
                min_to = cb + self.last_full_raise if cb else unit
                if cfg.structure is Structure.POT_LIMIT:
                    # Pot-raise: call first, then raise by the pot that call makes.
                    max_to = max(cb + self.pot_total + owe, min_to)
                else:
                    max_to = all_in_to
            max_to = min(max_to, all_in_to)
        elif stack <= to_call:
            no_raise = NoRaise.NO_CHIPS
        elif not others_can_cover:
            no_raise = NoRaise.NO_OPPONENT
        elif capped:
            no_raise = NoRaise.CAP
        elif not cfg.check_raise and self._checked[s]:
            no_raise = NoRaise.CHECK_RAISE
        else:
            no_raise = NoRaise.NOT_REOPENED
        self._legal = LegalActions(
            seat=s, stack=stack, committed=committed, current_bet=cb, to_call=to_call,
            pot=self.pot_total, big_blind=cfg.big_blind, can_fold=True, can_check=owe <= 0,
            can_call=owe > 0, can_bet=can_bet, can_raise=can_raise, min_to=min_to,
            max_to=max_to, all_in_to=all_in_to, structure=cfg.structure,
            completion=completion and can_raise, no_raise=no_raise, raise_cap=cfg.raise_cap,
            cap_counts_bets=cfg.cap_counts_bets,
        )
        return self._legal

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Do ``action`` for the player to act (``seat``, when given, must be them)."""
        if self.is_over:
            raise HandOverError("the hand is over: no action is possible")
        if seat is not None and seat != self.actor:
            who = "nobody" if self.actor is None else f"seat {self.actor}"
            raise OutOfTurnError(f"it is {who}'s turn, not seat {seat}'s")
        legal = self.legal_actions()
        action = self._normalise(action, legal)
        self._validate(action, legal)
        s = legal.seat
        kind = action.kind
        paid = 0
        ev: list[Event] = []
        if kind is ActionKind.FOLD:
            self.folded[s] = True
            self._n_live -= 1
            self._n_active -= 1
        elif kind is ActionKind.CALL:
            paid = self._pay(s, legal.to_call)
        elif kind in (ActionKind.BET, ActionKind.RAISE):
            paid = self._wager(s, kind, action.amount, legal.completion)
        self._acted[s] = True
        self._seen[s] = self._full_raises
        self._faced[s] = self.current_bet
        self._checked[s] = kind is ActionKind.CHECK
        if kind in (ActionKind.CALL, ActionKind.CHECK, ActionKind.FOLD):
            action = Action(kind)
        ev.append(Acted(s, action, paid, self.all_in[s],
                        legal.completion and kind is ActionKind.RAISE))
        self.actor = self._next_actor(s)
        self._progress(ev)
        self.events.extend(ev)
        return ev

    def _wager(self, s: int, kind: ActionKind, target: int, completion: bool) -> int:
        """A bet or raise to ``target``: is it full (does it reopen), and does the cap count
        it (docs/RULES.md §1.5, §3.4-§3.6)?  Returns the chips paid."""
        cfg = self.config
        paid = self._pay(s, target - self.committed[s])
        increase = target - self.current_bet
        if cfg.structure is Structure.FIXED_LIMIT:
            unit = self._bet_unit(self.street)
            # An all-in of at least half a bet counts as a full one; a completion is the bet.
            full = completion or 2 * increase >= unit
            if full:
                self._full_raises += 1
            if kind is ActionKind.BET or full:
                self._short_open = not full
        elif increase >= self.last_full_raise:
            self.last_full_raise = increase
            self._full_raises += 1
        if cfg.cap_counts_bets or (kind is ActionKind.RAISE and not completion):
            self._raises += 1
        self.current_bet = max(self.current_bet, target)
        self._aggressor = s
        return paid

    def _normalise(self, action: Action, legal: LegalActions) -> Action:
        if action.kind is not ActionKind.ALL_IN:
            return action
        if not legal.can_all_in and legal.can_call and not self._covered:
            return Action.call()  # nobody could call more: "all in" can only mean calling
        if not legal.can_all_in:
            raise IllegalActionError(f"{legal.why_not(action)} ({legal.options()})")
        if legal.all_in_to <= legal.current_bet:
            return Action.call()
        if legal.current_bet == 0:
            return Action.bet(legal.all_in_to)
        return Action.raise_to(legal.all_in_to)

    @staticmethod
    def _validate(action: Action, legal: LegalActions) -> None:
        """Raise the refusal :meth:`LegalActions.why_not` words, with what would be legal."""
        refused = legal.refusal(action)
        if refused is None:
            return
        skip = ""
        if refused.kind in (Refusal.BELOW_MINIMUM, Refusal.NOT_A_RAISE):
            skip = "bet" if action.kind is ActionKind.BET else "raise"
        raise IllegalActionError(f"{refused.reason} ({legal.options(skip=skip)})")

    # ------------------------------------------------------------------ showdown
    def pots(self) -> list[Pot]:
        """The pots as they stand (uncalled chips excluded), main pot first."""
        return layer_pots(self.contributed, self._out())[0]

    def _out(self) -> list[bool]:
        return [f or m for f, m in zip(self.folded, self.mucked)]

    def showdown_order(self) -> list[int]:
        """Last river aggressor first, else first live seat left of the button; clockwise."""
        live = [s for s in self._live() if not self.mucked[s]]
        start = self._aggressor if (self._aggressor is not None and self.board and
                                    len(self.board) == 5 and self._aggressor in live) else None
        if start is None:
            start = next((self.button + i) % self.n for i in range(1, self.n + 1)
                         if (self.button + i) % self.n in live)
        return [(start + i) % self.n for i in range(self.n) if (start + i) % self.n in live]

    def _finish(self, ev: list[Event], showdown: bool) -> None:
        self.actor = None
        self.committed = [0] * self.n
        pots, refunds = layer_pots(self.contributed, self._out())
        for seat, amount in sorted(refunds.items()):
            self.winnings[seat] += amount
            ev.append(Refunded(seat, amount))
        # No flop, no drop: rake only from pots that saw a flop.
        contested = sum(p.amount for p in pots)
        cfg = self.config
        if cfg.rake_percent and self.board and contested:
            rake = int(contested * Fraction(str(cfg.rake_percent)) / 100)
            if cfg.rake_cap:
                rake = min(rake, cfg.rake_cap)
            self.rake = rake
            if rake:
                ev.append(Raked(rake))
        left = self.rake
        if showdown:
            self._reveal(ev)
        if showdown and cfg.tie_split is TieSplit.PROPORTIONAL:
            self._award_proportional(ev, left)
        else:
            for index, pot in enumerate(pots):
                amount = pot.amount
                take = min(left, amount)
                amount -= take
                left -= take
                self._award_pot(ev, index, amount, pot.eligible, showdown)
        for s in range(self.n):
            self.stacks[s] += self.winnings[s]
        self.street = Street.COMPLETE
        net = tuple(self.stacks[s] - self.starting_stacks[s] for s in range(self.n))
        ev.append(HandEnded(tuple(self.stacks), net))

    def _reveal(self, ev: list[Event]) -> None:
        """Evaluate live hands in showdown order; with show_all off, losers muck."""
        order = self.showdown_order()
        for s in order:
            cards = self.hole[s]
            if cards is None:
                raise CardError(f"seat {s}'s cards are unknown: they cannot go to showdown")
            self.values[s] = evaluate(list(cards) + self.board)
        pots, _ = layer_pots(self.contributed, self._out())
        winners: set[int] = set()
        for pot in pots:
            best = max(self.values[s].value for s in pot.eligible)  # type: ignore[union-attr]
            winners.update(s for s in pot.eligible if self.values[s].value == best)  # type: ignore[union-attr]
        for i, s in enumerate(order):
            v, hole = self.values[s], self.hole[s]
            assert v is not None and hole is not None
            if self.config.show_all or i == 0 or s in winners or self.all_in[s]:
                ev.append(Shown(s, tuple(hole), v))
            else:
                ev.append(Mucked(s))

    def _award_pot(
        self, ev: list[Event], index: int, amount: int, eligible: tuple[int, ...], showdown: bool
    ) -> None:
        if len(eligible) == 1 or not showdown:
            winners = list(eligible)  # uncontested: everyone else folded
            value = None
        else:
            best = max(self.values[s].value for s in eligible)  # type: ignore[union-attr]
            winners = [s for s in eligible if self.values[s].value == best]  # type: ignore[union-attr]
            value = self.values[winners[0]]
        shares = split_evenly(amount, winners, self.button, self.n)
        for s, share in zip(winners, shares):
            self.winnings[s] += share
        ev.append(PotAwarded(index, amount, tuple(winners), tuple(shares), value))

    def _award_proportional(self, ev: list[Event], rake: int) -> None:
        """The proportional split (docs/RULES.md §4.6): tied winners share in proportion to
        their expectations."""
        _, refunds = layer_pots(self.contributed, self._out())
        rem = [self.contributed[s] - refunds.get(s, 0) for s in range(self.n)]
        contenders = [s for s in self._live() if not self.mucked[s]]
        index = 0
        while sum(rem) > 0 and contenders:
            best = max(self.values[s].value for s in contenders)  # type: ignore[union-attr]
            group = [s for s in contenders if self.values[s].value == best]  # type: ignore[union-attr]
            total = sum(rem)
            expect = {
                s: (sum(min(r, rem[s]) for r in rem) if self.all_in[s] else total) for s in group
            }
            claim = max(expect.values())
            cap = max(rem[s] for s in group) if all(self.all_in[s] for s in group) else None
            take = min(rake, claim)
            rake -= take
            prize = claim - take
            denom = sum(expect.values())
            shares = [prize * expect[s] // denom for s in group]
            odd = prize - sum(shares)
            order = sorted(range(len(group)), key=lambda i: (group[i] - self.button - 1) % self.n)
            for i in order[:odd]:
                shares[i] += 1
            for s, share in zip(group, shares):
                self.winnings[s] += share
            ev.append(PotAwarded(index, prize, tuple(group), tuple(shares),
                                 self.values[group[0]]))
            index += 1
            rem = [0 if cap is None else max(0, r - cap) for r in rem]
            contenders = [s for s in contenders if s not in group and rem[s] > 0]
        leftover = sum(rem)
        if leftover:  # chips nobody left can win go back to who put them in
            for s in range(self.n):
                if rem[s]:
                    self.winnings[s] += rem[s]
                    ev.append(Refunded(s, rem[s]))

    # ------------------------------------------------------------------ views
    def copy(self) -> Hand:
        """An independent copy (bots explore, the UI previews)."""
        other = Hand.__new__(Hand)
        other.__dict__.update(self.__dict__)
        for name in ("stacks", "committed", "contributed", "folded", "all_in", "mucked",
                     "hole", "board", "events", "winnings", "_seen", "_faced", "_acted",
                     "_checked", "values"):
            setattr(other, name, list(getattr(self, name)))
        if self._deck is not None:
            other._deck = list(self._deck)
        return other

    def after(self, action: Action) -> Hand:
        """The hand as it would be after ``action``; this one is left unchanged (for
        previews, search and audit)."""
        nxt = self.copy()
        nxt.apply(action)
        return nxt

    def view(self, seat: int | None, reveal_all: bool = False) -> PlayerView:
        """What ``seat`` may see (None: a spectator; ``reveal_all``: the arena's open cards)."""
        from .view import player_view

        return player_view(self, seat, reveal_all)

    def __repr__(self) -> str:
        return (f"Hand(street={self.street.value}, board={''.join(self.board)}, "
                f"stacks={self.stacks}, committed={self.committed}, actor={self.actor})")

