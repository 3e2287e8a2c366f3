"""Reading PHH: fields, action notation, decimals, .phhs files and the errors for bad input."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from game.phh import HandHistory, PhhFormatError, PhhUnsupportedError, loads, read_file
from game.phh.amounts import Scale
from game.phh.notation import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    ShowMuck,
    parse_action,
)
from game.phh.reader import read_text, split_hands

DATA = Path(__file__).parent / "data" / "phh"

HAND = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AcKd", "d dh p2 ????", "d dh p3 7h7c", "p3 f", "p1 f"]
"""


def test_a_no_limit_hand_reads_its_required_fields() -> None:
    h = loads(HAND)
    assert h.variant == "NT"
    assert h.antes == [0, 0, 0]
    assert h.blinds_or_straddles == [1, 2, 0]
    assert h.min_bet == 2
    assert h.starting_stacks == [100, 100, 100]
    assert h.actions[0] == "d dh p1 AcKd"
    assert h.player_count == 3


def test_a_fixed_limit_hand_reads_small_and_big_bet() -> None:
    (h,) = read_file(DATA / "ft_antes.phh")
    assert (h.variant, h.small_bet, h.big_bet, h.antes) == ("FT", 2, 4, [1, 1, 1, 1])


def test_pot_limit_holdem_is_read_under_this_games_PT_code() -> None:
    (h,) = read_file(DATA / "pt_three_way.phh")
    assert h.variant == "PT" and h.min_bet == 2


def test_decimal_amounts_are_read_exactly_never_as_floats() -> None:
    (h,) = read_file(DATA / "nt_decimals.phh")
    assert h.blinds_or_straddles[:2] == [Decimal("0.25"), Decimal("0.50")]
    assert all(isinstance(s, Decimal) for s in h.starting_stacks)
    assert h.scale() == Scale(2)
    assert h.scale().to_chips(Decimal("2.25")) == 225


def test_optional_and_user_defined_fields_are_kept() -> None:
    h = loads(HAND + 'players = ["Ann", "Bob", "Cy"]\nhand = 7\n_raise_cap = 3\n')
    assert h.extra == {"players": ["Ann", "Bob", "Cy"], "hand": 7, "_raise_cap": 3}


@pytest.mark.parametrize(
    ("text", "record"),
    [
        ("d dh p1 AcKd", DealHole(0, ("Ac", "Kd"))),
        ("d dh p2 ????", DealHole(1, (None, None))),
        ("d db 7h8c9d", DealBoard(("7h", "8c", "9d"))),
        ("p1 f", Fold(0)),
        ("p2 cc", CheckCall(1)),
        ("p3 cbr 200", BetRaise(2, 200)),
        ("p3 cbr 2.50", BetRaise(2, Decimal("2.50"))),
        ("p1 sm AhKh", ShowMuck(0, ("Ah", "Kh"))),
        ("p1 sm", ShowMuck(0, None)),
        ("p1 sm -", ShowMuck(0, ())),
        ("  p10   cc   # a comment", CheckCall(9)),
        ("# Burn card 6s is exposed", NoOp()),
        ("", NoOp()),
    ],
)
def test_action_notation_parses_to_typed_records(text: str, record: object) -> None:
    assert parse_action(text) == record


@pytest.mark.parametrize(
    "text",
    ["d dh p1 AcKd", "d dh p2 ????", "d db 7h8c9d", "p1 f", "p2 cc", "p3 cbr 200",
     "p3 cbr 2.50", "p1 sm AhKh", "p1 sm", "p1 sm -"],
)
def test_action_notation_writes_back_as_read(text: str) -> None:
    assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p1 raise 20", "not a Hold'em action"),
        ("q1 f", "not a player"),
        ("p0 f", "not a player"),
        ("d dh p1 AcXd", "not a card"),
        ("d dh p1 AcK", "not a list of cards"),
        ("p1 cbr lots", "not an amount"),
        ("p1 cbr -5", "positive"),
        ("d db ??7h8c", "board cards must be known"),
    ],
)
def test_a_malformed_action_is_rejected_with_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(PhhFormatError, match=message):
        parse_action(text)


