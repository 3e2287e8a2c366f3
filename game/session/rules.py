"""House rules: one typed, validated record of every option of a table, TOML in and out.

Rules are data.  The record holds every option a table has — betting structure and raise
cap, blind level (the level table or custom), antes, straddle, check-raise, rake, buy-in
limits, rebuys and auto-rebuy, freeze-out with rising blind levels, seats and bot lineup,
sit-out hands, action clock and bank, show-all, odd chips, the Classic-limit layout and its
proportional tie split (docs/RULES.md says what each does) — and every value is checked
when the record is made, so a bad value never reaches a table.  The engine's
:class:`HandConfig` is built from it per hand (``hand_config``).

>>> r = HouseRules()
>>> r.blinds_at(0), r.min_buy_in, r.max_buy_in
((5, 10), 200, 1000)
>>> HouseRules.preset("Classic limit").hand_config().blinds
(5, 10)
>>> try:
...     HouseRules.from_toml('[blinds]\\nblind_level = 0\\nbig_blind = -1\\n')
... except RulesError as e:
...     print(e)
line 3: [blinds] big_blind = -1 is out of range: allowed 2 to 1000000
"""

from __future__ import annotations

import dataclasses
import math
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.config import HandConfig, Structure, TieSplit

from .errors import RulesError

if sys.version_info >= (3, 11):  # the standard library reads TOML
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

#: The blind levels (small blind, big blind): docs/RULES.md §2.2.
BLIND_LEVELS: tuple[tuple[int, int], ...] = ((5, 10), (10, 20), (25, 50), (50, 100), (100, 200))
BOT_STYLES = ("random", "station", "rock", "tag", "lag", "maniac")
BOT_LEVELS = ("easy", "normal", "hard")
GROUPS = ("game", "blinds", "buy_in", "table", "timing", "voice")
APP_NAME = "table-talk-holdem"
RULES_FILENAME = "rules.toml"


@dataclass(frozen=True)
class RuleField:
    """What an options screen and the validator need to know about one option."""

    name: str
    group: str
    label: str
    help: str
    kind: type
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return f"{self.group}.{self.name}"

    def allowed(self) -> str:
        if self.kind is bool:
            return "true or false"
        if self.choices:
            return ", ".join(self.choices)
        if self.kind is list:
            return "a list of bot specs style[:level] (styles " + ", ".join(BOT_STYLES) + \
                "; levels " + ", ".join(BOT_LEVELS) + ")"
        return f"{_num(self.lo)} to {_num(self.hi)}"


def _num(x: float | None) -> str:
    if x is None:
        return "any"
    return str(int(x)) if float(x).is_integer() else str(x)


