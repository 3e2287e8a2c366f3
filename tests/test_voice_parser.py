"""The grammar parser: every phrase family, spoken numbers, recognizer confusions, chit-chat."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from voice import grammar, vocabulary
from voice.help import help_examples
from voice.intents import (
    AllIn,
    BareRaise,
    BetTo,
    Call,
    Check,
    Confirm,
    Fold,
    MinRaise,
    Multiple,
    PotFraction,
    Question,
    QuestionKind,
    RaiseBy,
    TableCommand,
    TableKind,
    Unknown,
    is_action,
)
from voice.numbers import parse_number, spoken_forms
from voice.parser import parse

# --- spoken numbers -------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "value"), [
    ("one fifty", 150), ("two fifty", 250), ("twelve hundred", 1200),
    ("two thousand five hundred", 2500), ("a hundred", 100), ("200", 200), ("1,200", 1200),
    ("two and a half", 2.5), ("2.5", 2.5), ("forty two", 42), ("one hundred and five", 105),
    ("a thousand", 1000), ("fifteen hundred", 1500), ("three thousand two hundred fifty", 3250),
    ("twenty five hundred", 2500), ("one point five", 1.5), ("seventy-five", 75),
])
def test_spoken_numbers_read_as_dealers_say_them(said, value):
    assert parse_number(said) == value


@given(st.integers(0, 999_999))
def test_every_number_said_every_listed_way_reads_back(n):
    assert all(parse_number(form) == n for form in spoken_forms(n))


@pytest.mark.parametrize("said", ["hundred", "and", "two two", "nice", "", "a"])
def test_words_that_are_not_one_number_read_as_none(said):
    assert parse_number(said) is None


# --- fold, check, call ----------------------------------------------------------------------


@pytest.mark.parametrize("said", ["fold", "I fold", "fold my hand", "I'll fold", "folded"])
def test_fold_phrases(said):
    assert parse(said) == Fold()


@pytest.mark.parametrize("said", ["check", "I check", "I'll check", "check it", "checks",
                                  "uh check please"])
def test_check_phrases(said):
    assert parse(said) == Check()


@pytest.mark.parametrize("said", ["call", "call it", "I call", "I'll call", "call that",
                                  "I'm gonna call", "let's call", "calling"])
def test_call_phrases(said):
    assert parse(said) == Call()


def test_check_never_becomes_fold():
    for said in ("check", "check check", "czech", "checked", "check it please"):
        assert parse(said) == Check()


# --- bets and raises ------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "amount"), [
    ("bet one fifty", 150), ("raise to two hundred", 200), ("raise 300", 300),
    ("make it twelve hundred", 1200), ("raised to 400", 400), ("bet 1,200", 1200),
    ("raise it to five hundred", 500), ("bet $75", 75), ("raise to 2k", 2000),
])
def test_bet_and_raise_to_name_the_street_total(said, amount):
    assert parse(said) == BetTo(amount)


def test_to_heard_as_two_before_a_number_is_read_as_to():
    assert parse("raise two two hundred") == BetTo(200)
    assert parse("raise too two hundred") == BetTo(200)


def test_an_amount_that_reads_two_ways_keeps_the_other_reading():
    """ "raise two fifty" is 250 — or "raise to fifty" misheard; the resolver asks."""
    assert parse("raise two fifty") == BetTo(250, alternative=50)


def test_with_the_to_said_two_fifty_is_only_two_fifty():
    assert parse("raise to two fifty") == BetTo(250)
    assert parse("bet two fifty") == BetTo(250)


def test_for_heard_before_hundred_is_four():
    assert parse("raise for hundred") == BetTo(400)


@pytest.mark.parametrize(("said", "amount"), [
    ("raise by fifty", 50), ("raise it by 100", 100), ("raise one hundred more", 100),
])
def test_raise_by_is_on_top_of_the_current_bet(said, amount):
    assert parse(said) == RaiseBy(amount)


@pytest.mark.parametrize(("said", "n"), [
    ("three x", 3), ("3x", 3), ("raise three x", 3), ("three times", 3),
    ("two and a half x", 2.5), ("2.5x", 2.5), ("raise 4 times the bet", 4),
])
def test_multiples_of_the_bet(said, n):
    assert parse(said) == Multiple(n, of="bet")


@pytest.mark.parametrize(("said", "n"), [
    ("four big blinds", 4), ("three times the big blind", 3), ("raise to 5 big blinds", 5),
    ("2.5 bb", 2.5),
])
def test_multiples_of_the_big_blind(said, n):
    assert parse(said) == Multiple(n, of="bb")


@pytest.mark.parametrize(("said", "fraction"), [
    ("pot", 1), ("bet the pot", 1), ("pot it", 1), ("half pot", Fraction(1, 2)),
    ("bet half the pot", Fraction(1, 2)), ("a third of the pot", Fraction(1, 3)),
    ("the third of the pot", Fraction(1, 3)), ("bet the quarter pot", Fraction(1, 4)),
    ("two thirds pot", Fraction(2, 3)), ("three quarters pot", Fraction(3, 4)),
    ("seventy five percent of the pot", Fraction(3, 4)), ("33% pot", Fraction(33, 100)),
])
def test_pot_fractions(said, fraction):
    assert parse(said) == PotFraction(Fraction(fraction))


@pytest.mark.parametrize("said", ["min raise", "minimum", "min bet", "minimum raise"])
def test_minimum(said):
    assert parse(said) == MinRaise()


@pytest.mark.parametrize("said", ["all in", "shove", "jam", "I'm all in", "alling", "all-in",
                                  "go all in", "let's go all in", "shove it"])
def test_all_in(said):
    assert parse(said) == AllIn()


def test_raise_without_an_amount_is_its_own_intent():
    assert parse("raise") == BareRaise()


# --- confirmation, questions, table ---------------------------------------------------------


@pytest.mark.parametrize(("said", "yes"), [
    ("yes", True), ("confirm", True), ("do it", True), ("yes please", True),
    ("no", False), ("cancel", False), ("never mind", False),
])
def test_confirmations(said, yes):
    assert parse(said) == Confirm(yes)


@pytest.mark.parametrize(("said", "kind"), [
    ("what's the pot", QuestionKind.POT), ("what is the pot", QuestionKind.POT),
    ("how much to call", QuestionKind.TO_CALL), ("what do I have", QuestionKind.HAND),
    ("what's my stack", QuestionKind.STACK), ("whose turn", QuestionKind.TURN),
    ("who's turn is it", QuestionKind.TURN), ("repeat", QuestionKind.REPEAT),
    ("help", QuestionKind.HELP),
])
def test_questions(said, kind):
    assert parse(said) == Question(kind)


@pytest.mark.parametrize(("said", "kind"), [
    ("deal", TableKind.DEAL), ("next hand", TableKind.DEAL), ("rebuy", TableKind.REBUY),
    ("top up", TableKind.TOP_UP), ("sit out", TableKind.SIT_OUT), ("I'm back", TableKind.BACK),
    ("pause", TableKind.PAUSE), ("options", TableKind.OPTIONS),
])
def test_table_commands(said, kind):
    assert parse(said) == TableCommand(kind)


# --- tolerance and conservatism -------------------------------------------------------------


def test_fillers_are_ignored_anywhere():
    assert parse("uh um I'll raise to uh two hundred please") == BetTo(200)


def test_words_out_of_order_still_match_one_meaning():
    """Vosk's phrase list is a bigram model: the words can come out in another order."""
    assert parse("in all") == AllIn()
    assert parse("to raise two hundred") == BetTo(200)
    assert parse("it call") == Call()


