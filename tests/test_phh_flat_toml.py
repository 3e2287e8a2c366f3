"""The fast flat-TOML path must read exactly what tomllib reads, or step aside."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
import tomllib
from hypothesis import given, settings
from hypothesis import strategies as st

from game.phh.flat_toml import parse_flat

DATA = Path(__file__).parent / "data" / "phh"


def toml(text: str) -> dict:
    return tomllib.loads(text, parse_float=Decimal)


scalars = st.one_of(
    st.integers(-10**12, 10**12),
    st.decimals(min_value=-10**6, max_value=10**6, places=2, allow_nan=False),
    st.booleans(),
    st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=12),
)
values = st.one_of(scalars, st.lists(scalars, max_size=5))


def write(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(write(v) for v in value) + "]"
    return str(value)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True), values,
                       max_size=6))
def test_flat_reading_equals_tomllib_or_steps_aside(fields: dict) -> None:
    text = "\n".join(f"{k} = {write(v)}  # note" for k, v in fields.items())
    flat = parse_flat(text)
    if flat is not None:
        assert flat == toml(text)


@pytest.mark.parametrize("path", sorted(DATA.glob("*.phh*")), ids=lambda p: p.name)
def test_sample_files_read_the_same_either_way(path: Path) -> None:
    from game.phh.reader import _chunks

    text = path.read_text()
    if path.suffix == ".phh":
        flat = parse_flat(text)
        assert flat is None or flat == toml(text)
        return
    for key, header, chunk in _chunks(text):
        flat = parse_flat(chunk, header)
        try:
            expected = toml(chunk)[key]
        except tomllib.TOMLDecodeError:
            assert flat is None
            continue
        assert flat is None or flat == expected


def test_pokerkit_written_hands_take_the_fast_path() -> None:
    from game.phh.reader import _chunks

    chunks = _chunks((DATA / "pokerkit_generated.phhs").read_text())
    assert all(parse_flat(chunk, header) is not None for _, header, chunk in chunks)


@pytest.mark.parametrize(
    "text",
    ['a = """multi"""', "a = 1979-05-27", "a = 1e3", "a = {b = 1}", "a.b = 1", '"a b" = 1',
     "a = [\n1]", 'a = "x\\ty"', "a = 1_000", "a = 1\na = 2", "[x.y]\na = 1", "a = nan",
     "a = 007"],
)
def test_anything_beyond_flat_toml_is_left_to_tomllib(text: str) -> None:
    assert parse_flat(text) is None
