"""Whisper ``tiny.en`` as a PyTorch module, loaded from the CTranslate2 weights the game
installs, with low-rank adapters (LoRA) to train and a patch file to write.

Only for making ``models/tiny.en-table.npz`` (see training/README.md); the game itself
never imports PyTorch.  The module follows OpenAI's Whisper: two convolutions and four
pre-norm transformer blocks encode the log-mel window; four blocks with cross-attention
decode; the output projection is the token embedding.  :func:`load` maps CTranslate2's
variables (fused query/key/value, see ``voice/recognizers/ct2_weights.py``) onto it.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F  # noqa: N812 - the usual name
from torch import nn

from voice.recognizers.ct2_weights import read_weights

WIDTH, HEADS, LAYERS, VOCAB, TEXT_CTX, AUDIO_CTX, MELS = 384, 6, 4, 51864, 448, 1500, 80
#: Adapter rank and scale (alpha / rank multiplies the adapter's output).
RANK, ALPHA = 16, 32


class Attention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.q, self.k = nn.Linear(WIDTH, WIDTH), nn.Linear(WIDTH, WIDTH, bias=False)
        self.v, self.o = nn.Linear(WIDTH, WIDTH), nn.Linear(WIDTH, WIDTH)

    def forward(self, x: torch.Tensor, source: torch.Tensor | None = None,
                causal: bool = False) -> torch.Tensor:
        src = x if source is None else source
        b, t, _ = x.shape

        def heads(y: torch.Tensor) -> torch.Tensor:
            return y.view(b, y.shape[1], HEADS, -1).transpose(1, 2)

        y = F.scaled_dot_product_attention(heads(self.q(x)), heads(self.k(src)),
                                           heads(self.v(src)), is_causal=causal)
        return self.o(y.transpose(1, 2).reshape(b, t, WIDTH))


class Block(nn.Module):
    def __init__(self, cross: bool) -> None:
        super().__init__()
        self.ln1, self.attn = nn.LayerNorm(WIDTH), Attention()
        self.cross = cross
        if cross:
            self.ln2, self.xattn = nn.LayerNorm(WIDTH), Attention()
        self.ln3 = nn.LayerNorm(WIDTH)
        self.fc1, self.fc2 = nn.Linear(WIDTH, 4 * WIDTH), nn.Linear(4 * WIDTH, WIDTH)

    def forward(self, x: torch.Tensor, audio: torch.Tensor | None = None,
                causal: bool = False) -> torch.Tensor:
        x = x + self.attn(self.ln1(x), causal=causal)
        if self.cross:
            x = x + self.xattn(self.ln2(x), audio)
        return x + self.fc2(F.gelu(self.fc1(self.ln3(x))))


class Whisper(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv1d(MELS, WIDTH, 3, padding=1)
        self.conv2 = nn.Conv1d(WIDTH, WIDTH, 3, stride=2, padding=1)
        self.audio_pos = nn.Parameter(torch.zeros(AUDIO_CTX, WIDTH), requires_grad=False)
        self.encoder = nn.ModuleList([Block(False) for _ in range(LAYERS)])
        self.encoder_ln = nn.LayerNorm(WIDTH)
        self.embed = nn.Embedding(VOCAB, WIDTH)
        self.text_pos = nn.Parameter(torch.zeros(TEXT_CTX, WIDTH))
        self.decoder = nn.ModuleList([Block(True) for _ in range(LAYERS)])
        self.decoder_ln = nn.LayerNorm(WIDTH)

    def encode_bottom(self, mel: torch.Tensor, layers: int) -> torch.Tensor:
        x = F.gelu(self.conv2(F.gelu(self.conv1(mel)))).transpose(1, 2)
        x = x + self.audio_pos[: x.shape[1]]
        for block in self.encoder[:layers]:
            x = block(x)
        return x

    def encode_top(self, x: torch.Tensor, layers: int) -> torch.Tensor:
        for block in self.encoder[layers:]:
            x = block(x)
        return self.encoder_ln(x)

    def hidden(self, tokens: torch.Tensor, audio: torch.Tensor) -> torch.Tensor:
        x = self.embed(tokens) + self.text_pos[: tokens.shape[1]]
        for block in self.decoder:
            x = block(x, audio, causal=True)
        return self.decoder_ln(x)


class LoRA(nn.Module):
    """``base(x) + scale * x A^T B^T``; ``B`` starts at zero, so training starts from
    the base model exactly."""

    def __init__(self, base: nn.Linear) -> None:
        super().__init__()
        self.base = base
        for p in base.parameters():
            p.requires_grad = False
        self.A = nn.Parameter(torch.randn(RANK, base.in_features) / math.sqrt(base.in_features))
        self.B = nn.Parameter(torch.zeros(base.out_features, RANK))
        self.scale = ALPHA / RANK

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.base(x) + (x @ self.A.T @ self.B.T) * self.scale

    def factors(self) -> tuple[np.ndarray, np.ndarray]:
        """(U, V) with ``U @ V`` the change to the base weight."""
        return (self.B.detach().double().numpy() * self.scale, self.A.detach().double().numpy())


def _f32(a: np.ndarray) -> torch.Tensor:
    return torch.tensor(a.astype(np.float32))


def load(model_bin: Path) -> Whisper:
    """The module with the weights of a CTranslate2 Whisper ``tiny`` ``model.bin``."""
    w = read_weights(model_bin).variables
    m = Whisper()

    def ln(mod: nn.LayerNorm, name: str) -> None:
        mod.weight.data, mod.bias.data = _f32(w[name + "/gamma"]), _f32(w[name + "/beta"])

    def lin(mod: nn.Module, name: str, part: slice | None = None) -> None:
        weight = w[name + "/weight"] if part is None else w[name + "/weight"][part]
        mod.weight.data = _f32(weight)
        if mod.bias is not None:
            bias = w[name + "/bias"]
            mod.bias.data = _f32(bias if part is None else bias[part])

    q, k, v = slice(0, WIDTH), slice(WIDTH, 2 * WIDTH), slice(2 * WIDTH, 3 * WIDTH)
    lin(m.conv1, "encoder/conv1")
    lin(m.conv2, "encoder/conv2")
    m.audio_pos.data = _f32(w["encoder/position_encodings/encodings"])
    m.text_pos.data = _f32(w["decoder/position_encodings/encodings"])
    m.embed.weight.data = _f32(w["decoder/embeddings/weight"])
    ln(m.encoder_ln, "encoder/layer_norm")
    ln(m.decoder_ln, "decoder/layer_norm")
    for side, blocks in (("encoder", m.encoder), ("decoder", m.decoder)):
        for i, block in enumerate(blocks):
            p = f"{side}/layer_{i}"
            ln(block.ln1, p + "/self_attention/layer_norm")
            for mod, part in ((block.attn.q, q), (block.attn.k, k), (block.attn.v, v)):
                lin(mod, p + "/self_attention/linear_0", part)
            lin(block.attn.o, p + "/self_attention/linear_1")
            if block.cross:
                ln(block.ln2, p + "/attention/layer_norm")
                lin(block.xattn.q, p + "/attention/linear_0")
                lin(block.xattn.k, p + "/attention/linear_1", q)
                lin(block.xattn.v, p + "/attention/linear_1", k)
                lin(block.xattn.o, p + "/attention/linear_2")
            ln(block.ln3, p + "/ffn/layer_norm")
            lin(block.fc1, p + "/ffn/linear_0")
            lin(block.fc2, p + "/ffn/linear_1")
    return m


def _adapted(block: Block) -> list[tuple[str, list[tuple[nn.Module, str]]]]:
    """The block's linear layers by CTranslate2 variable (fused ones together)."""
    out: list[tuple[str, list[tuple[nn.Module, str]]]] = [
        ("self_attention/linear_0", [(block.attn, "q"), (block.attn, "k"), (block.attn, "v")]),
        ("self_attention/linear_1", [(block.attn, "o")]),
        ("ffn/linear_0", [(block, "fc1")]), ("ffn/linear_1", [(block, "fc2")]),
    ]
    if block.cross:
        out += [("attention/linear_0", [(block.xattn, "q")]),
                ("attention/linear_1", [(block.xattn, "k"), (block.xattn, "v")]),
                ("attention/linear_2", [(block.xattn, "o")])]
    return out


