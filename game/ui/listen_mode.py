"""Switching a running listener between push-to-talk and always listening.

The start screen listens all the time whatever the "Push to talk" setting: Space selects a
choice there, so a player who cannot use the keyboard must be heard without it, or could
never reach Options to turn push-to-talk off (issue 25 §3: the whole session without a
keyboard).  The table listens as the setting says.  One listener serves both (the window
opens the microphone and loads the recognizer once), so it is switched, not reopened.

The listener (``voice.listener.Listener``, in the window behind
``game.ui.listener_process.ListenerProcess``) chooses its detector by its ``push_to_talk``
attribute, read for each chunk of audio.  A listener without that attribute (a test's
stand-in) is left alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeGuard

if TYPE_CHECKING:
    from .seams import Listener

    class Switchable(Listener, Protocol):
        """A listener that can be switched: ``ListenerProcess`` (its setter tells the
        child) and ``voice.listener.Listener`` (an attribute read per chunk)."""

        push_to_talk: bool


def _switchable(listener: Listener) -> TypeGuard[Switchable]:
    return isinstance(getattr(listener, "push_to_talk", None), bool)


def listens_with_space(listener: Listener) -> bool | None:
    """Whether ``listener`` hears only while Space is held (None: it cannot be switched)."""
    return listener.push_to_talk if _switchable(listener) else None


def switch(listener: Listener, push_to_talk: bool, muted: bool) -> bool:
    """Make ``listener`` hear only while Space is held (``push_to_talk``) or all the time;
    True when it was switched.

    What was half heard under the old detector is dropped, by the listener's own mute and
    unmute (which throw away what was captured until just after the unmute, on the
    listener's thread): an utterance the voice detector had begun must not be glued in
    front of the next push-to-talk phrase, nor a held Space's phrase left open.  A muted
    listener (the game is speaking) drops it anyway and is not unmuted here."""
    if not _switchable(listener) or listener.push_to_talk == push_to_talk:
        return False
    listener.push_to_talk = push_to_talk
    if not muted:
        listener.mute()
        listener.unmute()
    return True
