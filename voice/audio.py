"""Microphone capture: sounddevice at 16 kHz mono int16, chunks into a queue.

The PortAudio callback only copies bytes into a queue (it must never block); everything
else happens on the listener thread.  A machine may have no microphone at all (Debian's
``libportaudio2`` with no sound card: ``query_devices()`` is empty; or the library itself
is missing), or lose it mid-game (USB headset unplugged).  None of that raises into the
game: :class:`Microphone` reports a :class:`MicStatus` with a message for the screen, the
game degrades to mouse and keyboard, and :meth:`Microphone.ensure` retries every
``retry_s`` seconds and comes back when a device is there again.
"""

from __future__ import annotations

import enum
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

RATE = 16_000
CHANNELS = 1
BLOCK = 1600  # 100 ms
#: PortAudio's buffering: its least.  Through ALSA's pulse plugin 20 ms chunks arrive 13 /
#: 25 ms (p50 / p95) after their last sample whatever is asked; 10 ms chunks at the least
#: buffering, 4 / 9 ms, and at its default 13 / 25 again (benchmarks.voice.audio_path)
STREAM_LATENCY = "low"


class MicState(enum.Enum):
    """Where the microphone is at; anything but LISTENING means "use mouse and keyboard"."""

    LISTENING = "listening"
    NO_LIBRARY = "no_library"  # sounddevice / libportaudio2 cannot be loaded
    NO_DEVICE = "no_device"  # PortAudio sees no input device
    LOST = "lost"  # it was there and went away (or the stream failed)
    STOPPED = "stopped"


@dataclass(frozen=True)
class MicStatus:
    """A state change, with a one-line notice to show."""

    state: MicState
    message: str

    @property
    def ok(self) -> bool:
        return self.state is MicState.LISTENING


class MicrophoneError(Exception):
    """The microphone cannot be used; the message says why and what to do."""


def _sounddevice() -> Any:
    try:
        import sounddevice as sd
    except (ImportError, OSError) as exc:  # OSError: PortAudio library not found
        raise MicrophoneError(
            f"no audio library ({exc}); install libportaudio2 — playing by mouse and keyboard"
        ) from None
    return sd


def input_devices(rescan: bool = False) -> list[dict[str, Any]]:
    """Input-capable devices PortAudio sees (``rescan`` re-initialises it to see new ones)."""
    sd = _sounddevice()
    if rescan:
        try:
            sd._terminate()
            sd._initialize()
        except Exception:  # noqa: BLE001 - a failed rescan just means "nothing new"
            pass
    try:
        devices = sd.query_devices()
    except Exception as exc:  # noqa: BLE001 - PortAudio errors are plain exceptions
        raise MicrophoneError(f"cannot list audio devices: {exc}") from None
    return [dict(d) for d in devices if d.get("max_input_channels", 0) > 0]


