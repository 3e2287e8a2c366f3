"""The voice benchmark's arithmetic: what counts as a wrong action (benchmarks/voice/run.py)."""

from __future__ import annotations

import shutil

import pytest

run = pytest.importorskip("benchmarks.voice.run")


def row(expected, outcome, acted, confirm=False, **kw):
    base = {"expected": expected, "outcome": outcome, "acted": acted, "confirm": confirm,
            "latency_ms": 50.0, "final_ms": 40.0, "rtf": 0.5}
    return base | kw


def test_a_wrong_action_applied_without_a_yes_is_counted_both_ways():
    s = run.summarize([row("question:help", "p2 cc", True), row("p2 cc", "p2 cc", True)])
    assert (s["wrong_action_count"], s["wrong_unconfirmed_count"], s["exact"]) == (1, 1, 0.5)


def test_a_wrong_action_waiting_for_yes_is_wrong_but_not_unconfirmed():
    s = run.summarize([row("table:pause", "p2 cbr 1980", True, confirm=True)])
    assert (s["wrong_action_count"], s["wrong_unconfirmed_count"]) == (1, 0)


def test_a_table_command_the_game_refuses_mid_hand_is_wrong_but_not_an_action():
    """"help" heard as "deal" during a hand: the game refuses to deal, nothing changes."""
    s = run.summarize([row("question:help", "table:deal", False)])
    assert (s["exact"], s["wrong"], s["wrong_action_count"]) == (0.0, 1.0, 0)


def test_table_talk_heard_as_a_refused_table_command_did_not_act():
    s = run.summarize([row(None, "table:rebuy", False), row(None, "p1 f", True)])
    assert (s["chatter_acted"], s["chatter_n"]) == (1, 2)


def test_rows_saved_before_acted_was_recorded_count_by_their_label():
    old = row("question:help", "table:deal", True)
    del old["acted"]
    assert run.summarize([old])["wrong_action_count"] == 1


def test_a_command_not_caught_is_counted_as_didnt_catch_not_wrong():
    s = run.summarize([row("p3 f", None, False)])
    assert (s["didnt_catch"], s["wrong"], s["wrong_action_count"]) == (1.0, 0.0, 0)


def test_a_no_heard_as_a_sure_yes_applies_the_waiting_action_and_is_a_wrong_action():
    from benchmarks.voice.outcome import acted, with_pending

    heard = {"intent": "yes", "action": None, "error": "there is nothing to confirm"}
    sure, doubted = with_pending(heard, sure=True), with_pending(heard, sure=False)
    rows = [row("confirm:no", "confirm:yes", acted(sure), confirm=sure["confirm"]),
            row("confirm:no", "confirm:yes", acted(doubted), confirm=doubted["confirm"])]
    s = run.summarize(rows)
    assert (s["wrong_action_count"], s["wrong_unconfirmed_count"]) == (2, 1)


def test_a_decoder_setting_from_the_command_line_reaches_every_decoder():
    pytest.importorskip("pocketsphinx")
    ap_args = run.argparse.Namespace(
        garbage_weight=1e-25, strict_weight=1e-15, other_weight=1e-22, other_words=10,
        rival_weight=1e-6, amount_rival_weight=0.1, decoder=[run.decoder_setting("beam=1e-40")],
        word_insertion=0.5,
    )
    rec = run.make_recognizer("pocketsphinx", ap_args)
    beams = [dec.config["beam"] for dec in rec._decoders]
    assert beams == pytest.approx([1e-40] * 3, rel=1e-6, abs=0)
    assert rec._decoder.config["wip"] == pytest.approx(0.5)


def test_a_decoder_setting_without_a_value_is_refused_with_the_form_it_needs(capsys):
    with pytest.raises(SystemExit):
        run.main(["--decoder", "beam", "--from-rows", "x.jsonl"])
    assert "expected KEY=VALUE, got 'beam'" in capsys.readouterr().err


