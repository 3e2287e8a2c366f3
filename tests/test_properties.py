"""Property-based tests over random hands: random seats (2-10), stacks, structures and legal
actions, each checked against the rules every hand must keep.

A hand is dealt from a seeded shuffle and played to the end by a random player who only
ever picks among ``legal_actions()``; hypothesis shrinks any failure to a small hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Action, HandConfig, IllegalActionError, Structure
from game.engine.deck import shuffled_deck
from game.engine.events import Refunded
from game.engine.hand import Hand
from game.phh.amounts import Scale
from game.phh.export import history_from_hand, phh_player
from game.phh.reader import loads
from game.phh.replay import replay, replay_partial
from game.phh.writer import dumps

SETTINGS = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@dataclass
class PlayedHand:
    hand: Hand
    #: (actor, folded?, all in?) seen before every action, for the turn-order property.
    turns: list[tuple[int, bool, bool]] = field(default_factory=list)


@st.composite
def configs(draw, n: int) -> HandConfig:
    kind = draw(st.sampled_from(["NL", "PL", "FL", "classic", "straddle", "rake", "muck"]))
    small = draw(st.sampled_from([1, 2, 5, 25]))
    big = 2 * small
    ante = draw(st.sampled_from([0, 0, 1, small]))
    if kind == "PL":
        return HandConfig.pot_limit(small, big, ante=ante)
    if kind == "FL":
        cap = draw(st.sampled_from([None, 3, 4]))
        return HandConfig.fixed_limit(big, 2 * big, raise_cap=cap, ante=ante,
                                      check_raise=draw(st.booleans()))
    if kind == "classic":
        return HandConfig.classic_limit(2 * small, 4 * small)
    if kind == "straddle" and n >= 3:
        return HandConfig.no_limit(small, big, ante=ante, straddle=2 * big)
    if kind == "muck":  # losers may muck: the history says "pN sm" without cards
        return HandConfig(Structure.NO_LIMIT, (small, big), ante=ante, min_bet=big,
                          show_all=False)
    if kind == "rake":
        return HandConfig(Structure.NO_LIMIT, (small, big), min_bet=big, rake_percent=5,
                          rake_cap=3 * big)
    return HandConfig.no_limit(small, big, ante=ante)


def pick_action(draw, hand: Hand) -> Action:
    """A uniformly chosen kind of legal move, with a legal amount for bets and raises."""
    legal = hand.legal_actions()
    options = ["fold"]
    options.append("check" if legal.can_check else "call")
    if legal.can_bet or legal.can_raise:
        options += ["min", "max", "some"]
    if legal.can_all_in:
        options.append("all in")
    choice = draw(st.sampled_from(options))
    if choice == "fold":
        return Action.fold()
    if choice == "check":
        return Action.check()
    if choice == "call":
        return Action.call()
    if choice == "all in":
        return Action.all_in()
    top = min(legal.max_to, legal.all_in_to)
    amount = {"min": min(legal.min_to, top), "max": top}.get(choice)
    if amount is None:
        amount = draw(st.integers(min(legal.min_to, top), top))
    return Action.bet(amount) if legal.can_bet else Action.raise_to(amount)


@st.composite
def played_hands(draw) -> PlayedHand:
    n = draw(st.integers(2, 10))
    config = draw(configs(n))
    big = config.big_blind
    stacks = draw(st.lists(
        st.one_of(st.integers(1, 3 * big), st.integers(3 * big, 300 * big)),
        min_size=n, max_size=n,
    ))
    button = draw(st.integers(0, n - 1))
    deck = shuffled_deck(random.Random(draw(st.integers(0, 2**32 - 1))))
    played = PlayedHand(Hand(config, stacks, button, deck=deck))
    hand = played.hand
    for _ in range(500):
        if hand.is_over:
            break
        actor = hand.actor
        played.turns.append((actor, hand.folded[actor], hand.all_in[actor]))
        hand.apply(pick_action(draw, hand))
    assert hand.is_over, "a hand must end within 500 actions"
    return played


@SETTINGS
@given(played_hands())
def test_chips_are_conserved_to_the_chip(played: PlayedHand) -> None:
    hand = played.hand
    assert sum(hand.stacks) + hand.rake == sum(hand.starting_stacks)
    assert all(s >= 0 for s in hand.stacks)


@SETTINGS
@given(played_hands())
def test_no_player_wins_more_from_an_opponent_than_they_put_in(played: PlayedHand) -> None:
    hand = played.hand
    refunded = [0] * hand.n
    for event in hand.events:
        if isinstance(event, Refunded):
            refunded[event.seat] += event.amount
    risked = [c - r for c, r in zip(hand.contributed, refunded)]
    for seat in range(hand.n):
        net = hand.stacks[seat] - hand.starting_stacks[seat]
        winnable = sum(min(risked[seat], risked[o]) for o in range(hand.n) if o != seat)
        assert net <= winnable, f"seat {seat} won {net}, more than its {winnable} at risk"
        assert net >= -risked[seat], f"seat {seat} lost more than it put in"


@SETTINGS
@given(played_hands())
def test_the_action_never_goes_to_a_folded_or_all_in_player(played: PlayedHand) -> None:
    for actor, folded, all_in in played.turns:
        assert not folded, f"seat {actor} was asked to act after folding"
        assert not all_in, f"seat {actor} was asked to act while all in"


@SETTINGS
@given(played_hands())
def test_replaying_the_exported_phh_gives_the_same_finishing_stacks(played: PlayedHand) -> None:
    hand = played.hand
    text = dumps(history_from_hand(hand))
    result = replay(loads(text))
    expected = [hand.stacks[(hand.button + 1 + j) % hand.n] for j in range(hand.n)]
    assert result.chips == expected, text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_hands())
def test_exported_decimal_amounts_replay_to_the_same_chips(played: PlayedHand) -> None:
    """Written in hundredths (chips 150 -> 1.50), read back exactly: no float anywhere."""
    hand = played.hand
    text = dumps(history_from_hand(hand, scale=Scale(2)))
    result = replay(loads(text))
    assert result.scale == Scale(2)
    for seat in range(hand.n):
        assert result.chips[phh_player(seat, hand.button, hand.n)] == hand.stacks[seat]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_hands(), st.data())
def test_a_players_view_of_the_hand_replays_to_the_same_stacks(played: PlayedHand, data) -> None:
    """Exported as one seat saw it — other hole cards ???? unless shown at showdown."""
    hand = played.hand
    seat = data.draw(st.integers(0, hand.n - 1))
    history = history_from_hand(hand, known_seats=[seat])
    me = f"p{phh_player(seat, hand.button, hand.n) + 1}"
    deals = [a.split() for a in history.actions if a.startswith("d dh")]
    assert all(cards == "????" for _, _, who, cards in deals if who != me)
    result = replay(loads(dumps(history)))
    expected = [hand.stacks[(hand.button + 1 + j) % hand.n] for j in range(hand.n)]
    assert result.chips == expected


def probes(hand: Hand) -> list[Action]:
    """Actions around every limit of the decision: legal ones and ones just past a limit."""
    legal = hand.legal_actions()
    amounts = {legal.min_to - 1, legal.min_to, legal.max_to, legal.max_to + 1,
               legal.all_in_to, legal.current_bet, legal.current_bet + 1}
    return [Action.fold(), Action.check(), Action.call(), Action.all_in(),
            *(Action.bet(a) for a in sorted(amounts) if a > 0),
            *(Action.raise_to(a) for a in sorted(amounts) if a > 0)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_hands(), st.data())
def test_why_not_is_the_engines_one_wording_of_every_refusal(played: PlayedHand, data) -> None:
    """Replayed to a random decision: an action why_not passes is applied, and every action
    the engine refuses is refused in why_not's words (docs/RULES.md §3)."""
    final = played.hand
    history = history_from_hand(final)
    cut = data.draw(st.integers(0, len(history.actions)))
    history.actions = history.actions[:cut]
    history.finishing_stacks = None
    hand = replay_partial(history).hand
    if hand.is_over or hand.actor is None:
        return
    legal = hand.legal_actions()
    for action in probes(hand):
        why = legal.why_not(action)
        try:
            hand.after(action)
        except IllegalActionError as refused:
            assert why is not None and str(refused).startswith(why), (action, why)
        else:
            # "all in" that can only mean calling is taken as a call, though not offered.
            assert why is None or action == Action.all_in(), (action, why)
