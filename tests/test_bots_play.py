"""How the bots play: legal always, reproducible from the seed, free of the classic bot
failures (weak deep shoves, raising into all-ins, folding a free check, pure thresholds)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bots import make_bot
from bots.lineup import BotSpec
from bots.opponents import OpponentModel
from bots.personalities import LEVELS, PERSONALITIES
from bots.policy import Policy
from bots.situation import PastAction, Situation
from game.engine.actions import Action, ActionKind, LegalActions
from game.engine.cards import DECK
from game.engine.config import HandConfig
from game.engine.deck import shuffled_deck
from game.engine.events import Street
from game.engine.hand import Hand

STYLES = ["station", "rock", "tag", "lag", "maniac"]
ALL_SPECS = [f"{s}:{lv}" for s in [*STYLES, "random"] for lv in ("easy", "normal", "hard")]


def deck_for(n: int, button: int, holes: dict[int, str], board: str = "") -> list[str]:
    """A deck that deals ``holes`` (seat -> "AhKd") and ``board`` (up to 5 cards)."""
    fixed = {c for h in holes.values() for c in (h[:2], h[2:])} | {
        board[i:i + 2] for i in range(0, len(board), 2)}
    rest = [c for c in DECK if c not in fixed]
    random.Random(7).shuffle(rest)
    cards = {s: [holes[s][:2], holes[s][2:]] if s in holes else [rest.pop(), rest.pop()]
             for s in range(n)}
    first = (button + 1) % n if n > 2 else button
    order = [(first + i) % n for i in range(n)]
    deck = [cards[s][r] for r in range(2) for s in order]
    b = [board[i:i + 2] for i in range(0, len(board), 2)]
    while len(b) < 5:
        b.append(rest.pop())
    deck += [rest.pop(), *b[:3], rest.pop(), b[3], rest.pop(), b[4]]
    return deck + rest


def play_until(hand: Hand, seat: int, script: list[Action]) -> None:
    """Apply ``script`` to whoever acts until ``seat`` is to act with the script used up."""
    for a in script:
        hand.apply(a)
    assert hand.actor == seat, f"expected seat {seat} to act, got {hand.actor}"


def test_every_style_and_level_only_takes_legal_actions_over_many_hands():
    rng = random.Random(11)
    for h in range(60):
        specs = [ALL_SPECS[(h + i * 5) % len(ALL_SPECS)] for i in range(4)]
        bots = [make_bot(s) for s in specs]
        stacks = [rng.choice([150, 400, 1000, 3000]) for _ in range(4)]
        hand = Hand(HandConfig.no_limit(5, 10), stacks, button=h % 4, deck=shuffled_deck(rng))
        while not hand.is_over:
            seat = hand.actor
            view = hand.view(seat)
            action = bots[seat].decide(view, rng)
            assert view.legal.allows(action), f"{specs[seat]} chose illegal {action}"
            hand.apply(action, seat)


@pytest.mark.parametrize("structure", ["pot_limit", "fixed_limit"])
def test_bots_play_pot_limit_and_fixed_limit_legally(structure):
    rng = random.Random(5)
    config = (HandConfig.pot_limit(5, 10) if structure == "pot_limit"
              else HandConfig.fixed_limit(10, 20))
    bots = [make_bot(s) for s in ("maniac:hard", "lag", "tag:hard", "station")]
    for h in range(25):
        hand = Hand(config, [1000] * 4, button=h % 4, deck=shuffled_deck(rng))
        while not hand.is_over:
            seat = hand.actor
            action = bots[seat].decide(hand.view(seat), rng)
            assert hand.view(seat).legal.allows(action)
            hand.apply(action, seat)


def _play_seeded(seed: int) -> list[str]:
    bots = [make_bot(s) for s in ("tag:hard", "lag", "station:easy", "maniac")]
    log = []
    for h in range(15):
        rng = random.Random(seed * 1000 + h)
        hand = Hand(HandConfig.no_limit(5, 10), [1000] * 4, button=h % 4,
                    deck=shuffled_deck(rng))
        while not hand.is_over:
            seat = hand.actor
            action = bots[seat].decide(hand.view(seat), rng)
            log.append(f"{h}:{seat}:{action}")
            hand.apply(action, seat)
        for b in bots:
            b.observe(hand.events)
    return log


def test_same_seed_gives_the_same_decisions():
    assert _play_seeded(3) == _play_seeded(3)
    assert _play_seeded(3) != _play_seeded(4)


# --- known failures of other poker bots ---------------------------------------------------

@pytest.mark.parametrize("style", STYLES)
def test_no_weak_shove_early_at_a_full_table_deep_stacked(style):
    """Under the gun at nine-handed with 100 big blinds and rags: never all in."""
    for hole in ("7c2d", "9s4h", "Jd3c", "Qc6h", "8h5s"):
        for seed in range(40):
            hand = Hand(HandConfig.no_limit(5, 10), [1000] * 9, button=0,
                        deck=deck_for(9, 0, {3: hole}))
            bot = make_bot(f"{style}:easy")  # the noisiest level
            action = bot.decide(hand.view(3), random.Random(seed))
            assert action.kind is not ActionKind.ALL_IN
            assert action.amount < 1000 * 0.5, f"{style} put {action} in with {hole}"


@pytest.mark.parametrize("style", STYLES)
def test_no_weak_shove_after_limps_and_raises_deep_stacked(style):
    for seed in range(60):
        hand = Hand(HandConfig.no_limit(5, 10), [1000] * 6, button=0,
                    deck=deck_for(6, 0, {5: "9c4d"}))
        play_until(hand, 5, [Action.raise_to(30), Action.call()])
        action = make_bot(f"{style}:easy").decide(hand.view(5), random.Random(seed))
        assert action.kind is not ActionKind.ALL_IN and action.amount < 500


def _situation(legal: LegalActions, all_in: tuple[bool, ...], street=Street.FLOP,
               hole=("Ah", "Ad"), board=("As", "Kd", "7c"), history=()) -> Situation:
    return Situation(seat=0, n=3, button=0, hole=hole, board=board, street=street,
                     stacks=(legal.stack, 0, 0), committed=(legal.committed, 100, 150),
                     folded=(False, False, False), all_in=all_in, legal=legal,
                     history=tuple(history), big_blind=10, bb_seat=2)


def test_never_raises_when_every_opponent_is_already_all_in():
    """Even offered a raise (a permissive engine) with top set, the bot only calls."""
    legal = LegalActions(seat=0, stack=900, committed=0, current_bet=150, to_call=150,
                         pot=400, big_blind=10, can_fold=True, can_check=False, can_call=True,
                         can_bet=False, can_raise=True, min_to=300, max_to=900, all_in_to=900)
    sit = _situation(legal, all_in=(False, True, True),
                     history=[PastAction(Street.FLOP, 1, ActionKind.BET, 100, True),
                              PastAction(Street.FLOP, 2, ActionKind.RAISE, 150, True)])
    for style in STYLES:
        policy = Policy(PERSONALITIES[style], LEVELS["hard"], OpponentModel())
        for seed in range(30):
            d = policy.decide(sit, random.Random(seed))
            assert d.action.kind is ActionKind.CALL, (style, d)


def test_never_bets_into_opponents_who_are_all_all_in():
    legal = LegalActions(seat=0, stack=900, committed=0, current_bet=0, to_call=0, pot=400,
                         big_blind=10, can_fold=True, can_check=True, can_call=False,
                         can_bet=True, can_raise=False, min_to=10, max_to=900, all_in_to=900)
    sit = _situation(legal, all_in=(False, True, True))
    for style in STYLES:
        policy = Policy(PERSONALITIES[style], LEVELS["easy"], OpponentModel())
        for seed in range(30):
            assert policy.decide(sit, random.Random(seed)).action.kind is ActionKind.CHECK


@pytest.mark.parametrize("style", STYLES)
def test_never_folds_when_checking_is_free(style):
    """Big blind with 7-2 after limps, and a checked-to river with air: check, never fold."""
    bot = make_bot(f"{style}:easy")
    for seed in range(40):
        hand = Hand(HandConfig.no_limit(5, 10), [1000] * 4, button=0,
                    deck=deck_for(4, 0, {2: "7c2d"}, board="AsKsQd9h8h"))
        play_until(hand, 2, [Action.call(), Action.call(), Action.call()])
        action = bot.decide(hand.view(2), random.Random(seed))
        assert action.kind is not ActionKind.FOLD


def test_mixes_instead_of_playing_a_fixed_equity_threshold():
    """The same marginal spot, different seeds: more than one answer, in sane proportions;
    and the chance of calling rises smoothly with the price instead of jumping."""
    bot = make_bot("tag:hard")
    answers = Counter()
    for seed in range(120):
        hand = Hand(HandConfig.no_limit(5, 10), [1000] * 4, button=0,
                    deck=deck_for(4, 0, {0: "Ts9s"}))
        play_until(hand, 0, [Action.raise_to(30)])
        answers[bot.decide(hand.view(0), random.Random(seed)).kind] += 1
    assert len(answers) >= 2, answers
    assert max(answers.values()) < 120 * 0.95

    from bots.policy import chance
    probs = [chance(x / 100, LEVELS["hard"].noise) for x in range(-10, 11)]
    assert all(b > a for a, b in zip(probs, probs[1:], strict=False))
    assert max(b - a for a, b in zip(probs, probs[1:], strict=False)) < 0.25


def test_strong_hands_are_sometimes_slowplayed_and_air_is_sometimes_bluffed():
    """Balance: a monster does not always bet and air does not always check."""
    legal = LegalActions(seat=0, stack=900, committed=0, current_bet=0, to_call=0, pot=200,
                         big_blind=10, can_fold=True, can_check=True, can_call=False,
                         can_bet=True, can_raise=False, min_to=10, max_to=900, all_in_to=900)
    hist = [PastAction(Street.PREFLOP, 0, ActionKind.RAISE, 30, False),
            PastAction(Street.PREFLOP, 1, ActionKind.CALL, 30, False)]

    def kinds(hole, board, style):
        sit = Situation(seat=0, n=2, button=0, hole=hole, board=board, street=Street.TURN,
                        stacks=(900, 900), committed=(0, 0), folded=(False, False),
                        all_in=(False, False), legal=legal, history=tuple(hist),
                        big_blind=10, bb_seat=1)
        policy = Policy(PERSONALITIES[style], LEVELS["normal"], OpponentModel())
        return Counter(policy.decide(sit, random.Random(s)).action.kind for s in range(150))

    monster = kinds(("Ah", "Ad"), ("As", "Ac", "7d", "2c"), "rock")
    assert monster[ActionKind.CHECK] > 0 and monster[ActionKind.BET] > 0
    air = kinds(("4h", "3h"), ("As", "Kc", "9d", "Qs"), "lag")
    assert air[ActionKind.BET] > 0 and air[ActionKind.CHECK] > air[ActionKind.BET]


def test_calls_a_small_bet_with_a_flush_draw_and_folds_it_to_an_all_in_overbet():
    """Price matters: pot odds (plus implied odds) decide whether a draw continues."""
    def counts(to_call, pot, stack):
        legal = LegalActions(seat=0, stack=stack, committed=0, current_bet=to_call,
                             to_call=to_call, pot=pot, big_blind=10, can_fold=True,
                             can_check=False, can_call=True, can_bet=False, can_raise=False,
                             min_to=0, max_to=0, all_in_to=stack)
        sit = Situation(seat=0, n=2, button=0, hole=("4h", "3h"), board=("Kh", "9h", "2c"),
                        street=Street.FLOP, stacks=(stack, 2000), committed=(0, to_call),
                        folded=(False, False), all_in=(False, False), legal=legal,
                        history=(PastAction(Street.FLOP, 1, ActionKind.BET, to_call, False),),
                        big_blind=10, bb_seat=1)
        policy = Policy(PERSONALITIES["tag"], LEVELS["hard"], OpponentModel())
        return Counter(policy.decide(sit, random.Random(s)).action.kind for s in range(60))

    cheap = counts(to_call=30, pot=130, stack=2000)
    dear = counts(to_call=1000, pot=1100, stack=1000)
    assert cheap[ActionKind.CALL] > 50
    assert dear[ActionKind.FOLD] > 40


def test_random_style_is_uniform_over_legal_kinds_and_amounts():
    from bots.random_player import random_action

    legal = LegalActions(seat=0, stack=990, committed=10, current_bet=30, to_call=20, pot=45,
                         big_blind=10, can_fold=True, can_check=False, can_call=True,
                         can_bet=False, can_raise=True, min_to=50, max_to=1000,
                         all_in_to=1000)
    rng = random.Random(2)
    picks = [random_action(legal, rng) for _ in range(3000)]
    kinds = Counter(a.kind for a in picks)
    assert set(kinds) == {ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE}
    assert all(900 < c < 1100 for c in kinds.values())
    amounts = [a.amount for a in picks if a.kind is ActionKind.RAISE]
    assert min(amounts) >= 50 and max(amounts) <= 1000
    assert min(amounts) < 150 and max(amounts) > 900
    assert all(legal.allows(a) for a in picks)


def test_bot_refuses_to_decide_out_of_turn():
    hand = Hand(HandConfig.no_limit(5, 10), [1000] * 3, button=0, deck=shuffled_deck(
        random.Random(1)))
    not_actor = (hand.actor + 1) % 3
    with pytest.raises(ValueError, match="not to act"):
        make_bot(BotSpec("tag")).decide(hand.view(not_actor), random.Random(1))
