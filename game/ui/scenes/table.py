"""The table scene: the felt, the human's action bar, the voice HUD, and the events that
animate, narrate and sound while the controller plays the session."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.events import (
    Acted,
    BoardDealt,
    ForcedBet,
    HandEnded,
    HoleDealt,
    PotAwarded,
    Shown,
)
from game.session.events import HandStarted

from .. import card_art, chips, layout, snapshot_builder, theme
from ..action_bar import ActionBar
from ..animation import Animator, Flight, Flip
from ..controller import Controller
from ..snapshot import TableSnap
from ..table_view import TableRenderer
from ..tracker import SeatMemory
from ..widgets import Button, draw_button, panel, text
from . import Scene

#: Seconds a speech bubble stays up at speed 1.
BUBBLE_SECONDS = 4.0

#: Said when the busted human asks for the next hand.
OUT_OF_CHIPS = "You are out of chips: say rebuy, or leave"


class TableScene(Scene):
    """Plays a session in the window: ``human`` is the human's table seat, or None to watch."""

    def __init__(
        self,
        controller: Controller,
        *,
        spectate: bool = False,
        hud: Any = None,
        narrator: Any = None,
        sounds: Any = None,
        looks: dict[int, Any] | None = None,
        on_finish_quit: bool = False,
    ) -> None:
        self.c = controller
        self.spectate = spectate
        self.memory = SeatMemory()
        self.renderer = TableRenderer()
        self.anim = Animator(controller.speed)
        self.bar = ActionBar()
        self.hud = hud
        self.narrator = narrator
        self.sounds = sounds
        self.looks = looks or {}
        self.on_finish_quit = on_finish_quit
        self.size = (0, 0)
        self.snap: TableSnap | None = None
        self.prev_snap: TableSnap | None = None
        self.now = 0.0
        self.menu: dict[str, Button] = {}
        self.menu_hover: str | None = None
        self.notice = ""
        self.history_hands: list[Any] = []
        self.chip_history: list[tuple[int, tuple[int, ...]]] = []
        self._was_my_turn = False
        self._last_signature: tuple[object, ...] | None = None
        self._last_surface: pygame.Surface | None = None
        self._last_heard = ""
        self._street_bets: dict[int, int] = {}  #: chips each seat put in on this street
        self._warm: Any = None
        self.late_narrator: Any = None  #: builds the narrator after the first frame
        self._narrator_ready: Any = None
        self._frames = 0
        controller.listeners.append(self.on_event)

    # ----- scene hooks ----------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self._last_signature = None  # draw the next frame in full
        if size == self.size and self.renderer.layout is not None:
            return  # a dialog closed: same window, nothing to lay out again
        self.size = size
        self._warm: Any = None  #: card faces still to draw ahead of time
        n = len(self.c.table.players)
        lay = layout.compute(size, n, human=self.c.human)
        self.renderer.set_layout(lay)
        self.bar.layout(pygame.Rect(lay.bar.as_tuple()), size)
        self.anim.clear()
        bw, bh = theme.scale(104, size), theme.scale(28, size)
        x = theme.scale(14, size)
        y = theme.scale(36, size)
        self.menu = {}
        for name, label in (("options", "Options O"), ("history", "History H"),
                            ("stats", "Stats S"), ("rebuy", "Rebuy B")):
            if name == "rebuy" and self.c.human is None:
                continue
            self.menu[name] = Button(name, label, pygame.Rect(x, y, bw, bh))
            x += bw + theme.scale(6, size)
        if self.hud is not None:
            self.hud.layout(pygame.Rect(lay.hud.as_tuple()), size)
            link = self.hud.link
            link.on_table_command = self.table_command
            if self.narrator is not None:
                link.speak = self.narrator.say

    def close(self) -> None:
        self.c.close()
        if self.narrator is not None:
            self.narrator.close()
        if self.hud is not None:
            self.hud.close()

    def handle(self, event: pygame.event.Event, now: float) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.menu_hover = next(
                (n for n, b in self.menu.items() if b.rect.collidepoint(event.pos)), None
            )
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, b in self.menu.items():
                if b.hit(event.pos):
                    self.open(name)
                    return
        if self.hud is not None and self.hud.handle(event, now):
            return
        if event.type == pygame.KEYDOWN and self.bar.typed is None:
            if event.key == pygame.K_p:
                self.c.set_paused(not self.c.paused)
                return
            opener = {
                pygame.K_o: "options",
                pygame.K_h: "history",
                pygame.K_s: "stats",
                pygame.K_b: "rebuy",
            }.get(event.key)
            if opener:
                self.open(opener)
                return
            if event.key == pygame.K_ESCAPE and self.bar.pending is None and not (
                    self.hud is not None and self.hud.help_open):
                from .leave import LeaveScene

                self.push = LeaveScene(self)
                return
        if self.c.human is not None:
            action = self.bar.handle(event, now)
            if action is not None:
                err = self.c.submit(action, now)
                if err:
                    self.bar.message = err
                    if self.narrator is not None:
                        self.narrator.say(err)
                elif self.hud is not None:
                    self.hud.link.acted_by_hand()

    def apply_settings(self, settings: Any) -> None:
        """Voice, sound and chat settings take effect at once (house rules next game)."""
        n = self.narrator
        if n is not None:
            n.narration = bool(settings.narration) and not self.spectate
            n.bot_voices = bool(settings.bot_voices)
            if hasattr(n, "set_chat_level"):
                n.set_chat_level(int(settings.chat_level))
        if self.sounds is not None:
            if settings.sounds and not self.sounds.bank:
                from ..sound import Sounds

                self.sounds = Sounds.start(mute=self.spectate)
            else:
                self.sounds.enabled = bool(settings.sounds) and bool(self.sounds.bank)

    def table_command(self, kind: Any) -> Any:
        """A spoken table command ("deal", "rebuy", "sit out", "pause", "options").

        Returns a ``CommandReply`` when the command has something of its own to say — the
        rebuy's result or any refusal — so the player hears it with their eyes closed.
        """
        from game.session.errors import SessionError
        from game.wording import DEAL_IN_HAND

        from ..voice_link import CommandReply

        name = getattr(kind, "value", str(kind))
        seat = self.c.human
        try:
            if name == "deal":
                if self.c.in_hand:
                    return CommandReply(DEAL_IN_HAND, refused=True)
                if seat is not None and self.c.human_busted:
                    return CommandReply(OUT_OF_CHIPS, refused=True)
                self.c.deal_soon()
            elif name in ("rebuy", "top_up"):
                return self.rebuy_by_voice(name)
            elif name == "sit_out" and seat is not None:
                self.c.emit(self.c.table.sit_out(seat))
            elif name == "back" and seat is not None:
                self.c.emit(self.c.table.sit_in(seat))
            elif name == "pause":
                self.c.set_paused(not self.c.paused)
            elif name == "options":
                self.open("options")
        except SessionError as e:
            self.notice = str(e)
            return CommandReply(str(e), refused=True)
        return None

    def rebuy_by_voice(self, name: str) -> Any:
        """"Rebuy" / "top up" said between hands: top up to the maximum buy-in through the
        session (which refuses mid-hand, at the maximum, or in a freeze-out, and says why:
        its ``SessionError`` is the refusal :meth:`table_command` says)."""
        from ..voice_link import CommandReply

        seat = self.c.human
        if seat is None:
            return CommandReply("you are watching: spectators do not rebuy", refused=True)
        p = self.c.table.players[seat]
        was_busted = p is not None and p.stack <= 0
        self.c.emit(self.c.table.top_up(seat))
        self.c.needs_rebuy = False
        dialog = getattr(self, "_rebuy_dialog", None)
        if dialog is not None:  # the dialog the spoken rebuy replaces
            dialog.done = True
            self._rebuy_dialog = None
        stack = self.c.table.players[seat].stack
        verb = "Rebought" if was_busted or name == "rebuy" else "Topped up"
        return CommandReply(f"{verb} to {stack:,}")

    def open(self, name: str) -> None:
        """Open a dialog scene over the table (imported lazily: fast start-up)."""
        if name == "options":
            from .options import OptionsScene

            self.push = OptionsScene(self.c.table.rules, in_game=True)
            self.push.on_close = self.apply_settings
        elif name == "history":
            from .history import HistoryScene

            self.push = HistoryScene(self.history_hands)
        elif name == "stats":
            from .stats import StatsScene

            self.push = StatsScene(self.c.table, self.chip_history, self.history_hands,
                                   self.looks)
        elif name == "rebuy" and self.c.human is not None:
            from .rebuy import RebuyScene

            self.push = self._rebuy_dialog = RebuyScene(self.c, self.c.human)
            if self.narrator is not None:
                self.push.speak = self.narrator.say  # its refusals are said, not only shown

    def update(self, now: float, dt: float) -> None:
        self.now = now
        if self.late_narrator is not None and self._frames >= 2:
            factory, self.late_narrator = self.late_narrator, None
            import threading

            def build() -> None:  # loads banter lines and a TTS engine off the frame
                import time as _time

                for attempt in range(5):
                    try:
                        self._narrator_ready = factory()
                        return
                    except RuntimeError as e:
                        # another thread importing the same package at this moment
                        # ("deadlock detected by _ModuleLock"): wait and try again
                        if "deadlock" not in str(e) or attempt == 4:
                            self.notice = f"speech unavailable: {e}"
                            return
                        _time.sleep(0.2)
                    except Exception as e:  # noqa: BLE001 - no narration: text and bubbles stay
                        self.notice = f"speech unavailable: {e}"
                        return

            threading.Thread(target=build, daemon=True, name="narrator-start").start()
        if self._narrator_ready is not None:
            self.narrator, self._narrator_ready = self._narrator_ready, None
            if self.hud is not None:
                self.hud.link.speak = self.narrator.say
        self.c.update(now)
        if (
            self.c.needs_rebuy
            and self.push is None
            and self.c.human is not None
            and not getattr(self, "_rebuy_open", False)
        ):
            self._rebuy_open = True
            self.open("rebuy")
        if not self.c.needs_rebuy:
            self._rebuy_open = False
        if self.c.finished and self.on_finish_quit:
            self.quit = True
        if self.narrator is not None and hasattr(self.narrator, "pump"):
            if self.hud is not None and hasattr(self.narrator, "hold"):
                self.narrator.hold = self.hud.link.player_speaking(now)
            self.narrator.pump()
            if self.hud is not None:
                self.hud.link.set_muted(self.narrator.speaking)
                self.hud.link.hold_confirmation(
                    getattr(self.narrator, "busy", self.narrator.speaking))
        if self.hud is not None:
            self.hud.update(now)
            heard = self.hud.link.state.heard
            if heard and heard != self._last_heard and self.c.human is not None:
                self.say(self.c.human, f"“{heard}”")
            self._last_heard = heard

    # ----- events ---------------------------------------------------------------------
    def on_event(self, e: object) -> None:
        if isinstance(e, HandStarted):
            self._street_bets.clear()
        self.memory.on_event(e)
        self._animate(e)
        if self.narrator is not None:
            self.narrator.on_event(e, self)
        if self.sounds is not None:
            self.sounds.on_event(e, self)
        if isinstance(e, HandEnded):
            self.chip_history.append((self.c.table.hand_number, tuple(e.stacks)))
            self._record_hand()

    def _record_hand(self) -> None:
        """Keep the finished hand for the history and stats screens (the last 50)."""
        from .history import RecordedHand

        t = self.c.table
        names = {s: p.name for s, p in enumerate(t.players) if p is not None}
        if self.c.human is not None:
            names[self.c.human] = "You"
        engine_names = [names.get(s, f"seat {s + 1}") for s in t.hand_seats]
        self.history_hands.append(RecordedHand(t.hand_number, list(self.c.events), names,
                                               self.c.human, t.hand, engine_names))
        del self.history_hands[:-50]

    def _animate(self, e: object) -> None:
        lay = self.renderer.layout
        if lay is None:
            return
        now = self.now
        a = self.anim
        size = lay.size
        if isinstance(e, (ForcedBet, Acted)):
            paid = e.amount if isinstance(e, ForcedBet) else e.paid
            if paid > 0:
                self._street_bets[e.seat] = self._street_bets.get(e.seat, 0) + paid
        if isinstance(e, (BoardDealt, PotAwarded)) and self._street_bets:
            for seat, amount in self._street_bets.items():  # the street's bets are gathered
                sp = self.renderer.spot(seat)
                if amount > 0 and sp is not None:
                    img = chips.stack(amount, theme.scale(10, size))
                    a.add(Flight(img, sp.bet, lay.pot, now, a.duration(0.3)))
            self._street_bets.clear()
            now += a.duration(0.3)  # the pot goes to the winner after it is gathered
        if isinstance(e, HoleDealt):
            sp = self.renderer.spot(e.seat)
            if sp is None:
                return
            human = e.seat == self.c.human
            dst = self.renderer.cards_centre(sp, human)
            img = card_art.back(self.renderer.card_width(human))
            order = self._deal_order(e.seat)
            a.add(
                Flight(
                    img,
                    lay.board,
                    dst,
                    now + a.duration(0.06) * order,
                    a.duration(0.28),
                    key=f"hole{e.seat}",
                )
            )
        elif isinstance(e, BoardDealt):
            snap_board = self.c.table.hand.board if self.c.table.hand else ()
            first = len(snap_board) - len(e.cards)
            for i, card in enumerate(e.cards):
                slot = first + i
                pos = self.renderer.board_slot(slot)
                w = lay.card_w
                a.add(
                    Flip(
                        lambda p, c=card, w=w: card_art.flipped(c, w, p),
                        pos,
                        now + a.duration(0.12) * i,
                        a.duration(0.32),
                        key=f"board{slot}",
                    )
                )
        elif isinstance(e, Acted) and e.paid > 0:
            sp = self.renderer.spot(e.seat)
            if sp is not None:
                img = chips.stack(e.paid, theme.scale(10, size))
                a.add(Flight(img, sp.plate, sp.bet, now, a.duration(0.25)))
        elif isinstance(e, Shown) and e.seat != self.c.human and not self.spectate:
            sp = self.renderer.spot(e.seat)
            if sp is not None:
                cw = self.renderer.card_width(False)
                cx, cy = self.renderer.cards_centre(sp, False)
                overlap = int(cw * 0.62)
                for i, card in enumerate(e.cards):
                    x = int(cx + (i - (len(e.cards) - 1) / 2) * overlap)
                    a.add(Flip(lambda p, c=card, w=cw: card_art.flipped(c, w, p), (x, cy),
                               now + a.duration(0.1) * i, a.duration(0.35),
                               key=f"hole{e.seat}"))
        elif isinstance(e, PotAwarded):
            for w, share in zip(e.winners, e.shares, strict=False):
                sp = self.renderer.spot(w)
                if sp is not None and share > 0:
                    img = chips.stack(share, theme.scale(11, size))
                    a.add(
                        Flight(
                            img,
                            lay.pot,
                            sp.plate,
                            now + a.duration(0.35) * e.index,
                            a.duration(0.6),
                        )
                    )

    def _deal_order(self, seat: int) -> int:
        seats = self.c.table.hand_seats
        return seats.index(seat) if seat in seats else 0

    def say(self, seat: int, line: str) -> None:
        """Show a speech bubble for ``seat`` (bots' banter, the human's recognised phrase)."""
        self.renderer.bubbles[seat] = (line, self.now + BUBBLE_SECONDS / max(0.5, self.c.speed))

    # ----- drawing --------------------------------------------------------------------
    def build_snapshot(self, now: float) -> TableSnap:
        notice = self.c.message or self.notice
        return snapshot_builder.build(
            self.c.table,
            self.c.human,
            self.memory,
            spectate=self.spectate,
            now=now,
            looks=self.looks,
            notice=notice,
        )

    def signature(self, snap: TableSnap, now: float) -> tuple[object, ...] | None:
        """Everything a frame shows; equal signatures draw identical frames (None: unsure)."""
        if self.anim.active(now):
            return None
        bar = self.bar
        hud = self.hud.signature() if self.hud is not None else None
        return (
            snap,
            snap.extra.get("collected"),
            tuple(sorted(self.renderer.bubbles.items())),
            bar.amount,
            bar.typed,
            bar.pending,
            bar.message,
            bar.hover,
            self.menu_hover,
            hud,
            self.c.finished,
            self.c.hands_done,
            self.size,
            self.c.paused,
        )

    def draw(self, surface: pygame.Surface, now: float) -> bool | None:
        self._frames += 1
        self.prev_snap = self.snap
        snap = self.build_snapshot(now)
        self.snap = snap
        my_turn = snap.legal is not None
        self.bar.set_legal(snap.legal, now)
        if my_turn and not self._was_my_turn:
            if self.sounds is not None:
                self.sounds.your_turn()
            if self.narrator is not None and snap.legal is not None:
                self.narrator.your_turn(snap.legal.to_call, snap.legal.pot,
                                        snap.legal.can_check)
        self._was_my_turn = my_turn
        sig = self.signature(snap, now)
        if self.covered:
            sig = None
        if sig is not None and sig == self._last_signature and surface is self._last_surface:
            self._warm_up(now)
            return False
        self._last_signature = sig
        self._last_surface = surface
        self.renderer.draw(surface, snap, self.anim, now)
        size = surface.get_size()
        if self.c.human is not None:
            self.bar.draw(surface)
            if snap.legal is None:
                self._bar_status(surface, snap)
        else:
            self._spectator_bar(surface, snap)
        for name, b in self.menu.items():
            draw_button(
                surface, b, hover=(name == self.menu_hover), font_size=theme.scale(15, size)
            )
        if self.hud is not None:
            self.hud.draw(surface, now)
        if self.c.paused:
            r = pygame.Rect(0, 0, theme.scale(420, size), theme.scale(70, size))
            r.center = (size[0] // 2, size[1] // 2 - theme.scale(40, size))
            panel(surface, r, alpha=230, edge=theme.GOLD, radius=theme.scale(14, size))
            text(surface, "Paused — P (or “pause”) resumes", r.center, theme.scale(20, size),
                 theme.GOLD, bold=True, anchor="center")
        return True

    def _warm_up(self, now: float, budget: float = 0.004) -> None:
        """On idle frames, draw card faces before they are needed.

        The first time a glyph is drawn at a size costs milliseconds (FreeType), so a flop
        of three unseen cards could cost a frame; this spends a few idle milliseconds at a
        time to have all 52 faces ready at the table's sizes.
        """
        import time as _time

        if self._warm is None:
            lay = self.renderer.layout
            if lay is None:
                return
            widths = {lay.card_w, self.renderer.card_width(True), self.renderer.card_width(False)}
            from game.engine.cards import DECK

            self._warm = iter([(c, w) for w in sorted(widths) for c in DECK])
        end = _time.perf_counter() + budget
        for card, width in self._warm:
            card_art.face(card, width)
            if _time.perf_counter() > end:
                return

    def _bar_status(self, surface: pygame.Surface, snap: TableSnap) -> None:
        """Over the disabled bar: whose turn it is, or the next deal."""
        size = surface.get_size()
        lay = self.renderer.layout
        assert lay is not None
        if snap.actor is not None:
            who = next((s.name for s in snap.seats if s.seat == snap.actor), "")
            msg = f"{who} is thinking…"
        elif self.c.finished:
            t = self.c.table
            winner = getattr(t, "winner", None)
            if winner is not None and t.players[winner] is not None:
                msg = f"{t.players[winner].name} has every chip: the tournament is over"
            else:
                msg = self.c.message or "The session is over"
        else:
            msg = "Next hand coming up…"
        r = pygame.Rect(0, 0, theme.scale(360, size), theme.scale(34, size))
        r.midbottom = (size[0] // 2, lay.bar.y - theme.scale(8, size))
        panel(surface, r, alpha=170, radius=r.h // 2)
        text(
            surface,
            msg,
            r.center,
            theme.scale(17, size),
            theme.TEXT_DIM,
            anchor="center",
            shadow=False,
        )

    def _spectator_bar(self, surface: pygame.Surface, snap: TableSnap) -> None:
        size = surface.get_size()
        lay = self.renderer.layout
        assert lay is not None
        bar = pygame.Rect(lay.bar.as_tuple())
        panel(surface, bar, alpha=235, radius=0)
        hands = f"hand {self.c.hands_done + (1 if self.c.in_hand else 0)}"
        if self.c.hands_limit:
            hands += f" of {self.c.hands_limit}"
        msg = (f"Spectating the bots — every hand face up · {hands} · "
               f"speed ×{self.c.speed:g} · Esc leaves")
        text(surface, msg, bar.center, theme.scale(19, size), theme.TEXT, anchor="center")
