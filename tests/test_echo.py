"""The echo cancellers by name, and SpeexDSP's residual-echo suppressor (issue 25 §1).

Synthetic signals, no speech engine: the game's "voice" is noise in bursts (words and the
pauses between them), its echo comes back 30 ms later through a loudspeaker that clips
(what a linear filter cannot model, and the suppressor is for).
"""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from voice.audio import MicState, MicStatus
from voice.echo import (
    CANCELLERS,
    FRAME,
    RATE,
    PairedCanceller,
    SpeexCanceller,
    erle_db,
    open_canceller,
)

_SPEEX_PREPROCESS_GET_ECHO_SUPPRESS = 21
_SPEEX_PREPROCESS_GET_ECHO_SUPPRESS_ACTIVE = 23
_SPEEX_PREPROCESS_GET_NOISE_SUPPRESS = 19


def _speex_or_skip(**kw: object) -> SpeexCanceller:
    try:
        return SpeexCanceller(**kw)  # type: ignore[arg-type]
    except RuntimeError as exc:
        pytest.skip(str(exc))


def _bursts(seconds: float, seed: int, level: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    x = np.convolve(rng.standard_normal(n), np.ones(4) / 4, "same")
    env = np.zeros(n)
    t = 0
    while t < n:
        on = int(rng.uniform(0.2, 0.6) * RATE)
        env[t:t + on] = 1
        t += on + int(rng.uniform(0.1, 0.3) * RATE)
    return x * env * level


def _room(far: np.ndarray) -> np.ndarray:
    d = int(0.03 * RATE)
    echo = np.zeros_like(far)
    echo[d:] = far[:-d] * 0.7
    echo = np.tanh(echo / 8000) * 8000  # the loudspeaker clips
    echo = np.convolve(echo, [1, 0.5, 0.25, 0.1], "same")
    return echo + np.random.default_rng(3).standard_normal(len(far)) * 10


def _pcm(x: np.ndarray) -> np.ndarray:
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def _cancel(canceller: SpeexCanceller, near: np.ndarray, far: np.ndarray) -> np.ndarray:
    step = 2 * FRAME  # 20 ms chunks
    n = len(near) // step * step
    return np.concatenate([canceller.process(near[i:i + step], far[i:i + step])
                           for i in range(0, n, step)])


def test_speex_suppressor_takes_out_what_its_filter_leaves():
    """SpeexDSP applies its preprocessor's gains only with the denoiser on: with it off
    (as this canceller once ran it) "filter + suppressor" was the filter alone."""
    far = _pcm(_bursts(12, seed=1, level=6000))
    near = _pcm(_room(far.astype(np.float64)))
    later = slice(6 * RATE, 12 * RATE)  # once the filter has converged
    linear = erle_db(near[later], _cancel(_speex_or_skip(suppress=False), near, far)[later])
    both = erle_db(near[later], _cancel(_speex_or_skip(), near, far)[later])
    assert linear > 15  # the filter works...
    assert both > linear + 6  # ...and the suppressor takes more out on top of it


def _get(canceller: SpeexCanceller, request: int) -> int:
    value = ctypes.c_int(0)
    canceller._lib.speex_preprocess_ctl(canceller._pre, request, ctypes.byref(value))
    return value.value


def test_speex_suppressor_is_set_as_asked_and_takes_no_noise_out():
    plain = _speex_or_skip()
    assert _get(plain, _SPEEX_PREPROCESS_GET_ECHO_SUPPRESS) == -40
    assert _get(plain, _SPEEX_PREPROCESS_GET_ECHO_SUPPRESS_ACTIVE) == -15
    assert _get(plain, _SPEEX_PREPROCESS_GET_NOISE_SUPPRESS) == 0
    soft = _speex_or_skip(echo_suppress_db=-30, echo_suppress_active_db=-5, denoise=True)
    assert _get(soft, _SPEEX_PREPROCESS_GET_ECHO_SUPPRESS) == -30
    assert _get(soft, _SPEEX_PREPROCESS_GET_ECHO_SUPPRESS_ACTIVE) == -5
    assert _get(soft, _SPEEX_PREPROCESS_GET_NOISE_SUPPRESS) == -15


def test_silence_in_silence_out_and_the_player_alone_passes():
    """No reference, no echo: what the player says comes out as loud as it went in (no
    noise is taken out: the denoiser is on only for the suppressor's sake)."""
    player = _pcm(_bursts(4, seed=7, level=3000))
    out = _cancel(_speex_or_skip(), player, np.zeros_like(player)).astype(np.float64)
    kept = 10 * np.log10(np.mean(out ** 2) / np.mean(player.astype(np.float64) ** 2))
    assert abs(kept) < 1.5


@pytest.mark.parametrize("name", sorted(CANCELLERS))
def test_every_named_canceller_opens_by_its_name(name):
    try:
        canceller = open_canceller(name)
    except RuntimeError as exc:  # its library is not installed here
        pytest.skip(str(exc))
    assert canceller is not None
    assert canceller.name == (name if "+" in name else name.split("-")[0])
    out = canceller.process(np.zeros(320, np.int16), np.zeros(320, np.int16))
    assert out.shape == (320,) and out.dtype == np.int16


def test_an_unknown_canceller_is_refused_by_name():
    with pytest.raises(ValueError, match="speex-soft"):
        open_canceller("speexx")


class _Scale:
    """A canceller that takes a fixed share of everything out."""

    def __init__(self, name: str, gain: float) -> None:
        self.name, self.gain = name, gain

    def process(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        return (near * self.gain).astype(np.int16)


class _NoMic:
    status = MicStatus(MicState.LISTENING, "test")
    captured_at: float | None = None

    def ensure(self, now: float | None = None) -> MicStatus:
        return self.status

    def read(self, timeout: float = 0.1) -> bytes | None:
        return None

    def drain(self) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.mark.parametrize("paired", [False, True])
def test_with_a_pair_the_recognizer_is_given_the_second_cancellers_output(paired):
    """The voice detector (and the echo gates) get the first canceller's output, the
    recognizer the second's; with one canceller, both get its output."""
    from voice.listener import Listener
    from voice.vad import EnergyVad

    lst = Listener(lambda: None, source=_NoMic(), vad=EnergyVad())  # type: ignore[arg-type,return-value]
    lst.canceller = (PairedCanceller(_Scale("a", 0.5), _Scale("b", 0.25), "a+b") if paired
                     else _Scale("a", 0.5))
    chunk = np.full(320, 4000, np.int16)
    out, clean, over = lst._cancel(chunk.tobytes(), 1.0)
    assert not over  # nothing played: nothing gated
    assert set(np.frombuffer(out, np.int16)) == {2000}
    assert set(np.frombuffer(clean, np.int16)) == ({1000} if paired else {2000})


def test_an_upstream_canceller_passes_the_microphone_and_is_judged_against_the_reference():
    """The sound server cancelled the echo before the listener got it (PulseAudio's
    module-echo-cancel): the microphone passes as it is, and what was taken out of the
    game's voice is the reference's level less what came in — a residue 30 dB under the
    line is the canceller seen cancelling and is silenced, the player over the line (as
    loud as it) passes."""
    from voice.echo import UpstreamCanceller
    from voice.listener import Listener
    from voice.vad import EnergyVad

    upstream = UpstreamCanceller("server-webrtc")
    chunk = np.arange(320, dtype=np.int16)
    assert upstream.process(chunk, chunk[::-1]) is chunk

    lst = Listener(lambda: None, source=_NoMic(), vad=EnergyVad())  # type: ignore[arg-type,return-value]
    lst.canceller = upstream
    line = (8000 * np.sin(np.arange(3 * RATE) / 3)).astype(np.int16)
    lst.play(line, at=10.0)
    residue = (line * 10 ** (-30 / 20)).astype(np.int16)  # what the server left of it

    def cancel(pcm: np.ndarray, i: int) -> bytes:  # the i-th 20 ms of the line
        out, clean, over = lst._cancel(pcm[320 * i:320 * (i + 1)].tobytes(), 10.0 + 0.02 * (i + 1))
        assert over and clean == pcm[320 * i:320 * (i + 1)].tobytes()  # nothing taken here
        return out

    assert not any(any(cancel(residue, i)) for i in range(110))
    assert lst.echo_learned and lst.cancelling
    assert any(cancel(line, 110))  # as loud as the reference: the player, not its echo


class _Subtract:
    """A linear canceller that knows the echo exactly (it is the reference), letting
    ``leak`` of it through."""

    def __init__(self, name: str, leak: float = 0.0) -> None:
        self.name, self.leak = name, leak

    def process(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        out = near.astype(np.float64) - (1 - self.leak) * far.astype(np.float64)
        return np.clip(out, -32768, 32767).astype(np.int16)


def _line_listener(canceller: object) -> tuple[object, np.ndarray]:
    from voice.listener import Listener
    from voice.vad import EnergyVad

    lst = Listener(lambda: None, source=_NoMic(), vad=EnergyVad())  # type: ignore[arg-type,return-value]
    lst.canceller = canceller  # type: ignore[assignment]
    line = (8000 * np.sin(np.arange(4 * RATE) / 3)).astype(np.int16)
    return lst, line


def test_a_lines_first_moments_are_not_trusted_though_the_line_before_was_cancelled():
    """At a line's start AEC3 takes the game's voice deep out, then lets it through for a
    few hundred ms: what the canceller did for the line before, or for this line's first
    words, does not make it trusted until the line has played LINE_SETTLE_S."""
    from voice.listener import LINE_SETTLE_S

    lst, line = _line_listener(_Subtract("a", leak=0.001))
    lst.play(line[:RATE], at=10.0)
    for i in range(50):  # the whole first line, 20 ms at a time
        lst._cancel(line[320 * i:320 * (i + 1)].tobytes(), 10.0 + 0.02 * (i + 1))
    assert lst.cancelling
    quiet = np.zeros(320, np.int16).tobytes()
    for i in range(50):  # a second's pause
        lst._cancel(quiet, 11.0 + 0.02 * (i + 1))
    lst.play(line, at=12.0)  # the next line
    settled = round(LINE_SETTLE_S / 0.02)
    for i in range(settled + 5):
        out, _, over = lst._cancel(line[320 * i:320 * (i + 1)].tobytes(), 12.0 + 0.02 * (i + 1))
        assert over
        assert lst.cancelling == (i + 1 > settled)


def test_over_a_line_a_frame_either_canceller_took_the_echo_out_of_is_silenced():
    """AEC3 (the detector's canceller) lets a stretch of the line through that SpeexDSP
    takes out: the detector is not given it.  The player, whom neither can take out,
    passes."""
    aec3 = _Subtract("a", leak=0.001)
    lst, line = _line_listener(PairedCanceller(aec3, _Subtract("b"), "a+b"))
    lst.play(line, at=10.0)

    def cancel(near: np.ndarray, i: int) -> bytes:
        out, _, over = lst._cancel(near[320 * i:320 * (i + 1)].tobytes(), 10.0 + 0.02 * (i + 1))
        assert over
        return out

    for i in range(100):
        cancel(line, i)
    assert lst.cancelling
    aec3.leak = 0.9  # AEC3 re-learns: the game's voice 1 dB down, as loud as the player
    assert not any(any(cancel(line, i)) for i in range(100, 105))
    player = (6000 * np.sin(np.arange(line.size) / 7)).astype(np.int16)
    assert any(cancel((line.astype(np.int32) + player).clip(-32768, 32767).astype(np.int16),
                      105))


@pytest.mark.parametrize("over", [False, True])
def test_over_a_line_the_recognizer_hears_less_of_the_pre_roll(over):
    """Before the player's first sound over a line there is only what the canceller left
    of it: an utterance begun over the line keeps PREROLL_OVER_MS of its pre-roll, one
    begun in silence all of it."""
    from voice.listener import PREROLL_OVER_MS, Listener
    from voice.vad import EnergyVad, SpeechStarted

    lst = Listener(lambda: None, source=_NoMic(), vad=EnergyVad())  # type: ignore[arg-type,return-value]
    clean = np.arange(RATE // 2, dtype=np.int16)  # half a second, every sample its own
    preroll = clean[-RATE * 384 // 1000:]
    (started,) = lst._ungated([SpeechStarted(preroll.tobytes())], clean.tobytes(), 0, over)
    want = preroll[-RATE * PREROLL_OVER_MS // 1000:] if over else preroll
    assert isinstance(started, SpeechStarted)
    assert np.frombuffer(started.pcm, np.int16).tolist() == want.tolist()


def test_a_room_to_be_learned_over_more_frames_than_are_kept_is_still_learned():
    """``learn_frames`` set above the frames kept to judge by (``--set learn_frames=300``
    in the benchmarks): what is kept grows with it, and the room is learned once that many
    loud frames were seen cancelled."""
    from voice.listener import TAKEN_KEEP, Listener
    from voice.vad import EnergyVad

    lst = Listener(lambda: None, source=_NoMic(), vad=EnergyVad())  # type: ignore[arg-type,return-value]
    lst.learn_frames = TAKEN_KEEP + 100
    lst._taken.extend([30.0] * (TAKEN_KEEP + 99))
    assert not lst.echo_learned
    lst._taken.append(30.0)
    assert lst.echo_learned


def test_when_the_reference_moves_the_canceller_is_trusted_again_only_once_seen_cancelling():
    """The monitor's offset moved: the echo moved against the reference and the canceller
    must learn its path again.  What it took out before says nothing of now: while it
    lets the game's voice through it is not trusted, and it is once it takes it out again."""
    canceller = _Subtract("a", leak=0.001)
    lst, line = _line_listener(canceller)
    lst.play(line, at=10.0)

    def cancel(i: int) -> None:
        lst._cancel(line[320 * i:320 * (i + 1)].tobytes(), 10.0 + 0.02 * (i + 1))

    for i in range(60):
        cancel(i)
    assert lst.cancelling
    lst._reference_moved()
    canceller.leak = 0.3  # ~10 dB taken out while it re-learns
    for i in range(60, 90):
        cancel(i)
        assert not lst.cancelling
    canceller.leak = 0.001
    for i in range(90, 150):
        cancel(i)
    assert lst.cancelling


def _noisy_line_listener(seconds: float, floor: float = 30.0) -> tuple[object, np.ndarray,
                                                                       np.ndarray]:
    """A listener over a line the canceller knows exactly, played at 11.0 after a second
    of the room alone, and the microphone's steady noise floor (``floor``: its rms) from
    10.0: (listener, line, noise)."""
    lst, line = _line_listener(_Subtract("a", leak=0.001))
    line = line[:round(seconds * RATE)].copy()
    noise = np.random.default_rng(5).normal(0, floor, line.size + 5 * RATE)
    return lst, line, noise


def _mic(first: np.ndarray, *more: np.ndarray) -> np.ndarray:
    """What the microphone records: ``first`` and, over it, the start of each of ``more``."""
    out = first.astype(np.float64)
    for part in more:
        out += part[:out.size]
    return np.clip(out, -32768, 32767).astype(np.int16)


def _chunk(lst: object, near: np.ndarray, i: int) -> tuple[bytes, bytes, bool]:
    """The listener's ``_cancel`` of the ``i``-th 20 ms of ``near``, recorded from 10.0."""
    return lst._cancel(near[320 * i:320 * (i + 1)].tobytes(),  # type: ignore[attr-defined,no-any-return]
                       10.0 + 0.02 * (i + 1))


def _overs(lst: object, near: np.ndarray) -> list[bool]:
    """Whether the listener took each 20 ms of ``near`` (from 10.0) as over the line."""
    return [_chunk(lst, near, i)[2] for i in range(near.size // 320)]


@pytest.mark.parametrize("margin", [0.0, None])
def test_in_a_pause_of_the_line_the_rooms_steady_noise_is_silenced_with_the_echo(margin):
    """Half a second into a pause of the game's line, nothing loud is left to measure the
    echo's range against, and the room's steady noise would pass the gates in bursts
    between silenced frames, which the detector hears as speech starting.  A frame less
    than FLOOR_MARGIN_DB over the microphone's noise floor (heard before the line) is
    silenced with the echo (not so with no margin); the player, well over it, passes."""
    lst, line, noise = _noisy_line_listener(4.0)
    if margin is not None:
        lst.floor_margin_db = margin
    line[2 * RATE:3 * RATE] = 0  # the line pauses for a second
    lst.play(line, at=11.0)
    near = _mic(np.concatenate([np.zeros(RATE), line]), noise)

    def cancel(pcm: np.ndarray, i: int) -> bytes:
        return _chunk(lst, pcm, i)[0]

    for i in range(175):  # the room, the loud part, then half a second of the pause
        cancel(near, i)
    assert lst.cancelling
    pause = [any(np.frombuffer(cancel(near, i), np.int16)) for i in range(175, 185)]
    assert any(pause) == (margin == 0.0)
    player = (3000 * np.sin(np.arange(near.size) / 5)).astype(np.int16)
    assert any(cancel(_mic(near, player), 185))


def test_the_room_ringing_on_after_the_line_is_still_the_line():
    """The room rings on after the game's last word (reverberation longer than the
    cancellers' filters): while the microphone stays RING_MARGIN_DB over its noise floor
    the listener still takes what it hears as over the line, for at most RING_MAX_S; once
    the room is quiet, the line is over."""
    from voice.listener import RING_MAX_S

    lst, line, noise = _noisy_line_listener(2.0)
    lst.play(line, at=11.0)
    t = np.arange(2 * RATE) / RATE
    ring = np.random.default_rng(6).normal(0, 3000, t.size) * 10 ** (-60 * t / 20)  # -60 dB/s
    overs = _overs(lst, _mic(np.concatenate([np.zeros(RATE), line, ring]), noise))
    on = overs.index(True)
    off = on + overs[on:].index(False)
    assert all(overs[on:off]) and not any(overs[off:])
    # past the tail the game allows any line (0.3 s): the ring, ~40 dB over the floor,
    # gone (less the 10 dB margin) ~0.5 s after the line at 60 dB a second
    assert 0.3 + 0.1 < (off - on) * 0.02 - 2.0 < min(0.3 + RING_MAX_S, 0.7)


def test_a_room_that_stays_loud_after_the_line_is_the_line_for_at_most_ring_max_s():
    """The player starting right after the line keeps the room loud: what they say is
    taken as over the line (gated as such) only up to RING_MAX_S after the line's tail."""
    from voice.listener import RING_MAX_S

    lst, line, noise = _noisy_line_listener(2.0)
    lst.play(line, at=11.0)
    player = 3000 * np.sin(np.arange(3 * RATE) / 5)
    overs = _overs(lst, _mic(np.concatenate([np.zeros(RATE), line, player]), noise))
    on = overs.index(True)
    off = on + overs[on:].index(False)
    assert abs((off - on) * 0.02 - 2.0 - (0.3 + RING_MAX_S)) <= 0.06
    assert not any(overs[off:])
