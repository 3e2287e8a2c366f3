"""The room remembered between games (voice.recognizers.room): PocketSphinx starts a game
from the cepstral mean of the microphone and room the player last played in.

Real speech throughout: espeak-ng phrases at 15 dB SNR, where the default start lost the
first commands of a game (benchmarks/voice/first_command.py: 60 of 180 first commands
right; from a saved room 165, and 142 from the default start once an utterance far from the
running mean is heard again from its own)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from voice.parser import parse
from voice.recognizers.room import CEPSTRA, load_room, parse_room, save_room

MEAN = "59.9,-5.1,-2.2,5.5,-3.8,-5.5,-3.6,-4.4,-1.9,-3.6,-1.4,-1.5,-1.3"

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")


def _noisy(text: str, seed: int) -> bytes:
    from benchmarks.voice.synth import mix, speak

    return mix(speak(text, "en-gb", 160), 15.0, seed=seed).tobytes()


def test_a_saved_room_is_read_back(tmp_path):
    path = tmp_path / "deeper" / "room.txt"
    assert save_room(path, MEAN)
    assert load_room(path) == parse_room(MEAN)
    assert len(load_room(path).split(",")) == CEPSTRA
    assert not path.with_name("room.txt.tmp").exists()


@pytest.mark.parametrize("content", [
    "", "not a room", "1,2,3", ",".join(["nan"] * 13), ",".join(["1e9"] * 13),
    MEAN + "\n" + MEAN, MEAN.replace("-5.1", "x"),
])
def test_a_damaged_room_file_is_ignored(tmp_path, content):
    path = tmp_path / "room.txt"
    path.write_text(content)
    assert load_room(path) is None


def test_a_room_file_that_is_not_text_is_ignored(tmp_path):
    path = tmp_path / "room.txt"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert load_room(path) is None
    assert load_room(tmp_path / "missing.txt") is None
    assert load_room(tmp_path) is None  # a directory


def test_a_room_that_cannot_be_written_is_not_an_error(tmp_path):
    (tmp_path / "file").write_text("in the way")
    assert save_room(tmp_path / "file" / "room.txt", MEAN) is False
    assert save_room(tmp_path / "room.txt", "not a mean") is False
    assert not (tmp_path / "room.txt").exists()


@needs_espeak
def test_a_damaged_room_file_starts_the_recognizer_from_its_default(tmp_path):
    from voice.recognizers.pocketsphinx_backend import CMNINIT, PocketSphinxRecognizer

    path = tmp_path / "room.txt"
    path.write_text("garbage")
    rec = PocketSphinxRecognizer(room_file=path)
    assert parse_room(rec.room) == parse_room(CMNINIT)
    rec.decode(_noisy("fold", 1))
    assert load_room(path) == parse_room(rec.room)  # written afresh


@needs_espeak
def test_the_recognizer_keeps_its_room_after_every_utterance(tmp_path):
    from voice.recognizers import open_recognizer

    path = tmp_path / "room.txt"
    rec = open_recognizer("pocketsphinx", room_file=path)
    assert not path.exists()
    rec.decode(_noisy("nice hand", 1))  # heard or not, it was the room's sound
    first = load_room(path)
    assert first is not None and first == parse_room(rec.room)
    rec.decode(_noisy("fold it", 2))
    assert load_room(path) == parse_room(rec.room) != first


@pytest.fixture(scope="module")
def last_games_room(tmp_path_factory) -> Path:
    """A game played in a noisy room (15 dB SNR), its room saved."""
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    path = tmp_path_factory.mktemp("room") / "room.txt"
    rec = PocketSphinxRecognizer(room_file=path)
    for seed, text in enumerate(["call", "fold it", "raise to two hundred", "check",
                                 "what's the pot", "min raise"]):
        rec.decode(_noisy(text, 20 + seed))
    return path


@needs_espeak
@pytest.mark.parametrize("text", ["min raise", "three x", "check", "fold"])
def test_the_first_command_of_the_next_game_in_a_noisy_room_is_heard(last_games_room, text):
    """From the default start alone (no saved room, no room check) each of these is "didn't
    catch that"."""
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    rec = PocketSphinxRecognizer(room_file=last_games_room)
    assert parse_room(rec.room) == load_room(last_games_room)
    hyp = rec.decode(_noisy(text, 3))
    assert parse(hyp.text) == parse(text), hyp


@needs_espeak
def test_set_room_starts_again_from_a_mean_or_the_default():
    from voice.recognizers.pocketsphinx_backend import CMNINIT, PocketSphinxRecognizer

    rec = PocketSphinxRecognizer()
    rec.set_room(MEAN)
    assert parse_room(rec.room) == parse_room(MEAN)
    rec.set_room(None)
    assert parse_room(rec.room) == parse_room(CMNINIT)


@needs_espeak
@pytest.mark.parametrize("text,voice", [
    ("min raise", "en-gb"), ("three x", "en-us"), ("fold", "en-gb"), ("pot it", "en-us+m3"),
    ("raise to two hundred", "en-gb"),
])
def test_a_new_players_first_command_in_a_noisy_room_is_heard(text, voice):
    """No room saved: the first command is far from the default start's mean, so it is
    heard again from its own (without that, each of these is "didn't catch that")."""
    from benchmarks.voice.synth import mix, speak
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    hyp = PocketSphinxRecognizer().decode(mix(speak(text, voice, 160), 15.0, seed=3).tobytes())
    assert parse(hyp.text) == parse(text), hyp


@needs_espeak
def test_hearing_again_does_not_move_the_room_faster(monkeypatch):
    """An utterance heard again from its own mean leaves the running mean where the
    utterance itself took it: one utterance's mean is not the room's."""
    from voice.recognizers import pocketsphinx_backend as backend

    pcm = _noisy("min raise", 3)
    rec = backend.PocketSphinxRecognizer()
    assert parse(rec.decode(pcm).text) == parse("min raise")  # heard again
    monkeypatch.setattr(backend, "ROOM_CHANGE", float("inf"))
    plain = backend.PocketSphinxRecognizer()
    assert plain.decode(pcm).text == "[unk]"  # not heard again
    assert plain.room.split(",")[0] == rec.room.split(",")[0]


@needs_espeak
def test_the_caller_decides_whether_a_doubted_command_is_heard_again():
    """``final(rehear=...)`` is asked, with the first hearing, before a doubted utterance in
    a new room is decoded again from its own mean: the pair asks Whisper, and where Whisper
    is sure of the same command the second hearing cannot change what is taken."""
    from voice.recognizers.base import Hypothesis
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    pcm = _noisy("min raise", 3)

    def heard(answer: bool) -> tuple[Hypothesis, list[Hypothesis]]:
        asked: list[Hypothesis] = []
        rec = PocketSphinxRecognizer()
        for start in range(0, len(pcm), 3200):
            rec.accept(pcm[start:start + 3200])
        return rec.final(lambda first: asked.append(first) or answer), asked

    again, asked = heard(True)
    assert parse(again.text) == parse("min raise") and [a.text for a in asked] == ["[unk]"]
    kept, asked = heard(False)
    assert kept.text == "[unk]" and len(asked) == 1
