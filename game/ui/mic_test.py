"""The options screen's live microphone test: a level meter fed by a capture thread.

Uses the voice package's ``Microphone`` (16 kHz mono) and ``level`` (dBFS meter value);
nothing here runs on the render thread, which only reads :attr:`MicTest.level`.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from voice.audio import Microphone


def device_names() -> tuple[list[str], str]:
    """Input device names PortAudio sees, and a note when it sees none (or cannot look)."""
    try:
        from voice.audio import MicrophoneError, input_devices
    except ImportError as e:
        return [], f"voice package unavailable: {e}"
    try:
        names = [str(d.get("name", "")) for d in input_devices()]
    except MicrophoneError as e:
        return [], str(e)
    return [n for n in names if n], "" if names else "no input device found"


class MicTest:
    """Capture from one device until stopped; ``level`` 0..1, ``message`` the mic status."""

    def __init__(self, device: str | None = None) -> None:
        self.device = None if device in (None, "", "default") else device
        self.level = 0.0
        self.message = "starting the microphone…"
        self.ok = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="mic-test")
        self._thread.start()

    def _run(self) -> None:
        try:
            from voice.audio import Microphone
            from voice.vad import level
        except ImportError as e:
            self.message = f"voice package unavailable: {e}"
            return
        mic: Microphone | None = None
        try:
            mic = Microphone(device=self.device)
            while not self._stop.is_set():
                status = mic.ensure()
                self.ok = status.ok
                self.message = status.message
                if not status.ok:
                    self.level = 0.0
                    self._stop.wait(0.3)
                    continue
                chunk = mic.read(0.1)
                if chunk:
                    self.level = level(chunk)
        except Exception as e:  # noqa: BLE001 - a test meter reports, never crashes
            self.message = f"microphone test failed: {e}"
        finally:
            if mic is not None:
                try:
                    mic.close()
                except Exception:  # noqa: BLE001
                    pass

    def stop(self) -> None:
        self._stop.set()
