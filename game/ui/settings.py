"""The player's own settings for the window (Voice & sound, Bots' chat): ``ui.toml``.

House rules (betting, blinds, seats...) belong to the session's ``rules.toml``; these are
the preferences that do not change the game, kept beside it in the user config directory.
A bad file is refused with a message naming the key and what is allowed, and the defaults
are used — the same policy as the house rules.

>>> UiSettings().replace(chat_level=9)
Traceback (most recent call last):
...
game.ui.settings.SettingsError: chat_level = 9 is out of range: allowed 0-4
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomllib

ENGINES = ("auto", "vosk", "whisper", "pocketsphinx", "off")


class SettingsError(ValueError):
    """A setting refused: names the key, the bad value and what is allowed."""


@dataclass(frozen=True)
class Setting:
    name: str
    label: str
    help: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] = ()

    def allowed(self) -> str:
        if self.choices:
            return ", ".join(self.choices)
        if self.lo is not None:
            return f"{self.lo:g}-{self.hi:g}"
        return "true or false"


SETTINGS: tuple[Setting, ...] = (
    Setting("voice_engine", "Recognizer",
            "auto: Vosk if an English model is found, else Whisper, else PocketSphinx",
            choices=ENGINES),
    Setting("microphone", "Microphone", "input device name, or default"),
    Setting("push_to_talk", "Push to talk", "hold Space to talk (off: always listening)"),
    Setting("talk_over_bots", "Talk over the bots", "the microphone stays open while the "
            "game speaks (echo cancellation); your voice stops its line"),
    Setting("narration", "Narrate the game", "speak your cards, the board and the action "
            "to you: the game is playable without looking"),
    Setting("bot_voices", "Bot voices", "speak the bots' banter (bubbles always show)"),
    Setting("sounds", "Table sounds", "your-turn chime, chips and cards"),
    Setting("chat_level", "Bot chat level", "0 silent .. 4 chatty",
            lo=0, hi=4),
)
_BY_NAME = {s.name: s for s in SETTINGS}


@dataclass(frozen=True)
class UiSettings:
    voice_engine: str = "auto"
    microphone: str = "default"
    push_to_talk: bool = True
    #: on where echo cancellation works: a canceller loads and the sound server's monitor
    #: says what the speakers play (else the microphone is shut while the game speaks, as
    #: with it off).  With the Whisper + PocketSphinx pair and "webrtc+speex", through
    #: PulseAudio (benchmarks/voice/bargein_pulse; RESULTS.md, issue 25 section 1, session
    #: 22): nothing acted in 5 minutes of the bots talking; a command said over a line
    #: heard right 86-93 % of the time, against 98 % in silence and none with it off; the
    #: line stopped 121 ms (p50) after the player began
    talk_over_bots: bool = True
    narration: bool = False
    bot_voices: bool = True
    sounds: bool = True
    chat_level: int = 2

    def __post_init__(self) -> None:
        for s in SETTINGS:
            _check(s, getattr(self, s.name))

    # Any: a setting's value (str, bool or int), checked by __post_init__; mypy types
    # dataclasses.replace field by field, so a union (or object) would be refused there
    def replace(self, **changes: Any) -> UiSettings:
        for k in changes:
            if k not in _BY_NAME:
                raise SettingsError(f"unknown setting {k!r}: known settings are "
                                    + ", ".join(_BY_NAME))
        return dataclasses.replace(self, **changes)

    def to_toml(self) -> str:
        lines = ["# Table Talk Hold'em window settings (house rules live in rules.toml).", ""]
        for s in SETTINGS:
            v = getattr(self, s.name)
            val = ("true" if v else "false") if isinstance(v, bool) else (
                f'"{v}"' if isinstance(v, str) else f"{v}")
            lines.append(f"# {s.label}: {s.help} (allowed: {s.allowed()})")
            lines.append(f"{s.name} = {val}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_toml(cls, text: str, source: str = "ui.toml") -> UiSettings:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise SettingsError(f"{source}: not valid TOML: {e}") from e
        try:
            return cls().replace(**data)
        except SettingsError as e:
            raise SettingsError(f"{source}: {e}") from e
        except TypeError as e:
            raise SettingsError(f"{source}: {e}") from e


def _check(s: Setting, v: object) -> None:
    default = UiSettings.__dataclass_fields__[s.name].default
    if isinstance(default, bool):
        if not isinstance(v, bool):
            raise SettingsError(f"{s.name} = {v!r} is not true or false")
        return
    if s.choices:
        if v not in s.choices:
            raise SettingsError(f"{s.name} = {v!r} is not allowed: allowed {s.allowed()}")
        return
    if isinstance(default, str):
        if not isinstance(v, str) or not v.strip():
            raise SettingsError(f"{s.name} = {v!r} must be a non-empty name")
        return
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise SettingsError(f"{s.name} = {v!r} is not a number: allowed {s.allowed()}")
    if isinstance(default, int) and not isinstance(v, int):
        raise SettingsError(f"{s.name} = {v!r} must be a whole number: allowed {s.allowed()}")
    if s.lo is not None and not (s.lo <= v <= (s.hi if s.hi is not None else v)):
        raise SettingsError(f"{s.name} = {v} is out of range: allowed {s.allowed()}")


def settings_path(config_dir: str | Path | None = None) -> Path:
    if config_dir is None:
        from platformdirs import user_config_dir

        config_dir = user_config_dir("table-talk-holdem")
    return Path(config_dir) / "ui.toml"


def load_settings(config_dir: str | Path | None = None) -> tuple[UiSettings, str | None]:
    """(settings, None) or (defaults, why the file was refused)."""
    path = settings_path(config_dir)
    if not path.exists():
        return UiSettings(), None
    try:
        return UiSettings.from_toml(path.read_text("utf-8"), str(path)), None
    except (SettingsError, OSError, UnicodeDecodeError) as e:
        return UiSettings(), str(e)


def save_settings(settings: UiSettings, config_dir: str | Path | None = None) -> Path:
    path = settings_path(config_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(settings.to_toml(), "utf-8")
    return path
