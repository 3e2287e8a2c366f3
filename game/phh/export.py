"""Exporting a hand the engine played as a PHH history (every hand the game plays can be).

Seats are renumbered the PHH way: ``p1`` is the first seat left of the button and the
button is the last player, so PHH player ``J`` is seat ``(button + J) % n``.  Forced bets
are written where PHH expects them (heads-up: ``[small, big]`` with the button's entries
first, the standard's reversed-assignment rule).  House rules the standard has no field for
go into underscore-prefixed user-defined fields, which :mod:`.replay` reads back:
``_raise_cap`` (``"none"`` for no cap), ``_check_raise``, ``_tie_split``, ``_button_blind``,
``_rake_percent``, ``_rake_cap``.

>>> from game.engine import HandConfig, Action
>>> from game.engine.cards import DECK
>>> from game.engine.hand import Hand
>>> hand = Hand(HandConfig.no_limit(1, 2), [100, 100, 100], button=0,
...             deck=["As", "Ad", "Ks", "Kd", "Qs", "Qd"] + [c for c in DECK if c[1] in "ch"])
>>> for action in (Action.fold(), Action.fold()):
...     _ = hand.apply(action)
>>> history = history_from_hand(hand)
>>> history.actions[-2:], history.finishing_stacks
(['p3 f', 'p1 f'], [99, 101, 100])
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from game.engine.actions import ActionKind
from game.engine.config import Structure, TieSplit
from game.engine.events import Acted, BoardDealt, ForcedBet, HoleDealt, Mucked, Shown
from game.engine.hand import Hand

from .amounts import Scale
from .errors import PhhUnsupportedError
from .history import HandHistory
from .replay import PHH_FIXED_LIMIT_CAP

__all__ = ["history_from_hand", "phh_player"]

VARIANT_OF = {Structure.NO_LIMIT: "NT", Structure.POT_LIMIT: "PT", Structure.FIXED_LIMIT: "FT"}


def phh_player(seat: int, button: int, n: int) -> int:
    """PHH player index (0 = ``p1``) of an engine seat: p1 sits left of the button.

    >>> [phh_player(s, button=1, n=4) for s in range(4)]
    [2, 3, 0, 1]
    """
    return (seat - button - 1) % n


def history_from_hand(
    hand: Hand,
    scale: Scale | None = None,
    extra: dict[str, object] | None = None,
    known_seats: Iterable[int] | None = None,
) -> HandHistory:
    """The PHH history of ``hand`` so far (finished or not); ``scale`` writes decimals.

    ``known_seats`` limits whose hole cards are written (``None``: everyone's, the full
    record); the others are dealt ``????`` and appear only if shown at showdown — the
    history as a player at the table saw it.
    """
    scale = scale or Scale(0)
    known = None if known_seats is None else set(known_seats)
    num = scale.to_number
    n, button, cfg = hand.n, hand.button, hand.config

    def label(seat: int) -> str:
        return f"p{phh_player(seat, button, n) + 1}"

    def in_phh_order(values) -> list:
        return [values[(button + 1 + j) % n] for j in range(n)]

    antes_by_seat = [0] * n
    actions: list[str] = []
    for event in hand.events:
        if isinstance(event, ForcedBet):
            if event.kind == "ante":
                # A short ante was all in: the scheduled one replays to the same chips.
                scheduled = max(cfg.ante, event.amount) if event.all_in else event.amount
                antes_by_seat[event.seat] = scheduled
        elif isinstance(event, HoleDealt):
            cards = "".join(c if c and not c.startswith("?") else "??" for c in event.cards)
            if known is not None and event.seat not in known:
                cards = "??" * len(event.cards)
            actions.append(f"d dh {label(event.seat)} {cards or '????'}")
        elif isinstance(event, BoardDealt):
            actions.append(f"d db {''.join(event.cards)}")
        elif isinstance(event, Acted):
            kind = event.action.kind
            if kind is ActionKind.FOLD:
                actions.append(f"{label(event.seat)} f")
            elif kind in (ActionKind.CHECK, ActionKind.CALL):
                actions.append(f"{label(event.seat)} cc")
            else:
                amount = scale.format(event.action.amount)
                actions.append(f"{label(event.seat)} cbr {amount}")
        elif isinstance(event, Shown):
            actions.append(f"{label(event.seat)} sm {''.join(event.cards)}")
        elif isinstance(event, Mucked):
            actions.append(f"{label(event.seat)} sm")
    # Heads-up hold the hole dealing in PHH player order, as the standard asks.
    actions = _sorted_hole_deals(actions)

    antes = in_phh_order(antes_by_seat)
    blinds = _phh_blinds(list(cfg.blinds), n, cfg.button_blind)
    if n == 2:
        antes.reverse()  # heads-up PHH arrays name the button's entry first
    fields: dict[str, object] = {}
    if cfg.structure is Structure.FIXED_LIMIT:
        if cfg.cap_counts_bets and cfg.raise_cap != PHH_FIXED_LIMIT_CAP:
            raise PhhUnsupportedError(
                f"a cap of {cfg.raise_cap} counting bets has no PHH field: only PokerKit's"
                f" {PHH_FIXED_LIMIT_CAP} (no _raise_cap) or the game's count (_raise_cap)")
        if not cfg.cap_counts_bets:  # the game's count: raises after the opening bet
            fields["_raise_cap"] = "none" if cfg.raise_cap is None else cfg.raise_cap
    elif cfg.raise_cap is not None:
        fields["_raise_cap"] = cfg.raise_cap
    if not cfg.check_raise:
        fields["_check_raise"] = False
    if cfg.tie_split is not TieSplit.SIDE_POTS:
        fields["_tie_split"] = cfg.tie_split.value
    if cfg.button_blind and n > 2:
        fields["_button_blind"] = True
    if cfg.rake_percent:
        fields["_rake_percent"] = Decimal(str(cfg.rake_percent))
        if cfg.rake_cap:
            fields["_rake_cap"] = num(cfg.rake_cap)
    fields.update(extra or {})
    fixed = cfg.structure is Structure.FIXED_LIMIT
    return HandHistory(
        variant=VARIANT_OF[cfg.structure],
        antes=[num(a) for a in antes],
        blinds_or_straddles=[num(b) for b in blinds],
        starting_stacks=[num(s) for s in in_phh_order(hand.starting_stacks)],
        actions=actions,
        min_bet=None if fixed else num(cfg.opening_bet),
        small_bet=num(cfg.small_bet) if fixed else None,
        big_bet=num(cfg.big_bet) if fixed else None,
        finishing_stacks=[num(s) for s in in_phh_order(hand.stacks)] if hand.is_over else None,
        extra=fields,
    )


def _phh_blinds(blinds: list[int], n: int, button_blind: bool) -> list[int]:
    """Forced bets in PHH positions (index 0 = first seat left of the button).

    >>> _phh_blinds([1, 2, 4], 5, False), _phh_blinds([5, 10], 4, True)
    ([1, 2, 4, 0, 0], [10, 0, 0, 5])
    """
    while len(blinds) > n and blinds[-1] == 0:
        blinds.pop()
    out = [0] * n
    if n == 2:
        out[: len(blinds)] = blinds  # the engine's heads-up order is PHH's: button first
    elif button_blind:
        out[n - 1] = blinds[0]
        for i, amount in enumerate(blinds[1:]):
            out[i] = amount
    else:
        out[: len(blinds)] = blinds
    return out


def _sorted_hole_deals(actions: list[str]) -> list[str]:
    """Hole deals come first and in player order (p1 first), everything else as played."""
    deals = [a for a in actions if a.startswith("d dh ")]
    rest = [a for a in actions if not a.startswith("d dh ")]
    deals.sort(key=lambda a: int(a.split()[2][1:]))
    return deals + rest
