"""The recognizer grammars generated from voice.vocabulary."""

from __future__ import annotations

import pytest

from voice import grammar, vocabulary


def test_every_vocabulary_word_has_a_pronunciation_in_pocketsphinx():
    from voice.recognizers.pocketsphinx_backend import _decoder, model_dir

    dec = _decoder(grammar.DEFAULT_GARBAGE_WEIGHT, model_dir())
    missing = [w for w in vocabulary.words() if dec.lookup_word(w) is None]
    assert missing == []


def test_every_search_the_game_listens_with_builds():
    """Most are built at the first utterance that wants them, in the middle of a game:
    none may fail there."""
    from voice.recognizers.pocketsphinx_backend import (
        _SEARCHES,
        _add_search,
        _decoder,
        model_dir,
    )

    garbage, other, words, lead = (grammar.DEFAULT_GARBAGE_WEIGHT, grammar.DEFAULT_OTHER_WEIGHT,
                                   grammar.DEFAULT_OTHER_WORDS, grammar.DEFAULT_LEAD_WEIGHT)
    dec = _decoder(garbage, model_dir(), other_weight=other, other_words=words, lead_weight=lead)
    for key, name in _SEARCHES.items():
        _add_search(dec, key, garbage, other, words, lead)
        assert dec.get_fsg(name) is not None, name


def test_jsgf_has_the_commands_and_a_garbage_loop_but_no_yes_unless_confirming():
    text = grammar.jsgf()
    assert "<garbage> = <phone>+;" in text
    assert "<confirm_yes>" not in text.split("<command> =")[1].split(";")[0]
    assert "<confirm_yes>" in grammar.jsgf(confirm=True).split("<command> =")[1].split(";")[0]


def test_menu_moves_are_only_in_the_grammar_while_a_menu_is_open_but_back_always_is():
    def commands(text: str) -> str:
        return text.split("<command> =")[1].split(";")[0]

    assert "<menu>" in commands(grammar.jsgf())
    assert "<menu>" not in commands(grammar.jsgf(menu=False))
    table = next(ln for ln in grammar.jsgf(menu=False).splitlines()
                 if ln.startswith("<table> ="))
    assert "( back )" in table  # at the table "back" is "I'm back"
    assert "move up" not in grammar.vosk_phrases(max_amount=100, menu=False)


def test_the_menu_family_is_exactly_the_menu_moves():
    """The grammar's "menu" phrases (heard only while a menu is open) and the intents'
    menu moves (acted on only while one is open) are two lists of one thing: every menu
    phrase is a move, every move has a phrase, and no other family says one."""
    from voice.intents import MENU_MOVES, TableCommand, is_menu_move
    from voice.parser import parse

    rules = vocabulary.grammar_rules()
    menu = [parse(p) for alt in rules["menu"] for p in vocabulary.expand(alt)]
    assert all(is_menu_move(said) for said in menu)
    assert {said.kind for said in menu if isinstance(said, TableCommand)} == MENU_MOVES
    others = [p for name in vocabulary.FAMILY_RULES if name not in grammar.MENU_FAMILIES
              for alt in rules[name] if "<" not in alt for p in vocabulary.expand(alt)]
    assert not [p for p in others if is_menu_move(parse(p))]


def test_without_garbage_weight_there_is_no_rejection_path():
    assert "<garbage>" not in grammar.jsgf(garbage_weight=None)


@pytest.mark.parametrize("phrase", ["call it", "raise to two hundred", "what's the pot"])
def test_vosk_phrase_list_holds_the_commands_and_unk(phrase):
    phrases = grammar.vosk_phrases(max_amount=300)
    assert phrase in phrases and phrases[-1] == "[unk]"


def test_recognizer_does_not_listen_for_full_pot_which_sounds_like_four_times_and_call_that():
    pot_rule = next(ln for ln in grammar.jsgf().splitlines() if ln.startswith("<pot> ="))
    assert "full" not in pot_rule and "pot it" in pot_rule


def test_other_words_loop_is_only_in_the_grammar_when_asked_for():
    assert "<other>" not in grammar.jsgf(other_weight=None, other_words=400)
    text = grammar.jsgf(other_weight=1e-28, other_words=50)
    assert "<other> = <other_word>+;" in text
    loop = next(ln for ln in text.splitlines() if ln.startswith("<other_word> ="))
    assert loop.count("ow_") == 50


def test_other_words_are_no_game_words_nor_sound_like_one():
    from voice.recognizers.pocketsphinx_backend import stock_pronunciations

    prons = stock_pronunciations()
    game = set(vocabulary.words())
    game_sounds = {p for w in game for p in prons.get(w, [])}
    loop = grammar.other_pronunciations(1000)
    assert len(loop) >= 400
    for entry, phones in loop.items():
        word = entry.removeprefix("ow_")
        assert grammar.is_garbage_word(entry) and word not in game
        assert phones not in game_sounds, (word, phones)  # "four" vs "for", "one" vs "won"
        assert len(phones.split()) >= grammar.OTHER_MIN_PHONES


