"""The rules of one hand as data: betting structure, forced bets, switches.

A session builds one :class:`HandConfig` per hand from the house rules; the engine never
reads files or settings itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .errors import ConfigError


class Structure(Enum):
    NO_LIMIT = "NL"
    POT_LIMIT = "PL"
    FIXED_LIMIT = "FL"


class TieSplit(Enum):
    #: Layered side pots, each split equally (docs/RULES.md §4.1, §4.4) — the default.
    SIDE_POTS = "side_pots"
    #: The proportional split, offered only in Classic limit (docs/RULES.md §4.6).
    PROPORTIONAL = "proportional"


@dataclass(frozen=True)
class HandConfig:
    """Everything the engine needs to know about the rules of a hand.

    ``blinds`` are the forced bets in posting order, starting with the first seat left of
    the button (small blind, big blind, then straddles) — or starting *on* the button when
    ``button_blind`` is set (Classic limit, docs/RULES.md §1.6: blind on the button,
    straddle next).
    Heads-up with ordinary blinds the button posts the first blind (the small one).

    >>> HandConfig.no_limit(5, 10).big_blind
    10
    >>> HandConfig.classic_limit().blinds, HandConfig.classic_limit().ante
    ((5, 10), 5)
    """

    structure: Structure = Structure.NO_LIMIT
    blinds: tuple[int, ...] = (5, 10)
    ante: int = 0
    #: Minimum opening bet in NL/PL (defaults to the big blind).
    min_bet: int = 0
    #: Fixed-limit bet sizes: small bet on preflop and flop, big bet on turn and river.
    small_bet: int = 0
    big_bet: int = 0
    #: Maximum number of raises per betting round (fixed limit; None = unlimited).
    raise_cap: int | None = None
    #: The cap counts every bet, raise and completion of a round (PokerKit's and so PHH's
    #: way); by default it counts raises only (docs/RULES.md §1.5).
    cap_counts_bets: bool = False
    check_raise: bool = True
    button_blind: bool = False
    #: Show every non-folded hand at showdown (the default, docs/RULES.md §5.3); False lets
    #: losers muck.
    show_all: bool = True
    tie_split: TieSplit = TieSplit.SIDE_POTS
    #: Rake in percent (float is fine: it is a rate, not chips) and its cap in chips.
    rake_percent: float = 0.0
    rake_cap: int = 0
    extra: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.blinds:
            raise ConfigError("at least one blind is needed")
        if any(b < 0 for b in self.blinds) or self.ante < 0:
            raise ConfigError(f"blinds and ante must not be negative: {self.blinds}, {self.ante}")
        if self.structure is Structure.FIXED_LIMIT and (self.small_bet <= 0 or self.big_bet <= 0):
            raise ConfigError("fixed limit needs small_bet and big_bet above zero")
        if self.raise_cap is not None and self.raise_cap < 0:
            raise ConfigError(f"raise cap must be 0 or more, not {self.raise_cap}")
        if not 0 <= self.rake_percent <= 100:
            raise ConfigError(f"rake percent must be 0-100, not {self.rake_percent}")

    @property
    def big_blind(self) -> int:
        """The scheduled big blind: the largest forced bet (min-raise is based on it)."""
        return max(self.blinds)

    @property
    def opening_bet(self) -> int:
        """Smallest opening bet in NL/PL."""
        return self.min_bet or self.big_blind

    @classmethod
    def no_limit(cls, small: int, big: int, ante: int = 0, straddle: int = 0) -> HandConfig:
        blinds = (small, big, straddle) if straddle else (small, big)
        return cls(Structure.NO_LIMIT, blinds, ante=ante, min_bet=big)

    @classmethod
    def pot_limit(cls, small: int, big: int, ante: int = 0) -> HandConfig:
        return cls(Structure.POT_LIMIT, (small, big), ante=ante, min_bet=big)

    @classmethod
    def fixed_limit(
        cls, small_bet: int, big_bet: int, *, raise_cap: int | None = 4, ante: int = 0,
        check_raise: bool = True,
    ) -> HandConfig:
        return cls(
            Structure.FIXED_LIMIT, (small_bet // 2, small_bet), ante=ante,
            small_bet=small_bet, big_bet=big_bet, raise_cap=raise_cap, check_raise=check_raise,
        )

    @classmethod
    def classic_limit(cls, low: int = 10, high: int = 20) -> HandConfig:
        """Classic limit (docs/RULES.md §1.6): ante ½ low (≥1), button blind ½ low, straddle =
        low, 3 raises."""
        return cls(
            Structure.FIXED_LIMIT, (low // 2, low), ante=max(1, low // 2),
            small_bet=low, big_bet=high, raise_cap=3, check_raise=True, button_blind=True,
            tie_split=TieSplit.PROPORTIONAL,
        )