def test_said_picks_only_the_clips_of_those_phrases_in_the_runs_order():
    voices = [v.name for v in run.ALL_VOICES][:2]
    rows = [{"id": f"u{i:04d}", "voice": voices[i % 2], "condition": "clean",
             "text": ("call", "aw", "oh")[i % 3]} for i in range(12)]
    picked = run.select(rows, "all", ["clean"], 0, by_speaker=True, said=frozenset({"aw", "oh"}))
    assert {r["text"] for r in picked} == {"aw", "oh"} and len(picked) == 8
    assert picked == [r for r in run.select(rows, "all", ["clean"], 0, by_speaker=True)
                      if r["text"] != "call"]


def test_shuffle_plays_the_same_clips_in_a_seeded_order_by_speaker_one_voice_at_a_time():
    voices = [v.name for v in run.ALL_VOICES][:3]
    rows = [{"id": f"u{i:04d}", "voice": voices[i % 3], "condition": "clean"}
            for i in range(30)]
    plain = run.select(rows, "all", ["clean"], 0)
    mixed = run.select(rows, "all", ["clean"], 0, shuffle=1)
    assert mixed != plain and sorted(r["id"] for r in mixed) == [r["id"] for r in plain]
    assert run.select(rows, "all", ["clean"], 0, shuffle=1) == mixed
    by_speaker = run.select(rows, "all", ["clean"], 0, by_speaker=True, shuffle=1)
    assert [r["voice"] for r in by_speaker] == sorted(
        (r["voice"] for r in rows), key=voices.index)


def test_a_voice_group_renders_only_the_clips_it_is_asked_for(tmp_path, monkeypatch):
    """Scoring the accented voices needs Kokoro, not flite, Piper or Festival."""
    import json

    from benchmarks.voice.synth import MANIFEST_CLIPS

    for name in ("manifest.jsonl", "manifest-accented.jsonl"):
        clips, conditions = MANIFEST_CLIPS[name]
        rows = [{"id": u.id, "condition": c, "file": f"{c}/{u.id}.wav", "text": u.phrase.text}
                for u in clips() for c in conditions]
        for r in rows:
            (tmp_path / r["file"]).parent.mkdir(exist_ok=True)
            (tmp_path / r["file"]).touch()
        (tmp_path / name).write_text("".join(json.dumps(r) + "\n" for r in rows))

    def refuse(out):
        raise AssertionError("rendered clips nobody asked for")

    monkeypatch.setattr(run, "render", refuse)
    monkeypatch.setattr(run, "render_extra", refuse)
    monkeypatch.setattr(run, "render_unheard", refuse)
    got = run.load_manifest(tmp_path, voices="accented")
    assert {r["id"][0] for r in got} == {"u", "a"}


def test_a_phrase_added_to_the_corpus_renders_only_its_own_clips(tmp_path, monkeypatch):
    """A manifest written before the corpus grew is stale; rendering it again says only the
    new phrase, and keeps the clips already on disk."""
    synth = pytest.importorskip("benchmarks.voice.synth")
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng renders the corpus")
    first = synth.utterances()[:1]
    monkeypatch.setitem(synth.MANIFEST_CLIPS, "m.jsonl", (lambda: first, synth.CONDITIONS))
    synth.render(tmp_path, first, synth.CONDITIONS, "m.jsonl")
    assert not synth.stale(tmp_path, "m.jsonl")
    grown = synth.utterances()[-1:] + first
    monkeypatch.setitem(synth.MANIFEST_CLIPS, "m.jsonl", (lambda: grown, synth.CONDITIONS))
    assert synth.stale(tmp_path, "m.jsonl")
    said: list[str] = []
    real_say = synth.say
    monkeypatch.setattr(synth, "say", lambda text, *a: said.append(text) or real_say(text, *a))
    kept = (tmp_path / "clean" / f"{first[0].id}.wav").stat().st_mtime_ns
    synth.render(tmp_path, grown, synth.CONDITIONS, "m.jsonl")
    assert said == [grown[0].phrase.text]
    assert (tmp_path / "clean" / f"{first[0].id}.wav").stat().st_mtime_ns == kept
    assert not synth.stale(tmp_path, "m.jsonl")


