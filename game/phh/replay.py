"""Replaying a PHH hand through the engine: the same ``Hand.apply`` door every player uses.

Mapping (PHH -> engine): player ``pJ`` is seat ``J-1`` and the button is the last seat
(``n-1``), so seats and PHH players line up.  Heads-up the PHH arrays are reversed by rule:
``blinds_or_straddles[0]`` is the small blind the button posts and ``antes[0]`` is the
button's ante (PokerKit does the same).  Every amount is scaled to integer chips with one
exact :class:`~.amounts.Scale` per hand and finishing stacks are scaled back.

Hold'em fields map to a :class:`~game.engine.HandConfig`: ``NT`` no-limit, ``PT``
pot-limit, ``FT`` fixed-limit with PokerKit's limit of 4 bets, raises and completions per
round, counted the way PokerKit counts them (``cap_counts_bets``: after the flop the
opening bet is one of the 4), so an imported hand is refused or accepted exactly as
PokerKit would (docs/RULES.md §1.5 has the game's own count).  A few user-defined fields
carry house rules PHH has no word for: ``_raise_cap`` (the game's cap: raises after the
opening bet, completions not counted), ``_check_raise``, ``_tie_split``, ``_button_blind``,
``_rake_percent``, ``_rake_cap``.

Dealing: ``d dh`` / ``d db`` feed ``deal_hole`` / ``deal_board``; hole cards a history
leaves out are dealt unknown (as PokerKit does); ``pJ sm CARDS`` reveals unknown hole cards
at showdown and ``pJ sm`` mucks them.  An unknown stack (``inf``) plays as a very large one
and finishes as ``None``.

>>> from game.phh.reader import loads
>>> h = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [0.5, 1, 0]
... min_bet = 1
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 KsKh", "d dh p3 7c2d", "p3 f", "p1 cbr 3",
...            "p2 cc", "d db 2s3s4h", "p1 cbr 97", "p2 cc", "d db 9c", "d db Jd"]''')
>>> replay(h).formatted()
['200.0', '0.0', '100.0']
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from game.engine.actions import Action
from game.engine.config import HandConfig, Structure, TieSplit
from game.engine.errors import EngineError
from game.engine.events import Street
from game.engine.hand import Hand

from .amounts import Number, Scale
from .errors import PhhError, PhhFormatError, PhhUnsupportedError, ReplayError
from .history import HandHistory
from .notation import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    PhhAction,
    ShowMuck,
    parse_action,
)

STRUCTURES = {"NT": Structure.NO_LIMIT, "PT": Structure.POT_LIMIT, "FT": Structure.FIXED_LIMIT}
#: PokerKit's fixed-limit Hold'em: at most 4 completions/bets/raises per betting round
#: (blinds not counted), which an ``FT`` history without ``_raise_cap`` plays by.
PHH_FIXED_LIMIT_CAP = 4
_FOLD, _CHECK, _CALL = Action.fold(), Action.check(), Action.call()
#: Chips (before scaling) an ``inf`` stack plays with: more than any real table holds.
UNKNOWN_STACK = 10**15


@dataclass(frozen=True)
class Setup:
    """What ``Hand(...)`` needs for a history, in integer chips."""

    config: HandConfig
    stacks: list[int]
    antes: list[int]
    scale: Scale
    unknown_stacks: tuple[int, ...]  #: seats whose stack was written ``inf``


@dataclass
class ReplayResult:
    hand: Hand
    scale: Scale
    unknown_stacks: tuple[int, ...] = ()

    @property
    def chips(self) -> list[int]:
        """Finishing stacks in the engine's integer chips (PHH player order)."""
        return list(self.hand.stacks)

    @property
    def finishing_stacks(self) -> list[Number | None]:
        """Finishing stacks in the history's own units (``None`` for an ``inf`` stack)."""
        return [
            None if s in self.unknown_stacks else self.scale.to_number(c)
            for s, c in enumerate(self.hand.stacks)
        ]

    def formatted(self) -> list[str]:
        """Finishing stacks as written in the output: ``150``, ``1.50`` or ``null``."""
        return [
            "null" if s in self.unknown_stacks else self.scale.format(c)
            for s, c in enumerate(self.hand.stacks)
        ]


def parse_actions(history: HandHistory) -> list[PhhAction]:
    return [parse_action(a) for a in history.actions]


def _bool_field(history: HandHistory, name: str, default: bool) -> bool:
    value = history.extra.get(name, default)
    if not isinstance(value, bool):
        raise PhhFormatError(f"{name} must be true or false, not {value!r}")
    return value


