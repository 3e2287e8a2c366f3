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
             level: str = "normal", buy_in: int | None = None, auto_rebuy: bool | None = None)
    table = Table(rules, seats: list[SeatSpec | None], seed: int | None = None,
                  journal: Journal | None = None, clock: Callable[[], float] = time.monotonic)
        # seats[i] is table seat i (clockwise); None = empty chair. 2-10 seats (the desktop
        # UI offers 2-6 via rules.seats). seed=None draws one from the OS and journals it.
    table.start_hand() -> list[Event]   # moves the button, applies auto-rebuys, level-ups and
                                        # sit-out removals, deals; raises SessionError if no
                                        # hand can start (fewer than two players with chips)
    table.hand          # the engine Hand in progress, or None between hands
    table.hand_number   # 1-based number of the current / last hand
    table.hand_seats    # tuple: engine seat i -> table seat (only dealt-in players are in it)
    table.to_act        # table seat to act, or None
    table.legal()       # LegalActions for table.to_act (seat field is the TABLE seat)
    table.act(seat, action) -> list[Event]   # THE door: journal + hand.apply; raises the
                                             # engine's IllegalActionError / OutOfTurnError
    table.rebuy(seat, amount) / table.top_up(seat) / table.sit_out(seat) / table.sit_in(seat)
    table.leave(seat) / table.join(seat, spec, buy_in=None)
        # each raises a typed SessionError subclass (RebuyError, SeatError) with the reason and
        # what is allowed, e.g. "rebuy refused: seat 2 is in a hand; rebuys happen between
        # hands" or "rebuy of 900 refused: stack would be 1400, above the maximum buy-in 1000
        # (you may add up to 500)"
    table.tick(now: float | None = None) -> list[Event]
        # action clock + time bank; never sleeps. When the actor's action clock and bank are
        # both spent: checks if free, else folds (through act(), journaled).
    table.clock_left(now=None) -> ClockState | None   # seat, action_left, bank_left (for UI)
    table.view(seat) -> engine PlayerView of that TABLE seat (no hidden card)
    table.players[seat] -> Player | None     # name, spec, stack, status, rebuys, ...
    table.over -> bool ; table.winner -> int | None   # freeze-out ends when one has every chip
    table.chips_in_play() / table.ledger     # chips_start, rebuy_chips, rake, cashed_out

Events returned by the table always use TABLE seat numbers: the engine's events (ForcedBet,
HoleDealt, Acted, PotAwarded, HandEnded, ...) translated from engine seats, plus the
session events in ``game.session.events``: HandStarted(number, button, seats, blinds, level),
Rebought(seat, amount, stack, auto), SatOut(seat), SatIn(seat), WaitingForBigBlind(seat),
Busted(seat), Left(seat, reason, stack), Joined(seat, name, stack), LevelUp(level, blinds),
TimeBankStarted(seat, seconds), TimedOut(seat, action), SessionOver(winner, hands).

Journal and recovery — ``game.session.journal`` / ``game.session.recovery``::

    journal = Journal.open(path)       # SQLite, WAL; creates the schema if new
    journal.unfinished() -> bool       # has a session that has not ended
    table = resume(journal, clock=...)  # rebuilds the table (and any hand in progress)
                                        # by replaying every journaled command through the
                                        # engine; chips are checked against the ledger
    # Every command (seat, rebuy, sit-out, start_hand with its deck, act) is committed to the
    # journal before its effect is visible, so a SIGKILL at any point loses nothing.

Hand history — ``game.session.history``: each finished hand is appended as PHH to the
session's hand-history file (``Table(..., history=path)``).

Statistics — ``game.session.stats``: ``SessionStats`` (VPIP, PFR, aggression factor,
bb/100 per seat) fed from the table's events.
"""