def test_kokoro_reads_espeak_ngs_phonemes_in_its_own_alphabet():
    synth = pytest.importorskip("benchmarks.voice.synth")
    assert synth.kokoro_phonemes("hˈæf pˈɑːt") == "hˈæf pˈɑt"
    assert synth.kokoro_phonemes("aɪ fˈoʊld") == "I fˈOld"


def test_the_errors_of_voices_only_ever_scored_are_not_printed(capsys):
    with pytest.raises(SystemExit):
        run.main(["--voices", "accented", "--errors", "--no-write"])
    assert "only ever scored" in capsys.readouterr().err


def test_a_clip_judged_again_hears_yes_and_menu_moves_only_where_the_recognizer_did():
    """``rejudge`` replays a row's Whisper readings: "Yep." is a yes only in an answer to
    a "yes?", "Close." a move only with a menu open — as the recognizer was told when it
    heard the clip — so the rows judged again give the run's own outcomes."""
    from benchmarks.voice.rejudge import readings_of
    from voice.intents import Confirm, TableCommand, Unknown

    def said(text: str, family: str, menu_open: bool = False):
        reading = [text, -0.5, text, False, 0.0, True]
        return readings_of({"family": family, "readings": [reading]}, menu_open)[0].intent

    assert isinstance(said("Yep.", "call"), Unknown)
    assert isinstance(said("Yep.", "confirm"), Confirm)
    assert isinstance(said("Close.", "pause"), Unknown)
    assert isinstance(said("Close.", "pause", menu_open=True), TableCommand)


def test_the_table_fit_never_learns_the_benchmarks_own_table_talk():
    """The talk the fit learns stays talk is none of the benchmark's talk, so the figures
    for talk acted on still mean "never trained on" (training/table_data.py)."""
    from benchmarks.voice.corpus import PHRASES
    from training import table_data

    benchmark_talk = {p.text for p in PHRASES if p.expected is None}
    assert {"oh", "aw", "wow", "hmm", "good game"} <= benchmark_talk
    assert not benchmark_talk & {t.lower() for t in table_data.TALK}


def test_the_table_fit_never_speaks_with_a_voice_the_benchmark_keeps_out():
    """The fit's clips stay apart from the held-out, validation and test voices, so their
    figures still mean "never trained on" (training/table_data.py)."""
    from benchmarks.voice.corpus import ALL_VOICES
    from training import table_data

    kept_out = [v for v in ALL_VOICES if v.held_out and v.group != "new"]
    for v in kept_out:
        if v.synth == "espeak-ng":
            accent, _, variant = v.name.partition("+")
            assert accent not in table_data.ACCENTS or variant not in table_data.VARIANTS, v
        else:
            assert v.synth != "flite" or v.name not in table_data.FLITE_VOICES, v
    assert {v.group for v in kept_out} == {"held-out", "validation", "unheard", "accented",
                                         "fresh", "blind"}


def test_rows_judged_again_by_voice_give_each_voice_its_own_table(tmp_path, capsys):
    """``rejudge --by-voice`` scores each voice apart, aggregates only: one voice's "Fold."
    is right, the other's "Call." for "fold" is a wrong action, and neither clip is shown."""
    import json

    from benchmarks.voice.rejudge import main

    def row(voice: str, said: str) -> dict:
        return {"id": voice, "voice": voice, "group": "fresh", "engine": "whisper",
                "condition": "clean", "situation": "preflop", "family": "fold",
                "text": "fold", "expected": "p3 f", "latency_ms": 100.0, "rtf": 0.3,
                "readings": [[said, -0.05, said, False, 0.0, True]]}

    rows = tmp_path / "rows.jsonl"
    rows.write_text("".join(json.dumps(row(v, s)) + "\n"
                            for v, s in (("paul", "Fold."), ("betty", "Call."))))
    assert main(["--rows", str(rows), "--by-voice"]) == 0
    out = capsys.readouterr().out
    betty, paul = out.split("voice betty")[1].split("voice paul")
    assert "| 100.0 % |" in paul and "(0; 0 without a yes)" in paul
    assert "| 0.0 % |" in betty and "(1; 1 without a yes)" in betty
    assert "Call." not in out


