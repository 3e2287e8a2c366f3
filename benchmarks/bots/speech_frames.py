"""Speech while the game draws: event-to-audio latency and frame times with and without talk.

A 60 fps pygame loop (dummy video and audio drivers here; a real window works the same)
draws a table-like scene.  Phase one runs silent; phase two fires a banter event every
``every`` seconds, the director picks a line, the :class:`~bots.speech.SpeechWorker`
renders it with pyttsx3 on its thread and the playback callback starts it on
pygame.mixer.  The loop only calls ``say()``, so its frame times must not change.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from bots.banter import BanterDirector, ChatLevel, Trigger  # noqa: E402
from bots.personalities import PERSONALITIES  # noqa: E402
from bots.speech import Rendered, SpeechWorker, play_with_pygame  # noqa: E402


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return round(s[min(len(s) - 1, int(len(s) * q))], 2) if s else 0.0


def _scene(screen: pygame.Surface, font: pygame.font.Font, t: float) -> None:
    screen.fill((12, 80, 40))
    pygame.draw.ellipse(screen, (20, 110, 60), (140, 110, 1000, 500))
    for i in range(6):
        x = 640 + int(480 * math.cos(t + i))
        y = 360 + int(230 * math.sin(t + i))
        pygame.draw.circle(screen, (200, 200, 220), (x, y), 38)
        screen.blit(font.render(f"Seat {i}  1,250", True, (255, 255, 255)), (x - 40, y + 44))
    for i in range(5):
        pygame.draw.rect(screen, (250, 250, 250), (470 + 70 * i, 320, 60, 84), border_radius=6)


def run(seconds: float = 10.0, every: float = 1.0, seed: int = 1) -> dict:
    pygame.init()
    pygame.mixer.init(22050, -16, 1)
    screen = pygame.display.set_mode((1280, 720))
    font = pygame.font.Font(None, 22)
    clock = pygame.time.Clock()
    played: list[Rendered] = []

    def on_audio(r: Rendered) -> None:
        play_with_pygame(r)
        played.append(r)

    worker = SpeechWorker(on_audio=on_audio).start()
    cast = {i: PERSONALITIES[k] for i, k in enumerate(("station", "rock", "tag", "lag",
                                                       "maniac"), 1)}
    director = BanterDirector(cast, random.Random(seed), ChatLevel.CHATTY, window=40)
    triggers = [t for t in Trigger]
    rng = random.Random(seed)

    def loop(talk: bool) -> tuple[list[float], list[float], int]:
        frames, say_ms, said = [], [], 0
        t_end = time.perf_counter() + seconds
        next_event = time.perf_counter() + 0.2
        last = time.perf_counter()
        while time.perf_counter() < t_end:
            pygame.event.pump()
            now = time.perf_counter()
            if talk and now >= next_event:
                next_event = now + every
                line = director.react(rng.choice(triggers), rng.randint(1, 5),
                                      at=time.monotonic())
                if line is not None:
                    t0 = time.perf_counter()
                    worker.say(line.text, line.voice, event_at=line.at, tag=line)
                    say_ms.append((time.perf_counter() - t0) * 1000)
                    said += 1
            _scene(screen, font, now)
            pygame.display.flip()
            clock.tick(60)
            t = time.perf_counter()
            frames.append((t - last) * 1000)
            last = t
        return frames[1:], say_ms, said

    silent, _, _ = loop(talk=False)
    talking, say_ms, said = loop(talk=True)
    worker.wait_idle(10)
    worker.stop()
    pygame.quit()
    lat = [r.latency_ms for r in played]
    return {
        "seconds_per_phase": seconds,
        "frames_silent": len(silent),
        "frame_ms_silent": {"p50": _pct(silent, 0.5), "p99": _pct(silent, 0.99),
                            "max": round(max(silent), 2)},
        "frames_talking": len(talking),
        "frame_ms_talking": {"p50": _pct(talking, 0.5), "p99": _pct(talking, 0.99),
                             "max": round(max(talking), 2)},
        "lines_said": said,
        "lines_played": len(played),
        "say_call_ms_max": round(max(say_ms), 3) if say_ms else 0.0,
        "event_to_audio_ms": {"p50": _pct(lat, 0.5), "p95": _pct(lat, 0.95),
                              "max": round(max(lat), 1) if lat else 0.0},
        "render_ms_p50": _pct([r.render_ms for r in played], 0.5),
        "audio_seconds_mean": round(statistics.fmean(r.seconds for r in played), 2)
        if played else 0.0,
        "speech_errors": worker.errors,
    }
