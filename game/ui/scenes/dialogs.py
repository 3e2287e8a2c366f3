"""Every dialog the table opens, in one place: its menu button, its key and how it is built.

A new dialog over the table is one entry here (and its own module in this package); the
menu buttons, the keys and :meth:`TableScene.open` (used by voice commands too) all read
this table.  Each builder imports its scene lazily, so start-up stays fast.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from . import Scene
    from .table import TableScene


@dataclass(frozen=True)
class TableDialog:
    name: str
    label: str  #: the menu button's text
    key: int  #: the keyboard shortcut
    build: Callable[[TableScene], Scene]
    players_only: bool = False  #: not offered to a spectator


def _options(table: TableScene) -> Scene:
    from .options import OptionsScene

    scene = OptionsScene(table.c.table.rules, in_game=True, settings=table.settings)
    scene.on_close = table.apply_settings
    return scene


def _history(table: TableScene) -> Scene:
    from .history import HistoryScene

    return HistoryScene(table.history_hands)


def _stats(table: TableScene) -> Scene:
    from .stats import StatsScene

    return StatsScene(table.c.table, table.chip_history, table.history_hands, table.looks)


def _rebuy(table: TableScene) -> Scene:
    return table.rebuy.dialog_scene()


DIALOGS: tuple[TableDialog, ...] = (
    TableDialog("options", "Options O", pygame.K_o, _options),
    TableDialog("history", "History H", pygame.K_h, _history),
    TableDialog("stats", "Stats S", pygame.K_s, _stats),
    TableDialog("rebuy", "Rebuy B", pygame.K_b, _rebuy, players_only=True),
)

BY_NAME = {d.name: d for d in DIALOGS}
BY_KEY = {d.key: d for d in DIALOGS}