def test_an_amounts_condition_it_does_not_hear_is_refused_with_the_ones_it_does(capsys):
    from benchmarks.voice import amounts

    with pytest.raises(SystemExit):
        amounts.main(["--conditions", "room20"])
    assert "no condition room20 here: the amounts are heard clean or snr15" \
        in capsys.readouterr().err


def test_a_clip_judged_again_takes_bet_pot_for_the_half_pot_its_forced_score_kept():
    """Rows keep Whisper's forced score of "Half pot." under its "Bet pot."
    (``soundalike_gap``): judged again, the half-pot bet is taken as the recognizer took
    it; a row from before that score was kept asks about the pot-sized bet, as it did."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"flop_open": situation_from_history(loads(SITUATIONS["flop_open"]))}
    row = {"situation": "flop_open", "expected": "p1 cbr 40", "family": "pot_fraction",
           "engine": "combined", "sphinx": ["[unk]", 0.0, None],
           "readings": [["Bet pot.", -1.1438, "Bet pot.", False, 0.0, True],
                        ["That pot.", -4.1741, "bet pot", True, -1.0, False]]}
    kept = rejudged(dict(row, soundalike_gap=-2.7228), situations, SURE_SHARE)
    assert kept["outcome"] == "p1 cbr 40" and not kept["confirm"]
    before = rejudged(row, situations, SURE_SHARE)
    assert before["outcome"] == "p1 cbr 80" and before["confirm"]


def test_a_clip_judged_again_takes_a_call_read_under_pause_with_its_unprompted_score_kept():
    """Rows keep the unprompted score of the call under a best-read "Pause." (``echo_gap``):
    judged again, the call is taken as the recognizer took it; with ``echo_check`` off
    (``rejudge --no-echo-check``), or from a row without that score, it asks as before."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"preflop": situation_from_history(loads(SITUATIONS["preflop"]))}
    row = {"situation": "preflop", "expected": "p3 cc", "family": "call",
           "engine": "combined", "sphinx": ["call", 0.95, None],
           "readings": [["Pause.", -0.902, "Pause.", False, 0.0, True],
                        ["Call.", -3.074, "Call.", False, 0.0, True],
                        ["All.", -5.816, "All.", False, 0.0, True]]}
    kept = rejudged(dict(row, echo_gap=1.5939), situations, SURE_SHARE)
    assert kept["outcome"] == "p3 cc" and not kept["confirm"]
    for before in (rejudged(dict(row, echo_gap=1.5939), situations, SURE_SHARE,
                            echo_check=False), rejudged(row, situations, SURE_SHARE)):
        assert before["confirm"]


def test_a_clip_judged_again_takes_a_call_doubted_for_pause_where_pocketsphinx_heard_nothing():
    """A call under a best-read "Pause.", less than ``ECHO_CHECK_LEAD`` ahead of it with no
    prompt, PocketSphinx hearing nothing: judged again, the call is sure; with
    ``unheard_settles`` off (``rejudge --no-unheard-settles``) it asks, as before."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"preflop": situation_from_history(loads(SITUATIONS["preflop"]))}
    row = {"situation": "preflop", "expected": "p3 cc", "family": "call",
           "engine": "combined", "sphinx": ["[unk]", 0.0, None], "echo_gap": 0.7437,
           "readings": [["Pause.", -0.412, "Pause.", False, 0.0, True],
                        ["Call.", -1.218, "Call.", False, 0.0, True]]}
    kept = rejudged(row, situations, SURE_SHARE)
    assert kept["outcome"] == "p3 cc" and not kept["confirm"]
    before = rejudged(row, situations, SURE_SHARE, unheard_settles=False)
    assert before["outcome"] == "p3 cc" and before["confirm"]


def test_a_clip_judged_again_asks_a_call_under_pause_where_talk_read_there_led_it():
    """Rows keep how far the talk read under a best-read "Pause." led the bet with no
    prompt (``talk_lead``): judged again, the call both engines heard asks "yes?"; with
    ``echo_talk`` off (``rejudge --no-echo-talk``), or from a row without that lead, it is
    taken at once, as before."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"preflop": situation_from_history(loads(SITUATIONS["preflop"]))}
    row = {"situation": "preflop", "expected": None, "family": "chatter",
           "engine": "combined", "sphinx": ["call", 0.95, None], "echo_gap": 1.9682,
           "readings": [["Pause.", -1.25, "Pause.", False, 0.0, True],
                        ["Aah.", -5.36, "Aah.", False, 0.0, True],
                        ["Call.", -4.34, "Call.", False, 0.0, True]]}
    asked = rejudged(dict(row, talk_lead=1.9411), situations, SURE_SHARE)
    assert asked["outcome"] == "p3 cc" and asked["confirm"]
    for before in (rejudged(dict(row, talk_lead=1.9411), situations, SURE_SHARE,
                            echo_talk=False), rejudged(row, situations, SURE_SHARE)):
        assert before["outcome"] == "p3 cc" and not before["confirm"]


