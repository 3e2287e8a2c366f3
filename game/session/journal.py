"""The session journal: SQLite in WAL mode, one row per command, committed as it happens.

An audit trail the table can be rebuilt from (docs/RULES.md §6.8): the journal is exactly
the list of commands the table obeyed — seating, rules and seed once, then every
``start`` (with the session clock), ``act``, ``rebuy``, ``top_up``, ``sit_out``,
``sit_in``, ``leave``, ``join`` — each with a wall-clock timestamp.  Replaying them through
a fresh table (:mod:`game.session.recovery`) rebuilds every stack and the hand in
progress exactly, because the table is deterministic given its seed: the deck of hand N is
drawn from (seed, N) and is also stored per hand (``hands`` table) as a check.

Each command is its own transaction (autocommit; a hand's start shares one with the
hand's row, and a hand's last action one with the hand's end and snapshot), so a process
killed at any instant leaves a journal that ends at a command boundary; WAL with
``synchronous=NORMAL`` keeps a commit safe from a process crash (only an OS crash or power
loss may drop the last commits, never corrupt the file).

Schema (version 1)::

    meta(key PRIMARY KEY, value)        schema, rules (TOML), seats (JSON), seed, created
    log(id, ts, hand, kind, seat, action, amount, data)
    hands(number PRIMARY KEY, button, seats, stacks, deck, level, started, stacks_end, ended)
    snapshots(hand PRIMARY KEY, log_id, data)   the table between hands every 200 hands;
                                                a resume replays only what follows
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import JournalError
from .rules import HouseRules

if TYPE_CHECKING:
    from .table import SeatSpec

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log (
    id INTEGER PRIMARY KEY,
    ts REAL NOT NULL,
    hand INTEGER NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER,
    action TEXT,
    amount INTEGER,
    data TEXT
);
CREATE TABLE IF NOT EXISTS snapshots (
    hand INTEGER PRIMARY KEY,
    log_id INTEGER NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS hands (
    number INTEGER PRIMARY KEY,
    button INTEGER NOT NULL,
    seats TEXT NOT NULL,
    stacks TEXT NOT NULL,
    deck TEXT NOT NULL,
    level INTEGER NOT NULL,
    started REAL NOT NULL,
    stacks_end TEXT,
    ended REAL
);
"""


@dataclass(frozen=True)
class SessionRecord:
    rules: HouseRules
    seats: tuple[SeatSpec | None, ...]
    seed: int
    created: float


@dataclass(frozen=True)
class Command:
    id: int
    ts: float
    hand: int
    kind: str
    seat: int | None
    action: str | None
    amount: int | None
    data: dict[str, Any] | None


@dataclass(frozen=True)
class HandRecord:
    number: int
    button: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    deck: tuple[str, ...]
    level: int
    stacks_end: tuple[int, ...] | None