def _opt(default: Any, group: str, label: str, help: str, *, lo: float | None = None,
         hi: float | None = None, choices: tuple[str, ...] = ()) -> Any:
    meta = {"group": group, "label": label, "help": help, "lo": lo, "hi": hi,
            "choices": choices}
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class HouseRules:
    """Every option of a table; made only valid (``RulesError`` otherwise)."""

    # --- game --------------------------------------------------------------------------
    mode: str = _opt("cash", "game", "Game", "cash game (rebuys, fixed blinds) or freeze-out "
                     "(no rebuys, play until one player has every chip)",
                     choices=("cash", "freeze-out"))
    structure: str = _opt("NL", "game", "Betting", "no limit, pot limit or fixed limit "
                          "(fixed limit: small bet = big blind, big bet = two big blinds)",
                          choices=("NL", "PL", "FL"))
    raise_cap: int = _opt(4, "game", "Raise cap", "fixed limit: most raises in a betting "
                          "round (0 = no cap); no cap in NL/PL", lo=0, hi=20)
    check_raise: bool = _opt(True, "game", "Check-raise", "a player who checked may raise later "
                             "in the same round")
    classic_limit: bool = _opt(False, "game", "Classic limit layout", "fixed limit: all ante ½ "
                               "the low limit, the button blinds ½ of it, the next seat "
                               "straddles it")
    tie_split: str = _opt("side_pots", "game", "Tie split", "a tied winner all in: side_pots (each "
                          "pot split equally) or proportional (Classic limit)",
                          choices=("side_pots", "proportional"))
    show_all: bool = _opt(True, "game", "Show all hands", "show every hand still in at "
                          "showdown; off: a hand that wins nothing may be mucked")
    odd_chip: str = _opt("left_of_button", "game", "Odd chip", "odd chips of a split pot go one "
                         "at a time to the tied winners from the left of the button",
                         choices=("left_of_button",))
    rake_percent: float = _opt(0.0, "game", "Rake %", "percent of each pot taken as rake "
                               "(0 = no rake)", lo=0, hi=10)
    rake_cap: int = _opt(0, "game", "Rake cap", "most chips raked from one pot (0 = no cap)",
                         lo=0, hi=1_000_000)
    # --- blinds ------------------------------------------------------------------------
    blind_level: int = _opt(1, "blinds", "Blind level", "the standard levels: 1 = 5/10, "
                            "2 = 10/20, 3 = 25/50, 4 = 50/100, 5 = 100/200; 0 = custom blinds",
                            lo=0, hi=5)
    small_blind: int = _opt(5, "blinds", "Small blind", "custom small blind (blind level 0)",
                            lo=1, hi=1_000_000)
    big_blind: int = _opt(10, "blinds", "Big blind", "custom big blind (blind level 0)",
                          lo=2, hi=1_000_000)
    antes: bool = _opt(False, "blinds", "Antes", "everyone dealt in pays an ante before the "
                       "blinds: dead money, not part of a bet")
    ante: int = _opt(1, "blinds", "Ante", "ante in chips at the first blind level; it rises "
                     "with the blinds", lo=1, hi=1_000_000)
    straddle: bool = _opt(False, "blinds", "Straddle", "left of the big blind, a blind of two "
                          "big blinds; raises are to twice it or more (NL/PL)")
    level_up_hands: int = _opt(0, "blinds", "Level up every N hands", "freeze-out: blinds rise "
                               "one level every N hands (0 = never)", lo=0, hi=10_000)
    level_up_minutes: float = _opt(0.0, "blinds", "Level up every M minutes", "freeze-out: "
                                   "blinds rise one level every M minutes (0 = never)",
                                   lo=0, hi=1440)
    # --- buy-in ------------------------------------------------------------------------
    min_buy_in_bb: int = _opt(20, "buy_in", "Minimum buy-in (BB)", "smallest stack a player "
                              "may buy in or rebuy to, in big blinds", lo=1, hi=1000)
    max_buy_in_bb: int = _opt(100, "buy_in", "Maximum buy-in (BB)", "largest stack a player "
                              "may buy in, rebuy or top up to, in big blinds",
                              lo=1, hi=1000)
    start_bb: int = _opt(100, "buy_in", "Starting stack (BB)", "what each player sits down "
                         "with, in big blinds", lo=1, hi=1000)
    rebuys: bool = _opt(True, "buy_in", "Rebuys", "players may rebuy and top up between hands "
                        "(cash game)")
    auto_rebuy: bool = _opt(False, "buy_in", "Auto-rebuy", "default for each player: rebuy to "
                            "the maximum when the stack falls below the threshold")
    auto_rebuy_below_bb: int = _opt(20, "buy_in", "Auto-rebuy below (BB)", "auto-rebuy "
                                    "threshold in big blinds (busted players always qualify)",
                                    lo=0, hi=1000)
    # --- table -------------------------------------------------------------------------
    seats: int = _opt(4, "table", "Seats", "chairs at the table, the human's included",
                      lo=2, hi=6)
    bots: tuple[str, ...] = _opt(("tag:normal", "lag:normal", "rock:normal"), "table", "Bots",
                      "the bot lineup, one style[:level] per bot seat")
    sit_out_hands: int = _opt(3, "table", "Sit-out hands", "a player sitting out (or busted "
                              "and not rebuying) is removed after this many hands", lo=1, hi=100)
    # --- timing ------------------------------------------------------------------------
    action_seconds: float = _opt(30.0, "timing", "Action clock (s)", "seconds per action "
                                 "(0 = no clock)", lo=0, hi=600)
    time_bank_seconds: float = _opt(15.0, "timing", "Time bank (s)", "extra seconds per hand "
                                    "once the action clock runs out", lo=0, hi=600)

    # --- voice -------------------------------------------------------------------------
    voice_confirm_fraction: float = _opt(0.5, "voice", "Confirm big bets", "a spoken bet or "
                                         "raise above this share of the stack waits for "
                                         "\"yes\" (1 = never ask)", lo=0, hi=1)
    voice_confirm_seconds: float = _opt(8.0, "voice", "Confirmation time (s)", "how long a "
                                        "spoken action waits for \"yes\" before it is "
                                        "dropped", lo=1, hi=60)

    def __post_init__(self) -> None:
        if isinstance(self.bots, list):  # TOML arrays arrive as lists; keep the record frozen
            object.__setattr__(self, "bots", tuple(self.bots))
        for f in RULE_FIELDS:
            _check_field(f, getattr(self, f.name))
        self._check_combinations()

    # ------------------------------------------------------------------ validation
    def _check_combinations(self) -> None:
        def bad(key: str, value: object, message: str, allowed: str) -> RulesError:
            g, n = key.split(".")
            return RulesError(f"[{g}] {n} = {_show(value)} {message}: allowed {allowed}",
                              key=key, value=value, allowed=allowed)

        if self.blind_level == 0 and self.small_blind > self.big_blind:
            raise bad("blinds.small_blind", self.small_blind, "is above the big blind",
                      f"1 to {self.big_blind}")
        if self.min_buy_in_bb > self.max_buy_in_bb:
            raise bad("buy_in.min_buy_in_bb", self.min_buy_in_bb, "is above the maximum buy-in",
                      f"1 to {self.max_buy_in_bb}")
        if not self.min_buy_in_bb <= self.start_bb <= self.max_buy_in_bb:
            raise bad("buy_in.start_bb", self.start_bb, "is outside the buy-in limits",
                      f"{self.min_buy_in_bb} to {self.max_buy_in_bb}")
        if self.auto_rebuy_below_bb > self.max_buy_in_bb:
            raise bad("buy_in.auto_rebuy_below_bb", self.auto_rebuy_below_bb,
                      "is above the maximum buy-in", f"0 to {self.max_buy_in_bb}")
        if self.mode == "freeze-out":
            if self.rebuys:
                raise bad("buy_in.rebuys", True, "conflicts with a freeze-out (no rebuys)",
                          "false when game.mode is freeze-out")
            if self.auto_rebuy:
                raise bad("buy_in.auto_rebuy", True, "conflicts with a freeze-out (no rebuys)",
                          "false when game.mode is freeze-out")
        else:
            if self.level_up_hands:
                raise bad("blinds.level_up_hands", self.level_up_hands,
                          "is for freeze-outs; cash-game blinds stay fixed",
                          "0 when game.mode is cash")
            if self.level_up_minutes:
                raise bad("blinds.level_up_minutes", self.level_up_minutes,
                          "is for freeze-outs; cash-game blinds stay fixed",
                          "0 when game.mode is cash")
        if self.classic_limit:
            if self.structure != "FL":
                raise bad("game.classic_limit", True, "needs fixed limit",
                          "true only with game.structure = \"FL\"")
            if self.antes:
                raise bad("blinds.antes", True, "conflicts with the Classic limit layout, which "
                          "posts its own ante (half the low limit)",
                          "false when game.classic_limit is true")
            if self.straddle:
                raise bad("blinds.straddle", True, "conflicts with the Classic limit layout, "
                          "which posts its own straddle", "false when game.classic_limit is true")
        elif self.tie_split == "proportional":
            raise bad("game.tie_split", "proportional", "is offered only in the Classic limit "
                      "layout", "\"side_pots\" unless game.classic_limit is true")
        if self.straddle and self.structure == "FL":
            raise bad("blinds.straddle", True, "is for no-limit and pot-limit",
                      "false when game.structure is \"FL\"")
        if len(self.bots) > self.seats:
            raise bad("table.bots", self.bots, f"has {len(self.bots)} bots for "
                      f"{self.seats} seats", f"at most {self.seats} entries")

    # ------------------------------------------------------------------ derived values
    def blinds_at(self, level: int = 0) -> tuple[int, int]:
        """(small, big) blind ``level`` steps above the starting level.

        The level table is walked first; past its end (and for custom blinds) each level
        doubles the blinds.

        >>> HouseRules(mode="freeze-out", rebuys=False, blind_level=4).blinds_at(2)
        (200, 400)
        """
        if self.blind_level == 0:
            return self.small_blind << level, self.big_blind << level
        i = self.blind_level - 1 + level
        last = len(BLIND_LEVELS) - 1
        if i <= last:
            return BLIND_LEVELS[i]
        sb, bb = BLIND_LEVELS[last]
        return sb << (i - last), bb << (i - last)

    @property
    def big_blind_chips(self) -> int:
        """The big blind at the starting level: buy-ins are counted in it."""
        return self.blinds_at(0)[1]

    @property
    def min_buy_in(self) -> int:
        return self.min_buy_in_bb * self.big_blind_chips

    @property
    def max_buy_in(self) -> int:
        return self.max_buy_in_bb * self.big_blind_chips

    @property
    def start_stack(self) -> int:
        return self.start_bb * self.big_blind_chips

    @property
    def auto_rebuy_below(self) -> int:
        return self.auto_rebuy_below_bb * self.big_blind_chips

    @property
    def freeze_out(self) -> bool:
        return self.mode == "freeze-out"

    def hand_config(self, level: int = 0) -> HandConfig:
        """The engine's rules for one hand at blind ``level`` (0 = the starting level)."""
        sb, bb = self.blinds_at(level)
        bb0 = self.big_blind_chips
        ante = max(1, self.ante * bb // bb0) if self.antes else 0
        common: dict[str, Any] = {
            "check_raise": self.check_raise, "show_all": self.show_all,
            "rake_percent": float(self.rake_percent), "rake_cap": self.rake_cap,
        }
        if self.structure == "FL":
            if self.classic_limit:
                base = HandConfig.classic_limit(low=bb, high=2 * bb)
                return dataclasses.replace(
                    base, raise_cap=self.raise_cap or None,
                    tie_split=TieSplit(self.tie_split), **common)
            return HandConfig(
                Structure.FIXED_LIMIT, (sb, bb), ante=ante, small_bet=bb, big_bet=2 * bb,
                raise_cap=self.raise_cap or None, **common)
        blinds = (sb, bb, 2 * bb) if self.straddle else (sb, bb)
        structure = Structure.NO_LIMIT if self.structure == "NL" else Structure.POT_LIMIT
        return HandConfig(structure, blinds, ante=ante, min_bet=bb, **common)

    # ------------------------------------------------------------------ copies, presets
    def replace(self, **changes: Any) -> HouseRules:
        """A validated copy with some options changed."""
        unknown = sorted(set(changes) - _FIELD_BY_NAME.keys())
        if unknown:
            raise RulesError(f"unknown house rule {unknown[0]!r}: known options are "
                             + ", ".join(_FIELD_BY_NAME), key=unknown[0],
                             allowed=", ".join(_FIELD_BY_NAME))
        return dataclasses.replace(self, **changes)

    @classmethod
    def preset(cls, name: str) -> HouseRules:
        """One of :data:`PRESETS` by name (case and spaces do not matter)."""
        want = _preset_key(name)
        for pname, rules in PRESETS.items():
            if _preset_key(pname) == want:
                return rules
        allowed = ", ".join(PRESETS)
        raise RulesError(f"unknown preset {name!r}: allowed {allowed}", key="preset",
                         value=name, allowed=allowed)

    def preset_name(self) -> str | None:
        """The preset this record equals, if any (for the options screen)."""
        for pname, rules in PRESETS.items():
            if rules == self:
                return pname
        return None

    # ------------------------------------------------------------------ TOML
    def to_toml(self) -> str:
        """The record as TOML, grouped in sections, every option written out."""
        out = ["# Table Talk Hold'em house rules. Every option, with what it allows.", ""]
        for group in GROUPS:
            out.append(f"[{group}]")
            for f in RULE_FIELDS:
                if f.group != group:
                    continue
                out.append(f"# {f.label}: {f.help}. Allowed: {f.allowed()}.")
                out.append(f"{f.name} = {_toml_value(getattr(self, f.name))}")
            out.append("")
        return "\n".join(out)

    @classmethod
    def from_toml(cls, text: str, source: str = "") -> HouseRules:
        """Parse and validate TOML; unknown keys and bad values are refused by name and line.

        A top-level ``preset = "Classic limit"`` starts from that preset; the sections then
        change single options.
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            line = _decode_error_line(e)
            msg = str(e).split(" (at line")[0]
            raise RulesError(f"malformed TOML: {msg}; expected key = value lines under "
                             "[game], [blinds], [buy_in], [table], [timing], [voice]",
                             line=line, source=source, allowed="TOML") from None
        base = cls()
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key == "preset":
                if not isinstance(value, str):
                    raise RulesError(f"preset = {_show(value)} is not a preset name: allowed "
                                     + ", ".join(PRESETS), key="preset", value=value,
                                     line=_line_of(text, None, "preset"), source=source,
                                     allowed=", ".join(PRESETS))
                try:
                    base = cls.preset(value)
                except RulesError as e:
                    e.line, e.source = _line_of(text, None, "preset"), source
                    raise _relocated(e) from None
                continue
            if key not in GROUPS or not isinstance(value, dict):
                allowed = "preset, " + ", ".join(f"[{g}]" for g in GROUPS)
                raise RulesError(f"unknown section or key {key!r}: allowed {allowed}",
                                 key=key, value=value, allowed=allowed, source=source,
                                 line=_line_of(text, None, key))
            for name, v in value.items():
                f = _FIELD_BY_NAME.get(name)
                if f is None or f.group != key:
                    names = [x.name for x in RULE_FIELDS if x.group == key]
                    hint = f" (it belongs in [{f.group}])" if f is not None else ""
                    allowed = ", ".join(names)
                    raise RulesError(f"unknown key {name!r} in [{key}]{hint}: allowed "
                                     f"{allowed}", key=f"{key}.{name}", value=v, allowed=allowed,
                                     source=source, line=_line_of(text, key, name))
                changes[name] = v
        try:
            return dataclasses.replace(base, **changes)
        except RulesError as e:
            group, _, name = e.key.partition(".")
            e.line = _line_of(text, group or None, name or group)
            e.source = source
            raise _relocated(e) from None


def _relocated(e: RulesError) -> RulesError:
    """The same error with its message re-rendered to include source/line."""
    text = e.args[0]
    # strip any previous "where: " prefix
    if text.startswith(("line ", e.source or "\0")) and ": " in text:
        text = text.split(": ", 1)[1]
    return RulesError(text, key=e.key, line=e.line, value=e.value, allowed=e.allowed,
                      source=e.source)


def _preset_key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value) if not isinstance(value, (int, float)) else str(value)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else "0.0"
    return str(value)


def _check_field(f: RuleField, value: object) -> None:
    def bad(message: str) -> RulesError:
        return RulesError(f"[{f.group}] {f.name} = {_show(value)} {message}: allowed "
                          f"{f.allowed()}", key=f.key, value=value, allowed=f.allowed())

    if f.kind is bool:
        if not isinstance(value, bool):
            raise bad("is not true or false")
        return
    if f.kind is str:
        if not isinstance(value, str) or value not in f.choices:
            raise bad("is not allowed")
        return
    if f.kind is tuple:
        if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
            raise bad("is not a list of strings")
        for spec in value:
            style, _, level = spec.partition(":")
            if style not in BOT_STYLES or (level and level not in BOT_LEVELS):
                raise RulesError(
                    f"[table] bots entry {_show(spec)} is not a bot: allowed {f.allowed()}",
                    key=f.key, value=spec, allowed=f.allowed())
        return
    if f.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("is not a whole number")
    elif isinstance(value, bool) or not isinstance(value, (int, float)):
        raise bad("is not a number")
    elif not math.isfinite(value):
        raise bad("is not a finite number")
    if (f.lo is not None and value < f.lo) or (f.hi is not None and value > f.hi):
        raise bad("is out of range")


def _decode_error_line(e: tomllib.TOMLDecodeError) -> int | None:
    text = str(e)
    if "(at line " in text:
        try:
            return int(text.split("(at line ")[1].split(",")[0])
        except ValueError:
            return None
    return None


def _line_of(text: str, section: str | None, key: str) -> int | None:
    """1-based line where ``key`` is set in ``[section]`` (None = top level)."""
    current: str | None = None
    for i, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("[") and not line.startswith("[["):
            current = line.strip("[] \t").split("#")[0].strip().strip("]").strip()
            if section is None and current == key:
                return i
            continue
        if current == section and "=" in line:
            k = line.split("=", 1)[0].strip().strip('"').strip("'")
            if k == key:
                return i
    return None


def _fields() -> tuple[RuleField, ...]:
    out = []
    for f in dataclasses.fields(HouseRules):
        m = f.metadata
        kind = {"bool": bool, "int": int, "float": float, "str": str,
                "tuple[str, ...]": tuple}[str(f.type)]
        out.append(RuleField(f.name, m["group"], m["label"], m["help"], kind, m["lo"], m["hi"],
                             m["choices"]))
    return tuple(out)


#: Metadata of every option, in record order (an options screen can be built from it).
RULE_FIELDS: tuple[RuleField, ...] = _fields()
_FIELD_BY_NAME = {f.name: f for f in RULE_FIELDS}

#: The presets of docs/RULES.md §6.7: the default game, Classic limit (§1.6), and a
#: freeze-out with rising blinds.
PRESETS: dict[str, HouseRules] = {
    "Casual cash": HouseRules(),
    "Classic limit": HouseRules(
        mode="freeze-out", structure="FL", raise_cap=3, check_raise=True, classic_limit=True,
        tie_split="proportional", blind_level=1, rebuys=False, start_bb=100,
        min_buy_in_bb=100, max_buy_in_bb=100, auto_rebuy_below_bb=0,
    ),
    "Tournament": HouseRules(
        mode="freeze-out", structure="NL", blind_level=1, rebuys=False, start_bb=100,
        min_buy_in_bb=100, max_buy_in_bb=100, auto_rebuy_below_bb=0, level_up_hands=10,
    ),
}


# ---------------------------------------------------------------------- files
def load_rules_file(path: str | Path) -> HouseRules:
    """Rules from a TOML file (``--rules FILE``); RulesError names the problem."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RulesError(f"cannot read rules file: {e.__class__.__name__}: "
                         f"{getattr(e, 'strerror', None) or e}", source=str(p)) from None
    return HouseRules.from_toml(text, source=str(p))


