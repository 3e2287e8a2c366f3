"""The steady clock under the echo canceller's reference (voice/monitor.py, issue 25 §1).

A sound server's clock drifts from the system's; the chunks' stamps are arrival times,
late by a jittered delay.  Two streams of one server (the microphone and the sink's
monitor) must keep their clocks at an offset that moves smoothly: a step of a few ms in
one of them moves the reference against the echo, and the canceller loses it for a second.
"""

from __future__ import annotations

import numpy as np

from voice.monitor import RATE, RESYNC_S, SLEW_S, SteadyClock

CHUNK = 320  # 20 ms
DRIFT = 150e-6  # the server 150 ppm fast: 2 ms every ~13 s, as measured here
MINUTE = 3000  # chunks
RAMP = 30000  # a monitored ramp's period: each sample says its index, modulo this
SETTLED_CHUNKS = 250  # the first 5 s: the offset found
LOST = 4000  # samples of the monitor's audio lost at once (a quarter of a second)


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


class _Stamped:
    """A stream of the server (the monitor): ``pcm`` in chunks, each stamped when it
    "arrived": its true end on a clock ``drift`` fast, plus ``latency_s`` and jitter."""

    def __init__(self, pcm: np.ndarray, seed: int, latency_s: float, drift: float,
                 lost_at: int | None = None) -> None:
        from voice.audio import MicState, MicStatus

        self.status = MicStatus(MicState.LISTENING, "test stream")
        self._pcm, self._pos, self.drift, self.latency_s = pcm, 0, drift, latency_s
        self._rng = np.random.default_rng(seed)
        self.captured_at: float | None = None
        #: at this chunk LOST samples of audio are lost: the stream goes on after them
        self.lost_at, self._chunks = lost_at, 0

    def stamp(self, end_sample: int) -> float:
        late = self._rng.exponential(0.002) + (self._rng.random() < 0.05) * self._rng.uniform(
            0, 0.015)
        return 10.0 + end_sample / RATE * (1 - self.drift) + self.latency_s + late

    def read(self, timeout: float = 0.0) -> bytes | None:
        if self._pos >= len(self._pcm):
            return None
        self._chunks += 1
        if self._chunks == self.lost_at:
            self._pos += LOST
        out = self._pcm[self._pos:self._pos + CHUNK]
        self._pos += len(out)
        self.captured_at = self.stamp(self._pos)
        return out.tobytes()


def _reference_lags(drift_apart: float, seconds: int = 60,
                    lost_at: int | None = None) -> tuple[np.ndarray, int]:
    """Where, in the monitor's own samples, each microphone chunk's reference came from
    (the listener's ``_far``; between two samples, a fraction), the monitor recording a
    ramp so that a sample says its index; the microphone and the monitor each stamped
    with their own jitter.  And how many times the listener said its reference jumped
    once the first seconds were over."""
    from voice.listener import Listener

    n = seconds * RATE
    ramp = (np.arange(n + RATE) % RAMP + 1).astype(np.int16)
    lst = Listener(lambda: None, source=None)  # type: ignore[arg-type,return-value]
    lst.monitor = _Stamped(ramp, seed=2, latency_s=0.003, drift=DRIFT + drift_apart,
                           lost_at=lost_at)
    lst.monitor_wait_s = 0.0
    mic = _Stamped(np.zeros(n, np.int16), seed=1, latency_s=0.005, drift=DRIFT)
    lags, moves = [], 0
    for k in range(1, n // CHUNK):
        if k == SETTLED_CHUNKS:
            moves = lst.reference_moves
        far, _over = lst._far(CHUNK, mic.stamp(k * CHUNK))
        first = int(far[0])
        if first > 0 and abs(int(far[-1]) - first - (CHUNK - 1)) <= 1:  # whole, unwrapped
            mean = float(far.astype(np.float64).mean()) - (CHUNK - 1) / 2
            lags.append((mean - 1 - (k - 1) * CHUNK) % RAMP)
    return np.array(lags), lst.reference_moves - moves


def test_the_reference_stays_sample_continuous_against_the_microphone():
    """Two streams of one server: whatever their stamps' jitter, each microphone chunk's
    reference follows the last one's without a sample moved (after the first seconds),
    so the canceller's linear filter keeps the echo it learned."""
    lags, moves = _reference_lags(drift_apart=0.0)
    assert len(lags[SETTLED_CHUNKS:]) > 2500
    assert np.ptp(lags[SETTLED_CHUNKS:]) == 0
    assert moves == 0


def test_a_monitor_on_another_clock_is_followed_without_a_jump():
    """Two devices whose clocks drift 100 ppm apart: the reference glides with them a
    fraction of a sample a chunk, never jumps (each jump the cancellers learn the echo's
    path again), and stays within 2 ms of the truth."""
    lags, moves = _reference_lags(drift_apart=100e-6)
    lags = lags[SETTLED_CHUNKS:]
    assert moves == 0
    assert np.abs(np.diff(lags)).max() <= 1, "never more than a sample (rounded) a chunk"
    truth = np.arange(len(lags)) * CHUNK * 100e-6
    assert np.ptp(lags) > truth[-1] - 0.002 * RATE, "it followed the drift"
    assert np.abs((lags - lags[0]) - truth).max() < 0.002 * RATE


def test_a_monitor_that_lost_audio_is_jumped_to_and_the_cancellers_learn_again():
    """A quarter of a second of the monitor's audio lost: its count falls behind the
    microphone's at once, faster than the offset glides, so the offset jumps, once, says
    so, and reads the reference where it was before."""
    lags, moves = _reference_lags(drift_apart=0.0, lost_at=1500)
    assert moves == 1
    assert abs(lags[-1] - lags[SETTLED_CHUNKS]) < 2
