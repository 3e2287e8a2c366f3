"""Exact chip arithmetic for PHH amounts: decimals scaled to integer chips and back.

The engine counts integer chips; PHH files may write ``0.25`` or ``1.50``.  Every amount of
one hand is scaled by the same power of ten — enough places for the most precise number in
the hand — so arithmetic stays exact (no float ever touches a chip), and results are
printed back with that many places, "as they were written".

>>> scale = Scale.for_values([Decimal("0.25"), 1, Decimal("100.00")])
>>> scale.places, scale.to_chips(Decimal("0.25")), scale.to_chips(1)
(2, 25, 100)
>>> scale.format(9950)
'99.50'
>>> Scale(0).format(9950)
'9950'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from .errors import PhhFormatError

#: A PHH number as read: TOML integers stay ``int``, TOML floats are read as ``Decimal``.
Number = int | Decimal

#: More places than this is not a chip amount any table uses; it also bounds the integers.
MAX_PLACES = 8


def places_of(value: Number) -> int:
    """Decimal places as written: ``Decimal("1.50")`` has 2, ``3`` and ``Decimal("3")`` 0.

    >>> places_of(Decimal("1.50")), places_of(7), places_of(Decimal("1E+3"))
    (2, 0, 0)
    """
    if isinstance(value, int):
        return 0
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int):  # NaN / infinity have no places
        return 0
    return max(0, -exponent)


@dataclass(frozen=True)
class Scale:
    """Chips = amount x 10**places; every amount of one hand shares one scale."""

    places: int = 0

    @classmethod
    def for_values(cls, values: Iterable[Number]) -> Scale:
        places = max((places_of(v) for v in values), default=0)
        if places > MAX_PLACES:
            raise PhhFormatError(
                f"amounts with {places} decimal places are not supported (at most {MAX_PLACES})"
            )
        return cls(places)

    @property
    def factor(self) -> int:
        return 10**self.places

    def to_chips(self, value: Number, what: str = "amount") -> int:
        """Exact integer chips for ``value``; raises when it is not a whole number of chips."""
        if isinstance(value, bool):
            raise PhhFormatError(f"{what} must be a number, not {value!r}")
        if isinstance(value, int):
            return value * self.factor
        if not value.is_finite():
            raise PhhFormatError(f"{what} must be a finite number, not {value}")
        chips = value * self.factor
        if chips != chips.to_integral_value():
            raise PhhFormatError(
                f"{what} {value} has more than {self.places} decimal places"
            )
        return int(chips)

    def to_number(self, chips: int) -> Number:
        """The amount for ``chips``: an ``int`` at scale 0, else a ``Decimal`` with the places."""
        if self.places == 0:
            return chips
        return Decimal(chips).scaleb(-self.places).quantize(Decimal(1).scaleb(-self.places))

    def format(self, chips: int) -> str:
        """The amount as PHH and JSON write it: ``150`` or ``1.50`` (never an exponent)."""
        if self.places == 0:
            return str(chips)
        sign = "-" if chips < 0 else ""
        whole, frac = divmod(abs(chips), self.factor)
        return f"{sign}{whole}.{frac:0{self.places}d}"


def format_number(value: Number) -> str:
    """A PHH number written back the way it was read (``Decimal("1.50")`` -> ``1.50``).

    >>> format_number(Decimal("1.50")), format_number(3), format_number(Decimal("2E+1"))
    ('1.50', '3', '20')
    """
    if isinstance(value, int):
        return str(value)
    if places_of(value) == 0:
        return str(int(value))
    return format(value, "f")
