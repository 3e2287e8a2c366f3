"""The steady clock under the echo canceller's reference (voice/monitor.py, issue 25 §1).

A sound server's clock drifts from the system's; the chunks' stamps are arrival times,
late by a jittered delay.  Two streams of one server (the microphone and the sink's
monitor) must keep their clocks at an offset that moves smoothly: a step of a few ms in
one of them moves the reference against the echo, and the canceller loses it for a second.
"""

from __future__ import annotations

import numpy as np

from voice.monitor import RATE, RESYNC_S, SLEW_S, SteadyClock

CHUNK = 320  # 20 ms, the listener's with "Talk over the bots"
DRIFT = 150e-6  # the server 150 ppm fast: 2 ms every ~13 s, as measured here
MINUTE = 3000  # chunks


def _clock_error(seed: int, latency_s: float, chunks: int = MINUTE) -> np.ndarray:
    """Clock minus true capture time after each chunk, for one stream of the server."""
    rng = np.random.default_rng(seed)
    clock = SteadyClock(RESYNC_S)
    out = np.empty(chunks)
    for k in range(chunks):
        true_end = (k + 1) * CHUNK / RATE * (1 - DRIFT)
        late = rng.exponential(0.002) + (rng.random() < 0.05) * rng.uniform(0, 0.015)
        out[k] = clock.advance(CHUNK, 10.0 + true_end + latency_s + late) - 10.0 - true_end
    return out


def test_a_drifting_server_clock_is_followed_a_sample_at_a_time():
    error = _clock_error(seed=1, latency_s=0.005)[100:]
    assert np.abs(np.diff(error)).max() <= SLEW_S + 1e-9
    assert abs(error).max() < 0.02, "it still follows the stamps' lower edge"


def test_two_streams_of_one_server_keep_their_offset_without_jumps():
    mic = _clock_error(seed=1, latency_s=0.005)
    monitor = _clock_error(seed=2, latency_s=0.003)
    offset = (mic - monitor)[100:]
    assert np.abs(np.diff(offset)).max() < 0.0005
    assert offset.max() - offset.min() < 0.001


def test_a_clock_that_started_late_steps_back_at_once():
    clock = SteadyClock(RESYNC_S)
    clock.advance(CHUNK, 1.050)  # the first chunk arrived 30 ms late
    assert abs(clock.advance(CHUNK, 1.040) - 1.040) < 1e-9


def test_lost_audio_moves_the_clock_on():
    clock = SteadyClock(RESYNC_S)
    end = clock.advance(CHUNK, 1.0)
    for k in range(1, 200):  # every stamp 0.5 s later than the chunks account for
        end = clock.advance(CHUNK, 1.5 + k * CHUNK / RATE)
    assert abs(end - (1.5 + 199 * CHUNK / RATE)) < 0.01
