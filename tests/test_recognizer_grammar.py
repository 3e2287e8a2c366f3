"""The recognizer grammars generated from voice.vocabulary."""

from __future__ import annotations

import pytest

from voice import grammar, vocabulary


def test_every_vocabulary_word_has_a_pronunciation_in_pocketsphinx():
    from voice.recognizers.pocketsphinx_backend import _decoder, model_dir

    dec = _decoder(grammar.DEFAULT_GARBAGE_WEIGHT, model_dir())
    missing = [w for w in vocabulary.words() if dec.lookup_word(w) is None]
    assert missing == []


def test_jsgf_has_the_commands_and_a_garbage_loop_but_no_yes_unless_confirming():
    text = grammar.jsgf()
    assert "<garbage> = <phone>+;" in text
    assert "<confirm_yes>" not in text.split("<command> =")[1].split(";")[0]
    assert "<confirm_yes>" in grammar.jsgf(confirm=True).split("<command> =")[1].split(";")[0]


def test_without_garbage_weight_there_is_no_rejection_path():
    assert "<garbage>" not in grammar.jsgf(garbage_weight=None)


@pytest.mark.parametrize("phrase", ["call it", "raise to two hundred", "what's the pot"])
def test_vosk_phrase_list_holds_the_commands_and_unk(phrase):
    phrases = grammar.vosk_phrases(max_amount=300)
    assert phrase in phrases and phrases[-1] == "[unk]"