def test_a_clip_judged_again_takes_two_amounts_the_plain_model_settled_as_the_game_did():
    """Rows keep the plain model's word where the pair asked it (``plain``): Whisper sure of
    "fifty percent of the pot", PocketSphinx sure of thirty percent, 5.5 nats under it —
    two amounts ask; the plain model sure of fifty percent settles it, judged again as the
    game took it; with ``third_opinion`` off (``rejudge --no-third-opinion``), or from a
    row without it, it asks as before."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"flop_open": situation_from_history(loads(SITUATIONS["flop_open"]))}
    row = {"situation": "flop_open", "expected": "p1 cbr 40", "family": "pot_fraction",
           "engine": "combined", "sphinx": ["thirty percent of the pot", 0.95, -5.5318],
           "readings": [["Fifty percent of the pot.", -0.0861, "Fifty percent of the pot.",
                         False, 0.0, True],
                        ["50% of the pot.", -4.4242, "50% of the pot.", False, 0.0, True]]}
    settled = rejudged(dict(row, plain=["Fifty percent of the pot.", 0.95]), situations,
                       SURE_SHARE)
    assert settled["outcome"] == "p1 cbr 40" and not settled["confirm"]
    for before in (rejudged(dict(row, plain=["Fifty percent of the pot.", 0.95]),
                            situations, SURE_SHARE, third_opinion=False),
                   rejudged(row, situations, SURE_SHARE),
                   rejudged(dict(row, plain=["Thirty percent of the pot.", 0.95]),
                            situations, SURE_SHARE, votes=False)):
        assert before["outcome"] == "p1 cbr 40" and before["confirm"]


def test_a_clip_judged_again_asks_about_the_amount_sphinx_and_the_plain_model_heard():
    """The same row with the plain model sure of PocketSphinx's thirty percent: two engines
    of three heard it, so the game asks about it in place of the fit's fifty (session 66);
    with ``votes`` off (``rejudge --no-vote``) it asks about the fit's."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"flop_open": situation_from_history(loads(SITUATIONS["flop_open"]))}
    row = {"situation": "flop_open", "expected": "p1 cbr 40", "family": "pot_fraction",
           "engine": "combined", "sphinx": ["thirty percent of the pot", 0.95, -5.5318],
           "readings": [["Fifty percent of the pot.", -0.0861, "Fifty percent of the pot.",
                         False, 0.0, True],
                        ["50% of the pot.", -4.4242, "50% of the pot.", False, 0.0, True]],
           "plain": ["Thirty percent of the pot.", 0.95]}
    voted = rejudged(row, situations, SURE_SHARE)
    assert voted["outcome"] == "p1 cbr 24" and voted["confirm"]
    fits = rejudged(row, situations, SURE_SHARE, votes=False)
    assert fits["outcome"] == "p1 cbr 40" and fits["confirm"]


