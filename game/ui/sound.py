"""Table sounds synthesised with numpy (no sample files): your-turn chime, chips, cards.

Action sounds are panned to the seat that made them (``Channel.set_volume(left, right)``),
so with eyes closed you hear where the action is.  Without an audio device the mixer does
not start and every call is a no-op; the game is unaffected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.engine.events import Acted, BoardDealt, PotAwarded

if TYPE_CHECKING:
    import pygame

    from .seams import TableHost

RATE = 22050
#: the mixer's buffer (samples): 11.6 ms at RATE.  A stopped line plays on for about two
#: buffers through PulseAudio: 19 / 20 ms (p50 / p95) at 256, 30 / 40 ms at 512; with both
#: cores busy 256 still played 60 s of tone without a gap at the game's priority
#: (benchmarks.voice.audio_path; RESULTS.md, issue 25 §1, session 30)
MIXER_BUFFER = 256


def tone(freqs: list[float], seconds: float, decay: float = 6.0,
         volume: float = 0.35) -> np.ndarray:
    """A bell-like mix of ``freqs`` with exponential decay, as float samples in -1..1.

    >>> t = tone([440.0], 0.1); t.shape, float(abs(t).max()) <= 1.0
    ((2205,), True)
    """
    t = np.arange(int(RATE * seconds)) / RATE
    wave = sum(np.sin(2 * np.pi * f * t) for f in freqs) / max(1, len(freqs))
    env = np.exp(-decay * t) * np.minimum(1.0, t * 400)
    return (wave * env * volume).astype(np.float32)


def click(seconds: float = 0.05, seed: int = 1, volume: float = 0.4) -> np.ndarray:
    """A short filtered-noise click: a chip landing on felt."""
    rng = np.random.default_rng(seed)
    n = int(RATE * seconds)
    noise = rng.standard_normal(n).astype(np.float32)
    smooth = np.convolve(noise, np.ones(6, np.float32) / 6, mode="same")
    env = np.exp(-np.arange(n) / RATE * 90)
    return (smooth * env * volume).astype(np.float32)


def swish(seconds: float = 0.12, volume: float = 0.25) -> np.ndarray:
    """A soft swish: a card sliding across the felt."""
    rng = np.random.default_rng(7)
    n = int(RATE * seconds)
    noise = rng.standard_normal(n).astype(np.float32)
    env = np.sin(np.linspace(0, np.pi, n)) ** 2
    return (np.convolve(noise, np.ones(3) / 3, mode="same") * env * volume).astype(np.float32)


def pan(x: float, width: float) -> tuple[float, float]:
    """(left, right) volumes for a sound at ``x`` of ``width`` pixels (equal power).

    >>> [round(v, 2) for v in pan(0, 100)], [round(v, 2) for v in pan(100, 100)]
    ([1.0, 0.0], [0.0, 1.0])
    """
    p = min(1.0, max(0.0, x / width if width else 0.5))
    return float(np.cos(p * np.pi / 2)), float(np.sin(p * np.pi / 2))


def start_mixer() -> bool:
    """Start pygame's mixer unless it runs: the sound effects play on it, and so does the
    game's speech (narration, replies, the bots' voices).  False: no audio device."""
    import pygame

    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=MIXER_BUFFER)
    except pygame.error:
        return False
    return True


class Sounds:
    """The mixer-backed player; every method is safe to call when audio is unavailable."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.bank: dict[str, pygame.mixer.Sound] = {}
        if enabled:
            self._build()

    @classmethod
    def start(cls, mute: bool = False) -> Sounds:
        if mute:
            return cls(False)
        return cls(start_mixer())

    def _build(self) -> None:
        import pygame

        init = pygame.mixer.get_init()
        if not init:
            self.enabled = False
            return
        channels = init[2]

        def make(samples: np.ndarray) -> pygame.mixer.Sound:
            pcm = (np.clip(samples, -1, 1) * 32767).astype(np.int16)
            if channels == 2:
                pcm = np.repeat(pcm[:, None], 2, axis=1)
            return pygame.sndarray.make_sound(np.ascontiguousarray(pcm))

        self.bank = {
            "your_turn": make(np.concatenate([tone([880, 1320], 0.14), tone([1175, 1760], 0.3)])),
            "chips": make(np.concatenate([click(0.04, 1), click(0.05, 2)])),
            "card": make(swish()),
            "win": make(tone([523, 659, 784], 0.6, decay=3.0)),
        }

    def play(self, name: str, x: float | None = None, width: float = 1.0) -> None:
        if not self.enabled or name not in self.bank:
            return
        ch = self.bank[name].play()
        if ch is not None and x is not None:
            ch.set_volume(*pan(x, width))

    def your_turn(self) -> None:
        self.play("your_turn")

    def on_event(self, e: object, scene: TableHost) -> None:
        if not self.enabled:
            return
        if isinstance(e, Acted) and e.paid > 0:
            lay = scene.renderer.layout
            sp = scene.renderer.spot(e.seat) if lay is not None else None
            if lay is not None and sp is not None:
                self.play("chips", sp.plate[0], lay.size[0])
            else:
                self.play("chips", None, 1.0)
        elif isinstance(e, BoardDealt):
            self.play("card")
        elif isinstance(e, PotAwarded) and scene.c.human in e.winners:
            self.play("win")