def test_stud_and_draw_actions_are_reported_as_unsupported() -> None:
    with pytest.raises(PhhUnsupportedError, match="stud and draw"):
        parse_action("p1 pb")


def test_another_variant_is_unsupported_and_the_message_lists_the_supported_ones() -> None:
    with pytest.raises(PhhUnsupportedError, match=r"'PO' is not Texas Hold'em.*NT.*PT.*FT"):
        loads(HAND.replace('"NT"', '"PO"'))


def test_a_missing_required_field_is_named() -> None:
    with pytest.raises(PhhFormatError, match="min_bet"):
        loads(HAND.replace("min_bet = 2\n", ""))


def test_fixed_limit_needs_its_bet_sizes() -> None:
    text = HAND.replace('"NT"', '"FT"').replace("min_bet = 2", "small_bet = 2")
    with pytest.raises(PhhFormatError, match="big_bet"):
        loads(text)


def test_a_per_player_array_of_the_wrong_length_is_rejected() -> None:
    with pytest.raises(PhhFormatError, match="antes has 2 entries but there are 3 players"):
        loads(HAND.replace("antes = [0, 0, 0]", "antes = [0, 0]"))


def test_more_than_ten_players_is_unsupported() -> None:
    text = (HAND.replace("[0, 0, 0]", str([0] * 11)).replace("[1, 2, 0]", str([1, 2] + [0] * 9))
            .replace("[100, 100, 100]", str([100] * 11)))
    with pytest.raises(PhhUnsupportedError, match="2 to 10 players"):
        loads(text)


def test_a_zero_starting_stack_is_rejected() -> None:
    with pytest.raises(PhhFormatError, match="starting stack of p2 is 0"):
        loads(HAND.replace("[100, 100, 100]", "[100, 0, 100]"))


def test_text_that_is_not_toml_is_a_format_error() -> None:
    with pytest.raises(PhhFormatError, match="not valid TOML"):
        loads("variant = NT = 3")


def test_a_phhs_file_yields_each_hand_in_order_with_errors_in_place() -> None:
    hands = list(read_file(DATA / "mixed.phhs"))
    assert [type(h).__name__ for h in hands] == [
        "HandHistory", "HandHistory", "PhhUnsupportedError", "HandHistory",
    ]


def test_broken_toml_in_the_middle_of_a_phhs_spoils_only_that_hand() -> None:
    text = (DATA / "mixed.phhs").read_text().replace('variant = "PO"', "variant = = 1")
    hands = list(read_text(text, multi=True))
    assert isinstance(hands[2], PhhFormatError) and "not valid TOML" in str(hands[2])
    assert isinstance(hands[3], HandHistory)


def test_phhs_tables_are_found_by_their_headers() -> None:
    keys = [key for key, _ in split_hands((DATA / "pokerkit_generated.phhs").read_text())]
    assert keys == [str(i) for i in range(1, 41)]


def test_pokerkit_written_files_with_literal_strings_read() -> None:
    hands = list(read_file(DATA / "pokerkit_generated.phhs"))
    assert len(hands) == 40 and all(isinstance(h, HandHistory) for h in hands)
    assert hands[0].extra["ante_trimming_status"] is False


def test_one_hand_or_many_is_told_from_the_content() -> None:
    assert len(list(read_text(HAND))) == 1
    assert len(list(read_text((DATA / "mixed.phhs").read_text()))) == 4


def test_a_comment_under_a_phhs_table_header_keeps_the_fast_path() -> None:
    from game.phh.reader import _chunks

    text = '[1]\n# the first hand\nvariant = "NT"\n\n[2]  # the second\nvariant = "FT"\n'
    assert [(key, header) for key, header, _ in _chunks(text)] == [
        ("1", "[1]"), ("2", "[2]  # the second"),
    ]