def test_a_clip_judged_again_takes_the_pause_sphinx_heard_under_the_fits_pot():
    """The fit's "Pot." with PocketSphinx's "pause" 4 nats under it and the plain model
    sure of no command, as DECtalk's "pause" is heard (session 67): judged again as the game
    takes it, a pause; with ``near_heard`` None (``rejudge --near-heard-slack None``), or
    the pause scored further down than the slack, the pot asks."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"flop_facing": situation_from_history(loads(SITUATIONS["flop_facing"]))}
    row = {"situation": "flop_facing", "expected": "table:pause", "family": "table",
           "engine": "combined", "sphinx": ["pause", 0.95, -4.0],
           "readings": [["Pot.", -0.05, "Pot.", False, 0.0, True]], "plain": ["[unk]", 0.0]}
    assert rejudged(row, situations, SURE_SHARE)["outcome"] == "table:pause"
    for before in (rejudged(row, situations, SURE_SHARE, near_heard=None),
                   rejudged(dict(row, sphinx=["pause", 0.95, -10.0]), situations,
                            SURE_SHARE)):
        assert before["outcome"].endswith("cbr 200") and before["confirm"]


def test_a_clip_judged_again_settles_a_fifty_whose_fifteen_was_read_far_under_it():
    """Whisper sure of "Bet fifty." with "Bet fifteen." 6 nats under it (the fifteen in
    doubt, not the fifty), PocketSphinx sure of fifteen, the plain model sure of fifty
    (session 67): judged again, the bet acts; with any teen in doubt walling the plain
    model off (``rejudge --any-teen-walls``), it asks."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"flop_open": situation_from_history(loads(SITUATIONS["flop_open"]))}
    row = {"situation": "flop_open", "expected": "p1 cbr 50", "family": "bet",
           "engine": "combined", "sphinx": ["bet fifteen", 0.95, -5.0],
           "readings": [["Bet fifty.", -0.05, "Bet fifty.", False, 0.0, True],
                        ["Bet fifteen.", -6.0, "Bet fifteen.", False, 0.0, True]],
           "plain": ["Bet fifty.", 0.95]}
    settled = rejudged(row, situations, SURE_SHARE)
    assert settled["outcome"] == "p1 cbr 50" and not settled["confirm"]
    walled = rejudged(row, situations, SURE_SHARE, any_teen_walls=True)
    assert walled["outcome"] == "p1 cbr 50" and walled["confirm"]