@pytest.mark.parametrize("said", [
    "nice hand", "good luck everyone", "I think I will call it a night", "I think I will call",
    "good call", "call you later", "well played", "two hundred", "raise to", "bet for",
    "check fold", "fold check", "all", "", "[unk]", "[unk] call", "call [unk]", "thank you",
])
def test_chit_chat_and_fragments_do_not_act(said):
    got = parse(said)
    assert isinstance(got, Unknown)
    assert got.closest  # always a valid phrase to suggest


def test_unknown_names_the_closest_valid_phrase():
    assert parse("call it a night").closest == "call it"
    assert parse("two hundred").closest == "raise to two hundred"


def test_every_vocabulary_phrase_parses_to_a_command():
    """What the recognizers may output (the closed vocabulary) is never 'didn't catch that'."""
    missing = [p for p in vocabulary.phrases(max_amount=3000) if isinstance(parse(p), Unknown)]
    assert missing == []


def test_every_vocabulary_chatter_phrase_is_unknown():
    assert [c for c in vocabulary.CHATTER if not isinstance(parse(c), Unknown)] == []


def test_every_help_example_parses():
    assert [e for e in help_examples() if isinstance(parse(e), Unknown)] == []


def test_vocabulary_words_cover_every_phrase():
    words = set(vocabulary.words())
    assert {w for p in vocabulary.phrases() for w in p.split()} <= words


