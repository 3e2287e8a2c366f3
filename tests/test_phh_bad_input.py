"""Bad input gets a typed, explained error and never a crash: mutated hand histories."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.phh import HandHistory, PhhError
from game.phh.reader import read_text
from game.phh.replay import replay, replay_partial

DATA = Path(__file__).parent / "data" / "phh"
SAMPLES = [p.read_text() for p in sorted(DATA.glob("*.phh"))]
TOKENS = ["p1", "p2", "p9", "d", "dh", "db", "cc", "f", "cbr", "sm", "-1", "0", "3.5", "1e9",
          "????", "AcAc", "Xx", "10h", "[", "]", "=", '"', "'", ",", "\n", "#", "inf", "nan",
          "variant", "NT", "FT", "PT", "antes", "true", "-"]


@st.composite
def mutated(draw) -> str:
    text = draw(st.sampled_from(SAMPLES))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 6))
        insert = draw(st.sampled_from(TOKENS + [""]))
        text = text[:at] + insert + text[at + cut:]
    return text


@settings(max_examples=300, deadline=None)
@given(mutated())
def test_a_mutated_history_is_read_and_replayed_or_refused_with_a_typed_error(text: str) -> None:
    for hand in read_text(text):
        if isinstance(hand, PhhError):
            assert str(hand)
            continue
        assert isinstance(hand, HandHistory)
        for run in (replay, replay_partial):
            try:
                run(hand)
            except PhhError as exc:
                assert str(exc)


HISTORIES = [h for text in SAMPLES for h in read_text(text) if isinstance(h, HandHistory)]
ACTION_WORDS = ["d dh p1 AhKh", "d dh p2 ????", "d dh p3 2c2d", "d db 7h8h9h", "d db Tc",
                "d db AhAs2c", "p1 f", "p2 f", "p3 cc", "p1 cc", "p2 cbr 2", "p1 cbr 9999",
                "p3 cbr 0.5", "p4 cbr 40", "p2 sm", "p1 sm AhAd", "p3 sm -", "p9 cc", "# note",
                "p1 cbr 7", "p2 cc", "d dh p1 AcAd"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(HISTORIES), st.data())
def test_shuffled_and_foreign_actions_replay_or_give_a_typed_error(history, data) -> None:
    actions = list(history.actions)
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["drop", "swap", "insert"]))
        if kind == "drop" and actions:
            del actions[data.draw(st.integers(0, len(actions) - 1))]
        elif kind == "swap" and len(actions) > 1:
            i = data.draw(st.integers(0, len(actions) - 2))
            actions[i], actions[i + 1] = actions[i + 1], actions[i]
        else:
            actions.insert(data.draw(st.integers(0, len(actions))),
                           data.draw(st.sampled_from(ACTION_WORDS)))
    mutant = HandHistory(**{**history.__dict__, "actions": actions})
    try:
        result = replay_partial(mutant)
    except PhhError as exc:
        assert str(exc)
        return
    hand = result.hand
    if hand.is_over:  # whatever the engine accepted, it kept every chip
        assert sum(hand.stacks) + hand.rake == sum(hand.starting_stacks)


def test_a_stack_that_is_not_a_number_is_refused_with_a_typed_error() -> None:
    """TOML's ``nan`` is a float the reader takes as a Decimal NaN; an infinite starting
    stack is allowed (an unlimited one), NaN is not, and it is refused, not a crash."""
    text = SAMPLES[0]
    fields = 'starting_stacks = [100, nan, 100, 100]'
    broken = "\n".join(fields if line.startswith("starting_stacks") else line
                       for line in text.splitlines())
    hands = list(read_text(broken))
    assert hands and all(isinstance(h, PhhError) and "starting_stacks" in str(h) for h in hands)
