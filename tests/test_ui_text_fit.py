"""Text in the voice HUD, dialogs and speech bubbles fits its box at every window size: the
player reads every confirmation question to its end ("…? Say yes or no.")."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.engine.actions import Action
from game.ui import theme
from game.ui.app import MIN_SIZE
from game.ui.hud import VoiceHud
from game.ui.layout import compute
from game.ui.text_fit import ELLIPSIS, fit, wrap
from game.ui.voice_link import VoiceState
from game.ui.widgets import bubble
from voice.confirm import prompt
from voice.intents import AllIn, BetTo
from voice.resolver import Resolved

#: The smallest window, common laptop and desktop sizes, very wide and very tall ones.
SIZES = [MIN_SIZE, (1024, 640), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440),
         (3840, 2160), (2400, 600), (820, 1400)]


def _chips(n: int) -> str:
    return f"{n:,}"


#: The longest confirmation questions the game asks: each reason a spoken action can wait
#: for "yes", with the largest amounts a table reaches.
LONGEST_PROMPTS = [
    prompt(Resolved(BetTo(250_000), Action.raise_to(250_000), True,
                    'it could have been "raise to two hundred fifty thousand"'), _chips),
    prompt(Resolved(AllIn(), Action.raise_to(1_000_000), True, "not sure I heard that right",
                    all_in=True), _chips),
    prompt(Resolved(BetTo(12_500), Action.bet(12_500), True,
                    "heard two ways: 12,500 or 2,500"), _chips),
    prompt(Resolved(BetTo(175_000), Action.raise_to(175_000), True,
                    "an unusual amount: 175,000"), _chips),
]

#: What the HUD says when the machine has no microphone (the listener's message plus the
#: link's advice).
NO_MICROPHONE = ("no microphone found — playing by mouse and keyboard; retrying every 2 s — "
                 "mouse and keys work, T types a phrase")


class _Link:
    """Only what the HUD reads of the voice link: its state."""

    def __init__(self, state: VoiceState) -> None:
        self.state = state


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def _hud(size: tuple[int, int], **state: object) -> VoiceHud:
    hud = VoiceHud(_Link(VoiceState(mode="listening", **state)))  # type: ignore[arg-type]
    lay = compute(size, 4, human=0)
    hud.layout(pygame.Rect(lay.hud.as_tuple()), size)
    return hud


def _assert_fits(hud: VoiceHud, size: tuple[int, int]) -> None:
    block = hud.block()
    f = theme.font(block.size)
    inner = hud.rect.w - 2 * hud.s(12)
    for line, _ in block.lines:
        assert f.size(line)[0] <= inner, (size, line)
    surface = pygame.Surface(size)
    hud.draw(surface, 0.0)
    assert hud.rect.y + hud.s(34) + block.height <= size[1]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("question", LONGEST_PROMPTS)
def test_every_confirmation_question_is_shown_to_its_end_at_every_window_size(size, question):
    hud = _hud(size, heard="raise to two hundred fifty thousand", confidence=0.61,
               prompt=question)
    _assert_fits(hud, size)
    shown = " ".join(line for line, _ in hud.block().lines)
    assert "".join(question.split()) in "".join(shown.split()), (size, shown)
    assert shown.endswith("Say yes or no.")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_no_microphone_notice_is_shown_whole_at_every_window_size(size):
    hud = _hud(size, notice=NO_MICROPHONE)
    _assert_fits(hud, size)
    shown = " ".join(line for line, _ in hud.block().lines)
    assert "".join(shown.split()) == "".join(NO_MICROPHONE.split())


def test_a_word_wider_than_the_line_is_broken_not_left_to_overflow():
    f = theme.font(15)
    lines = wrap("x" * 80, f, 100)
    assert len(lines) > 1 and "".join(lines) == "x" * 80
    assert all(f.size(line)[0] <= 100 for line in lines)


def test_text_too_long_for_the_box_shrinks_then_ends_with_an_ellipsis():
    f = theme.font(15)
    block = fit([("context first", theme.TEXT), ("the news " * 40, theme.HIGHLIGHT)], 150,
                3 * f.get_linesize(), 15, 11)
    assert block.shortened and block.size == 11
    assert block.lines[-1][0].endswith(ELLIPSIS)
    assert all(col == theme.HIGHLIGHT for _, col in block.lines)  # the context was dropped
    assert block.height <= 3 * f.get_linesize()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_longest_banter_line_fits_its_bubble_inside_the_window(size):
    data = json.loads((Path(__file__).parents[1] / "bots" / "banter_lines.json").read_text())
    lines = [line for lines in _all_lists(data) for line in lines]
    longest = max(lines, key=len)
    fs, width = theme.scale(15, size), theme.scale(240, size)
    block = fit([(longest, theme.BUBBLE_TEXT)], width, 4 * theme.font(fs).get_linesize(), fs,
                max(8, fs * 3 // 4))
    assert not block.shortened, (size, longest)
    surface = pygame.Surface(size)
    for tail, anchor in (("below", (size[0] - 5, 60)), ("left", (size[0] - 40, size[1] - 5))):
        bubble(surface, longest, anchor, fs, width, tail=tail)  # must not raise near edges


def _all_lists(node: object):
    """Every list of strings in the banter file, however deep."""
    if isinstance(node, list) and all(isinstance(x, str) for x in node):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from _all_lists(v)
