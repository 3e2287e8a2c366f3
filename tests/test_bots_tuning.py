"""The policy's numbers are data: a style's tuning comes from bots.tuning and
personalities.json, and changing it changes how the bot plays."""

from __future__ import annotations

import dataclasses

import pytest

from bots.opponents import OpponentModel
from bots.personalities import LEVELS, PERSONALITIES, STYLES
from bots.policy import Policy
from bots.tuning import DEFAULT, Tuning, tuning_for, with_overrides


def test_every_style_and_level_has_a_frozen_tuning():
    for style in STYLES:
        for level in LEVELS:
            t = tuning_for(style, level)
            assert isinstance(t, Tuning)
            assert dataclasses.is_dataclass(t.preflop) and dataclasses.is_dataclass(t.postflop)


def test_the_policy_reads_its_numbers_from_the_tuning():
    policy = Policy(PERSONALITIES["tag"], LEVELS["normal"], OpponentModel())
    assert policy.pre == tuning_for("tag", "normal").preflop == DEFAULT.preflop
    assert policy.post == tuning_for("tag", "normal").postflop


def test_a_tuning_block_from_the_json_is_merged_over_the_default():
    """A "tuning" block beside a personality or a level changes only the fields it names,
    and an unknown name is refused."""
    t = with_overrides(DEFAULT, {"preflop": {"open_bb": 3.0}, "postflop": {"trap_equity": 0.9}})
    assert t.preflop.open_bb == 3.0 and t.postflop.trap_equity == 0.9
    assert t.preflop.fourbet_x == DEFAULT.preflop.fourbet_x
    with pytest.raises(TypeError):
        with_overrides(DEFAULT, {"preflop": {"no_such_number": 1}})
