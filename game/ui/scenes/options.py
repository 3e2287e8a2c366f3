"""Options: every house rule, grouped, with presets, validation beside the field, and save.

Built with pygame-menu-ce (keyboard navigation built in); ``keyboard_ignore_nonphysical``
is off so voice navigation ("options", then synthetic key events) can drive the menu.
Groups: Game, Blinds & buy-in, Table, Timing (the session's house rules), Voice & sound
(this window's settings) and Bots (the lineup and chat level).  Every change is validated
at once by the rules record itself; a refused value leaves the last good one in force and
the reason appears under the field.  Save writes rules.toml and ui.toml to the user's
config directory.
"""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from . import Scene

GROUPS = (
    ("game", "Game"),
    ("blinds", "Blinds & buy-in"),
    ("buy_in", "Blinds & buy-in"),
    ("table", "Table"),
    ("timing", "Timing"),
    ("voice", "Voice & sound"),
)
TABS = ("Game", "Blinds & buy-in", "Table", "Timing", "Voice & sound", "Bots")


def _menu_theme(size: tuple[int, int]) -> Any:
    import pygame_menu

    t = pygame_menu.themes.THEME_DARK.copy()
    t.title_font = theme.font_path(bold=True)
    t.widget_font = theme.font_path()
    t.title_font_size = theme.scale(30, size)
    t.widget_font_size = theme.scale(19, size)
    t.background_color = (18, 24, 32, 250)
    t.title_background_color = (30, 70, 50)
    t.title_bar_style = pygame_menu.widgets.MENUBAR_STYLE_SIMPLE
    t.selection_color = theme.GOLD
    t.widget_font_color = theme.TEXT
    t.widget_alignment = pygame_menu.locals.ALIGN_LEFT
    t.widget_margin = (theme.scale(14, size), theme.scale(2, size))
    t.widget_padding = (theme.scale(2, size), theme.scale(6, size))
    t.scrollbar_slider_color = (120, 130, 150)
    return t


