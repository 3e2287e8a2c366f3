"""Shared fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def screen(request):
    """A pygame display for a module's UI tests, sized by the module's ``SIZE`` if it has one."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        import pygame_menu.font
    except ImportError:
        pass
    else:  # its cached fonts were made before an earlier module quit pygame (launch() does
        pygame_menu.font._cache.clear()  # at the end, test_ui_text_fit too): they cannot draw
    yield pygame.display.set_mode(getattr(request.module, "SIZE", (1280, 800)))
