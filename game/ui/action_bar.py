"""The human's action bar: Fold, Check/Call, Bet/Raise with slider, amount box, presets.

Every button's enabled state is read from the engine's :class:`LegalActions` and nothing
else, and every action it emits is built from those same numbers, so the bar can never
offer what the engine would refuse.  Mouse and keyboard meet here:

- F fold, C check/call, R raise (then type digits), A all-in (then Enter), arrows and the
  mouse wheel move the amount by a big blind, Enter confirms, Esc cancels.
- A call that costs half the stack or more, an all-in from the keyboard, and a fold when
  checking is free all ask for a second press: players misclick after a big raise.
- Clicks in the first moments after the bar lights up are ignored, so a click meant for
  the previous dialog does not act on a fresh decision.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.actions import Action, LegalActions

from . import betting, theme
from .widgets import Button, draw_button, panel, text

#: Seconds after the bar lights up during which clicks are ignored.
CLICK_DELAY = 0.25


@dataclass
class Pending:
    """An action waiting for a second press (Enter or a second click)."""

    action: Action
    message: str
    button: str  #: the button that confirms it with a click


class ActionBar:
    """State and drawing of the bar; ``handle`` turns an input event into an Action."""

    def __init__(self, call_guard_threshold: float = 0.5) -> None:
        self.legal: LegalActions | None = None
        self.amount = 0
        self.typed: str | None = None  #: digits typed after R; None when not typing
        self.pending: Pending | None = None
        self.message = ""
        self.active_since = 0.0
        self.guard_threshold = call_guard_threshold
        self.buttons: dict[str, Button] = {}
        self.slider = pygame.Rect(0, 0, 0, 0)
        self.amount_box = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self.hover: str | None = None

    # ----- state ---------------------------------------------------------------------
    def set_legal(self, legal: LegalActions | None, now: float) -> None:
        """Show a new decision (or none); resets amount, typing and guards."""
        if legal == self.legal:
            return
        self.legal = legal
        self.typed = None
        self.pending = None
        self.message = ""
        self.dragging = False
        self.active_since = now
        if legal is not None and betting.can_size(legal):
            self.amount = betting.sizing_range(legal)[0]
        else:
            self.amount = 0
        self._refresh_buttons()

    def enabled(self) -> dict[str, bool]:
        """Name -> enabled, straight from the legal actions (used by tests and drawing)."""
        la = self.legal
        if la is None:
            return {name: False for name in self.buttons}
        sizing = betting.can_size(la)
        out = {
            "fold": la.can_fold,
            "call": la.can_check or la.can_call,
            "raise": sizing,
            "allin": la.can_all_in,
        }
        for i in range(len(betting.PRESETS)):
            out[f"preset{i}"] = sizing
        return out

    def _refresh_buttons(self) -> None:
        la = self.legal
        en = self.enabled() if self.buttons else {}
        for name, b in self.buttons.items():
            b.enabled = en.get(name, False)
        if la is None:
            return
        call = self.buttons.get("call")
        if call:
            call.label = "Check" if la.can_check else f"Call {la.to_call}"
        rb = self.buttons.get("raise")
        if rb:
            if betting.can_size(la):
                act = betting.sizing_action(la, self.amount)
                rb.label = betting.describe(act, la)
            else:
                rb.label = ("Bet" if la.can_bet or not la.facing_bet
                            else "Complete" if la.completion else "Raise")
        ab = self.buttons.get("allin")
        if ab:
            ab.label = f"All-in {la.all_in_to}" if la.can_all_in else "All-in"

    # ----- layout & drawing ----------------------------------------------------------
    def layout(self, rect: pygame.Rect, window: tuple[int, int]) -> None:
        """Place the buttons inside ``rect`` (the bottom strip of the window)."""
        self.rect = rect
        pad = theme.scale(10, window)
        h = rect.h - 2 * pad
        big_w = theme.scale(150, window)
        x = rect.x + pad
        y = rect.y + pad
        names = [
            ("fold", "Fold", theme.FOLD_RED, "F"),
            ("call", "Check", theme.CALL_BLUE, "C"),
            ("raise", "Raise", theme.RAISE_GREEN, "R"),
        ]
        old = self.buttons
        self.buttons = {}
        for name, label, colour, key in names:
            self.buttons[name] = Button(
                name,
                old[name].label if name in old else label,
                pygame.Rect(x, y, big_w, h),
                colour,
                hotkey=key,
            )
            x += big_w + pad
        # sizing area: presets on top, slider + amount box below
        right = rect.right - pad - theme.scale(130, window)
        area = pygame.Rect(x, y, max(60, right - x - pad), h)
        pw = (area.w - pad * (len(betting.PRESETS) - 1)) // len(betting.PRESETS)
        ph = h // 2 - pad // 4
        for i, (label, _) in enumerate(betting.PRESETS):
            if i == len(betting.PRESETS) - 1:
                continue
            self.buttons[f"preset{i}"] = Button(
                f"preset{i}", label, pygame.Rect(area.x + i * (pw + pad), y, pw, ph)
            )
        box_w = theme.scale(100, window)
        self.slider = pygame.Rect(
            area.x, y + ph + pad // 2, area.w - box_w - pad, h - ph - pad // 2
        )
        self.amount_box = pygame.Rect(self.slider.right + pad, self.slider.y, box_w, self.slider.h)
        last = len(betting.PRESETS) - 1
        self.buttons[f"preset{last}"] = Button(
            f"preset{last}",
            betting.PRESETS[last][0],
            pygame.Rect(area.x + last * (pw + pad), y, pw, ph),
        )
        self.buttons["allin"] = Button(
            "allin",
            old["allin"].label if "allin" in old else "All-in",
            pygame.Rect(right, y, rect.right - pad - right, h),
            theme.ALLIN_ORANGE,
            hotkey="A",
        )
        self._refresh_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        window = surface.get_size()
        panel(surface, self.rect, alpha=235, radius=0)
        fs = theme.scale(20, window)
        armed = self.pending.button if self.pending else None
        for name, b in self.buttons.items():
            draw_button(
                surface,
                b,
                hover=(name == self.hover),
                armed=(name == armed),
                font_size=fs if not name.startswith("preset") else theme.scale(16, window),
            )
        la = self.legal
        sizing = la is not None and betting.can_size(la)
        # slider
        track = self.slider.inflate(
            -theme.scale(16, window), -self.slider.h + theme.scale(6, window)
        )
        pygame.draw.rect(
            surface, (60, 70, 86) if sizing else theme.BUTTON_DISABLED, track, border_radius=3
        )
        if sizing and la is not None:
            frac = self._fraction(la)
            fill = track.copy()
            fill.w = int(track.w * frac)
            pygame.draw.rect(surface, theme.RAISE_GREEN, fill, border_radius=3)
            knob = (track.x + int(track.w * frac), track.centery)
            pygame.draw.circle(
                surface, (10, 10, 10), (knob[0] + 1, knob[1] + 2), self.slider.h // 3
            )
            pygame.draw.circle(surface, theme.GOLD, knob, self.slider.h // 3)
            pygame.draw.circle(surface, (120, 90, 20), knob, self.slider.h // 3, 2)
        # amount box
        pygame.draw.rect(surface, (12, 14, 20), self.amount_box, border_radius=6)
        edge = theme.HIGHLIGHT if self.typed is not None else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.amount_box, width=2, border_radius=6)
        shown = (
            self.typed + "▌" if self.typed is not None else (str(self.amount) if sizing else "—")
        )
        text(
            surface,
            shown,
            self.amount_box.center,
            theme.scale(20, window),
            theme.TEXT,
            bold=True,
            anchor="center",
            shadow=False,
        )
        msg = self.pending.message if self.pending else self.message
        if msg:
            r = text(
                surface,
                msg,
                (self.rect.centerx, self.rect.y - theme.scale(6, window)),
                theme.scale(18, window),
                theme.HIGHLIGHT,
                bold=True,
                anchor="midbottom",
            )
            del r

    def _fraction(self, la: LegalActions) -> float:
        lo, hi = betting.sizing_range(la)
        return 0.0 if hi <= lo else (self.amount - lo) / (hi - lo)

    # ----- input ---------------------------------------------------------------------
    def set_amount(self, amount: int) -> None:
        if self.legal is None or not betting.can_size(self.legal):
            return
        self.amount = betting.clamp(self.legal, amount)
        self._refresh_buttons()

    def nudge(self, notches: int) -> None:
        """Arrow keys and the wheel: move the amount by big blinds."""
        if self.legal is None:
            return
        self.typed = None
        self.set_amount(self.amount + notches * betting.step(self.legal))

    def handle(self, event: pygame.event.Event, now: float) -> Action | None:
        """Feed one pygame event; returns the Action to send to the session, if any."""
        la = self.legal
        if event.type == pygame.MOUSEMOTION:
            self.hover = next(
                (n for n, b in self.buttons.items() if b.rect.collidepoint(event.pos)), None
            )
            if self.dragging and la is not None:
                self._drag_to(event.pos[0])
            return None
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
            return None
        if la is None:
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.nudge(1 if event.y > 0 else -1 if event.y < 0 else 0)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if now - self.active_since < CLICK_DELAY:
                return None
            if self.slider.collidepoint(event.pos) and betting.can_size(la):
                self.dragging = True
                self.typed = None
                self._drag_to(event.pos[0])
                return None
            if self.amount_box.collidepoint(event.pos) and betting.can_size(la):
                self.typed = ""
                return None
            for name, b in self.buttons.items():
                if b.hit(event.pos):
                    return self.press(name, now, by_mouse=True)
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event, now)
        return None

    def _drag_to(self, x: int) -> None:
        la = self.legal
        if la is None or not betting.can_size(la):
            return
        lo, hi = betting.sizing_range(la)
        track = self.slider.inflate(-16, 0)
        frac = 0.0 if track.w <= 0 else min(1.0, max(0.0, (x - track.x) / track.w))
        raw = lo + frac * (hi - lo)
        st = betting.step(la)
        amount = int(round(raw / st) * st) if 0 < frac < 1 else int(raw)
        self.set_amount(amount)

    def press(self, name: str, now: float, by_mouse: bool = False) -> Action | None:
        """Press a button by name (mouse, hotkey, or a test)."""
        la = self.legal
        b = self.buttons.get(name)
        if la is None or (b is not None and not b.enabled):
            return None
        if self.pending and self.pending.button == name:
            return self._emit(self.pending.action)
        self.pending = None
        if name == "fold":
            if la.can_check:
                self.pending = Pending(
                    Action.fold(), "Fold when you can check for free? Press again to fold", "fold"
                )
                return None
            return self._emit(Action.fold())
        if name == "call":
            guard = betting.call_guard(la, self.guard_threshold)
            act = betting.call_action(la)
            if guard is not None:
                self.pending = Pending(act, guard.message, "call")
                return None
            return self._emit(act)
        if name == "raise":
            if betting.can_size(la):
                return self._emit(betting.sizing_action(la, self.amount))
            return None
        if name == "allin":
            if by_mouse:
                return self._emit(Action.all_in())
            self.pending = Pending(
                Action.all_in(),
                f"All-in for {la.all_in_to}? Enter to confirm, Esc to cancel",
                "allin",
            )
            return None
        if name.startswith("preset"):
            _, frac = betting.PRESETS[int(name[6:])]
            self.typed = None
            self.set_amount(betting.preset_amount(la, frac))
            return None
        return None

    def _emit(self, action: Action) -> Action | None:
        la = self.legal
        if la is None or not la.allows(action):
            self.message = (la and la.why_not(action)) or f"{action} is not legal now"
            return None
        self.pending = None
        self.typed = None
        self.message = ""
        return action

    def _key(self, event: pygame.event.Event, now: float) -> Action | None:
        la = self.legal
        assert la is not None
        key = event.key
        if self.typed is not None:
            if event.unicode and event.unicode.isdigit():
                self.typed = (self.typed + event.unicode)[:9]
                return None
            if key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                return None
        if key == pygame.K_ESCAPE:
            self.pending = None
            self.typed = None
            self.message = ""
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.pending:
                return self._emit(self.pending.action)
            if self.typed is not None:
                return self._submit_typed(la)
            return None
        if key == pygame.K_f:
            return self.press("fold", now)
        if key == pygame.K_c:
            return self.press("call", now)
        if key == pygame.K_r:
            if betting.can_size(la):
                self.pending = None
                self.typed = ""
                self.message = "Type the amount to make it, Enter to confirm, Esc to cancel"
            return None
        if key == pygame.K_a:
            return self.press("allin", now)
        if key in (pygame.K_UP, pygame.K_RIGHT):
            self.nudge(1)
        elif key in (pygame.K_DOWN, pygame.K_LEFT):
            self.nudge(-1)
        return None

    def _submit_typed(self, la: LegalActions) -> Action | None:
        if not self.typed:
            self.typed = None
            return None
        value = int(self.typed)
        lo, hi = betting.sizing_range(la)
        if value < lo:
            typed = Action.bet(value) if la.can_bet else Action.raise_to(value)
            self.message = f"{la.why_not(typed) or 'below the minimum'}; you typed {value}"
            self.typed = ""
            return None
        if value > hi:
            self.message = f"The most you can make it is {hi}; you typed {value}"
            self.typed = ""
            return None
        self.set_amount(value)
        self.typed = None
        return self._emit(betting.sizing_action(la, value))
