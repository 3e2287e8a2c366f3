"""Fit Whisper ``tiny.en`` to the table and write ``models/tiny.en-table.npz``.

    python3 -m venv /tmp/fit
    /tmp/fit/bin/pip install -e . -r training/requirements.txt
    /tmp/fit/bin/python -m training.fit_whisper_table --out models/tiny.en-table.npz

(from the checkout: the script uses the game's grammar and the benchmark's synthesizer
wrapper, so the venv holds the game as well as PyTorch).  On this project's 2-core machine:
synthesis ~15 min, the frozen layers ~5 min, each epoch 7–35 min (1.5–7 s a step,
by how busy the machine is).

How: clips from :mod:`training.table_data`; each is turned into the 10 s log-mel window
the game's Whisper backend uses and run once through the encoder's first
:data:`FROZEN_LAYERS` blocks (frozen: their output is cached); low-rank adapters on the
encoder's top blocks and the whole decoder learn to write the clip's text after the
game's own prompt (:data:`voice.recognizers.whisper_backend.PROMPT`, with " Yes. No."
while a "yes?" waits, as the game does).  The loss is on the written words and the end
of text only.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F  # noqa: N812 - the usual name

from training.table_data import clips
from training.whisper_torch import Whisper, add_adapters, load, patch_arrays
from voice.recognizers.whisper_backend import (
    CONFIRM_PROMPT,
    PROMPT,
    WINDOW_S,
    log_mel,
    prompt_tokens,
)
from voice.recognizers.whisper_models import packaged_models
from voice.recognizers.whisper_patch import BASE_NAME

FROZEN_LAYERS = 2
BATCH = 16
EPOCHS = 2
#: Seeds of the adapters' initial values and of the batches' order and prompts.
TORCH_SEED, BATCH_SEED = 20, 0
LEARNING_RATE = 5e-4
WARMUP_STEPS = 50
WEIGHT_DECAY = 0.01
#: Share of clips trained with the prompt the game uses while a "yes?" waits.
PENDING_SHARE = 0.15


def _tools():  # noqa: ANN202 - faster-whisper is untyped
    """The plain packaged model (the base the patch is added to), its tokenizer and the
    game's feature extractor."""
    import tokenizers
    from faster_whisper.feature_extractor import FeatureExtractor
    from faster_whisper.tokenizer import Tokenizer

    base = next(m for m in packaged_models() if m.name == BASE_NAME)
    tok = Tokenizer(tokenizers.Tokenizer.from_file(str(base.path / "tokenizer.json")),
                    multilingual=False, task="transcribe", language="en")
    return base, tok, FeatureExtractor(feature_size=80)


def mel(features, samples: np.ndarray) -> np.ndarray:  # noqa: ANN001
    """The game's window (:func:`log_mel`) of an int16 clip."""
    return log_mel(features, samples.astype(np.float32) / 32768.0, WINDOW_S)


def prompt_ids(tok, pending: bool) -> list[int]:  # noqa: ANN001
    return prompt_tokens(tok, PROMPT + (CONFIRM_PROMPT if pending else ""))


def batch(tok, texts: list[str], rng: random.Random) -> tuple[torch.Tensor, torch.Tensor]:  # noqa: ANN001
    """Token inputs and targets (-100 where no loss: the prompt and the padding)."""
    seqs = []
    for text in texts:
        head = prompt_ids(tok, rng.random() < PENDING_SHARE)
        seqs.append((head, [*tok.encode(" " + text), tok.eot]))
    length = max(len(h) + len(t) for h, t in seqs)
    tokens = torch.full((len(seqs), length), tok.eot, dtype=torch.long)
    targets = torch.full((len(seqs), length), -100, dtype=torch.long)
    for i, (head, tail) in enumerate(seqs):
        tokens[i, :len(head) + len(tail)] = torch.tensor(head + tail)
        targets[i, len(head) - 1:len(head) + len(tail) - 1] = torch.tensor(tail)
    return tokens, targets


def loss_of(m: Whisper, cached: torch.Tensor, tokens: torch.Tensor,
            targets: torch.Tensor) -> torch.Tensor:
    audio = m.encode_top(cached.float(), FROZEN_LAYERS)
    hidden = m.hidden(tokens[:, :-1], audio)
    wanted = targets[:, :-1]
    keep = wanted != -100
    return F.cross_entropy(hidden[keep] @ m.embed.weight.T, wanted[keep])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("models/tiny.en-table.npz"))
    parser.add_argument("--clips", type=int, default=2200, help="clips tried per seed")
    parser.add_argument("--seeds", default="11,12", help="one synthesis run per seed")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(TORCH_SEED)
    started = time.monotonic()

    def say(what: str) -> None:
        print(f"[{time.monotonic() - started:6.0f} s] {what}", flush=True)

    base, tok, features = _tools()
    m = load(base.weights)
    audio, texts = [], []
    seeds = [int(s) for s in args.seeds.split(",")]
    with multiprocessing.Pool(min(len(seeds), args.threads)) as pool:
        for more_audio, more_texts in pool.starmap(
                clips, [(args.clips, seed) for seed in seeds]):
            audio += more_audio
            texts += more_texts
    say(f"{len(texts)} clips synthesized")
    cached = []
    with torch.no_grad():
        for i in range(0, len(audio), BATCH):
            mels = torch.tensor(np.stack([mel(features, a) for a in audio[i:i + BATCH]]))
            cached.append(m.encode_bottom(mels, FROZEN_LAYERS).half())
    frozen = torch.cat(cached)
    say(f"frozen layers run: {tuple(frozen.shape)}")
    add_adapters(m, FROZEN_LAYERS)
    params = [p for p in m.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=LEARNING_RATE, weight_decay=WEIGHT_DECAY)
    steps = args.epochs * (len(texts) // BATCH)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / WARMUP_STEPS)
                                              * 0.5 * (1 + math.cos(math.pi * s / steps)))
    rng = random.Random(BATCH_SEED)
    step, running = 0, 0.0
    for _ in range(args.epochs):
        order = list(range(len(texts)))
        rng.shuffle(order)
        for k in range(len(texts) // BATCH):
            idx = order[k * BATCH:(k + 1) * BATCH]
            tokens, targets = batch(tok, [texts[i] for i in idx], rng)
            loss = loss_of(m, frozen[idx], tokens, targets)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            opt.step()
            opt.zero_grad()
            sched.step()
            step += 1
            running = loss.item() if step == 1 else 0.98 * running + 0.02 * loss.item()
            if step % 20 == 0:
                say(f"step {step}/{steps} loss {running:.4f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **patch_arrays(m))
    say(f"wrote {args.out}")


if __name__ == "__main__":
    main()
