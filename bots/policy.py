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

#: Share of starting hands a sound tight-aggressive player opens, by players behind.
OPEN_SHARE = {0: 0.5, 1: 0.36, 2: 0.40, 3: 0.27, 4: 0.21, 5: 0.17, 6: 0.15, 7: 0.13, 8: 0.12}
#: Deepest effective stack (big blinds) at which the bot plays push-or-fold preflop.
PUSH_FOLD_BB = 12
#: Deeper than this, an all-in preflop needs a premium hand (top share below).
DEEP_BB = 25
PREMIUM_SHARE = 0.035
#: A bet that leaves less than this share of the stack behind becomes an all-in.
COMMIT_SHARE = 0.3


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
        pct = percentile(*sit.hole)
        behind = sit.players_behind
        base = 0.7 if sit.n == 2 and behind == 1 else OPEN_SHARE.get(behind, 0.11)
        if sit.effective_bb > 60 and is_suited_connector(*sit.hole):
            pct *= 0.6  # deep stacks: implied odds make suited connectors playable
        share = min(0.97, base * self.s.looseness * self._steal_factor(sit, behind))
        raises = sit.raises_this_street
        noise = self.level.noise
        legal = sit.legal

        if sit.effective_bb <= PUSH_FOLD_BB and (legal.can_raise or legal.can_bet):
            return self._push_fold(sit, pct, share, raises, rng)

        if raises == 0:
            if rng.random() >= chance(share - pct, noise * 0.6):
                return self._check_or_fold(sit)
            strong = pct < share * 0.35
            p_raise = self.s.raise_share if not strong else 0.5 + self.s.raise_share / 2
            if (legal.can_raise or legal.can_bet) and rng.random() < p_raise:
                limpers = sum(1 for a in sit.history if a.kind is ActionKind.CALL)
                size = (2.5 + limpers + (0.5 if behind <= 2 else 0.0)) * self._size_scale()
                return self._raise_to(sit, size * sit.big_blind, "open")
            return Decision(Action.check() if legal.can_check else Action.call(), "limp")

        # Facing one or more raises.
        raiser = sit.preflop_raiser
        stats = self._stats(raiser if raiser is not None else -1)
        price = sit.to_call / max(1, sit.pot + sit.to_call)
        price_factor = min(2.5, max(0.5, (0.3 / max(0.05, price)) ** self.level.pot_odds))
        # A loose raiser has a wider range: defend wider (only the hard level knows).
        looseness_of_raiser = (stats.pfr / 0.16) ** 0.5
        cont = share * 0.5 * 0.45 ** (raises - 1) * price_factor * looseness_of_raiser
        cont = min(0.9, cont + max(0.0, self.s.stickiness) * 1.5)
        reraise = cont * 0.4 * (0.4 + self.s.aggression * 0.85) * (0.5 ** (raises - 1))
        if (legal.can_raise and rng.random() < chance(reraise - pct, noise * 0.3)
                and rng.random() < 0.3 + 0.7 * self.s.aggression):
            return self._reraise(sit, "3bet" if raises == 1 else "4bet")
        if rng.random() < chance(cont - pct, noise * 0.6):
            return Decision(Action.call(), "call")
        bluffy = pct < min(0.6, share * 1.4) and raises == 1
        if legal.can_raise and bluffy and rng.random() < self.s.bluff * 0.25:
            return self._reraise(sit, "bluff")
        return self._check_or_fold(sit)

    def _push_fold(self, sit: Situation, pct: float, share: float, raises: int,
                   rng: random.Random) -> Decision:
        """Short stack: all-in or out; shoving range widens as the stack shrinks."""
        bb = max(1.0, sit.effective_bb)
        if raises == 0:
            push = min(0.9, share * (1.0 + (PUSH_FOLD_BB - bb) / 8))
        else:
            push = min(0.6, share * 0.35 * (1.0 + (PUSH_FOLD_BB - bb) / 10))
        if rng.random() < chance(push - pct, self.level.noise * 0.5):
            return Decision(Action.all_in(), "shove")
        return self._check_or_fold(sit)

    def _reraise(self, sit: Situation, purpose: str) -> Decision:
        legal = sit.legal
        callers = sum(1 for a in sit.actions_on(Street.PREFLOP)
                      if a.kind is ActionKind.CALL)
        target = legal.current_bet * (3.0 if sit.in_position else 3.5) + callers * legal.current_bet
        if sit.raises_this_street >= 2:
            target = legal.current_bet * 2.3
        return self._raise_to(sit, target * self._size_scale(), purpose)

    def _size_scale(self) -> float:
        return 1.0 + max(0.0, self.s.aggression - 0.8) * 2.5

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
        # Position: acting last realises more equity and makes bluffs work more often.
        ip = sit.in_position
        pos_bluff = 1.3 if ip else 0.7
        pos_need = -0.01 if ip else 0.02

        if sit.to_call == 0:
            if nobody_can_answer or not can_bet:
                return Decision(Action.check(), "check", e)
            t_value = fair + (1 - fair) * 0.22 - 0.04 * loose_table - (0.02 if ip else 0.0)
            if e > 0.85 and not river and rng.random() < self.s.trap:
                return Decision(Action.check(), "trap", e)
            p_value = chance(e - t_value, noise) * (0.55 + 0.45 * self.s.aggression)
            if rng.random() < p_value:
                # Bigger for value against players who call too much.
                frac = (0.8 if wet else 0.6) * (1 + 0.35 * loose_table)
                return self._bet_pot(sit, frac * self._size_scale(), "value", e)
            if wet and not river and fair <= e and rng.random() < self.s.aggression * 0.4:
                return self._bet_pot(sit, 0.8, "protection", e)
            cbet_spot = sit.street is Street.FLOP and sit.preflop_raiser == sit.seat
            if cbet_spot and rng.random() < min(0.95, self.s.cbet * fe) * (1 if k == 1 else 0.6):
                return self._bet_pot(sit, 0.45 if not wet else 0.6, "cbet", e)
            bluff = self.s.bluff * fe * pos_bluff * (1.6 if draw else 1.0) * (
                1.0 if k == 1 else 0.4)
            if e < fair and rng.random() < min(0.9, bluff):
                purpose = "semibluff" if draw else "bluff"
                # Bluffs use the value size on this texture so the size tells nothing.
                return self._bet_pot(sit, (0.8 if wet else 0.6) * self._size_scale(), purpose, e)
            return Decision(Action.check(), "check", e)

        # Facing a bet.
        price = sit.to_call / max(1, sit.pot + sit.to_call)
        implied = 0.0
        if draw and not river and sit.to_call < sit.stacks[sit.seat]:
            implied = min(0.08, 0.015 * sit.effective_stack / max(1, sit.pot))
        po = self.level.pot_odds
        need = price * po + (1 - po) * fair * 0.9 - self.s.stickiness - implied
        need += pos_need - 0.03 * loose_table
        if nobody_can_answer or not legal.can_raise:
            if rng.random() < chance(e - need, noise):
                return Decision(Action.call(), "call", e)
            return Decision(Action.fold(), "fold", e)
        t_raise = fair + (1 - fair) * 0.45
        p_raise = chance(e - t_raise, noise) * self.s.aggression * (1 - self.s.trap * 0.5)
        if rng.random() < p_raise:
            return self._raise_pot(sit, 0.8, "value", e)
        if draw and rng.random() < self.s.aggression * self.s.bluff * 1.5:
            return self._raise_pot(sit, 0.8, "semibluff", e)
        if rng.random() < chance(e - need, noise):
            # Aggressive styles turn some of their calls into raises (a maniac's trademark).
            if rng.random() < max(0.0, self.s.aggression - 0.6) * 0.8:
                return self._raise_pot(sit, 0.8, "pressure", e)
            return Decision(Action.call(), "call", e)
        if not river and k == 1 and rng.random() < self.s.bluff * 0.15 * fe:
            return self._raise_pot(sit, 0.8, "bluff", e)
        return Decision(Action.fold(), "fold", e)

    def _steal_factor(self, sit: Situation, behind: int) -> float:
        """Open wider when the players still to act defend too little (hard level only)."""
        if not self.level.adapt or behind == 0 or sit.raises_this_street:
            return 1.0
        order = [(sit.seat + i) % sit.n for i in range(1, sit.n)]
        seats = [s for s in order if not sit.folded[s]][:behind]
        vpip = float(np.mean([self.model.stats(s).vpip for s in seats]))
        return min(1.6, max(0.8, (PRIOR_VPIP / max(0.05, vpip)) ** 0.5))

    def _fold_equity(self, opponents: list[int]) -> float:
        """Multiplier for bluffing: >1 against players who fold to c-bets, <1 vs stations."""
        if not self.level.adapt or not opponents:
            return 1.0
        m = 1.0
        for s in opponents:
            st = self.model.stats(s)
            m *= (st.fold_to_cbet / PRIOR_FOLD_CBET) * (PRIOR_VPIP / max(0.05, st.vpip)) ** 0.5
        return min(2.0, max(0.25, m ** (1 / len(opponents))))

    def _loose_opponents(self, opponents: list[int]) -> float:
        """0..1: how much the live opponents call too much (value-bet thinner against them)."""
        if not self.level.adapt or not opponents:
            return 0.0
        v = float(np.mean([self.model.stats(s).vpip for s in opponents]))
        return min(1.0, max(0.0, (v - 0.35) / 0.25))

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
        if behind_after < COMMIT_SHARE * (legal.stack + legal.committed) and \
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
        if (puts_all_in and sit.street is Street.PREFLOP and sit.effective_bb > DEEP_BB
                and percentile(*sit.hole) > PREMIUM_SHARE
                and sit.to_call < 0.5 * (legal.stack + legal.committed)):
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
