"""A table across many hands: seats, button, blinds, rebuys, sit-out, clock, journal.

The engine plays ONE hand; this package plays a session of them on top of it, and is the
one door every actor (mouse, keyboard, voice, bot, journal replay) goes through.

Session API (for the UI and voice engineers)
============================================

House rules — ``game.session.rules``::

    HouseRules(...)                    # frozen, validated record of every option (see rules.py)
    HouseRules.preset("Casual cash" | "Classic limit" | "Tournament") -> HouseRules
    PRESETS: dict[str, HouseRules]
    rules.replace(**changes) -> HouseRules          # validated copy; RulesError if out of range
    rules.hand_config(level=0) -> engine HandConfig # built per hand by the table
    rules.blinds_at(level) -> (small, big)
    rules.to_toml() -> str ; HouseRules.from_toml(text, source="...") -> HouseRules
    load_rules_file(path) -> HouseRules             # for --rules FILE; RulesError -> exit 2
    load_user_rules() -> (HouseRules, RulesError | None)
        # from platformdirs' user config dir; a bad file is copied to rules.toml.bad-<n>
        # and the defaults are returned with the error to show
    save_user_rules(rules) -> Path
    RULE_FIELDS: the option metadata (group, label, help, allowed values) for an options screen

    RulesError(ValueError): .key, .line, .value, .allowed; str() is the one-line message,
        e.g. "rules.toml line 4: [blinds] big_blind = -10 is out of range: allowed 2-100000"

Seats and the table — ``game.session.table``::

    SeatSpec(name: str, kind: "human" | "bot" = "bot", style: str = "random",
             level: str = "normal", buy_in: int | None = None, auto_rebuy: bool | None = None,
             auto_rebuy_below_bb: int | None = None)   # None = the house rules' default
    table = Table(rules, seats: list[SeatSpec | None], seed: int | None = None,
                  journal: Journal | None = None, clock: Callable[[], float] = time.monotonic,
                  history: path | None = None)
        # seats[i] is table seat i (clockwise); None = empty chair. 2-10 seats (the desktop
        # UI offers 2-6 via rules.seats). seed=None draws one from the OS and journals it.
        # history: the .phhs file each finished hand is appended to.
    table.start_hand() -> list[Event]   # level-ups, auto-rebuys, sit-out removals, moves the
                                        # button, deals; NoHandError if no hand can start
                                        # (fewer than two players with chips, session over)
    table.hand          # the engine Hand in progress (or the last one, is_over), None before
    table.hand_number   # 1-based number of the current / last hand
    table.hand_seats    # tuple: engine seat i -> table seat (only dealt-in players are in it)
    table.engine_seat(table_seat) -> int | None
    table.button        # table seat of the button
    table.to_act        # table seat to act, or None
    table.legal()       # LegalActions for table.to_act (its .seat is the TABLE seat)
    table.act(seat, action) -> list[Event]   # THE door: hand.apply, then journaled; raises
                                             # the engine's IllegalActionError / OutOfTurnError
    table.rebuy(seat, amount) / table.top_up(seat) / table.set_auto_rebuy(seat, on, below_bb=None)
    table.sit_out(seat) / table.sit_in(seat) / table.leave(seat) / table.join(seat, spec)
        # each raises a typed SessionError subclass (RebuyError, SeatError) with the reason and
        # what is allowed, e.g. "rebuy refused: Bob is in a hand; rebuys happen between
        # hands" or "rebuy of 900 refused: Bob's stack would be 1895, above the maximum buy-in
        # of 1000 (Bob may add up to 5)". Refused only for a seat dealt into the hand in
        # progress; a busted or sitting-out player may rebuy while the others play.
    table.tick(now: float | None = None) -> list[Event]
        # action clock + time bank; never sleeps. TimeBankStarted once the action clock is
        # spent; when the bank is spent too: checks if free, else folds (through act()).
    table.clock_left(now=None) -> ClockState(seat, action_left, bank_left) | None  # UI ring
    table.view(seat) -> engine PlayerView of that TABLE seat (no hidden card; the view's
        # own seat numbers are ENGINE seats: map with table.hand_seats). None = spectator.
    table.players[seat] -> Player | None  # .name .spec .stack .sitting_out .waiting
                                          # .busted .rebuys .auto_rebuy
    table.over / table.winner / table.places   # freeze-out: ends when one has every chip
    table.ledger        # chips_start, rebuy_chips, rake, cashed_out; table.check_chips()
    table.stats.seats[seat]  # SeatStats: hands, vpip, pfr, aggression, bb_per_100

Events returned by the table always use TABLE seat numbers: the engine's events (ForcedBet,
HoleDealt, Acted, PotAwarded, HandEnded, ...) translated from engine seats, plus the
session events in ``game.session.events``: HandStarted(number, button, seats, blinds, level),
Rebought(seat, amount, stack, auto), SatOut(seat), SatIn(seat), WaitingForBigBlind(seat),
Busted(seat), Left(seat, reason, stack), Joined(seat, name, stack), LevelUp(level, blinds),
TimeBankStarted(seat, seconds), TimedOut(seat, action), SessionOver(winner, hands).

Journal and recovery — ``game.session.journal`` / ``game.session.recovery``::

    path = default_journal_path()      # user data dir (platformdirs)/session.sqlite
    journal = Journal.open(path)       # SQLite, WAL; creates the schema if new;
                                       # JournalError if the file is not a journal
    journal.has_session()              # -> offer "resume?" at start-up
    table = resume(journal, clock=..., history=path.with_suffix(".phhs"),
                   listener=None, full=False)
                                       # rebuilds the table and any hand in progress by
                                       # replaying the journaled commands through the
                                       # engine, from the newest snapshot (every 200
                                       # hands) or, with full=True or a listener, from the
                                       # first; chips are checked against the ledger;
                                       # listener(events) sees every replayed event
    Table(rules, seats, journal=Journal.open(new_path))   # a new session (the file must
                                       # not hold one already; archive_journal(path) moves
                                       # an old one aside)
    # Every command (seating, start_hand with its deck, act, rebuy, sit-out...) is committed
    # to the journal as it happens (a hand's last action together with its end), so a
    # SIGKILL at any point loses nothing a player saw; the .phhs file is tidied on resume.

Hand history — ``game.session.history``: each finished hand is appended as PHH to the
session's hand-history file (``Table(..., history=path)``).

Statistics — ``game.session.stats``: ``SessionStats`` (VPIP, PFR, aggression factor,
bb/100 per seat) fed from the table's events.

Headless play — ``holdem simulate`` (game/commands/simulate.py) drives a Table with
``bots.make_bot`` players; see ARCHITECTURE.md for its JSON.
"""

from .errors import JournalError, NoHandError, RebuyError, RulesError, SeatError, SessionError
from .journal import Journal, archive_journal, default_journal_path, journal_exists
from .recovery import resume
from .rules import PRESETS, HouseRules, load_rules_file, load_user_rules, save_user_rules
from .table import Player, SeatSpec, Table

__all__ = [
    "PRESETS", "HouseRules", "Journal", "JournalError", "NoHandError", "Player", "RebuyError",
    "RulesError", "SeatError", "SeatSpec", "SessionError", "Table", "archive_journal",
    "default_journal_path", "journal_exists", "load_rules_file", "load_user_rules", "resume",
    "save_user_rules",
]