def test_accent_variants_are_numbered_past_the_stock_dictionarys_own_alternatives():
    """"that(2)" is the stock DH AH T: a variant numbered (2) would fail to load."""
    ps = pytest.importorskip("voice.recognizers.pocketsphinx_backend")
    stock = ps.stock_pronunciations()
    for word in grammar.VARIANTS:
        assert len(stock.get(word, [])) < grammar.VARIANT_BASE, word
    assert all(not key.endswith(("(2)", "(3)")) for key in grammar.extra_pronunciations())


def test_a_bare_all_in_keeps_its_prior_beside_the_rarer_go_all_in():
    """An optional word halves the short form's prior: "[go] all in" lost bare "all in"s
    to the phone loop.  "go all in" stays in the grammar, weighted down."""
    line = next(ln for ln in grammar.jsgf().splitlines() if ln.startswith("<all_in> ="))
    assert "[go]" not in line
    assert f"/1/ all in | /{grammar.RARE_WEIGHT:g}/ go all in" in line


def test_a_round_hundred_keeps_its_prior_beside_an_odd_tail_after_it():
    """After "hundred", tens are a bet ("two hundred fifty") and a lone digit is most often
    the room's echo heard as one more word: the odd tail is sayable, at the rare prior."""
    line = next(ln for ln in grammar.jsgf().splitlines() if ln.startswith("<hundreds> ="))
    rare = f"/{grammar.RARE_WEIGHT:g}/"
    assert "/1/ (a | <unit>) hundred [[and] <tens>]" in line
    assert f"{rare} (a | <unit>) hundred [and] (<unit> | <teen> | <tens> <unit>)" in line
    assert "<below100>" not in line


def test_a_short_commands_rivals_are_the_short_commands_that_mean_something_else():
    """"call it" is only sure when it beats "pause", "pot", "fold" ... — never "call", which
    means the same, nor a "yes" that nobody is waiting for."""
    from voice.parser import parse

    rivals = grammar.rivals("call it")
    assert {"pause", "pot", "fold", "bet pot", "two x"} <= set(rivals)
    assert all(parse(r) != parse("call it") for r in rivals)
    assert not {"call", "i call", "yes", "no"} & set(rivals)
    assert all(len(r.split()) <= grammar.RIVAL_MAX_WORDS for r in rivals)
    assert "full pot" not in rivals  # the recognizer does not listen for it


def test_a_yes_has_only_the_answers_that_mean_no_as_rivals():
    from voice.intents import Confirm
    from voice.parser import parse

    rivals = grammar.rivals("yes")
    assert {"no", "cancel", "nope"} <= set(rivals)
    assert all(parse(r) == Confirm(False) for r in rivals)


def test_a_long_command_has_no_short_command_rivals():
    assert grammar.rivals("raise to two hundred") == ()
    assert grammar.rival_jsgf("how much to call".split()) is None


def test_a_long_command_naming_an_amount_has_the_amounts_one_number_word_away_as_rivals():
    from voice.intents import BetTo
    from voice.parser import parse

    rivals = grammar.amount_rivals("bet twelve hundred")
    assert {"bet two hundred", "bet eleven hundred", "bet twelve hundred fifty",
            "bet twelve"} <= set(rivals)
    assert "bet twelve hundred" not in rivals
    assert all(isinstance(parse(r), BetTo) and parse(r) != parse("bet twelve hundred")
               for r in rivals)
    assert "make it three hundred" in grammar.amount_rivals("make it eighty three hundred")


def test_the_same_amount_said_another_way_is_no_rival():
    assert "raise to one hundred fifty" not in grammar.amount_rivals("raise to one fifty")


def test_the_amount_rival_grammar_gives_the_amount_heard_the_milder_prior():
    text = grammar.rival_jsgf("bet twelve hundred".split(), said_weight=1e-6,
                              amount_weight=0.1)
    assert "public <utterance> = /0.1/ <said> | /1/ <rival>;" in text
    assert "<said> = bet twelve hundred;" in text and "( bet two hundred )" in text
    assert grammar.rival_jsgf("bet twelve hundred".split(), amount_weight=None) is None


def test_the_rival_grammar_gives_the_words_heard_the_smaller_prior():
    text = grammar.rival_jsgf(["pot"], said_weight=1e-6)
    assert "public <utterance> = /1e-06/ <said> | /1/ <rival>;" in text
    assert "<said> = pot;" in text and "( call it )" in text and "( pot it )" not in text
