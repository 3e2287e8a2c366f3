"""One poker policy, parameterised by a personality's style and a difficulty level.

Preflop: a starting-hand chart (Chen percentile) whose width depends on position (players
still to act behind), the style's looseness, the price and the stack depth (push/fold
when short).  Postflop: Monte-Carlo equity against the opponents' narrowed ranges,
compared with the pot odds (plus implied odds for draws), with bet sizes chosen by
purpose — value, protection on wet boards, bluff — and a c-bet as preflop raiser.

Every yes/no is *mixed*: the probability of an action is a logistic function of how far
the equity is from its threshold (width = the level's noise), so the same spot does not
always give the same answer and a reader of thresholds cannot exploit the bot.

Guards prevent the failures known from other poker bots (each has a test): a weak hand
is never shoved deep-stacked, nobody bets into opponents who are all all-in, a free check
is never folded.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from game.engine.actions import Action, ActionKind
from game.engine.events import Street

from .equity import equity
from .hand_classes import is_suited_connector, percentile
from .opponents import PRIOR_FOLD_CBET, PRIOR_VPIP, OpponentModel, Stats
from .personalities import Level, Personality
from .ranges import opponent_range
from .situation import Situation
from .texture import has_draw, is_wet
from .tuning import tuning_for


@dataclass(frozen=True)
class Decision:
    action: Action
    #: Why: "open", "limp", "3bet", "call", "fold", "check", "value", "bluff",
    #: "protection", "cbet", "semibluff", "trap", "shove", "pressure".
    purpose: str
    equity: float | None = None


def chance(x: float, noise: float) -> float:
    """Probability of acting on an edge of ``x`` (equity points): 0.5 at the threshold,
    smooth on both sides, never exactly 0 or 1 within a few noise widths.

    >>> chance(0.0, 0.05)
    0.5
    >>> 0.5 < chance(0.02, 0.05) < chance(0.1, 0.05) < 1.0
    True
    """
    z = max(-40.0, min(40.0, x / max(1e-6, noise)))
    return 1.0 / (1.0 + math.exp(-z))


class Policy:
    def __init__(self, personality: Personality, level: Level, model: OpponentModel) -> None:
        self.p = personality
        self.s = personality.style
        self.level = level
        self.model = model
        tuning = tuning_for(personality.key, level.key)
        self.pre = tuning.preflop
        self.post = tuning.postflop

    # ---------------------------------------------------------------------------------
    def decide(self, sit: Situation, rng: random.Random) -> Decision:
        if sit.street is Street.PREFLOP:
            d = self._preflop(sit, rng)
        else:
            d = self._postflop(sit, rng)
        return self._guard(sit, d)

    def _stats(self, seat: int) -> Stats:
        if self.level.adapt:
            return self.model.stats(seat)
        return OpponentModel().stats(seat)  # population prior only

    # --- preflop --------------------------------------------------------------------
    def _preflop(self, sit: Situation, rng: random.Random) -> Decision:
        t = self.pre
        pct = percentile(*sit.hole)
        behind = sit.players_behind
        base = (t.open_share_heads_up if sit.n == 2 and behind == 1
                else t.open_share.get(behind, t.open_share_crowded))
        if sit.effective_bb > t.suited_connector_deep_bb and is_suited_connector(*sit.hole):
            pct *= t.suited_connector_discount  # deep stacks: implied odds
        share = min(t.max_share, base * self.s.looseness * self._steal_factor(sit, behind))
        raises = sit.raises_this_street
        noise = self.level.noise
        legal = sit.legal

        if sit.effective_bb <= t.push_fold_bb and (legal.can_raise or legal.can_bet):
            return self._push_fold(sit, pct, share, raises, rng)

        if raises == 0:
            if rng.random() >= chance(share - pct, noise * t.open_noise):
                return self._check_or_fold(sit)
            strong = pct < share * t.strong_share
            p_raise = (self.s.raise_share if not strong
                       else t.strong_raise_base + self.s.raise_share * t.strong_raise_weight)
            if (legal.can_raise or legal.can_bet) and rng.random() < p_raise:
                limpers = sum(1 for a in sit.history if a.kind is ActionKind.CALL)
                late = t.late_open_extra_bb if behind <= t.late_position_behind else 0.0
                size = (t.open_bb + limpers + late) * self._size_scale()
                return self._raise_to(sit, size * sit.big_blind, "open")
            return Decision(Action.check() if legal.can_check else Action.call(), "limp")

        # Facing one or more raises.
        raiser = sit.preflop_raiser
        stats = self._stats(raiser if raiser is not None else -1)
        price = sit.to_call / max(1, sit.pot + sit.to_call)
        lo, hi = t.price_factor_range
        price_factor = min(hi, max(lo, (t.price_reference / max(t.price_floor, price))
                                   ** self.level.pot_odds))
        # A loose raiser has a wider range: defend wider (only the hard level knows).
        looseness_of_raiser = (stats.pfr / t.raiser_pfr_reference) ** 0.5
        cont = (share * t.continue_share * t.continue_decay ** (raises - 1) * price_factor
                * looseness_of_raiser)
        cont = min(t.max_continue, cont + max(0.0, self.s.stickiness) * t.stickiness_weight)
        reraise = (cont * t.reraise_share
                   * (t.reraise_base + self.s.aggression * t.reraise_aggression)
                   * (t.reraise_decay ** (raises - 1)))
        if (legal.can_raise and rng.random() < chance(reraise - pct, noise * t.reraise_noise)
                and rng.random() < t.reraise_gate_base
                + t.reraise_gate_aggression * self.s.aggression):
            return self._reraise(sit, "3bet" if raises == 1 else "4bet")
        if rng.random() < chance(cont - pct, noise * t.continue_noise):
            return Decision(Action.call(), "call")
        bluffy = pct < min(t.bluff_reraise_max_pct, share * t.bluff_reraise_share) and raises == 1
        if legal.can_raise and bluffy and rng.random() < self.s.bluff * t.bluff_reraise_rate:
            return self._reraise(sit, "bluff")
        return self._check_or_fold(sit)

    def _push_fold(self, sit: Situation, pct: float, share: float, raises: int,
                   rng: random.Random) -> Decision:
        """Short stack: all-in or out; shoving range widens as the stack shrinks."""
        t = self.pre
        bb = max(1.0, sit.effective_bb)
        if raises == 0:
            push = min(t.push_open_max,
                       share * (1.0 + (t.push_fold_bb - bb) / t.push_open_widen_bb))
        else:
            push = min(t.push_call_max, share * t.push_call_share
                       * (1.0 + (t.push_fold_bb - bb) / t.push_call_widen_bb))
        if rng.random() < chance(push - pct, self.level.noise * t.push_noise):
            return Decision(Action.all_in(), "shove")
        return self._check_or_fold(sit)

    def _reraise(self, sit: Situation, purpose: str) -> Decision:
        legal = sit.legal
        callers = sum(1 for a in sit.actions_on(Street.PREFLOP)
                      if a.kind is ActionKind.CALL)
        t = self.pre
        target = (legal.current_bet * (t.reraise_ip_x if sit.in_position else t.reraise_oop_x)
                  + callers * legal.current_bet)
        if sit.raises_this_street >= 2:
            target = legal.current_bet * t.fourbet_x
        return self._raise_to(sit, target * self._size_scale(), purpose)

    def _size_scale(self) -> float:
        return 1.0 + max(0.0, self.s.aggression - self.post.oversize_from) * self.post.oversize_rate

    # --- postflop --------------------------------------------------------------------
    def _postflop(self, sit: Situation, rng: random.Random) -> Decision:
        legal = sit.legal
        opponents = sit.opponents
        k = len(opponents)
        if self.level.narrow != "none":
            postflop = self.level.narrow == "full"
            ranges = [opponent_range(sit, s, self._stats(s), postflop) for s in opponents]
        else:
            ranges = [np.ones(1326) for _ in opponents]
        nrng = np.random.default_rng(rng.getrandbits(63))
        e = equity(sit.hole_indices, sit.board_indices, ranges, self.level.samples, nrng)
        fair = 1.0 / (k + 1)
        noise = self.level.noise
        wet = is_wet(sit.board_indices)
        draw = has_draw(sit.hole_indices, sit.board_indices)
        river = sit.street is Street.RIVER
        can_bet = legal.can_bet or legal.can_raise
        nobody_can_answer = not sit.opponents_who_can_act
        fe = self._fold_equity(opponents)
        loose_table = self._loose_opponents(opponents)
        t = self.post
        # Position: acting last realises more equity and makes bluffs work more often.
        ip = sit.in_position
        pos_bluff = t.bluff_in_position if ip else t.bluff_out_of_position
        pos_need = t.need_in_position if ip else t.need_out_of_position

        if sit.to_call == 0:
            if nobody_can_answer or not can_bet:
                return Decision(Action.check(), "check", e)
            t_value = (fair + (1 - fair) * t.value_margin - t.value_loose_discount * loose_table
                       - (t.value_ip_discount if ip else 0.0))
            if e > t.trap_equity and not river and rng.random() < self.s.trap:
                return Decision(Action.check(), "trap", e)
            p_value = chance(e - t_value, noise) * (
                t.value_bet_base + t.value_bet_aggression * self.s.aggression)
            size = t.value_size_wet if wet else t.value_size_dry
            if rng.random() < p_value:
                # Bigger for value against players who call too much.
                frac = size * (1 + t.value_size_loose * loose_table)
                return self._bet_pot(sit, frac * self._size_scale(), "value", e)
            if wet and not river and fair <= e and \
                    rng.random() < self.s.aggression * t.protection_rate:
                return self._bet_pot(sit, t.protection_size, "protection", e)
            cbet_spot = sit.street is Street.FLOP and sit.preflop_raiser == sit.seat
            if cbet_spot and rng.random() < min(t.cbet_max, self.s.cbet * fe) * (
                    1 if k == 1 else t.cbet_multiway):
                return self._bet_pot(sit, t.cbet_size_dry if not wet else t.cbet_size_wet,
                                     "cbet", e)
            bluff = self.s.bluff * fe * pos_bluff * (t.semibluff_boost if draw else 1.0) * (
                1.0 if k == 1 else t.bluff_multiway)
            if e < fair and rng.random() < min(t.bluff_max, bluff):
                purpose = "semibluff" if draw else "bluff"
                # Bluffs use the value size on this texture so the size tells nothing.
                return self._bet_pot(sit, size * self._size_scale(), purpose, e)
            return Decision(Action.check(), "check", e)

        # Facing a bet.
        price = sit.to_call / max(1, sit.pot + sit.to_call)
        implied = 0.0
        if draw and not river and sit.to_call < sit.stacks[sit.seat]:
            implied = min(t.implied_max, t.implied_rate * sit.effective_stack / max(1, sit.pot))
        po = self.level.pot_odds
        need = price * po + (1 - po) * fair * t.fair_need - self.s.stickiness - implied
        need += pos_need - t.call_loose_discount * loose_table
        if nobody_can_answer or not legal.can_raise:
            if rng.random() < chance(e - need, noise):
                return Decision(Action.call(), "call", e)
            return Decision(Action.fold(), "fold", e)
        t_raise = fair + (1 - fair) * t.raise_margin
        p_raise = chance(e - t_raise, noise) * self.s.aggression * (
            1 - self.s.trap * t.trap_raise_damping)
        if rng.random() < p_raise:
            return self._raise_pot(sit, t.raise_size, "value", e)
        if draw and rng.random() < self.s.aggression * self.s.bluff * t.semibluff_raise_rate:
            return self._raise_pot(sit, t.raise_size, "semibluff", e)
        if rng.random() < chance(e - need, noise):
            # Aggressive styles turn some of their calls into raises (a maniac's trademark).
            if rng.random() < max(0.0, self.s.aggression - t.pressure_from) * t.pressure_rate:
                return self._raise_pot(sit, t.raise_size, "pressure", e)
            return Decision(Action.call(), "call", e)
        if not river and k == 1 and rng.random() < self.s.bluff * t.bluff_raise_rate * fe:
            return self._raise_pot(sit, t.raise_size, "bluff", e)
        return Decision(Action.fold(), "fold", e)

    def _steal_factor(self, sit: Situation, behind: int) -> float:
        """Open wider when the players still to act defend too little (hard level only)."""
        if not self.level.adapt or behind == 0 or sit.raises_this_street:
            return 1.0
        order = [(sit.seat + i) % sit.n for i in range(1, sit.n)]
        seats = [s for s in order if not sit.folded[s]][:behind]
        vpip = float(np.mean([self.model.stats(s).vpip for s in seats]))
        lo, hi = self.post.steal_range
        return min(hi, max(lo, (PRIOR_VPIP / max(0.05, vpip)) ** 0.5))

    def _fold_equity(self, opponents: list[int]) -> float:
        """Multiplier for bluffing: >1 against players who fold to c-bets, <1 vs stations."""
        if not self.level.adapt or not opponents:
            return 1.0
        m = 1.0
        for s in opponents:
            st = self.model.stats(s)
            m *= (st.fold_to_cbet / PRIOR_FOLD_CBET) * (PRIOR_VPIP / max(0.05, st.vpip)) ** 0.5
        lo, hi = self.post.fold_equity_range
        return min(hi, max(lo, m ** (1 / len(opponents))))

    def _loose_opponents(self, opponents: list[int]) -> float:
        """0..1: how much the live opponents call too much (value-bet thinner against them)."""
        if not self.level.adapt or not opponents:
            return 0.0
        v = float(np.mean([self.model.stats(s).vpip for s in opponents]))
        return min(1.0, max(0.0, (v - self.post.loose_vpip) / self.post.loose_vpip_span))

    # --- amounts ---------------------------------------------------------------------
    def _bet_pot(self, sit: Situation, frac: float, purpose: str, e: float | None) -> Decision:
        return self._raise_to(sit, sit.legal.current_bet + frac * sit.pot, purpose, e)

    def _raise_pot(self, sit: Situation, frac: float, purpose: str, e: float | None) -> Decision:
        legal = sit.legal
        return self._raise_to(sit, legal.current_bet + frac * (sit.pot + legal.to_call), purpose, e)

    def _raise_to(self, sit: Situation, total: float, purpose: str,
                  e: float | None = None) -> Decision:
        """A bet/raise to ``total`` on this street, clipped to the legal range and rounded
        to the small blind; close to the whole stack it becomes an all-in."""
        legal = sit.legal
        if not (legal.can_bet or legal.can_raise):
            return Decision(Action.call() if legal.can_call else Action.check(), "call", e)
        kind = ActionKind.BET if legal.can_bet else ActionKind.RAISE
        unit = max(1, sit.big_blind // 2)
        amount = int(round(total / unit)) * unit
        top = min(legal.max_to, legal.all_in_to)
        if legal.min_to > legal.all_in_to:  # cannot make a full raise: all-in or nothing
            return Decision(Action(kind, legal.all_in_to), purpose, e)
        amount = max(legal.min_to, min(top, amount))
        behind_after = legal.all_in_to - amount
        if behind_after < self.post.commit_share * (legal.stack + legal.committed) and \
                legal.all_in_to <= legal.max_to:
            amount = legal.all_in_to
        return Decision(Action(kind, amount), purpose, e)

    def _check_or_fold(self, sit: Situation) -> Decision:
        if sit.legal.can_check:
            return Decision(Action.check(), "check")
        return Decision(Action.fold(), "fold")

    # --- guards ----------------------------------------------------------------------
    def _guard(self, sit: Situation, d: Decision) -> Decision:
        legal = sit.legal
        a = d.action
        puts_all_in = a.kind is ActionKind.ALL_IN or (
            a.kind in (ActionKind.BET, ActionKind.RAISE) and a.amount >= legal.all_in_to)
        # Never fold when a check is free.
        if a.kind is ActionKind.FOLD and legal.can_check:
            return Decision(Action.check(), "check", d.equity)
        # Never bet or raise when no opponent can answer (all of them are all-in).
        if a.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN) and \
                not sit.opponents_who_can_act:
            if legal.can_check:
                return Decision(Action.check(), "check", d.equity)
            return Decision(Action.call(), "call", d.equity)
        # Never shove a weak hand deep-stacked preflop (unless a call already commits us).
        t = self.pre
        if (puts_all_in and sit.street is Street.PREFLOP and sit.effective_bb > t.deep_bb
                and percentile(*sit.hole) > t.premium_share
                and sit.to_call < t.committed_share * (legal.stack + legal.committed)):
            if legal.can_call:
                return Decision(Action.call(), "call", d.equity)
            if legal.can_check:
                return Decision(Action.check(), "check", d.equity)
            return Decision(Action.fold(), "fold", d.equity)
        if not legal.allows(a):  # a clipped amount can still fall outside in odd spots
            if legal.can_check:
                return Decision(Action.check(), "check", d.equity)
            if legal.can_call:
                return Decision(Action.call(), "call", d.equity)
            return Decision(Action.fold(), "fold", d.equity)
        return d