class Microphone:
    """One capture stream; chunks of 16 kHz mono int16 bytes land in :attr:`chunks`.

    ``device`` is a PortAudio device index or name (None: the default input).
    ``on_status`` is called (from whichever thread noticed) on every state change.
    """

    def __init__(
        self,
        device: int | str | None = None,
        retry_s: float = 3.0,
        on_status: Callable[[MicStatus], None] | None = None,
        max_chunks: int = 600,
        stall_s: float = 2.0,
        block: int = BLOCK,
    ) -> None:
        self.device = device
        #: samples a chunk: 100 ms, or less where the game must react sooner (barge-in)
        self.block = block
        self.retry_s = retry_s
        #: (chunk, when its last sample was captured, by ``time.monotonic()``)
        self.chunks: queue.Queue[tuple[bytes, float]] = queue.Queue(maxsize=max_chunks)
        #: When the chunk :meth:`read` last returned was captured: the listener mutes by
        #: this, not by when it got round to reading it (see ``Listener.unmute``).
        self.captured_at: float | None = None
        self._on_status = on_status
        self._stream = None
        self._lock = threading.Lock()
        self._failed = threading.Event()
        self._next_try = 0.0
        self.status = MicStatus(MicState.STOPPED, "microphone off")
        self.dropped = 0
        #: A running stream that delivers nothing for this long is lost (a sound server
        #: that died leaves PortAudio's stream "active" but silent forever).
        self.stall_s = stall_s
        #: ...but the first audio may take a while (ALSA's pulse plugin: ~2 s here).
        self.start_grace_s = max(stall_s, 6.0)
        self._last_chunk = time.monotonic()
        self._got_audio = False

    # -- status ------------------------------------------------------------------------

    def _set(self, state: MicState, message: str) -> MicStatus:
        if state is not self.status.state or message != self.status.message:
            self.status = MicStatus(state, message)
            if self._on_status is not None:
                self._on_status(self.status)
        return self.status

    # -- the PortAudio callback (audio thread: copy and return) -------------------------

    def _callback(self, indata: Any, frames: int, time_info: Any,  # noqa: ARG002
                  status: Any) -> None:
        now = self._last_chunk = time.monotonic()
        self._got_audio = True
        try:
            self.chunks.put_nowait((bytes(indata), now))
        except queue.Full:
            self.dropped += 1

    def _finished(self) -> None:
        self._failed.set()

    # -- life cycle ----------------------------------------------------------------------

    def open(self) -> MicStatus:
        """Try to start capturing now; returns the resulting status (never raises)."""
        with self._lock:
            self._close_stream()
            try:
                sd = _sounddevice()
            except MicrophoneError as exc:
                return self._set(MicState.NO_LIBRARY, str(exc))
            try:
                if not input_devices(rescan=self.status.state is not MicState.STOPPED):
                    return self._set(
                        MicState.NO_DEVICE,
                        "no microphone found — playing by mouse and keyboard; "
                        f"retrying every {self.retry_s:g} s",
                    )
                stream = sd.RawInputStream(
                    samplerate=RATE, channels=CHANNELS, dtype="int16", blocksize=self.block,
                    latency=STREAM_LATENCY,
                    device=self.device, callback=self._callback,
                    finished_callback=self._finished,
                )
                self._failed.clear()
                self._last_chunk = time.monotonic()
                self._got_audio = False
                stream.start()
            except MicrophoneError as exc:
                return self._set(MicState.NO_DEVICE, str(exc))
            except Exception as exc:  # noqa: BLE001 - PortAudioError, ValueError(device)
                return self._set(MicState.NO_DEVICE,
                                 f"cannot open the microphone ({exc}) — playing by mouse and "
                                 f"keyboard; retrying every {self.retry_s:g} s")
            self._stream = stream
            name = self._device_name(sd)
            return self._set(MicState.LISTENING, f"listening on {name}")

    def _device_name(self, sd: Any) -> str:
        try:
            info = sd.query_devices(self.device, kind="input")
            return str(info["name"])
        except Exception:  # noqa: BLE001
            return "the default microphone"

    def alive(self) -> bool:
        """True while the stream runs (False once PortAudio stopped it: device gone)."""
        stream = self._stream
        if stream is None or self._failed.is_set():
            return False
        try:
            active = bool(stream.active)
        except Exception:  # noqa: BLE001 - a stream whose device vanished may raise
            return False
        limit = self.stall_s if self._got_audio else self.start_grace_s
        return active and time.monotonic() - self._last_chunk < limit

    def ensure(self, now: float | None = None) -> MicStatus:
        """Call regularly (the listener does): notices a lost stream, retries when due."""
        now = time.monotonic() if now is None else now
        if self.status.state is MicState.LISTENING:
            if self.alive():
                return self.status
            with self._lock:
                self._close_stream()
            self._next_try = now + self.retry_s
            return self._set(MicState.LOST, "the microphone went away — playing by mouse and "
                             f"keyboard; retrying every {self.retry_s:g} s")
        if self.status.state is MicState.NO_LIBRARY:
            return self.status  # installing a library needs a restart anyway
        if now >= self._next_try:
            self._next_try = now + self.retry_s
            return self.open()
        return self.status

    def _close_stream(self) -> None:
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.abort()
                stream.close()
            except Exception:  # noqa: BLE001 - closing a dead stream may fail; it is gone
                pass

    def close(self) -> None:
        with self._lock:
            self._close_stream()
        self._set(MicState.STOPPED, "microphone off")

    def read(self, timeout: float = 0.1) -> bytes | None:
        """The next chunk, or None if none arrived within ``timeout``."""
        try:
            chunk, self.captured_at = self.chunks.get(timeout=timeout)
        except queue.Empty:
            return None
        return chunk

    def drain(self) -> None:
        """Drop queued audio (e.g. what was recorded while the game was speaking)."""
        while True:
            try:
                self.chunks.get_nowait()
            except queue.Empty:
                return