class OptionsScene(Scene):
    overlay = True  #: drawn over the scene that opened it, dimmed

    def __init__(self, rules: Any, launcher: Any = None, in_game: bool = False,
                 settings: Any = None) -> None:
        from ..settings import load_settings

        self.rules = rules
        self.launcher = launcher
        self.in_game = in_game
        self.settings = settings if settings is not None else load_settings()[0]
        self.size = (1280, 800)
        self.menu: Any = None
        self.errors: dict[str, Any] = {}
        self.status: Any = None
        self.tab = 0
        self.message = ""
        #: Called with the window settings when the player leaves the options (the table
        #: applies voice, sound and chat changes at once).
        self.on_close: Any = None

    # ----- building -------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.build()

    def build(self) -> None:
        """Build the menu afresh (a new section or preset).  A selector built with a choice
        other than its first reports that choice as a change while it is built (pygame-menu
        steps to it); that is not the player's change, so it must not ask for yet another
        build — which would reset the selection at every key, leaving arrows and spoken
        moves stuck on the first item of every section but the first."""
        self._building = True
        try:
            self._build()
        finally:
            self._building = False

    def _build(self) -> None:
        import pygame_menu

        if not pygame.get_init():  # pygame-menu insists; the app starts only what it needs
            pygame.init()
        w, h = self.size
        import warnings

        warnings.filterwarnings("ignore", message="sound error", module="pygame_menu")
        m = pygame_menu.Menu(
            f"Options — {TABS[self.tab]}", min(w - 40, theme.scale(1000, self.size)), h - 40,
            theme=_menu_theme(self.size),
            keyboard_ignore_nonphysical=False, center_content=False,
            onclose=pygame_menu.events.NONE,
        )
        self.errors = {}
        tabs = [(t, i) for i, t in enumerate(TABS)]
        m.add.selector("Section  ", tabs, default=self.tab, onchange=self._tab,
                       selector_id="section")
        names = list(self._presets())
        current = self.rules.preset_name() if hasattr(self.rules, "preset_name") else None
        preset_items = [("(custom)", "")] + [(n, n) for n in names]
        default = names.index(current) + 1 if current in names else 0
        m.add.selector("Preset  ", preset_items, default=default, onchange=self._preset,
                       selector_id="preset")
        m.add.vertical_margin(theme.scale(8, self.size))
        tab = TABS[self.tab]
        if tab == "Voice & sound":
            self._rule_fields(m, tab)
            self._voice_fields(m)
        elif tab == "Bots":
            self._bot_fields(m)
        else:
            self._rule_fields(m, tab)
        m.add.vertical_margin(theme.scale(12, self.size))
        self.status = m.add.label(self.message or self._note(),
                                  font_size=theme.scale(15, self.size),
                                  font_color=theme.TEXT_DIM, label_id="status")
        m.add.button("Save to my config", self._save, button_id="save")
        m.add.button("Back", self._back, button_id="back")
        self.menu = m

    def _note(self) -> str:
        if self.in_game:
            return "Changes to house rules apply to your next game."
        return "Saved rules are used every time you start."

    @staticmethod
    def _presets() -> dict[str, Any]:
        from game.session.rules import PRESETS

        return PRESETS

    def _error_label(self, m: Any, name: str, help_text: str = "") -> None:
        """The line under a field: its help in grey, or why a value was refused in red."""
        label = m.add.label(help_text or " ", font_size=theme.scale(14, self.size),
                            font_color=theme.TEXT_DIM, label_id=f"err_{name}",
                            margin=(0, theme.scale(10, self.size)))
        label.help_text = help_text or " "
        self.errors[name] = label

    def _rule_fields(self, m: Any, tab: str) -> None:
        from game.session.rules import RULE_FIELDS

        known = {g for g, _ in GROUPS}
        groups = {g for g, t in GROUPS if t == tab}
        if tab == "Game":  # a group added to the rules later still gets a home
            groups |= {f.group for f in RULE_FIELDS} - known
        for f in RULE_FIELDS:
            if f.group not in groups or f.name == "bots":
                continue
            self._field(m, f.name, f.label, f.kind, getattr(self.rules, f.name), f.choices,
                        f.help, self._set_rule)

    def _voice_fields(self, m: Any) -> None:
        from ..settings import SETTINGS

        for s in SETTINGS:
            if s.name == "chat_level":
                continue
            if s.name == "microphone":
                self._microphone_field(m, s)
                continue
            value = getattr(self.settings, s.name)
            self._field(m, s.name, s.label, type(value), value, s.choices, s.help,
                        self._set_setting)
        m.add.label(self._model_status(), font_size=theme.scale(15, self.size),
                    font_color=theme.TEXT_DIM, label_id="models")
        m.add.button("Test microphone (live level)", self._toggle_mic_test,
                     button_id="mic_test", font_size=theme.scale(17, self.size))
        self.meter = m.add.progress_bar("Level", default=0,
                                        progress_text_enabled=False,
                                        width=theme.scale(300, self.size),
                                        progressbar_id="mic_level")
        self.mic_label = m.add.label(self._mic_note(), font_size=theme.scale(14, self.size),
                                     font_color=theme.TEXT_DIM, label_id="mic_status")

    def _microphone_field(self, m: Any, s: Any) -> None:
        from ..mic_test import device_names

        names, note = device_names()
        current = self.settings.microphone
        choices = ["default", *names]
        if current not in choices:
            choices.append(current)
        m.add.selector(f"{s.label}  ", [(c[:40], c) for c in choices],
                       default=choices.index(current),
                       onchange=lambda _sel, v: self._set_setting("microphone", v),
                       selector_id="microphone", font_size=theme.scale(17, self.size))
        self._error_label(m, "microphone", note or s.help)

    def _mic_note(self) -> str:
        t = getattr(self, "mic_test", None)
        return t.message if t is not None else "press the button and speak: the bar moves"

    def _toggle_mic_test(self) -> None:
        from ..mic_test import MicTest

        t = getattr(self, "mic_test", None)
        if t is not None:
            t.stop()
            self.mic_test = None
        else:
            self.mic_test = MicTest(self.settings.microphone)

    def close(self) -> None:
        t = getattr(self, "mic_test", None)
        if t is not None:
            t.stop()

    def _model_status(self) -> str:
        """Which recognizer listens with the chosen setting, and why (a model missing or
        damaged is named here, not discovered mid-game)."""
        from voice.recognizers import explain_engine

        try:
            choice = explain_engine(self.settings.voice_engine)
        except ValueError as exc:
            return str(exc)
        who = choice.engine.capitalize() if choice.engine else "nobody (voice off)"
        return f"Listening: {who} — {choice.reason}"[:120]

    def _bot_fields(self, m: Any) -> None:
        from bots.personalities import LEVEL_NAMES, PERSONALITIES

        styles = [(f"{p.name} ({k})", k) for k, p in PERSONALITIES.items()]
        levels = [(lv, lv) for lv in LEVEL_NAMES]
        lineup = list(self.rules.bots)
        for i in range(max(1, self.rules.seats - 1)):
            style, _, level = (lineup[i] if i < len(lineup) else lineup[-1]).partition(":")
            level = level or "normal"
            keys = [k for _, k in styles]
            m.add.selector(f"Seat {i + 2}  ", styles, default=keys.index(style)
                           if style in keys else 0,
                           onchange=lambda _s, v, i=i: self._set_bot(i, style=v),
                           selector_id=f"bot{i}")
            m.add.selector("     level  ", levels, default=[k for _, k in levels].index(level)
                           if level in LEVEL_NAMES else 0,
                           onchange=lambda _s, v, i=i: self._set_bot(i, level=v),
                           selector_id=f"botlevel{i}")
        self._error_label(m, "bots")
        value = self.settings.chat_level
        m.add.range_slider("Chat level (silent .. chatty)", value, (0, 1, 2, 3, 4),
                           onchange=lambda v: self._set_setting("chat_level", int(v)),
                           rangeslider_id="chat_level")
        self._error_label(m, "chat_level")

    def _field(self, m: Any, name: str, label: str, kind: type, value: Any,
               choices: tuple[str, ...], help_text: str, setter: Any) -> None:
        import pygame_menu

        fs = theme.scale(17, self.size)
        if kind is bool:
            m.add.toggle_switch(f"{label}  ", bool(value), onchange=lambda v: setter(name, v),
                                toggleswitch_id=name, font_size=fs,
                                state_text=("off", "on"))
        elif choices:
            items = [(c, c) for c in choices]
            m.add.selector(f"{label}  ", items, default=list(choices).index(value)
                           if value in choices else 0,
                           onchange=lambda _s, v: setter(name, v), selector_id=name,
                           font_size=fs)
        elif kind in (int, float):
            m.add.text_input(
                f"{label}: ", default=_show(value), textinput_id=name, font_size=fs,
                input_type=pygame_menu.locals.INPUT_FLOAT if kind is float
                else pygame_menu.locals.INPUT_INT, maxchar=9,
                onchange=lambda text: self._set_number(setter, name, kind, text))
        else:
            m.add.text_input(f"{label}: ", default=str(value), textinput_id=name, font_size=fs,
                             onchange=lambda text: setter(name, text))
        self._error_label(m, name, help_text)

    # ----- changes --------------------------------------------------------------------
    def _show_error(self, name: str, message: str) -> None:
        label = self.errors.get(name)
        if label is None:
            return
        if message:
            label.update_font({"color": (245, 120, 110)})
            label.set_title("× " + message[:105])
        else:
            label.update_font({"color": theme.TEXT_DIM})
            label.set_title(getattr(label, "help_text", " "))

    def _set_number(self, setter: Any, name: str, kind: type, text: str) -> None:
        try:
            value = kind(text) if text not in ("", "-", ".") else None
        except ValueError:
            value = None
        if value is None:
            self._show_error(name, f"{name}: type a number")
            return
        setter(name, value)

    def set_rule(self, name: str, value: Any) -> str | None:
        """Change one house rule; returns the refusal message (also shown beside it)."""
        return self._set_rule(name, value)

    def _set_rule(self, name: str, value: Any) -> str | None:
        from game.session.errors import RulesError

        changes = {name: value}
        if name == "seats" and isinstance(value, int) and value >= 1:
            changes["bots"] = tuple(self.rules.bots[:value])  # fewer chairs, fewer bots
        try:
            self.rules = self.rules.replace(**changes)
        except (RulesError, ValueError, TypeError) as e:
            key = getattr(e, "key", "") or name
            key = key.split(".")[-1]
            self._show_error(key if key in self.errors else name, str(e))
            return str(e)
        self._show_error(name, "")
        self._sync_preset()
        return None

    def _set_setting(self, name: str, value: Any) -> str | None:
        from ..settings import SettingsError

        try:
            self.settings = self.settings.replace(**{name: value})
        except SettingsError as e:
            self._show_error(name, str(e))
            return str(e)
        self._show_error(name, "")
        return None

    def _set_bot(self, index: int, style: str | None = None, level: str | None = None) -> None:
        lineup = list(self.rules.bots)
        while len(lineup) <= index:
            lineup.append(lineup[-1] if lineup else "tag:normal")
        s, _, lv = lineup[index].partition(":")
        lineup[index] = f"{style or s}:{level or lv or 'normal'}"
        self._set_rule("bots", tuple(lineup))

    def _sync_preset(self) -> None:
        if self.menu is None:
            return
        try:
            w = self.menu.get_widget("preset")
        except Exception:  # noqa: BLE001
            return
        current = self.rules.preset_name() if hasattr(self.rules, "preset_name") else None
        names = list(self._presets())
        if w is not None:
            w.set_value(names.index(current) + 1 if current in names else 0)

    def _preset(self, _selected: Any, name: str) -> None:
        if not name or self._building:
            return
        self.rules = self._presets()[name]
        self.message = f"Preset “{name}” loaded."
        self._rebuild_later = True

    def _tab(self, _selected: Any, index: int) -> None:
        if self._building:
            return
        self.tab = index
        self._rebuild_later = True

    def _save(self) -> None:
        from game.session.rules import save_user_rules

        from ..settings import save_settings

        try:
            path = save_user_rules(self.rules)
            save_settings(self.settings, path.parent)
        except OSError as e:
            self.message = f"Could not save: {e}"
        else:
            self.message = f"Saved to {path.parent}"
            if self.launcher is not None:
                self.launcher.rules = self.rules
        if self.status is not None:
            self.status.set_title(self.message)

    def _back(self) -> None:
        self.close()
        if self.on_close is not None:
            self.on_close(self.settings)
        if self.launcher is not None:
            self.launcher.rules = self.rules
        self.done = True

    # ----- scene hooks ----------------------------------------------------------------
    _rebuild_later = False
    _building = False  #: the menu is being built: its selectors' changes are not the player's

    def handle(self, event: pygame.event.Event, now: float) -> None:
        if self.menu is None:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()
            return
        self.menu.update([event])
        if self._rebuild_later:
            self._rebuild_later = False
            self.build()

    def draw(self, surface: pygame.Surface, now: float) -> bool:
        if self.menu is None:
            self.resize(surface.get_size())
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 170))
        surface.blit(dim, (0, 0))
        t = getattr(self, "mic_test", None)
        if t is not None and getattr(self, "meter", None) is not None:
            try:
                self.meter.set_value(round(100 * t.level))
                self.mic_label.set_title(t.message[:90])
            except Exception:  # noqa: BLE001 - the widget is gone after a rebuild
                pass
        self.menu.draw(surface)
        return True


def _show(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
