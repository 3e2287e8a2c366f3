"""Writing PHH: text round trips, and every hand the engine plays exported and replayed."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

from game.engine import Action, HandConfig
from game.engine.deck import shuffled_deck
from game.engine.hand import Hand
from game.phh import HandHistory, dumps, dumps_all, loads, read_file
from game.phh.amounts import Scale
from game.phh.export import history_from_hand
from game.phh.reader import read_text
from game.phh.replay import replay, replay_partial

DATA = Path(__file__).parent / "data" / "phh"


def play(config: HandConfig, stacks: list[int], button: int, actions: list[Action],
         seed: int = 7) -> Hand:
    hand = Hand(config, stacks, button, deck=shuffled_deck(random.Random(seed)))
    for action in actions:
        hand.apply(action)
    return hand


def test_every_sample_file_survives_a_write_and_read_round_trip() -> None:
    for path in sorted(DATA.glob("*.phh")):
        (history,) = read_file(path)
        assert loads(dumps(history)) == history, path.name


def test_decimal_amounts_are_written_as_they_were_read() -> None:
    (history,) = read_file(DATA / "nt_decimals.phh")
    text = dumps(history)
    assert "blinds_or_straddles = [0.25, 0.50, 0]" in text
    assert "finishing_stacks = [49.75, 54.00, 46.25]" in text


def test_strings_with_quotes_and_unicode_are_escaped() -> None:
    history = HandHistory("NT", [0, 0], [1, 2], [10, 10], ['p2 f # "so" it\'s ♠'], min_bet=2,
                          extra={"players": ['Zoë "Z"', "Bob"], "event": "A\\B"})
    assert loads(dumps(history)) == history


def test_many_hands_are_written_as_numbered_tables() -> None:
    histories = [h for h in read_file(DATA / "mixed.phhs") if isinstance(h, HandHistory)]
    text = dumps_all(histories)
    assert text.startswith("[1]\n") and "\n[3]\n" in text
    assert list(read_text(text)) == histories


def test_a_heads_up_hand_exports_with_the_button_as_p2() -> None:
    hand = play(HandConfig.no_limit(1, 2), [150, 250], button=0,
                actions=[Action.raise_to(6), Action.fold()])
    history = history_from_hand(hand)
    assert history.starting_stacks == [250, 150]  # p1 = seat 1, p2 = the button (seat 0)
    assert history.blinds_or_straddles == [1, 2]
    assert history.actions[2:] == ["p2 cbr 6", "p1 f"]
    assert history.finishing_stacks == [248, 152]
    assert replay(loads(dumps(history))).finishing_stacks == history.finishing_stacks


def test_a_straddle_hand_exports_the_straddle_third() -> None:
    config = HandConfig.no_limit(1, 2, straddle=4)
    hand = play(config, [100] * 5, button=2, actions=[Action.fold()] * 4)
    history = history_from_hand(hand)
    assert history.blinds_or_straddles == [1, 2, 4, 0, 0]
    assert replay(loads(dumps(history))).finishing_stacks == [99, 98, 103, 100, 100]


def test_classic_limit_house_rules_travel_in_underscore_fields() -> None:
    hand = play(HandConfig.classic_limit(), [1000] * 4, button=1,
                actions=[Action.call(), Action.call(), Action.call(), Action.check()])
    history = history_from_hand(hand)
    assert history.variant == "FT"
    assert history.blinds_or_straddles == [10, 0, 0, 5]  # straddle left of the button
    assert history.extra == {"_raise_cap": 3, "_tie_split": "proportional",
                             "_button_blind": True}
    replayed = replay_partial(loads(dumps(history))).hand
    assert replayed.config.raise_cap == 3 and replayed.config.button_blind
    assert replayed.stacks == [hand.stacks[(1 + 1 + j) % 4] for j in range(4)]


def test_rake_and_check_raise_switches_round_trip() -> None:
    config = HandConfig.fixed_limit(10, 20, raise_cap=None, check_raise=False)
    config = HandConfig(**{**config.__dict__, "rake_percent": 2.5, "rake_cap": 7})
    hand = play(config, [500, 500, 500], button=0, actions=[Action.call()] * 2 + [Action.check()])
    history = history_from_hand(hand)
    assert history.extra == {"_raise_cap": "none", "_check_raise": False,
                             "_rake_percent": Decimal("2.5"), "_rake_cap": 7}
    replayed = replay_partial(loads(dumps(history))).hand.config
    assert (replayed.raise_cap, replayed.check_raise) == (None, False)
    assert (replayed.rake_percent, replayed.rake_cap) == (2.5, 7)


def test_a_hand_in_progress_exports_without_finishing_stacks() -> None:
    hand = play(HandConfig.no_limit(5, 10), [1000] * 3, button=0, actions=[Action.call()])
    history = history_from_hand(hand)
    assert history.finishing_stacks is None
    assert history.actions[-1] == "p3 cc"


def test_export_in_hundredths_writes_decimal_amounts() -> None:
    hand = play(HandConfig.no_limit(25, 50), [5000, 5000], button=1,
                actions=[Action.raise_to(150), Action.fold()])
    history = history_from_hand(hand, scale=Scale(2))
    assert history.blinds_or_straddles == [Decimal("0.25"), Decimal("0.50")]
    assert "p2 cbr 1.50" in history.actions
    assert replay(loads(dumps(history))).formatted() == ["49.50", "50.50"]


def test_extra_fields_such_as_player_names_are_written() -> None:
    hand = play(HandConfig.no_limit(1, 2), [100, 100], button=0, actions=[Action.fold()])
    history = history_from_hand(hand, extra={"players": ["Bot", "You"], "hand": 3})
    text = dumps(history)
    assert 'players = ["Bot", "You"]' in text and "hand = 3" in text


def test_the_games_fixed_limit_cap_travels_as_raise_cap_and_replays_the_same() -> None:
    """The game's cap counts raises after the opening bet; PHH without ``_raise_cap`` counts
    the bet too (PokerKit's way), so the game's cap of 4 is written out."""
    hand = play(HandConfig.fixed_limit(10, 20), [1000] * 2, button=0,
                actions=[Action.call(), Action.check(), Action.bet(10)]
                + [Action.raise_to(20 + 10 * i) for i in range(4)])
    history = history_from_hand(hand)
    assert history.extra == {"_raise_cap": 4}
    assert replay_partial(loads(dumps(history))).hand.current_bet == 50