def user_rules_path(config_dir: str | Path | None = None) -> Path:
    """Where the user's rules live: the platform's config directory (platformdirs)."""
    if config_dir is None:
        import platformdirs

        config_dir = platformdirs.user_config_path(APP_NAME)
    return Path(config_dir) / RULES_FILENAME


def _keep_bad_copy(path: Path) -> Path:
    """Copy a refused rules file aside (never overwriting an earlier copy)."""
    n = 0
    while True:
        copy = path.with_name(f"{path.name}.bad" + (f"-{n}" if n else ""))
        if not copy.exists():
            shutil.copy2(path, copy)
            return copy
        n += 1


def load_user_rules(config_dir: str | Path | None = None) -> tuple[HouseRules, RulesError | None]:
    """The user's saved rules, or the defaults and the reason the file was refused.

    A refused file is first kept as ``rules.toml.bad`` (or ``.bad-N``), so a later save
    never destroys what the user wrote.
    """
    path = user_rules_path(config_dir)
    if not path.exists():
        return HouseRules(), None
    try:
        return load_rules_file(path), None
    except RulesError as e:
        copy = _keep_bad_copy(path)
        e.allowed = e.allowed or ""
        note = RulesError(f"{e.args[0]} — starting on the default rules; your file is kept as "
                          f"{copy.name}", key=e.key, line=None, value=e.value,
                          allowed=e.allowed)
        note.line = e.line
        return HouseRules(), note


def save_user_rules(rules: HouseRules, config_dir: str | Path | None = None) -> Path:
    """Write the rules to the config directory, keeping any unreadable old file first."""
    path = user_rules_path(config_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        try:
            load_rules_file(path)
        except RulesError:
            data = path.read_bytes()
            if not any(c.read_bytes() == data for c in path.parent.glob(f"{path.name}.bad*")):
                _keep_bad_copy(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(rules.to_toml(), encoding="utf-8")
    tmp.replace(path)
    return path