def test_jsgf_grammar_defines_every_vocabulary_rule():
    text = grammar.jsgf(fillers=True)
    assert "public <utterance> =" in text
    assert all(f"<{rule}> =" in text for rule in vocabulary.grammar_rules())


def test_questions_and_table_commands_are_not_actions():
    assert not is_action(parse("what's the pot"))
    assert not is_action(parse("deal"))
    assert is_action(parse("call"))


def test_a_repeated_command_is_one_command():
    assert parse("all in all in") == AllIn()
    assert parse("call call") == Call()
    assert parse("call it call it") == Call()


# --- n-best hypotheses ----------------------------------------------------------------------


def test_n_best_agreeing_on_one_meaning_is_clear():
    from voice.parser import choose

    got = choose([("call", 0.5), ("I call", 0.3), ("fold", 0.2)])
    assert got.intent == Call() and got.clear and got.share == pytest.approx(0.8)


def test_n_best_split_between_meanings_is_not_clear():
    from voice.parser import choose

    assert not choose([("call", 0.45), ("fold", 0.4), ("check", 0.15)]).clear


def test_n_best_mostly_noise_is_unknown():
    from voice.parser import choose

    assert isinstance(choose([("nice hand", 0.7), ("all in", 0.3)]).intent, Unknown)


# --- descriptions other parts read ----------------------------------------------------------


def test_intent_descriptions_keep_the_prefixes_the_benchmark_reads():
    """benchmarks/voice/outcome.py labels outcomes from these strings."""
    assert parse("what's the pot").describe() == "question: pot"
    assert parse("how much to call").describe() == "question: to_call"
    assert parse("deal").describe() == "table: deal"
    assert parse("top up").describe() == "table: top_up"
    assert parse("yes").describe() == "yes" and parse("cancel").describe() == "no"
    assert parse("nice hand").describe().startswith("not a command")


def test_an_unplaced_word_voids_commands_but_not_questions_or_no():
    """Vosk writes [unk] for speech outside the vocabulary: acting on the rest is a guess."""
    assert parse("[unk] what's the pot") == Question(QuestionKind.POT)
    assert parse("no [unk]") == Confirm(False)
    assert isinstance(parse("[unk] yes"), Unknown)
    assert isinstance(parse("[unk] fold"), Unknown)


@pytest.mark.parametrize("text", ["call " * 5000, "9" * 5000, "1," * 3000 + "000",
                                  "two and a half " * 500, "x" * 100_000])
def test_huge_input_is_unknown_never_an_error(text):
    """Longer than any command: talk, read no further (no 5000-digit int, no quadratic scan)."""
    assert isinstance(parse(text), Unknown)


def test_huge_digit_amounts_stay_numbers_only_up_to_fifteen_digits():
    assert parse_number("9" * 15) == int("9" * 15)
    assert parse_number("9" * 16) is None


def test_every_vocabulary_filler_and_lead_in_is_ignored_by_the_parser():
    for word in (*vocabulary.FILLERS, *vocabulary.LEADS):
        assert parse(f"{word} call") == Call(), word
        assert parse(f"check {word}") == Check(), word


# --- questions the table answers, everything by voice (issue 25) ---------------------------


