"""Crash recovery: rebuild a table by replaying its journal through the engine
(docs/RULES.md §6.8).

Nothing is restored from a snapshot: the journal's commands are obeyed again, in order,
by a fresh :class:`~game.session.table.Table` with the same rules, seating and seed, so
every stack, rebuy, sit-out counter, blind level, statistic and the hand in progress come
back exactly as they were — and each journaled action is re-validated by ``Hand.apply``
on the way.  The ledger's chip check runs at the end: no chip created or lost.

A process killed between applying an action and journaling it simply never made that
action; a seeded player (a bot drawing from the seed, hand and decision number) makes it
again on resume, so a killed-and-resumed session ends exactly as an uninterrupted one.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from game.engine.actions import Action, ActionKind
from game.engine.errors import EngineError

from .errors import JournalError, NoHandError, SessionError
from .history import HistoryFile
from .journal import Command, HandRecord, Journal
from .table import Table


class _Repair:
    """Stands in for the journal during replay: writes only rows a crash left out."""

    def __init__(self, journal: Journal, hands: dict[int, HandRecord]) -> None:
        self.journal = journal
        self.hands = hands

    def hand_started(self, number: int, button: int, seats: Sequence[int],
                     stacks: Sequence[int], deck: Sequence[str], level: int) -> None:
        rec = self.hands.get(number)
        if rec is None:
            self.journal.hand_started(number, button, seats, stacks, deck, level)
        elif rec.deck != tuple(deck) or rec.stacks != tuple(stacks):
            raise JournalError(f"hand {number} replays with another deck or stacks than "
                               f"journaled: the journal belongs to another game version")

    def hand_ended(self, number: int, stacks: Sequence[int]) -> None:
        rec = self.hands.get(number)
        if rec is None or rec.stacks_end is None:
            self.journal._hand = number
            self.journal.hand_ended(number, stacks)
        elif rec.stacks_end != tuple(stacks):
            raise JournalError(f"hand {number} replays to stacks {list(stacks)}, the journal "
                               f"says {list(rec.stacks_end)}")

    def save_snapshot(self, hand: int, data: dict[str, Any]) -> None:
        """Snapshots are written by a live table only: one written here could stand for
        hands whose PHH this replay (perhaps without a history file) never wrote."""

    command_id = 0

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def log(self, *_: Any) -> None:
        pass

    def log_action(self, *_: Any) -> None:
        pass


def _obey(table: Table, c: Command, hands: dict[int, HandRecord]) -> list[Any]:
    k = c.kind
    if k == "act":
        return table.act(c.seat, Action(ActionKind(c.action), c.amount or 0))  # type: ignore[arg-type]
    if k == "start":
        try:
            rec = hands.get(table.hand_number + 1)
            return table._start_hand(float((c.data or {}).get("elapsed", 0.0)),
                                     rec.deck if rec is not None else None)
        except NoHandError:
            return []  # it failed the same way when it was journaled
    if k == "rebuy":
        return table.rebuy(c.seat, int((c.data or {})["amount"]))  # type: ignore[arg-type]
    if k == "top_up":
        return table.top_up(c.seat)  # type: ignore[arg-type]
    if k == "sit_out":
        return table.sit_out(c.seat)  # type: ignore[arg-type]
    if k == "sit_in":
        return table.sit_in(c.seat)  # type: ignore[arg-type]
    if k == "leave":
        return table.leave(c.seat)  # type: ignore[arg-type]
    if k == "auto_rebuy":
        d = c.data or {}
        table.set_auto_rebuy(c.seat, bool(d["on"]), d.get("below_bb"))  # type: ignore[arg-type]
        return []
    if k == "join":
        from .table import SeatSpec

        return table.join(c.seat, SeatSpec.from_dict(c.data or {}))  # type: ignore[arg-type]
    raise JournalError(f"journal entry {c.id} has an unknown kind {k!r}")


def resume(
    journal: Journal,
    *,
    clock: Callable[[], float] = time.monotonic,
    history: str | os.PathLike[str] | None = None,
    listener: Callable[[list[Any]], None] | None = None,
    full: bool = False,
) -> Table:
    """The journaled session's table, exactly as it stood, with the journal attached.

    ``history``: the session's PHH file; hands a crash kept out of it are appended.
    ``listener`` gets the events of every replayed command (bots rebuild their memory);
    it implies ``full``.  ``full`` replays from the first command; otherwise the replay
    starts from the journal's newest snapshot (the table between hands, every
    ``SNAPSHOT_EVERY`` hands), which gives the same table in a fraction of the time.
    """
    rec = journal.session()
    table = Table(rec.rules, list(rec.seats), seed=rec.seed, journal=None, clock=clock,
                  history=history)
    done: set[int] = set()
    if history is not None:
        done = HistoryFile(history).tidy()
        table.history_done = done
    start_id = 0
    snap = None if (full or listener is not None) else journal.latest_snapshot()
    if snap is not None and history is not None and \
            not set(range(1, snap[1]["hand_number"] + 1)) <= done:
        snap = None  # hands before the snapshot are missing from the PHH file: replay all
    if snap is not None:
        start_id, data = snap
        table.restore(data)
    hands = journal.hands(after=table.hand_number)
    repair = _Repair(journal, hands)
    table.journal = repair  # type: ignore[assignment]
    elapsed = table.last_elapsed
    for c in journal.commands_after(start_id):
        repair.command_id = c.id
        if c.kind == "start":
            elapsed = float((c.data or {}).get("elapsed", 0.0))
        try:
            events = _obey(table, c, hands)
        except (EngineError, SessionError) as e:
            if isinstance(e, JournalError):
                raise
            what = c.kind if c.action is None else f"{c.action} {c.amount or ''}".strip()
            raise JournalError(f"journal entry {c.id} (hand {c.hand}, seat {c.seat}, {what}) "
                               f"does not replay: {e}") from None
        if listener is not None:
            listener(events)
    if history is not None:
        # Hands the replay appended go back in order; a hand already in the file whose last
        # action the crash kept out of the journal is not written twice when it ends again.
        done = HistoryFile(history).tidy()
    table._elapsed_base = elapsed
    table._t0 = clock()
    table.history_done = done
    table.journal = journal
    journal._hand = table.hand_number
    table.check_chips()
    return table