def setup(history: HandHistory, actions: list[PhhAction] | None = None) -> Setup:
    """Engine config, stacks and antes for ``history`` (PHH player J -> seat J-1)."""
    if actions is None:
        actions = parse_actions(history)
    if history.extra.get("ante_trimming_status") is True:
        raise PhhUnsupportedError("ante_trimming_status = true (trimmed antes) is not supported")
    extra = history.extra
    numbers: list[Number] = [
        *history.antes, *history.blinds_or_straddles,
        *(v for v in (history.min_bet, history.small_bet, history.big_bet) if v is not None),
        *(s for s in history.starting_stacks if not _is_inf(s)),
        *(a.amount for a in actions if isinstance(a, BetRaise)),
    ]
    rake_cap = extra.get("_rake_cap", 0)
    if not isinstance(rake_cap, (int, Decimal)) or isinstance(rake_cap, bool):
        raise PhhFormatError(f"_rake_cap must be a number, not {rake_cap!r}")
    numbers.append(rake_cap)
    scale = Scale.for_values(numbers)
    chips = scale.to_chips
    n = history.player_count
    unknown = tuple(i for i, s in enumerate(history.starting_stacks) if _is_inf(s))
    stacks = [
        UNKNOWN_STACK * scale.factor if i in unknown else chips(s, f"starting stack of p{i + 1}")
        for i, s in enumerate(history.starting_stacks)
    ]
    antes = [chips(a, "ante") for a in history.antes]
    raw_blinds = [chips(b, "blind") for b in history.blinds_or_straddles]
    if n == 2:
        antes.reverse()  # heads-up: antes[0] belongs to the button (p2)
    button_blind = _bool_field(history, "_button_blind", default=_looks_button_blind(raw_blinds))
    if n == 2:
        blinds = tuple(raw_blinds)  # the engine's heads-up order: button first
    elif button_blind:
        blinds = (raw_blinds[-1], *_trim(raw_blinds[:-1]))
    else:
        blinds = _trim(raw_blinds)
    if not blinds:
        blinds = (0,)
    structure = STRUCTURES[history.variant]
    cap_default = PHH_FIXED_LIMIT_CAP if structure is Structure.FIXED_LIMIT else None
    raise_cap = extra.get("_raise_cap", cap_default)
    cap_counts_bets = structure is Structure.FIXED_LIMIT and "_raise_cap" not in extra
    if raise_cap == "none":
        raise_cap = None
    if raise_cap is not None and (not isinstance(raise_cap, int) or isinstance(raise_cap, bool)):
        raise PhhFormatError(f'_raise_cap must be a whole number or "none", not {raise_cap!r}')
    tie_split = extra.get("_tie_split", TieSplit.SIDE_POTS.value)
    try:
        tie = TieSplit(tie_split)
    except ValueError:
        raise PhhFormatError(
            f"_tie_split {tie_split!r} is not one of "
            + ", ".join(t.value for t in TieSplit)
        ) from None
    rake_percent = extra.get("_rake_percent", 0)
    if not isinstance(rake_percent, (int, Decimal)) or isinstance(rake_percent, bool):
        raise PhhFormatError(f"_rake_percent must be a number, not {rake_percent!r}")
    try:
        config = HandConfig(
            structure,
            blinds,
            min_bet=chips(history.min_bet or 0, "min_bet"),
            small_bet=chips(history.small_bet or 0, "small_bet"),
            big_bet=chips(history.big_bet or 0, "big_bet"),
            raise_cap=raise_cap,
            cap_counts_bets=cap_counts_bets,
            check_raise=_bool_field(history, "_check_raise", True),
            button_blind=button_blind and n > 2,
            show_all=True,
            tie_split=tie,
            rake_percent=float(rake_percent),
            rake_cap=chips(rake_cap, "_rake_cap"),
        )
    except EngineError as exc:
        raise PhhUnsupportedError(f"the engine cannot set up this hand: {exc}") from None
    return Setup(config, stacks, antes, scale, unknown)


def _is_inf(value: Number) -> bool:
    return isinstance(value, Decimal) and value.is_infinite()


def _trim(blinds: list[int]) -> tuple[int, ...]:
    """The forced bets up to the last one posted (zeros after it dropped)."""
    last = max((i for i, b in enumerate(blinds) if b), default=-1)
    return tuple(blinds[: last + 1])


def _looks_button_blind(blinds: list[int]) -> bool:
    """The Classic limit layout (docs/RULES.md §1.6): a blind on the button, a straddle left of it.

    >>> _looks_button_blind([10, 0, 0, 5]), _looks_button_blind([1, 2, 0, 4])
    (True, False)
    """
    nonzero = [i for i, b in enumerate(blinds) if b]
    n = len(blinds)
    return n > 2 and nonzero == [0, n - 1] and blinds[-1] < blinds[0]


def replay(history: HandHistory) -> ReplayResult:
    """Play every action of ``history`` through the engine; the hand must finish.

    Raises :class:`ReplayError` naming the action the engine rejected and why.
    """
    result = replay_partial(history)
    if not result.hand.is_over:
        raise ReplayError(f"the hand is not finished: {_waiting_for(result.hand)}")
    return result


