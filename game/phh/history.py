"""One hand history as read from (or written to) PHH: the fields, validated, amounts exact.

Player order is PHH's: ``p1`` is the first seat left of the button, the last player is the
button.  Heads-up, PHH (like PokerKit) applies ``antes`` and ``blinds_or_straddles``
reversed: with ``blinds_or_straddles = [1, 2]`` ``p2``, the button, posts the small blind 1
and ``p1`` the big blind 2.

Variants: ``NT`` (no-limit) and ``FT`` (fixed-limit) Texas Hold'em are the standard's;
``PT`` (pot-limit Texas Hold'em) is this game's own code, made by analogy with the
standard's ``PO`` (pot-limit Omaha), since the standard has no pot-limit Hold'em code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from .amounts import Number, Scale
from .errors import PhhFormatError, PhhUnsupportedError
from .notation import BetRaise, parse_action

VARIANTS = {"NT": "no-limit", "PT": "pot-limit", "FT": "fixed-limit"}
#: Fields each variant requires (PHH standard; PT copies PO).
REQUIRED: dict[str, tuple[str, ...]] = {
    "NT": ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
    "PT": ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
    "FT": (
        "variant", "antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks",
        "actions",
    ),
}
#: Every field this module reads itself; all others are kept verbatim in ``extra``.
CORE_FIELDS = (
    "variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
    "starting_stacks", "actions", "finishing_stacks",
)
MIN_PLAYERS, MAX_PLAYERS = 2, 10


@dataclass
class HandHistory:
    """The fields of one PHH hand.  Numbers are ``int`` or ``Decimal`` exactly as written."""

    variant: str
    antes: list[Number]
    blinds_or_straddles: list[Number]
    starting_stacks: list[Number]
    actions: list[str]
    min_bet: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    finishing_stacks: list[Number] | None = None
    #: Optional and user-defined fields (``players``, ``hand``, ``_raise_cap`` ...), in order.
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def amounts(self) -> list[Number]:
        """Every finite amount of the hand (fields and ``cbr`` arguments), for the scale."""
        values: list[Number] = [*self.antes, *self.blinds_or_straddles]
        values += [v for v in (self.min_bet, self.small_bet, self.big_bet) if v is not None]
        values += [s for s in self.starting_stacks if _finite(s)]
        values += [s for s in self.finishing_stacks or () if _finite(s)]
        for text in self.actions:
            if "cbr" in text:
                act = parse_action(text)
                if isinstance(act, BetRaise):
                    values.append(act.amount)
        return values

    def scale(self) -> Scale:
        """The one scale that makes every amount of this hand an integer number of chips."""
        return Scale.for_values(self.amounts())

    @classmethod
    def from_fields(cls, data: dict[str, object]) -> HandHistory:
        """Validate the TOML fields of one hand and build the history.

        >>> h = HandHistory.from_fields({"variant": "NT", "antes": [0, 0],
        ...     "blinds_or_straddles": [1, 2], "min_bet": 2, "starting_stacks": [200, 200],
        ...     "actions": ["d dh p1 AcKd", "d dh p2 7h7c", "p2 f"]})
        >>> h.player_count, h.min_bet
        (2, 2)
        """
        variant = data.get("variant")
        if not isinstance(variant, str):
            raise PhhFormatError('the hand has no variant: expected variant = "NT", "PT" or "FT"')
        if variant not in VARIANTS:
            raise PhhUnsupportedError(
                f"variant {variant!r} is not Texas Hold'em: this game plays "
                + ", ".join(f"{k} ({v})" for k, v in VARIANTS.items())
            )
        missing = [name for name in REQUIRED[variant] if name not in data]
        if missing:
            raise PhhFormatError(f"a {variant} hand needs the field(s) {', '.join(missing)}")
        stacks = _numbers(data["starting_stacks"], "starting_stacks", allow_inf=True)
        n = len(stacks)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise PhhUnsupportedError(
                f"{n} players: the engine plays {MIN_PLAYERS} to {MAX_PLAYERS} players"
            )
        for i, s in enumerate(stacks):
            if s <= 0:
                raise PhhFormatError(f"starting stack of p{i + 1} is {s}: stacks must be above 0")
        antes = _per_player(data["antes"], "antes", n)
        blinds = _per_player(data["blinds_or_straddles"], "blinds_or_straddles", n)
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise PhhFormatError("actions must be an array of strings like \"p1 cc\"")
        finishing = None
        if data.get("finishing_stacks") is not None:
            finishing = _per_player(data["finishing_stacks"], "finishing_stacks", n, allow_inf=True)
        history = cls(
            variant=variant,
            antes=antes,
            blinds_or_straddles=blinds,
            starting_stacks=stacks,
            actions=list(actions),
            min_bet=_optional_number(data, "min_bet"),
            small_bet=_optional_number(data, "small_bet"),
            big_bet=_optional_number(data, "big_bet"),
            finishing_stacks=finishing,
            extra={k: v for k, v in data.items() if k not in CORE_FIELDS},
        )
        if variant == "FT" and (not history.small_bet or not history.big_bet):
            raise PhhFormatError("a fixed-limit hand needs small_bet and big_bet above 0")
        return history


def _finite(value: Number) -> bool:
    return not isinstance(value, Decimal) or value.is_finite()


def _is_number(value: object) -> bool:
    return isinstance(value, (int, Decimal)) and not isinstance(value, bool)


def _numbers(value: object, name: str, allow_inf: bool = False) -> list[Number]:
    if not isinstance(value, list) or not all(_is_number(v) for v in value):
        raise PhhFormatError(f"{name} must be an array of numbers, not {value!r}")
    for v in value:
        if isinstance(v, Decimal) and not v.is_finite() and not (
                allow_inf and v.is_infinite() and v > 0):  # NaN compares by raising
            raise PhhFormatError(f"{name} holds {v}: amounts must be finite numbers")
    return list(value)


def _per_player(value: object, name: str, n: int, allow_inf: bool = False) -> list[Number]:
    numbers = _numbers(value, name, allow_inf)
    if len(numbers) != n:
        raise PhhFormatError(
            f"{name} has {len(numbers)} entries but there are {n} players (starting_stacks)"
        )
    if any(v < 0 for v in numbers):
        raise PhhFormatError(f"{name} must not be negative: {numbers}")
    return numbers


def _optional_number(data: dict[str, object], name: str) -> Number | None:
    value = data.get(name)
    if value is None:
        return None
    if not _is_number(value) or not _finite(value) or value < 0:  # type: ignore[arg-type,operator]
        raise PhhFormatError(f"{name} must be a number of 0 or more, not {value!r}")
    return value  # type: ignore[return-value]
