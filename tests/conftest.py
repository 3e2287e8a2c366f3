"""Shared fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def screen(request):
    """A pygame display for a module's UI tests, sized by the module's ``SIZE`` if it has one."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(getattr(request.module, "SIZE", (1280, 800)))