def replay_partial(history: HandHistory) -> ReplayResult:
    """Play every action of a possibly unfinished ``history``: the hand as it now stands.

    Hole cards the history has not dealt yet are dealt unknown, so a hand cut off before
    the first action stands at its first actor (what ``holdem say`` resolves phrases for).
    """
    actions = parse_actions(history)
    s = setup(history, actions)
    n = history.player_count
    try:
        hand = Hand(s.config, s.stacks, button=n - 1, antes=s.antes)
    except EngineError as exc:
        raise ReplayError(f"the engine cannot start this hand: {exc}") from None
    shows: dict[int, tuple[str, ...] | None] = {}
    for number, (text, action) in enumerate(zip(history.actions, actions), 1):
        try:
            _step(hand, action, s.scale, shows, n)
        except (EngineError, PhhError) as exc:
            raise ReplayError(f"action {number} {text.strip()!r}: {exc}") from None
    if not hand.is_over:
        try:
            _deal_missing_holes(hand)
        except EngineError as exc:
            raise ReplayError(f"after the last action: {exc}") from None
    return ReplayResult(hand, s.scale, s.unknown_stacks)


def _waiting_for(hand: Hand) -> str:
    need = hand.needs_cards()
    if need is None:
        return f"p{hand.actor + 1} is to act" if hand.actor is not None else "nothing"
    kind, what = need
    if kind == "show":
        who = ", ".join(f"p{p + 1}" for p in what)  # type: ignore[union-attr]
        return f"the cards of {who} are unknown at showdown (add 'pN sm CARDS')"
    if kind == "board":
        return f"{what} board card(s) are due (add 'd db CARDS')"
    return "hole cards are due"


def _deal_missing_holes(hand: Hand) -> None:
    """Players the history deals nothing get unknown cards (PokerKit's repair does so too)."""
    need = hand.needs_cards()
    if need is not None and need[0] == "hole":
        for seat in need[1]:  # type: ignore[union-attr]
            hand.deal_hole(seat, None)


def _reveal(hand: Hand, shows: dict[int, tuple[str, ...] | None]) -> None:
    need = hand.needs_cards()
    if need is not None and need[0] == "show":
        for seat in need[1]:  # type: ignore[union-attr]
            if seat in shows:
                hand.show(seat, shows.pop(seat))


def _check_player(player: int, n: int) -> None:
    if player >= n:
        raise PhhFormatError(f"p{player + 1} does not exist: this hand has p1..p{n}")


def _step(
    hand: Hand,
    action: PhhAction,
    scale: Scale,
    shows: dict[int, tuple[str, ...] | None],
    n: int,
) -> None:
    if isinstance(action, NoOp):
        return
    if isinstance(action, DealHole):
        _check_player(action.player, n)
        known = None if None in action.cards else action.cards
        hand.deal_hole(action.player, known)  # type: ignore[arg-type]
        return
    if isinstance(action, DealBoard):
        if hand.actor is None and hand.street is Street.PREFLOP:
            _deal_missing_holes(hand)
        hand.deal_board(action.cards)
        if shows:
            _reveal(hand, shows)
        return
    if isinstance(action, ShowMuck):
        _check_player(action.player, n)
        _show(hand, action, shows)
        if shows:
            _reveal(hand, shows)
        return
    seat = action.player
    _check_player(seat, n)
    if hand.actor is None:
        if hand.street is Street.PREFLOP:
            _deal_missing_holes(hand)
        if isinstance(action, CheckCall) and _idle_check(hand, seat):
            return
    if hand.actor != seat:
        who = "nobody" if hand.actor is None else f"p{hand.actor + 1}"
        raise ReplayError(f"it is {who}'s turn, not p{seat + 1}'s")
    if isinstance(action, Fold):
        engine_action = _FOLD
    elif isinstance(action, CheckCall):
        engine_action = _CHECK if hand.committed[seat] >= hand.current_bet else _CALL
    else:
        assert isinstance(action, BetRaise)
        amount = scale.to_chips(action.amount, "cbr amount")
        engine_action = Action.raise_to(amount) if hand.current_bet else Action.bet(amount)
    hand.apply(engine_action, seat=seat)
    if shows:
        _reveal(hand, shows)


def _idle_check(hand: Hand, seat: int) -> bool:
    """A check the engine does not ask for: nobody is to act because everyone else still in
    is all in, so ``seat`` has nothing to decide (PokerKit still writes ``pN cc`` for it).

    A check that could change anything never passes here: it goes to ``apply`` like every
    other action.
    """
    if hand.actor is not None or hand.is_over or hand.folded[seat] or hand.all_in[seat]:
        return False
    return all(hand.all_in[s] for s in range(hand.n) if s != seat and not hand.folded[s])


def _show(hand: Hand, action: ShowMuck, shows: dict[int, tuple[str, ...] | None]) -> None:
    """Record a show or muck; it reaches the engine when the showdown asks for the cards."""
    seat = action.player
    dealt = hand.hole[seat]
    if action.cards is None:  # a muck
        if dealt is None:
            shows[seat] = None
        return
    if not action.cards or None in action.cards:  # "-" or partly hidden: nothing new
        return
    cards = tuple(c for c in action.cards if c is not None)  # none is None (checked above)
    if dealt is None:
        shows[seat] = cards
    elif sorted(dealt) != sorted(cards):
        raise ReplayError(
            f"p{seat + 1} shows {''.join(cards)} but was dealt {''.join(dealt)}"
        )
