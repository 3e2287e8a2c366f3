"""Builds a :class:`TableSnap` from the session table, the seat memory and the viewer.

The human sees their own cards (from ``table.view``), and others' only once shown; a
spectator sees every hand face up (spectator mode), through the engine's ``reveal_all`` view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.engine.evaluator import evaluate
from game.engine.view import player_view

from . import theme
from .snapshot import ClockSnap, SeatSnap, TableSnap
from .tracker import SeatMemory

if TYPE_CHECKING:
    from bots.personalities import Look
    from game.engine.config import HandConfig
    from game.engine.hand import Hand
    from game.session.table import Player

    from .seams import Session

RANK_WORDS = {
    "2": "twos",
    "3": "threes",
    "4": "fours",
    "5": "fives",
    "6": "sixes",
    "7": "sevens",
    "8": "eights",
    "9": "nines",
    "T": "tens",
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
    "A": "aces",
}
RANK_ONE = {
    "2": "deuce",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}


def hand_words(hole: tuple[str, ...] | None, board: tuple[str, ...]) -> str:
    """What the player holds, in words: "pocket kings", "ace-king suited", or the made hand.

    >>> hand_words(("Kh", "Kd"), ())
    'pocket kings'
    >>> hand_words(("Ah", "Kh"), ())
    'ace-king suited'
    >>> hand_words(("Ah", "Kd"), ("Ac", "7d", "2s"))
    'pair of aces'
    """
    if not hole or len(hole) != 2 or "?" in hole[0]:
        return ""
    if len(board) >= 3:
        return evaluate(list(hole) + list(board)).name
    a, b = hole
    if a[0] == b[0]:
        return f"pocket {RANK_WORDS[a[0]]}"
    order = "23456789TJQKA"
    hi, lo = (a, b) if order.index(a[0]) > order.index(b[0]) else (b, a)
    suited = " suited" if a[1] == b[1] else ""
    return f"{RANK_ONE[hi[0]]}-{RANK_ONE[lo[0]]}{suited}"


def seat_status(player: Player) -> str:
    """Why a seated player is not in this hand, in a few words."""
    if getattr(player, "stack", 1) == 0:
        return "out of chips"
    if getattr(player, "sitting_out", False):
        return "sitting out"
    if getattr(player, "waiting", False):
        return "waits for BB"
    return "sitting out"


def describe_game(config: HandConfig) -> str:
    """The header's name of the game: structure, limits, blinds and ante.

    >>> from game.engine.config import HandConfig
    >>> describe_game(HandConfig.no_limit(5, 10))
    'No limit · blinds 5/10'
    >>> describe_game(HandConfig.classic_limit())
    'Fixed limit 10/20 · blinds 5/10 · ante 5'
    """
    from game.engine.config import Structure

    blinds = "/".join(str(b) for b in config.blinds)
    if config.structure is Structure.FIXED_LIMIT:
        head = f"Fixed limit {config.small_bet}/{config.big_bet}"
    elif config.structure is Structure.POT_LIMIT:
        head = "Pot limit"
    else:
        head = "No limit"
    out = f"{head} · blinds {blinds}"
    if config.ante:
        out += f" · ante {config.ante}"
    return out


def collected_pots(hand: Hand) -> tuple[int, ...]:
    """The pots as they stand from the chips already gathered in the middle.

    Bets still in front of the players are not layered yet (a raise nobody has called is
    not a side pot), so side pots appear when a street's bets are collected, as dealers
    make them.
    """
    from game.engine.pots import layer_pots

    gathered = [c - s for c, s in zip(hand.contributed, hand.committed, strict=False)]
    if not any(gathered):
        return ()
    pots, _refunds = layer_pots(gathered, list(hand.folded))
    return tuple(p.amount for p in pots if p.amount > 0)


def colour_of(look: Look | None, fallback: str) -> tuple[int, int, int]:
    """A seat's avatar colour: the bot's look colour (hex) when it has one.

    >>> from bots.personalities import Look
    >>> colour_of(Look("#2e86de", "", "TS"), "Tess")
    (46, 134, 222)
    """
    hexcol = look.colour if look is not None else None
    if isinstance(hexcol, str) and hexcol.startswith("#") and len(hexcol) == 7:
        return tuple(int(hexcol[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
    return theme.avatar_colour(fallback)


def initials_of(name: str) -> str:
    """Two letters for the avatar.

    >>> initials_of("Rocco"), initials_of("Big Stan")
    ('RO', 'BS')
    """
    parts = [p for p in name.split() if p]
    if len(parts) >= 2:
        return (parts[0][0] + parts[1][0]).upper()
    return name[:2].upper() if name else "?"


def build(
    table: Session,
    human: int | None,
    memory: SeatMemory,
    *,
    spectate: bool = False,
    now: float | None = None,
    looks: Mapping[int, Look | None] | None = None,
    notice: str = "",
) -> TableSnap:
    """The snapshot of ``table`` as ``human`` (or a spectator when None) may see it."""
    hand = table.hand
    players = table.players
    n_seats = len(players)
    looks = looks or {}
    engine_of: dict[int, int] = {}
    if hand is not None:
        engine_of = {t: e for e, t in enumerate(table.hand_seats)}
    spectator_view = (
        player_view(hand, None, reveal_all=True) if (hand is not None and spectate) else None
    )
    own = None
    if hand is not None and human is not None and human in engine_of:
        own = table.view(human).hole
    seats: list[SeatSnap] = []
    for t in range(n_seats):
        p = players[t]
        if p is None:
            seats.append(SeatSnap(t, "", "", (0, 0, 0), 0, empty=True))
            continue
        name = getattr(p, "name", f"Seat {t + 1}")
        sitting_out = bool(getattr(p, "sitting_out", False))
        colour = colour_of(looks.get(t), name)
        look = looks.get(t)
        ini = "YOU" if t == human else (getattr(look, "initials", None) or initials_of(name))
        e = engine_of.get(t)
        if hand is None or e is None:
            seats.append(
                SeatSnap(
                    t,
                    name,
                    ini,
                    colour,
                    int(getattr(p, "stack", 0)),
                    sitting_out=sitting_out or (hand is not None),
                    is_human=(t == human),
                    last_action=memory.last_action.get(t, ""),
                    status=seat_status(p),
                )
            )
            continue
        folded = bool(hand.folded[e])
        cards: tuple[str, ...] | None
        if t == human and own:
            cards = tuple(own)
        elif t in memory.shown:
            cards = memory.shown[t]
        elif spectator_view is not None and spectator_view.seats[e].cards and not folded:
            cards = tuple(spectator_view.seats[e].cards or ())
        elif hand.hole[e] is not None and not folded:
            cards = ("??", "??")
        else:
            cards = None
        stack = hand.stacks[e] if not hand.is_over else int(getattr(p, "stack", hand.stacks[e]))
        seats.append(
            SeatSnap(
                t,
                name,
                ini,
                colour,
                stack,
                bet=0 if hand.is_over else hand.committed[e],
                cards=cards,
                folded=folded,
                all_in=bool(hand.all_in[e]) and not hand.is_over,
                sitting_out=sitting_out,
                is_human=(t == human),
                last_action=memory.last_action.get(t, ""),
                hand_name=memory.shown_name.get(t, "") if memory.hand_over else "",
            )
        )
    board = tuple(hand.board) if hand is not None else ()
    pots: tuple[int, ...] = ()
    pot_total = 0
    collected = 0
    button = sb = bb = None
    street = ""
    if hand is not None:
        hs = table.hand_seats
        button, sb, bb = hs[hand.button], hs[hand.sb_seat], hs[hand.bb_seat]
        if not hand.is_over:
            pots = collected_pots(hand)
            pot_total = hand.pot_total
            collected = pot_total - sum(hand.committed)
            street = hand.street.value
        else:
            street = "showdown" if memory.shown else "hand over"
    legal = None
    actor = table.to_act if hand is not None and not hand.is_over else None
    if actor is not None and actor == human:
        legal = table.legal()
    clock = None
    if actor is not None:
        cs = table.clock_left() if hasattr(table, "clock_left") else None
        if cs is not None:
            rules = table.rules
            total = float(getattr(rules, "action_seconds", 30.0)) or 1.0
            bank = float(getattr(rules, "time_bank_seconds", 15.0)) or 1.0
            # quantised to 1/120 of a turn: the ring moves smoothly enough to read, and the
            # screen does not change on every frame while a bot thinks
            if cs.action_left > 0:
                clock = ClockSnap(actor, round(cs.action_left / total * 120) / 120, False,
                                  float(round(cs.action_left)))
            else:
                clock = ClockSnap(actor, round(cs.bank_left / bank * 120) / 120, True,
                                  float(round(cs.bank_left)))
    names = {s.seat: s.name for s in seats}
    win_name = memory.winning_name
    for seat_no, nm in names.items():
        win_name = win_name.replace(f"@{seat_no}", nm)
    your = ""
    if human is not None and hand is not None and human in engine_of:
        words = hand_words(tuple(own) if own else None, board)
        if words and not hand.folded[engine_of[human]]:
            your = f"You have: {words}"
    game_name = describe_game(hand.config) if hand is not None else ""
    blinds = tuple(getattr(table, "blinds", ()) or ())
    if len(blinds) < 2 and hand is not None:
        cfg = hand.config.blinds
        blinds = (cfg[0], cfg[1]) if len(cfg) > 1 else (0, cfg[0])
    return TableSnap(
        seats=tuple(seats),
        board=board,
        pots=pots,
        pot_total=pot_total,
        button=button,
        small_blind=sb,
        big_blind=bb,
        actor=actor,
        human=human,
        legal=legal,
        street=street,
        hand_number=int(getattr(table, "hand_number", 0) or 0),
        blinds=(int(blinds[0]), int(blinds[1])) if len(blinds) >= 2 else (0, 0),
        clock=clock,
        winners=tuple(memory.winners),
        winning_cards=memory.winning_cards(),
        winning_name=win_name,
        your_hand=your,
        notice=notice,
        extra={"collected": collected, "game": game_name},
    )
