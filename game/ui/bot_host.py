"""Where bots think: on a worker thread, or in a worker process (the window's default).

A bot's Monte-Carlo equity is Python and numpy work; on a thread it competes with the
render loop for the GIL and frames stutter, so the game window runs bots in one spawned
process and only sends it immutable ``PlayerView`` records and public events.  Tests and
headless tools use the thread host (no process start-up).  Both give the same decisions:
each seat's RNG is seeded from the session seed and the seat, and lives beside its bot.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Protocol, runtime_checkable

from game.engine.actions import Action
from game.engine.view import PlayerView


class SeatBot(Protocol):
    """A bot as the host runs it (``bots.Bot``; ``RandomBot`` when bots cannot load)."""

    def decide(self, view: PlayerView, rng: random.Random) -> Action: ...


# ----- the bots themselves (run inside the worker, thread or process) ---------------------
_BOTS: dict[int, SeatBot] = {}
_RNGS: dict[int, random.Random] = {}


def seat_seed(seed: int, seat: int) -> int:
    """The RNG seed of one seat's bot.

    >>> seat_seed(1, 2) == seat_seed(1, 2) != seat_seed(1, 3)
    True
    """
    return (seed * 1_000_003 + seat * 7919) & 0xFFFFFFFF


def _make(spec: str) -> SeatBot:
    try:
        from bots import make_bot
    except ImportError:
        from bots.random_player import RandomBot

        return RandomBot()
    return make_bot(spec)


def _setup(specs: dict[int, str], seed: int) -> None:
    _BOTS.clear()
    _RNGS.clear()
    for seat, spec in specs.items():
        _BOTS[seat] = _make(spec)
        _RNGS[seat] = random.Random(seat_seed(seed, seat))


def _decide(seat: int, view: PlayerView) -> Action:
    return _BOTS[seat].decide(view, _RNGS[seat])


def _observe(events: tuple[object, ...]) -> None:
    for bot in _BOTS.values():
        if isinstance(bot, Learner):  # a random bot learns nothing
            try:
                bot.observe(events)
            except Exception:  # noqa: BLE001 - bookkeeping must not stop the table
                pass


@runtime_checkable
class Learner(Protocol):
    def observe(self, events: Iterable[object]) -> None: ...


def _ping() -> bool:
    return True


class BotHost:
    """Runs ``decide``/``observe`` for every bot seat off the render thread."""

    def __init__(self, specs: dict[int, str], seed: int, process: bool = False) -> None:
        self.specs = dict(specs)
        self.seed = seed
        self.process = process
        if process:
            import multiprocessing

            ctx = multiprocessing.get_context("spawn")
            self.pool: Executor = ProcessPoolExecutor(
                1, mp_context=ctx, initializer=_setup, initargs=(self.specs, seed)
            )
            self.ready: Future[object] = self.pool.submit(_ping)
        else:
            self.pool = ThreadPoolExecutor(1, thread_name_prefix="bots")
            self.ready = self.pool.submit(_setup, self.specs, seed)

    def decide(self, seat: int, view: PlayerView) -> Future[Action]:
        return self.pool.submit(_decide, seat, view)

    def observe(self, events: list[object]) -> None:
        if events and self.specs:
            self.pool.submit(_observe, tuple(events))

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