class Journal:
    """One session's journal in one SQLite file."""

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        self.conn = conn
        self.path = path
        self._hand = 0
        self.last_id = 0  #: id of the last command row written
        self._insert = "INSERT INTO log (ts, hand, kind, seat, action, amount, data) " \
                       "VALUES (?, ?, ?, ?, ?, ?, ?)"

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Journal:
        """Open (or create) a journal; refuses a file that is not one."""
        p = str(path)
        parent = Path(p).parent
        if not parent.is_dir():
            raise JournalError(f"cannot open journal {p}: the folder {parent} does not exist")
        try:
            conn = sqlite3.connect(p, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.executescript(_SCHEMA)
            row = conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        except sqlite3.DatabaseError as e:
            raise JournalError(f"{p} is not a session journal (SQLite says: {e})") from None
        if row is not None and int(row[0]) != SCHEMA_VERSION:
            raise JournalError(f"{p} is a journal of schema {row[0]}; this game reads "
                               f"schema {SCHEMA_VERSION}")
        j = cls(conn, p)
        last = conn.execute("SELECT MAX(number) FROM hands").fetchone()[0]
        j._hand = last or 0
        j.last_id = conn.execute("SELECT MAX(id) FROM log").fetchone()[0] or 0
        return j

    def close(self) -> None:
        self.conn.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Several commands committed together (a hand's start and its row; a hand's last
        action, its end and a snapshot).  Committed even when the caller raises: what was
        journaled happened (a refused start replays as refused)."""
        if self.conn.in_transaction:
            yield
            return
        self.conn.execute("BEGIN")
        try:
            yield
        finally:
            self.conn.execute("COMMIT")

    # ------------------------------------------------------------------ session
    def has_session(self) -> bool:
        return self._meta("seed") is not None

    def _meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else row[0]

    def begin_session(self, rules: HouseRules, seats: Sequence[SeatSpec | None],
                      seed: int) -> None:
        """Record the table a new session starts with (rules, seating, seed)."""
        if self.has_session():
            raise JournalError(f"{self.path} already holds a session: resume it "
                               "(game.session.recovery.resume) or use a new file")
        rows = [
            ("schema", str(SCHEMA_VERSION)),
            ("rules", rules.to_toml()),
            ("seats", json.dumps([None if s is None else s.to_dict() for s in seats])),
            ("seed", str(seed)),
            ("created", repr(time.time())),
        ]
        with self.conn:
            self.conn.execute("BEGIN")
            self.conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", rows)

    def session(self) -> SessionRecord:
        from .table import SeatSpec

        seed = self._meta("seed")
        if seed is None:
            raise JournalError(f"{self.path} holds no session")
        rules = HouseRules.from_toml(self._meta("rules") or "", source=f"{self.path} (rules)")
        seats = tuple(None if d is None else SeatSpec.from_dict(d)
                      for d in json.loads(self._meta("seats") or "[]"))
        return SessionRecord(rules, seats, int(seed), float(self._meta("created") or 0))

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def get_meta(self, key: str) -> str | None:
        return self._meta(key)

    # ------------------------------------------------------------------ commands
    def log(self, kind: str, seat: int | None, data: dict[str, Any] | None = None) -> None:
        self.last_id = self.conn.execute(
            self._insert, (time.time(), self._hand, kind, seat, None, None,
                           None if data is None else json.dumps(data))).lastrowid or 0

    def log_action(self, seat: int, action: str, amount: int) -> None:
        """One applied action (the hot path: one INSERT, one commit)."""
        self.last_id = self.conn.execute(
            self._insert, (time.time(), self._hand, "act", seat, action, amount,
                           None)).lastrowid or 0

    def save_snapshot(self, hand: int, data: dict[str, Any], log_id: int | None = None) -> None:
        """The table between hands after command ``log_id`` (default: the last written)."""
        self.conn.execute("INSERT OR REPLACE INTO snapshots (hand, log_id, data) VALUES (?, ?, ?)",
                          (hand, self.last_id if log_id is None else log_id, json.dumps(data)))

    def latest_snapshot(self) -> tuple[int, dict[str, Any]] | None:
        """(log_id, data) of the newest snapshot, or None."""
        row = self.conn.execute(
            "SELECT log_id, data FROM snapshots ORDER BY hand DESC LIMIT 1").fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    def commands_after(self, log_id: int) -> Iterator[Command]:
        cur = self.conn.execute(
            "SELECT id, ts, hand, kind, seat, action, amount, data FROM log WHERE id > ? "
            "ORDER BY id", (log_id,))
        for id_, ts, hand, kind, seat, action, amount, data in cur:
            yield Command(id_, ts, hand, kind, seat, action, amount,
                          None if data is None else json.loads(data))

    def hand_started(self, number: int, button: int, seats: Sequence[int],
                     stacks: Sequence[int], deck: Sequence[str], level: int) -> None:
        self._hand = number
        self.conn.execute(
            "INSERT OR REPLACE INTO hands (number, button, seats, stacks, deck, level, started) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (number, button, json.dumps(list(seats)), json.dumps(list(stacks)), "".join(deck),
             level, time.time()))

    def hand_ended(self, number: int, stacks: Sequence[int]) -> None:
        self.conn.execute("UPDATE hands SET stacks_end=?, ended=? WHERE number=?",
                          (json.dumps(list(stacks)), time.time(), number))

    def commands(self) -> Iterator[Command]:
        return self.commands_after(0)

    def hands(self, after: int = 0) -> dict[int, HandRecord]:
        out = {}
        for number, button, seats, stacks, deck, level, end in self.conn.execute(
                "SELECT number, button, seats, stacks, deck, level, stacks_end FROM hands "
                "WHERE number > ?", (after,)):
            out[number] = HandRecord(
                number, button, tuple(json.loads(seats)), tuple(json.loads(stacks)),
                tuple(deck[i:i + 2] for i in range(0, len(deck), 2)), level,
                None if end is None else tuple(json.loads(end)))
        return out

    def hands_finished(self) -> int:
        n: int = self.conn.execute(
            "SELECT COUNT(*) FROM hands WHERE stacks_end IS NOT NULL").fetchone()[0]
        return n

    def action_count(self) -> int:
        n: int = self.conn.execute("SELECT COUNT(*) FROM log WHERE kind='act'").fetchone()[0]
        return n


def journal_exists(path: str | os.PathLike[str]) -> bool:
    """A journal file with a session in it (for "resume?" prompts)."""
    if not Path(path).exists():
        return False
    try:
        j = Journal.open(path)
    except JournalError:
        return False
    try:
        return j.has_session()
    finally:
        j.close()


def default_journal_path(data_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where the desktop game journals its session: the platform's user data directory.

    The hand-history file sits beside it with the suffix ``.phhs``.
    """
    if data_dir is None:
        import platformdirs

        data_dir = platformdirs.user_data_path("table-talk-holdem")
    p = Path(data_dir)
    p.mkdir(parents=True, exist_ok=True)
    return p / "session.sqlite"


def archive_journal(path: str | os.PathLike[str]) -> Path | None:
    """Move a journal aside (``session-<time>.sqlite``) so a new session can start there;
    its WAL files go with it.  Returns the new path, or None when there was no file."""
    p = Path(path)
    if not p.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = p.with_name(f"{p.stem}-{stamp}{p.suffix}")
    n = 1
    while dest.exists():
        dest = p.with_name(f"{p.stem}-{stamp}-{n}{p.suffix}")
        n += 1
    for ext in ("", "-wal", "-shm"):
        src = Path(str(p) + ext)
        if src.exists():
            src.replace(str(dest) + ext)
    for ext in (".phhs",):
        side = p.with_suffix(ext)
        if side.exists():
            side.replace(dest.with_suffix(ext))
    return dest
