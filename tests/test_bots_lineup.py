"""Personalities as data and the ``--bots`` lineup spec."""

from __future__ import annotations

import re

import pytest

from bots import LEVELS, PERSONALITIES, BotSpec, LineupError, make_bot, parse_lineup

STYLES = ("random", "station", "rock", "tag", "lag", "maniac")


def test_every_style_of_the_command_line_contract_exists_with_three_levels():
    assert set(STYLES) <= set(PERSONALITIES)
    assert set(LEVELS) == {"easy", "normal", "hard"}


@pytest.mark.parametrize("style", STYLES)
def test_each_personality_has_a_name_a_look_and_a_voice(style):
    p = PERSONALITIES[style]
    assert p.name and p.name[0].isupper()
    assert re.fullmatch(r"#[0-9a-f]{6}", p.look.colour)
    assert p.look.emoji and len(p.look.initials) == 2
    assert p.voice.id and 80 <= p.voice.rate <= 300 and 0 <= p.voice.pitch <= 100


def test_personalities_look_and_sound_distinct():
    ps = list(PERSONALITIES.values())
    assert len({p.name for p in ps}) == len(ps)
    assert len({p.look.colour for p in ps}) == len(ps)
    assert len({(p.voice.id, p.voice.rate, p.voice.pitch) for p in ps}) == len(ps)


def test_styles_are_ordered_the_way_players_describe_them():
    s = {k: PERSONALITIES[k].style for k in STYLES}
    assert s["rock"].looseness < s["tag"].looseness < s["lag"].looseness < s["maniac"].looseness
    assert s["station"].looseness > s["tag"].looseness
    assert s["station"].aggression < s["rock"].aggression < s["tag"].aggression
    assert s["maniac"].aggression == max(v.aggression for v in s.values())
    assert s["station"].stickiness == max(v.stickiness for v in s.values())


def test_levels_grow_in_skill():
    e, n, h = LEVELS["easy"], LEVELS["normal"], LEVELS["hard"]
    assert e.noise > n.noise > h.noise
    assert e.samples < n.samples < h.samples
    assert h.adapt and not n.adapt and not e.adapt


def test_lineup_parses_styles_with_optional_levels():
    assert parse_lineup("tag:hard,station, ROCK:Easy") == [
        BotSpec("tag", "hard"), BotSpec("station", "normal"), BotSpec("rock", "easy")]


@pytest.mark.parametrize("spec, message", [
    ("shark", "unknown bot style 'shark'.*expected one of random, station, rock, tag, lag, maniac"),
    ("tag:expert", "unknown bot level 'expert'.*expected one of easy, normal, hard"),
    ("tag,,rock", "empty seat"),
    ("", "empty seat"),
])
def test_bad_lineups_are_rejected_with_what_would_be_legal(spec, message):
    with pytest.raises(LineupError, match=message):
        parse_lineup(spec)


def test_make_bot_accepts_a_spec_string_or_a_parsed_spec():
    bot = make_bot("maniac:easy")
    assert bot.name == PERSONALITIES["maniac"].name and bot.level.key == "easy"
    assert make_bot(BotSpec("rock")).spec == BotSpec("rock", "normal")
    with pytest.raises(LineupError):
        make_bot("tag:godlike")