def add_adapters(m: Whisper, frozen_layers: int) -> None:
    """Freeze everything; put adapters on the encoder's blocks from ``frozen_layers`` on
    and on every decoder block."""
    for p in m.parameters():
        p.requires_grad = False
    for block in [*m.encoder[frozen_layers:], *m.decoder]:
        for _, parts in _adapted(block):
            for owner, name in parts:
                setattr(owner, name, LoRA(getattr(owner, name)))


def patch_arrays(m: Whisper) -> dict[str, np.ndarray]:
    """The adapters as ``{variable}:u`` / ``{variable}:v`` factors of CTranslate2's
    (fused) variables: a fused weight's change is block-diagonal in ``U``."""
    arrays: dict[str, np.ndarray] = {}
    for side, blocks in (("encoder", m.encoder), ("decoder", m.decoder)):
        for i, block in enumerate(blocks):
            for variable, parts in _adapted(block):
                mods = [getattr(owner, name) for owner, name in parts]
                if not all(isinstance(mod, LoRA) for mod in mods):
                    continue
                us, vs = zip(*(mod.factors() for mod in mods))
                u = np.zeros((sum(x.shape[0] for x in us), sum(x.shape[1] for x in us)))
                row = col = 0
                for x in us:
                    u[row:row + x.shape[0], col:col + x.shape[1]] = x
                    row, col = row + x.shape[0], col + x.shape[1]
                name = f"{side}/layer_{i}/{variable}/weight"
                arrays[name + ":u"] = u.astype(np.float32)
                arrays[name + ":v"] = np.concatenate(vs).astype(np.float32)
    return arrays