@pytest.mark.parametrize(("said", "kind"), [
    ("what are my odds", QuestionKind.ODDS), ("what's my equity", QuestionKind.ODDS),
    ("what is my equity", QuestionKind.ODDS), ("how many outs", QuestionKind.OUTS),
    ("how many outs do I have", QuestionKind.OUTS), ("who raised", QuestionKind.WHO_RAISED),
    ("who bet", QuestionKind.WHO_RAISED),
    ("what's the minimum raise", QuestionKind.MIN_RAISE),
    ("what is the min raise", QuestionKind.MIN_RAISE),
    ("what are the blinds", QuestionKind.BLINDS),
    ("how many hands have I won", QuestionKind.HANDS_WON),
])
def test_questions_about_odds_and_the_table(said, kind):
    assert parse(said) == Question(kind)


def test_what_did_a_bot_do_names_the_bot():
    assert parse("what did Leo do") == Question(QuestionKind.PLAYER_ACTION, "leo")
    assert parse("uh what did Tess just do") == Question(QuestionKind.PLAYER_ACTION, "tess")
    assert parse("what did seat 3 do") == Question(QuestionKind.PLAYER_ACTION, "seat 3")


def test_the_vocabularys_bot_names_are_the_personalities_names():
    from bots.personalities import PERSONALITIES

    assert sorted(vocabulary.BOT_NAMES) == sorted(p.name.lower()
                                                  for p in PERSONALITIES.values())


def test_asking_the_minimum_raise_is_not_a_min_raise():
    assert parse("what's the minimum raise") != MinRaise()
    assert parse("minimum raise") == MinRaise()


@pytest.mark.parametrize(("said", "command"), [
    ("rebuy five hundred", TableCommand(TableKind.REBUY, 500)),
    ("rebuy for a thousand", TableCommand(TableKind.REBUY, 1000)),
    ("top up to a thousand", TableCommand(TableKind.TOP_UP, 1000)),
    ("top me up to twelve hundred", TableCommand(TableKind.TOP_UP, 1200)),
    ("rebuy", TableCommand(TableKind.REBUY)), ("top up", TableCommand(TableKind.TOP_UP)),
    ("deal me out", TableCommand(TableKind.SIT_OUT)), ("quit", TableCommand(TableKind.QUIT)),
    ("leave the table", TableCommand(TableKind.QUIT)),
    ("next", TableCommand(TableKind.NEXT)), ("previous", TableCommand(TableKind.PREVIOUS)),
    ("up", TableCommand(TableKind.UP)), ("go down", TableCommand(TableKind.DOWN)),
    ("select", TableCommand(TableKind.SELECT)), ("close", TableCommand(TableKind.CLOSE)),
    ("back", TableCommand(TableKind.BACK)), ("next hand", TableCommand(TableKind.DEAL)),
])
def test_table_menu_and_rebuy_amount_commands(said, command):
    assert parse(said) == command


@pytest.mark.parametrize(("said", "kind"), [
    ("play", TableKind.PLAY), ("start", TableKind.PLAY), ("start the game", TableKind.PLAY),
    ("new game", TableKind.PLAY), ("spectate", TableKind.SPECTATE),
    ("watch the bots", TableKind.SPECTATE), ("resume", TableKind.RESUME),
    ("resume the game", TableKind.RESUME),
])
def test_the_start_screens_choices_are_said_by_name(said, kind):
    assert parse(said) == TableCommand(kind)


def test_good_game_is_still_table_talk_beside_new_game():
    assert isinstance(parse("good game"), Unknown)


def test_a_number_after_next_is_not_a_menu_move():
    assert isinstance(parse("next two"), Unknown)


def test_intents_without_the_new_fields_keep_their_old_repr():
    """Benchmarks and logs compare reprs: a plain question or command reads as before."""
    assert repr(parse("what's the pot")) == "Question(kind=<QuestionKind.POT: 'pot'>)"
    assert repr(parse("rebuy")) == "TableCommand(kind=<TableKind.REBUY: 'rebuy'>)"
    assert parse("rebuy five hundred").describe() == "table: rebuy 500"


def test_a_typed_hash_is_punctuation_not_a_number_slot():
    """'#' marks an amount's slot in the phrase table: typed, it once matched the slot with
    no number behind it and the parser crashed."""
    assert parse("bet #") == BareRaise()
    assert isinstance(parse("raise to #"), Unknown)
