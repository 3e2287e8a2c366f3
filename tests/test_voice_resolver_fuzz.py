"""Fuzz: word salads in, random real engine situations — never an untyped exception, never an
action the engine refuses."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Action, HandConfig
from game.engine.hand import Hand
from voice import vocabulary
from voice.intents import Unknown
from voice.parser import parse
from voice.resolver import Rejection, RejectionKind, ResolveContext, Resolved, resolve

OUTSIDE_WORDS = [
    "nice", "hand", "luck", "good", "everyone", "banana", "night", "think", "[unk]", "1,200",
    "2.5x", "3x", "$40", "100%", "-", "...", "all-in", "too", "for", "won", "raised", "alling",
    "jammed", "0", "0.0", "999999999", "1e9", "½", "ＡＬＬ", "'", ",", "x", "bb",
]
VOCAB = vocabulary.words()
PHRASES = vocabulary.phrases(max_amount=2000)

CONFIGS = [
    HandConfig.no_limit(5, 10), HandConfig.no_limit(1, 2, ante=1),
    HandConfig.pot_limit(5, 10), HandConfig.fixed_limit(10, 20),
    HandConfig.classic_limit(10, 20), HandConfig.no_limit(5, 10, straddle=20),
]


def random_action(legal, rng: random.Random) -> Action:
    options = [Action.fold()]
    if legal.can_check:
        options.append(Action.check())
    if legal.can_call:
        options.append(Action.call())
    if legal.can_bet or legal.can_raise:
        top = min(legal.max_to, legal.all_in_to)
        if legal.min_to <= top:
            to = rng.randint(legal.min_to, top)
            options.append(Action.bet(to) if legal.can_bet else Action.raise_to(to))
    if legal.can_all_in:
        options.append(Action.all_in())
    return rng.choice(options)


def situation(seed: int) -> Hand | None:
    """A real hand part-way through: random table, stacks and legal actions."""
    rng = random.Random(seed)
    config = CONFIGS[seed % len(CONFIGS)]
    n = rng.randint(2, 6)
    stacks = [rng.choice([rng.randint(1, 60), rng.randint(60, 3000)]) for _ in range(n)]
    deck = list(vocabulary_deck(rng))
    try:
        h = Hand(config, stacks, button=rng.randrange(n), deck=deck)
    except ValueError:
        return None
    for _ in range(rng.randint(0, 12)):
        if h.is_over or h.actor is None:
            return None
        nxt = h.copy()
        nxt.apply(random_action(nxt.legal_actions(), rng))
        if nxt.is_over or nxt.actor is None:
            break  # keep the last moment someone was to act
        h = nxt
    return None if h.is_over or h.actor is None else h


def vocabulary_deck(rng: random.Random) -> list[str]:
    from game.engine.cards import DECK

    deck = list(DECK)
    rng.shuffle(deck)
    return deck


word = st.one_of(st.sampled_from(VOCAB), st.sampled_from(OUTSIDE_WORDS),
                 st.text(max_size=8))
salad = st.one_of(
    st.lists(word, max_size=8).map(" ".join),
    st.sampled_from(PHRASES),
    st.tuples(st.sampled_from(PHRASES), st.sampled_from(OUTSIDE_WORDS)).map(" ".join),
    st.text(max_size=40),
    st.from_regex(r"(raise to |bet |make it )?[0-9,.$%xk ]{1,40}", fullmatch=True),
)
contexts = st.builds(
    ResolveContext,
    confirm_fraction=st.floats(0.05, 1.0),
    confidence=st.none() | st.floats(0.0, 1.0),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=salad, seed=st.integers(0, 10_000), ctx=contexts)
def test_parse_and_resolve_never_raise_and_never_return_an_illegal_action(text, seed, ctx):
    intent = parse(text)
    h = situation(seed)
    if h is None:
        return
    legal = h.legal_actions()
    got = resolve(intent, legal, ctx)
    assert isinstance(got, (Resolved, Rejection))
    if isinstance(got, Resolved):
        assert legal.allows(got.action), (text, legal, got)
        h.copy().apply(got.action)  # the engine accepts it
    else:
        assert isinstance(got.kind, RejectionKind) and got.reason


@settings(max_examples=300, deadline=None)
@given(text=st.lists(st.sampled_from(OUTSIDE_WORDS[:8]), min_size=1, max_size=6).map(" ".join))
def test_chit_chat_words_alone_never_act(text):
    assert isinstance(parse(text), Unknown)


@settings(max_examples=150, deadline=None)
@given(texts=st.lists(salad, min_size=1, max_size=6), seed=st.integers(0, 10_000),
       confidence=st.none() | st.floats(0.0, 1.0))
def test_a_conversation_never_yields_an_action_the_engine_refuses(texts, seed, confidence):
    """Phrases in a row through the confirmation gate: yes/no/questions/noise in any order."""
    from voice.confirm import ConfirmationGate, respond
    from voice.questions import facts_from_hand

    h = situation(seed)
    if h is None:
        return
    gate = ConfirmationGate(clock=lambda: 0.0)
    legal = h.legal_actions()
    facts = facts_from_hand(h, legal.seat)
    for text in [*texts, "yes"]:
        r = respond(gate, parse(text), legal, facts, ResolveContext(confidence=confidence))
        assert isinstance(r.speech, str) and r.speech
        if r.action is not None:
            assert legal.allows(r.action)
            h.copy().apply(r.action)