def test_a_clip_judged_again_rescues_a_call_the_fit_wrote_as_talk_as_the_game_did():
    """Festival's ked saying "call" in the room (session 65): the fit wrote "Huh." plainly
    and PocketSphinx a doubted "fold", so the pair heard nothing; the plain model, asked,
    was sure of "Call." and the game asked "yes?" about it.  Judged again the same way;
    with ``rescues`` off (``rejudge --no-rescue``), or the plain model unsure, nothing."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"flop_open": situation_from_history(loads(SITUATIONS["flop_open"]))}
    row = {"situation": "flop_open", "expected": "p1 cc", "family": "call",
           "engine": "combined", "sphinx": ["fold", 0.5, -13.6862],
           "readings": [["Huh.", -0.3491, "Huh.", False, 0.0, True],
                        ["Uh.", -4.1664, "Uh.", False, 0.0, True],
                        ["Call.", -6.9055, "Call.", False, 0.0, True]]}
    rescued = rejudged(dict(row, plain=["Call.", 0.95]), situations, SURE_SHARE)
    assert rescued["outcome"] == "p1 cc" and rescued["confirm"]
    for before in (rejudged(dict(row, plain=["Call.", 0.95]), situations, SURE_SHARE,
                            rescues=False),
                   rejudged(row, situations, SURE_SHARE),
                   rejudged(dict(row, plain=["Call.", 0.5]), situations, SURE_SHARE)):
        assert before["outcome"] is None


def test_a_clip_judged_again_takes_a_pot_the_unprompted_decoder_put_far_ahead_of_pause():
    """Rows keep the unprompted lead of "Pot." over the "Pause." read under it
    (``near_lead``): judged again, the pot-sized bet is sure as the recognizer took it; with
    ``near_check`` off (``rejudge --no-near-check``), or from a row without that score, it
    asks as before."""
    from benchmarks.voice.corpus import SITUATIONS
    from benchmarks.voice.rejudge import rejudged
    from game.commands.say import situation_from_history
    from game.phh import loads
    from voice.recognizers.whisper_backend import SURE_SHARE

    situations = {"flop_open": situation_from_history(loads(SITUATIONS["flop_open"]))}
    row = {"situation": "flop_open", "expected": "p1 cbr 80", "family": "pot",
           "engine": "combined", "sphinx": ["pot", 0.5, None],
           "readings": [["Pot.", -0.0312, "Pot.", False, 0.0, True],
                        ["Pause.", -7.6, "Pause.", False, 0.0, True],
                        ["Hot.", -8.9, "pot", True, -1.0, False]]}
    kept = rejudged(dict(row, near_lead=7.7), situations, SURE_SHARE)
    assert kept["outcome"] == "p1 cbr 80" and not kept["confirm"]
    for before in (rejudged(dict(row, near_lead=7.7), situations, SURE_SHARE,
                            near_check=False), rejudged(row, situations, SURE_SHARE),
                   rejudged(dict(row, near_lead=5.2), situations, SURE_SHARE)):
        assert before["outcome"] == "p1 cbr 80" and before["confirm"]


def test_the_twins_table_counts_each_outcome_at_each_slack():
    """benchmarks/voice/twins.py: one row per phrase and -ty doubt slack, its clips split
    into right and sure, right asking, wrong asking, wrong and sure, missed."""
    from collections import Counter

    from benchmarks.voice.twins import row, slack_of

    counts = Counter({"right": 5, "sure-wrong": 2, "right-asked": 1})
    assert row("bet fifteen", "off", counts) == "| bet fifteen | off | 8 | 5 | 1 | 0 | 2 | 0 |"
    assert slack_of("off") is None and slack_of("3.5") == 3.5


def test_a_needless_yes_is_traced_to_the_two_engines_disagreeing_and_not_to_its_clip(
        tmp_path, capsys):
    """``asks`` sorts the right commands that asked "yes?" by what the pair weighed: a
    "bet fifty" Whisper was sure of (its fifteen 6 nats under) against PocketSphinx's
    doubted "bet fifteen" 4.5 nats under it is two commands, Whisper sure, PocketSphinx
    doubting; the "fold" both heard, sure, did not ask.  Counts only, no clip's words."""
    import json

    from benchmarks.voice.asks import main

    def row(said: str, expected: str, situation: str, readings: list, sphinx: list) -> dict:
        return {"id": said, "voice": "ked", "group": "unheard", "engine": "combined",
                "condition": "snr15", "situation": situation, "family": said.split()[0],
                "text": said, "expected": expected, "readings": readings, "sphinx": sphinx}

    fifty = row("bet fifty", "p1 cbr 50", "flop_open",
                [["Bet fifty.", -0.02, "Bet fifty.", False, 0.0, True],
                 ["Bet fifteen.", -6.0, "Bet fifteen.", False, 0.0, True]],
                ["bet fifteen", 0.5, -4.5])
    fold = row("fold", "p3 f", "preflop", [["Fold.", -0.01, "Fold.", False, 0.0, True]],
               ["fold", 0.95, None])
    rows = tmp_path / "rows.jsonl"
    rows.write_text("".join(json.dumps(r) + "\n" for r in (fifty, fold)))
    assert main(["--rows", str(rows)]) == 0
    out = capsys.readouterr().out
    assert "| two commands | sure | doubting | 1 |" in out
    assert "| all | | | 1 |" in out
    assert "| doubted_teens | 0 |" in out  # the fifteen 6 nats under: no twin doubt
    assert "| even_rival | 0 |" in out  # Whisper heard a command: no rival of talk
    assert "| none: the two engines' opinions ask by themselves | 1 |" in out
    assert "Bet fifty." not in out and "bet fifteen" not in out
