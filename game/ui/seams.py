"""The window's typed seams: what ``game.ui`` uses of the session, the voice path and
the table scene, as Protocols.

Each Protocol names only what the window touches, so a reader sees the whole contract in
one place and mypy checks both sides: ``game.session.table.Table`` is a :class:`Session`,
``game.ui.listener_process.ListenerProcess`` a :class:`Listener`, ``Controller`` a
:class:`HumanSeat`, ``game.ui.talk.TableVoice`` a :class:`Narrator` and
``game.ui.scenes.table.TableScene`` a :class:`TableHost`.  Nothing here runs: the module
only imports types.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.engine.actions import Action, LegalActions
    from game.engine.hand import Hand
    from game.engine.view import PlayerView
    from game.session.clock import ClockState
    from game.session.rules import HouseRules
    from game.session.stats import SessionStats
    from game.session.table import Player

    from .controller import Controller
    from .table_view import TableRenderer


class Session(Protocol):
    """What the window uses of the session's ``Table`` (the one door to the chips)."""

    rules: HouseRules
    clock: Callable[[], float]
    players: list[Player | None]
    hand: Hand | None
    hand_number: int
    hand_seats: tuple[int, ...]
    level: int
    over: bool
    winner: int | None
    seed: int
    stats: SessionStats

    @property
    def to_act(self) -> int | None: ...
    def legal(self) -> LegalActions: ...
    def view(self, seat: int | None) -> PlayerView: ...
    def engine_seat(self, seat: int) -> int | None: ...
    def in_hand(self, seat: int) -> bool: ...
    def clock_left(self, now: float | None = None) -> ClockState | None: ...
    def start_hand(self) -> list[object]: ...
    def act(self, seat: int, action: Action) -> list[object]: ...
    def tick(self, now: float | None = None) -> list[object]: ...
    def rebuy(self, seat: int, amount: int) -> list[object]: ...
    def top_up(self, seat: int) -> list[object]: ...
    def sit_out(self, seat: int) -> list[object]: ...
    def sit_in(self, seat: int) -> list[object]: ...


class HumanSeat(Protocol):
    """What the voice link uses of the controller: the table, whose seat is the human's,
    what that seat may do now, and the door its actions go through."""

    @property
    def table(self) -> Session: ...
    @property
    def human(self) -> int | None: ...
    def human_legal(self) -> LegalActions | None: ...
    def submit(self, action: Action, now: float) -> str | None: ...


class Listener(Protocol):
    """What the voice link uses of the microphone listener (a child process in the game).

    ``poll`` returns ``voice.listener`` events: ``Heard``, ``MicStatus``, ``ListenerError``,
    ``ListenerReady``, ``SpeechBegan``.
    """

    @property
    def level(self) -> float: ...
    def poll(self) -> list[object]: ...
    def press(self) -> None: ...
    def release(self) -> None: ...
    def mute(self) -> None: ...
    def unmute(self) -> None: ...
    def expect_confirmation(self, pending: bool) -> None: ...
    def stop(self, timeout: float = ...) -> None: ...


class TableHost(Protocol):
    """What narration and sounds use of the table scene: the controller, where seats are
    drawn, and a speech bubble."""

    @property
    def c(self) -> Controller: ...
    @property
    def renderer(self) -> TableRenderer: ...
    def say(self, seat: int, line: str) -> None: ...


class Narrator(Protocol):
    """What the table scene uses of the spoken table (``game.ui.talk.TableVoice``)."""

    narration: bool
    bot_voices: bool
    #: the player is speaking: no new line starts
    hold: bool
    #: told of each line as it starts playing (path, time.monotonic(), gain), or None
    on_play: Callable[[str, float, float], None] | None

    @property
    def speaking(self) -> bool: ...
    @property
    def busy(self) -> bool: ...
    def say(self, text: str) -> None: ...
    def on_event(self, e: object, scene: TableHost) -> None: ...
    def your_turn(self, to_call: int, pot: int, can_check: bool) -> None: ...
    def set_chat_level(self, level: int) -> None: ...
    def pump(self) -> None: ...
    def barge_in(self) -> bool: ...
    def close(self) -> None: ...


__all__ = ["HumanSeat", "Listener", "Narrator", "Session", "TableHost"]
