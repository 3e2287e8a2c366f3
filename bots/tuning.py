"""The numbers that shape the bots' decisions, named for what each decides.

:mod:`bots.policy` is one policy for every style; a style differs by its :class:`Style`
traits (looseness, aggression, bluff, ...) and a level by its noise and reading, both in
``personalities.json``. The policy's own thresholds, rates and sizes live here, one frozen
record per style and level. Every style and level shares :data:`DEFAULT` unless
``personalities.json`` overrides some fields — a ``"tuning"`` block beside a personality or
a level, with ``"preflop"`` and/or ``"postflop"`` fields — so a new style is data, not code.

>>> tuning_for("tag", "hard").preflop.open_bb
2.5
>>> dataclasses.replace(DEFAULT.postflop, trap_equity=0.9).trap_equity
0.9
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any


def _open_shares() -> dict[int, float]:
    return {0: 0.5, 1: 0.36, 2: 0.40, 3: 0.27, 4: 0.21, 5: 0.17, 6: 0.15, 7: 0.13, 8: 0.12}


@dataclass(frozen=True)
class Preflop:
    """Which starting hands to play, raise or shove, and how big to raise."""

    #: Share of starting hands a sound tight-aggressive player opens, by players behind.
    open_share: dict[int, float] = field(default_factory=_open_shares)
    #: The open share with more players behind than ``open_share`` lists.
    open_share_crowded: float = 0.11
    #: Heads-up, the button (one player behind) opens this share.
    open_share_heads_up: float = 0.7
    #: Deeper than this (big blinds) suited connectors play as if stronger ...
    suited_connector_deep_bb: float = 60
    #: ... their hand percentile multiplied by this (implied odds).
    suited_connector_discount: float = 0.6
    #: Most of the hands any style plays.
    max_share: float = 0.97
    #: Noise width (times the level's) of the open-or-fold choice.
    open_noise: float = 0.6
    #: A hand in the best ``strong_share`` of the playing range is strong ...
    strong_share: float = 0.35
    #: ... and raises with ``strong_raise_base + raise_share * strong_raise_weight``.
    strong_raise_base: float = 0.5
    strong_raise_weight: float = 0.5
    #: Open raise in big blinds, plus one a limper, plus ``late_open_extra_bb`` with at
    #: most ``late_position_behind`` players still to act.
    open_bb: float = 2.5
    late_open_extra_bb: float = 0.5
    late_position_behind: int = 2
    #: The price (to call / pot after calling) at which the price factor is 1; prices are
    #: floored at ``price_floor`` and the factor kept within ``price_factor_range``.
    price_reference: float = 0.3
    price_floor: float = 0.05
    price_factor_range: tuple[float, float] = (0.5, 2.5)
    #: A raiser's PFR that counts as ordinary when judging how wide they raise.
    raiser_pfr_reference: float = 0.16
    #: Facing a raise, the share of the playing range that continues, and how it shrinks
    #: with each further raise.
    continue_share: float = 0.5
    continue_decay: float = 0.45
    #: Most of the hands continued against a raise; how much stickiness widens that.
    max_continue: float = 0.9
    stickiness_weight: float = 1.5
    #: Of the continuing range, the part that re-raises:
    #: ``reraise_share * (reraise_base + aggression * reraise_aggression)``, halved
    #: (``reraise_decay``) with each further raise.
    reraise_share: float = 0.4
    reraise_base: float = 0.4
    reraise_aggression: float = 0.85
    reraise_decay: float = 0.5
    #: Noise width (times the level's) of the re-raise and call choices.
    reraise_noise: float = 0.3
    continue_noise: float = 0.6
    #: A re-raise also needs a draw below ``reraise_gate_base + reraise_gate_aggression *
    #: aggression``.
    reraise_gate_base: float = 0.3
    reraise_gate_aggression: float = 0.7
    #: A hand that would fold may re-raise as a bluff against one raise when it is in the
    #: best ``min(bluff_reraise_max_pct, share * bluff_reraise_share)``, at the style's
    #: bluff rate times ``bluff_reraise_rate``.
    bluff_reraise_max_pct: float = 0.6
    bluff_reraise_share: float = 1.4
    bluff_reraise_rate: float = 0.25
    #: Re-raise to this many times the bet in position / out of position, plus one bet a
    #: caller; a fourth bet or more is ``fourbet_x`` times the bet.
    reraise_ip_x: float = 3.0
    reraise_oop_x: float = 3.5
    fourbet_x: float = 2.3
    #: Stacks this short (big blinds) play push-or-fold.
    push_fold_bb: float = 12
    #: Shoving range when first in: share widened by one for every ``push_open_widen_bb``
    #: big blinds below ``push_fold_bb``, at most ``push_open_max``.
    push_open_widen_bb: float = 8
    push_open_max: float = 0.9
    #: Re-shoving range over a raise: ``push_call_share`` of the share, widened likewise.
    push_call_share: float = 0.35
    push_call_widen_bb: float = 10
    push_call_max: float = 0.6
    #: Noise width (times the level's) of the shove choice.
    push_noise: float = 0.5
    #: Deeper than this (big blinds), an all-in preflop needs a premium hand: the best
    #: ``premium_share`` — unless calling already costs ``committed_share`` of the stack.
    deep_bb: float = 25
    premium_share: float = 0.035
    committed_share: float = 0.5


@dataclass(frozen=True)
class Postflop:
    """When to bet, call, raise or fold after the flop, and for how much of the pot."""

    #: Position: bluffs work this much more (or less) often ...
    bluff_in_position: float = 1.3
    bluff_out_of_position: float = 0.7
    #: ... and the equity needed to call moves by this much.
    need_in_position: float = -0.01
    need_out_of_position: float = 0.02
    #: Value bet above ``fair + (1 - fair) * value_margin``, less ``value_loose_discount``
    #: against loose players and ``value_ip_discount`` in position.
    value_margin: float = 0.22
    value_loose_discount: float = 0.04
    value_ip_discount: float = 0.02
    #: Above this equity (before the river) a trapping style may check a monster.
    trap_equity: float = 0.85
    #: How often a value bet is made: ``value_bet_base + value_bet_aggression * aggression``.
    value_bet_base: float = 0.55
    value_bet_aggression: float = 0.45
    #: Value (and bluff) bet sizes as a share of the pot, on wet and dry boards; larger by
    #: ``value_size_loose`` against loose players (value only).
    value_size_wet: float = 0.8
    value_size_dry: float = 0.6
    value_size_loose: float = 0.35
    #: Protection bets on wet boards: rate (times aggression) and size.
    protection_rate: float = 0.4
    protection_size: float = 0.8
    #: Continuation bets: the most often, the share kept multiway, sizes dry and wet.
    cbet_max: float = 0.95
    cbet_multiway: float = 0.6
    cbet_size_dry: float = 0.45
    cbet_size_wet: float = 0.6
    #: Bluffs: more often with a draw, less multiway, at most ``bluff_max``.
    semibluff_boost: float = 1.6
    bluff_multiway: float = 0.4
    bluff_max: float = 0.9
    #: Implied odds of a draw: ``implied_rate`` x stack/pot, at most ``implied_max``.
    implied_rate: float = 0.015
    implied_max: float = 0.08
    #: The share of a fair equity needed when the price is ignored (level ``pot_odds`` < 1).
    fair_need: float = 0.9
    #: Call a little lighter against loose players.
    call_loose_discount: float = 0.03
    #: Raise for value above ``fair + (1 - fair) * raise_margin``; trapping styles raise
    #: less (``trap_raise_damping``); raises are this share of the pot after calling.
    raise_margin: float = 0.45
    trap_raise_damping: float = 0.5
    raise_size: float = 0.8
    #: Semi-bluff raise rate (times aggression x bluff).
    semibluff_raise_rate: float = 1.5
    #: Aggression above ``pressure_from`` turns calls into raises at ``pressure_rate``.
    pressure_from: float = 0.6
    pressure_rate: float = 0.8
    #: Heads-up bluff raise before the river (times bluff x fold equity).
    bluff_raise_rate: float = 0.15
    #: Bounds of the hard level's reads: open-wider factor, fold-equity multiplier.
    steal_range: tuple[float, float] = (0.8, 1.6)
    fold_equity_range: tuple[float, float] = (0.25, 2.0)
    #: A table's VPIP above ``loose_vpip`` starts to count as loose; fully at + span.
    loose_vpip: float = 0.35
    loose_vpip_span: float = 0.25
    #: Sizing: aggression above ``oversize_from`` makes every size larger at this rate.
    oversize_from: float = 0.8
    oversize_rate: float = 2.5
    #: A bet leaving less than this share of the stack behind becomes an all-in.
    commit_share: float = 0.3


@dataclass(frozen=True)
class Tuning:
    preflop: Preflop = field(default_factory=Preflop)
    postflop: Postflop = field(default_factory=Postflop)


DEFAULT = Tuning()


def with_overrides(base: Tuning, block: dict[str, Any] | None) -> Tuning:
    if not block:
        return base
    return Tuning(dataclasses.replace(base.preflop, **block.get("preflop", {})),
                  dataclasses.replace(base.postflop, **block.get("postflop", {})))


@cache
def tuning_for(style: str, level: str) -> Tuning:
    """The tuning of one style at one level: the default, then the style's overrides, then
    the level's."""
    data = json.loads(resources.files(__package__).joinpath("personalities.json")
                      .read_text("utf-8"))
    style_block = data["personalities"].get(style, {}).get("tuning")
    level_block = data["levels"].get(level, {}).get("tuning")
    return with_overrides(with_overrides(DEFAULT, style_block), level_block)
