"""Whisper and PocketSphinx together: two opinions on one utterance.

The two recognizers fail differently.  Whisper knows far more voices but writes free
English, and short words slip ("Kirk." for "check"); PocketSphinx only ever hears the
command grammar, but its acoustic model knows few voices.  Fed the same audio:

- both hear the same command (the same meaning): it is sure;
- they hear different commands: Whisper's stands, and asks "yes?" first unless Whisper's
  decoder, scoring PocketSphinx's, rules it out (two amounts PocketSphinx was sure of ask
  unless they are far apart in Whisper's eyes: :data:`SIZED_RIVAL_SLACK`); but a table or
  menu command cannot ask, so it stands only when Whisper was sure of it, PocketSphinx was
  not sure of its own and Whisper's decoder rules that out — otherwise nothing was heard;
- Whisper heard no command (or a bet or raise without its amount) but PocketSphinx did:
  Whisper's decoder scores PocketSphinx's command on the same audio against its own
  reading; close enough, and it is taken, asking "yes?" first (only a betting action, a
  yes/no or a question: :func:`rescuable`); PocketSphinx sure of it, and either very close
  or among Whisper's own readings too, it is taken as said — a table or menu command only
  so, as it cannot ask; otherwise nothing was heard (or Whisper's bare "raise" stands);
- PocketSphinx heard nothing: Whisper's judgement stands (a table or menu command only
  if Whisper was sure of it, :func:`unheard_if_doubted`, and its decoder finds every
  short betting command far less likely: :data:`ALONE_TABLE_SLACK`).

Over a line (the listener tells it: :meth:`CombinedRecognizer.expect_over_line`) Whisper
writes what the echo canceller left of the line as a word of its own, so PocketSphinx's
command is given more room there: :data:`SURE_RESCUE_SLACK_OVER`,
:data:`ALONE_TABLE_SLACK_OVER`, :data:`BACKED_GAP_OVER`.  Where the pair then heard
nothing, one of Whisper's lower readings may still be offered, asking "yes?" first
(:data:`LOWER_READING_SLACK_OVER`), or else PocketSphinx's doubted command further down
(:data:`DOUBTED_RESCUE_SLACK_OVER`); PocketSphinx's sure rival always asks
(:data:`SURE_RIVALS_ASK_OVER`); and PocketSphinx's command that Whisper's decoder scores
close to its own reading is trusted further (:data:`DOUBT_YIELDS_GAP_OVER`,
:data:`LIKELIER_SURE_OVER`), and where that decoder finds it likelier than its own
reading it takes that reading's place (:data:`LIKELIER_YIELDS_OVER`).

PocketSphinx decodes while the player speaks (it streams); Whisper decodes ahead once the
utterance's quiet tail has begun; at the end both finish side by side, Whisper on a thread
(CTranslate2 frees Python's lock while it computes, and PocketSphinx decodes with it free:
:mod:`.sphinx_calls`), so the wait is the longer of the two, not their sum; where
Whisper has finished first and PocketSphinx's second look could not change what the pair
takes, the pair answers first and the look finishes after (:data:`LOOKS_AFTER_ANSWER`).
PocketSphinx can end ahead too (:data:`SPHINX_ENDS_AHEAD`; off: it costs wrong actions).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import Any, TypedDict

from ..intents import (
    BareRaise,
    BetTo,
    Call,
    Check,
    Confirm,
    Fold,
    Intent,
    Question,
    RaiseBy,
    TableCommand,
    Unknown,
    is_action,
)
from ..parser import normalize, parse
from .base import UNKNOWN, Hypothesis, Recognizer
from .meanings import intent_of, sized
from .pocketsphinx_backend import PocketSphinxRecognizer
from .third_opinion import (
    ANY_TEEN_WALLS,
    NEAR_HEARD_SLACK,
    PLAIN_RESCUES,
    PLAIN_SETTLES,
    PLAIN_VOTES,
    plain_recognizer,
    with_plain,
)
from .whisper_backend import (
    ECHO_CHECK_LEAD,
    ECHO_DOUBT_LEAD,
    ECHO_TALK_LEAD,
    HIGH_CONFIDENCE,
    LOW_CONFIDENCE,
    NEAR_CHECK_LEAD,
    NEAR_READINGS,
    Judgement,
    Reading,
    WhisperRecognizer,
    judge,
    near_other_reading,
    said_for,
    shared_soundalike,
)

#: PocketSphinx's command stands in for Whisper's talk when Whisper's decoder, forced to
#: write it, finds it no more than this many nats less likely than its own reading (and
#: then asks "yes?").  On the tuned voices (clean and 15 dB, every second clip) the right
#: commands PocketSphinx alone heard scored -10.1 to -0.1 nats, table talk it made into a
#: command -28 to -14: at 10, clean 97.6 -> 100 % and 15 dB 90.1 -> 97.6 % against 3, with
#: no table talk acted (benchmarks/voice/RESULTS.md).
RESCUE_SLACK = 10.0
#: Within this many nats, and PocketSphinx sure of its command, the rescued command needs
#: no "yes": both models back it.  The largest gap with no wrong action on the tuned voices
#: and none on the espeak-ng held-out ones: at 3 a "pause" heard as a sure "fold" (-1.7)
#: acted (benchmarks/voice/RESULTS.md).
SURE_RESCUE_GAP = 1.5
#: When PocketSphinx is sure of another command than Whisper's, the command asks "yes?"
#: first — unless Whisper's decoder, forced to write PocketSphinx's, finds it more than
#: this many nats less likely than its own reading (None: it always asks).  Where
#: PocketSphinx was right on the espeak-ng held-out voices its command scored -4.8 and -1.0;
#: where Whisper was ("check" against "jam") -8.4 to -31.  Right cheap commands asking
#: needlessly, flite voices: 15 dB 29.4 -> 23.4 %, room 18.7 -> 14.3 %, no wrong action
#: added on any voices; 2 to 6 gave the same on the held-out voices, 2 one wrong action
#: on flite's (benchmarks/voice/RESULTS.md).  Two amounts (:func:`sized`) need more:
#: :data:`SIZED_RIVAL_SLACK`.
DISAGREE_SLACK: float | None = 6.0
#: PocketSphinx's words that its grammar hears for another command (voice/grammar.py: a
#: noisy "check" heard as "jam"), by the command they are heard for: against Whisper's
#: reading of that command they are ruled out within :data:`CONFUSED_RIVAL_SLACK`
#: instead of :data:`DISAGREE_SLACK`.
SPHINX_CONFUSIONS: dict[tuple[str, ...], str] = {("jam",): "check"}
#: How many nats under Whisper's reading its decoder must score PocketSphinx's confused
#: words (:data:`SPHINX_CONFUSIONS`) to rule them out (None: as any rival).  Non-test
#: voices (tuned, flite, validation, unheard; 150 and 195 wpm; clean once, six noise seeds
#: at 15 dB and in the room; 520 clips a phrase): said "check", Whisper read "Check."
#: first 518 times and PocketSphinx heard "jam" 146 times; as any rival 41 right checks
#: asked "yes?", at 3 nats 7 (at 2, 4; at 4, 14), none wrong.  Said "jam", Whisper never
#: read "Check." first ("Jam." or "Jam it."; "Check." at best 3.5 nats under them)
#: (``python -m benchmarks.voice.confusions``; RESULTS.md, session 49).  In silence
#: only: over a line, where it was not measured, the words are a rival like any other.
CONFUSED_RIVAL_SLACK: float | None = 3.0
#: Whether a bet Whisper doubts only because the decoder with no prompt put it less than
#: ``whisper_backend.ECHO_CHECK_LEAD`` ahead of the "Pause." read over it
#: (:func:`echo_doubted`) acts where PocketSphinx heard nothing at all.  PocketSphinx's
#: grammar holds "pause" and hears it when it is said.  Non-test voices (tuned, flite,
#: validation, unheard; 150 and 195 wpm; clean once, six noise seeds at 15 dB and in the
#: room; 520 clips a phrase), the bet 0 to 1.5 nats ahead: said "call", 26 clips,
#: PocketSphinx heard the call in 13, nothing in 11; said "pause", 7, PocketSphinx heard
#: another command each time (and something in 38 of the 39 where the bet trailed); said
#: "fold" or "call it", 5, none with nothing heard; table talk ("oh come on", "good game",
#: "well played", "wow", "oh", "hmm", "ouch") never so with nothing heard
#: (``python -m benchmarks.voice.prompt_echoes --pair``; RESULTS.md, session 50).  In
#: silence only, as measured.
UNHEARD_SETTLES_ECHO = True
#: Whether a bet is taken only asking "yes?" where Whisper's likeliest reading is one word
#: of talk (:func:`word_of_talk`): "oh" is said at a table, and PocketSphinx's grammar
#: hears it as "fold" or "call", sure.  Said "oh", non-test voices (as for
#: :data:`UNHEARD_SETTLES_ECHO`), the pair took 11 sure bets in 520 clips, each with
#: Whisper's likeliest reading "Oh.", "Go." or "Move." (PocketSphinx's fold or call
#: rescued, or a call under Whisper's "Pause." that PocketSphinx heard too), and 1 so;
#: "whoa" 1 and none (``python -m benchmarks.voice.talk``).  On the corpus's non-test
#: voices (validation and unheard, 5,478 clips) this makes 3 right checks ask (Piper's
#: "I'll check" read "Okay.") and changes no other outcome (RESULTS.md, session 50).  In
#: silence only, as measured.
ONE_WORD_TALK_ASKS = True
#: Whether a bet is taken only asking "yes?" where Whisper read it under a "Pause." with
#: talk read there too, which its decoder with no prompt put ahead of the bet
#: (``whisper_backend.ECHO_TALK_LEAD``, :func:`talk_over_echo`): Whisper doubts it then,
#: and PocketSphinx hearing the bet does not settle it, for PocketSphinx hears "aw" as
#: "call" too.  Said "aw", non-test voices (as for :data:`UNHEARD_SETTLES_ECHO`): 79 bets
#: taken at once in 520 clips, 50 of them so; said "call", 31 right calls so, which now
#: ask (RESULTS.md, session 51).  In silence only, as measured.
TALK_OVER_ECHO_ASKS = True
#: Whisper's likeliest reading a one-word command ("Pot.", "Pause.", "Check.", "Fold.")
#: written less likely than this (nats): that bet or table command, taken by the pair, is
#: not sure (:func:`faint_word`).  One word of talk said ("ah", "aw", "hey", "oh") is written as
#: the command nearest its sound, faintly: on the validation voices (session 52's corpus,
#: 4,272 clips) 7 of the 16 pieces of talk that acted without a "yes" ("Pot." at -3.3 to
#: -1.6 for "ah", "Pause." at -2.6 to -2.2, "Check." at -2.5 for "hey"), against 2 right
#: commands so written (RESULTS.md, session 52).  In silence only, as measured.
FAINT_WORD_LOGPROB = -1.5
#: Whisper's likeliest reading one word of talk ("Oh.", "Hey.", "Okay.", "Nope.") written at
#: least this likely (nats; None: never): the pair hears talk, whatever PocketSphinx's
#: grammar made of it (:func:`plain_talk`).  Said "oh", "ah", "aw" or "hey", Whisper writes
#: the word plainly and PocketSphinx hears the command nearest its sound, sure: a bet
#: asked "yes?" (:data:`ONE_WORD_TALK_ASKS`), help given, a table command taken ("hey"
#: as "play").  On the validation voices' talk and short commands (RESULTS.md, session 54)
#: talk heard as nothing / right commands turned unheard: at -1.0 18 / 7, -2.0 45 / 11,
#: -2.5 52 / 13, -3.0 56 / 14 of 288 / 1,296 clips; those commands were bets that asked
#: "yes?" ("Wow." for "call", "Bad." for "pot") and two "help"s ("No.", "Go.").  Not
#: while a "yes?" waits ("Okay." answers it), and in silence only, as measured.
PLAIN_TALK_LOGPROB: float | None = -2.5
#: A table or menu command Whisper was sure of stands against PocketSphinx's doubted
#: command only when Whisper's decoder, forced to write that command, finds it more than
#: this many nats less likely (None: whenever PocketSphinx doubted it).  Where Whisper was
#: right on the tuned voices ("Pause." against "fold" or "call") the rival scored -5.2 to
#: -11.4; on the validation voices -7.2 to -22.0, where PocketSphinx was right ("Pause."
#: for "pot", "Close." for "pause", "deal" for "help") -1.7 to -4.0
#: (benchmarks/voice/RESULTS.md).
TABLE_RIVAL_SLACK: float | None = 5.0
#: Two amounts (:func:`sized`) where PocketSphinx was sure of its own: Whisper's stands
#: without a "yes" only when its decoder, forced to write PocketSphinx's, finds it more
#: than this many nats less likely (None: they always ask).  The amounts benchmark on the
#: flite voices (312 amount commands a condition, clean / 15 dB): right and sure 250 / 175
#: -> 256 / 180 with the plain model, 260 / 234 -> 269 / 242 with the fitted one, no sure
#: wrong amount added; at 8 one, at 6 two ("bet two eighty" as "bet eighty", PocketSphinx's
#: "bet two eighteen" 9.4 nats under it) (benchmarks/voice/RESULTS.md, session 21).
SIZED_RIVAL_SLACK: float | None = 10.0
#: Whisper's best reading, written with at least this probability, is certain: its amount
#: against PocketSphinx's sure other amount then asks only as any two commands do
#: (:data:`DISAGREE_SLACK`), not within :data:`SIZED_RIVAL_SLACK` (None: never so).  On
#: the three validation groups (Festival's HTS voice, flite's, espeak-ng's held out; 1,578
#: clips) every one of 432 such sized readings was the amount said (of the less sure, 7 of
#: 108 were not), and PocketSphinx's sure rival between 6 and 10 nats under it was wrong
#: each time ("one fifteen" for "one fifty", "nine hundred" for "one hundred"): a right
#: cheap command asking "yes?" needlessly.  The amounts benchmark on those voices: right and
#: sure 1,137 -> 1,180 of 1,248, no sure wrong amount added (benchmarks/voice/RESULTS.md,
#: session 39).
CERTAIN_READING: float | None = 0.9
#: Both engines doubting, and agreeing on an amount, make it sure — unless Whisper's own
#: readings hold another amount within this many nats of the agreed one's best reading
#: (None: they are sure).  On the validation voices (Festival's HTS voice and the same
#: recast deep and high, flite's, espeak-ng's held out; 2,574 clips) 12 amounts were so
#: agreed: the 2 wrong ones ("bet nine hundred" for "bet one hundred", the high voice) had
#: the amount said 1.0 and 1.3 nats under them, the 10 right ones none within 2 but for
#: "Bet pot.", which means the "half pot" agreed on (:data:`SOUNDALIKE_READINGS`).  Their
#: amounts benchmark (312 amount commands at 15 dB): sure and wrong 21 -> 17, one right
#: amount more asking (benchmarks/voice/RESULTS.md, session 40).
AGREED_DOUBT_SLACK: float | None = 2.0
#: An amount heard with a teen at its end ("two eighteen") asks "yes?", whoever heard it,
#: when Whisper also read its -ty twin ("two eighty") within this many nats (None: never):
#: in noise both engines hear a -ty said as a teen.  On the validation voices' amounts
#: benchmark (Festival's HTS voice and the same recast deep and high; 312 amount commands
#: a condition) all 18 sure wrong amounts (17 at 15 dB) were such teens, for "forty", "two
#: eighty", "three fifty" and "by fifty", their twin 0.4-6.2 nats under them; with the
#: rule 1 of 17 at 15 dB, no right amount asking more.  The price is paid by a player who
#: says a teen amount: Whisper reads its -ty twin within 7 nats almost always, so about
#: four in five teen amounts said ask "yes?" (the benchmark's ``--teens``: right and sure
#: 164 -> 33 of 192 clean on the validation, flite and held-out voices), as a pair that
#: cannot tell the two apart should (benchmarks/voice/RESULTS.md, session 40).
TEEN_TWIN_SLACK: float | None = 7.0
#: The other way round: an amount heard with a -ty at its end ("fifty", "one fifty") asks
#: "yes?", whoever heard it, when Whisper also read its teen twin ("fifteen", "one
#: fifteen") within this many nats (None: never).  Said "bet fifteen" and "bet one fifteen"
#: by every non-test voice (both speeds, clean once, six noise seeds at 15 dB and six in
#: the room; 520 clips each), the pair bet the -ty without a "yes" 77 and 78 times; at 4
#: nats 21 and 28 of those ask, and 6 of the 943 sure right "bet fifty" and "bet one
#: fifty" clips; at 3 nats 14, 14 and 3; at 5 nats 28, 34 and 16
#: (``python -m benchmarks.voice.twins``; benchmarks/voice/RESULTS.md, session 47).
TY_TWIN_SLACK: float | None = 4.0
#: A command Whisper wrote with the other command of :data:`NEAR_READINGS` among its
#: readings within this many nats ("Pot." with "Pause." under it) acts without a "yes" only
#: where PocketSphinx is sure of the same command (None: never asks so).  Whisper's own
#: doubt reaches only 3 nats (:data:`whisper_backend.NEAR_READING_SLACK`), and
#: PocketSphinx's doubted "pot" agreeing made it sure again.  On the validation voices
#: (3,984 clips) four of the five wrong actions without a "yes" were DECtalk's "pause"
#: written "Pot." with "Pause." 6.9-7.8 nats under it (PocketSphinx: a doubted "pot" or
#: nothing); at 8 they ask, and 20 right pot-sized bets ask too (4 more on the other
#: non-test voices read; benchmarks/voice/RESULTS.md, session 43).  PocketSphinx hearing
#: the other command makes it ask too, however far under it Whisper read or scored that:
#: Festival's ked said "pause" written a sure "Pot." with "Pause." 9 nats under it, three
#: pot-sized bets taken (session 44).  The decoder with no prompt rules the other reading
#: out where it puts "Pot." far enough ahead (:data:`whisper_backend.NEAR_CHECK_LEAD`) —
#: in silence, where that was measured; over a line the doubt stands.
NEAR_READING_DOUBT_SLACK: float | None = 8.0
#: Where Whisper heard a table or menu command the pair does not take (Whisper doubted it,
#: or PocketSphinx heard another command), the likeliest command among Whisper's readings
#: that may ask "yes?" (:func:`offerable`), read within this many nats of its best reading,
#: is taken instead, asking (None: the pair heard nothing).  A table command cannot ask,
#: so doubted it is dropped, while the bet under it could have asked: DECtalk's "call"
#: written "Pause." with "Call." 0.4-3 nats under it.  On every non-test voice read (5,727
#: clips) the pair missed 16 / 50 / 48 commands (clean / 15 dB / room); at 3 nats 4 / 14 /
#: 10 of them became the command said, asking, 0 / 6 / 1 a wrong command asking, 3 / 0 / 0
#: a question answered ("help?" for "call"), and one piece of table talk ("let me think")
#: asked "check?"; none acted without a "yes".  At 2 nats 4 / 10 / 6 became right, at 4
#: nats 4 / 16 / 9 with one more wrong command asking (benchmarks/voice/RESULTS.md,
#: session 44).
LOWER_COMMAND_SLACK: float | None = 3.0
#: The betting commands a table or menu command heard by Whisper alone is scored against
#: (:data:`ALONE_TABLE_SLACK`): the one-word ones it is mistaken for.  Each costs its
#: decoder about 20 ms (benchmarks/voice/RESULTS.md, session 28).
TABLE_RIVALS = ("fold", "check", "call", "pot")
#: A table or menu command Whisper was sure of, where PocketSphinx heard no command, stands
#: only when Whisper's decoder, forced to write the likeliest of :data:`TABLE_RIVALS`,
#: finds it more than this many nats less likely (None: it always stands).  It acts at
#: once, and it cannot ask.  On the validation voices (flite, every clip; espeak-ng
#: held-out, every third; both models) the three such commands that acted wrongly
#: ("Pause." for "call" and "pot") had a rival within -1.5, -2.4 and -6.1; the right ones
#: -7.8 to -18.9.  Clean espeak-ng "options" and "rebuy" (tuned voices, the plain model)
#: have one at -7.0 and -7.2: from 7 up, PocketSphinx missing them would lose them
#: (benchmarks/voice/RESULTS.md, session 28).
ALONE_TABLE_SLACK: float | None = 6.5
#: PocketSphinx ends its utterance where Whisper starts decoding ahead (the quiet tail has
#: begun) and judges it on a thread during the voice detector's hangover
#: (:meth:`PocketSphinxRecognizer.end_ahead`).  The listener's p95 on the fresh voices,
#: every 8th clip: 212 / 481 / 444 -> 137 / 186 / 65 ms (clean / 15 dB / room); but it
#: hears less of the quiet after the words, and wrong actions without a "yes" went 8 -> 13
#: of 2,490 on the fresh voices and 5 -> 8 of 3,984 on the validation voices ("pause"
#: written "Pot.", "no" written "Yep.", where PocketSphinx's doubted contrary opinion had
#: made them ask).  So it is off until it keeps that (benchmarks/voice/RESULTS.md,
#: session 42).
SPHINX_ENDS_AHEAD = False
#: PocketSphinx begins its second look's strict decode where Whisper starts decoding ahead
#: (:meth:`PocketSphinxRecognizer.verify_ahead`): the same verdict, from the same chunks,
#: without the end of the utterance waiting for it where the words heard by then are the
#: words at the end.  Every 8th fresh clip in real time, side by side: p50 160 / 193 / 161
#: -> 126 / 99 / 75 ms, p95 291 / 349 / 280 -> 291 / 342 / 255 (clean / 15 dB / room); on a
#: busier machine p50 175 / 309 / 291 -> 158 / 126 / 93, p95 329 / 897 / 696 -> 360 / 421 /
#: 315 (it shares the cores with Whisper's decode ahead); the pair's outcomes identical
#: (benchmarks/voice/RESULTS.md, session 56).
SPHINX_VERIFIES_AHEAD = True
#: PocketSphinx answers before its second look is finished where Whisper has finished and
#: the pair would make the same of PocketSphinx's words sure or doubted (and a doubt would
#: not have them heard again in their own room; :meth:`PocketSphinxRecognizer.final`,
#: ``look_matters``); the look starts beside Whisper and finishes on a thread after the
#: answer, before the next utterance reaches the decoders, so every decoder hears what it
#: would have.  Every 8th fresh clip in real time, against every look first: p50 95 / 85 /
#: 71 -> 19 / 26 / 24 ms, p95 286 / 347 / 257 -> 141 / 233 / 133 (clean / 15 dB / room); a
#: whole 15 dB session p95 280 ms, every outcome the same (benchmarks/voice/RESULTS.md,
#: sessions 58-59).
LOOKS_AFTER_ANSWER = True
#: PocketSphinx's doubted command, first heard in a room it has not settled on, is decoded
#: again from the utterance's own mean (``pocketsphinx_backend.ROOM_CHANGE``) — but not
#: where Whisper is sure of the same command (:func:`settled`): the pair takes that as sure
#: whatever the second hearing says, bar a contrary command or a confusion that asks unless
#: PocketSphinx is sure (it then asks).  That second hearing (three more decodes of the
#: utterance) is the slowest step between the end of speech and the action: skipped so,
#: the fresh voices' p95 as the listener hears them went 451 / 441 -> 392 / 255 ms at
#: 15 dB / in the room, with the validation voices' outcomes as before but one (a wrong
#: command that asked became right; benchmarks/voice/RESULTS.md, session 43).
SURE_AGREEMENT_SETTLES = True
#: Over a line (the utterance began while the game spoke), what the echo canceller left
#: of it just before the player's first sound is written by Whisper as a word of its own
#: ("Be told." for "fold"), which PocketSphinx's grammar has no room for: PocketSphinx's
#: sure command is rescued (asking "yes?") within this many nats instead of
#: :data:`RESCUE_SLACK` (benchmarks/voice/RESULTS.md, session 32).
SURE_RESCUE_SLACK_OVER = 12.5
#: What stands for :data:`ALONE_TABLE_SLACK` over a line: the line's remains make a short
#: betting command likelier to Whisper's decoder ("Check." 3.7 nats under a sure "Next
#: hand.") (benchmarks/voice/RESULTS.md, session 32).
ALONE_TABLE_SLACK_OVER: float | None = 3.5
#: Over a line, where Whisper heard talk: a command PocketSphinx doubted counts as sure
#: when one of Whisper's own readings means it too and Whisper's decoder scores it within
#: this many nats of its reading.  On eight recorded runs (1,402 commands over a line)
#: such commands were right 41 times of 41 down to -4.1 nats, then "fold" for "help" at
#: -4.2; between 1.5 and 3 nats, 12: "top up" heard (a table command cannot ask) and 11
#: that asked "yes?" needlessly at :data:`SURE_RESCUE_GAP` (benchmarks/voice/RESULTS.md,
#: sessions 32 and 35).
BACKED_GAP_OVER: float | None = 3.0
#: Over a line, where Whisper's reading was talk and the pair heard nothing: the likeliest
#: of the commands Whisper's lower readings mean (:func:`offered`) is taken, asking "yes?",
#: when Whisper's decoder, forced to write it, finds it no more than this many nats less
#: likely than its own reading (None: never).  The line's remains, read as a word of their
#: own, push the command down the n-best ("Step out." over "F-pot.", half pot).  Chosen
#: on two recorded runs (351 commands over a line): the right commands scored -1.8 to
#: -6.1 (two more further down), the wrong ones -6.9 and -10.3; the corpus's table talk,
#: in silence, -10.0 and below (benchmarks/voice/RESULTS.md, session 33).
LOWER_READING_SLACK_OVER: float | None = 6.5
#: Over a line, where Whisper heard talk and neither the pair nor Whisper's lower readings
#: gave a command: PocketSphinx's doubted command is still taken, asking "yes?", within
#: this many nats instead of :data:`RESCUE_SLACK` (None: not so), as its sure one is
#: (:data:`SURE_RESCUE_SLACK_OVER`).  On eight recorded runs (1,402 commands over a
#: line) such commands between 10 and 12.5 nats down were right 7 times (6 not heard
#: otherwise: "pot it", "whose turn", "bet fifty") and wrong twice, each where a lower
#: reading was right and is taken first; the first wrong one with none is at -13.7
#: (benchmarks/voice/RESULTS.md, session 35).
DOUBTED_RESCUE_SLACK_OVER: float | None = SURE_RESCUE_SLACK_OVER
#: Over a line, PocketSphinx's sure command, another than Whisper's, always makes
#: Whisper's ask "yes?" first (:data:`DISAGREE_SLACK` does not rule it out there): the
#: line's remains join Whisper's own reading ("Call in." for "all in", read "call it"), so
#: its decoder's score of the rival misleads.  On two recorded runs (351 commands over a
#: line) this took one sure wrong action away ("call it" for "all in", PocketSphinx's "go
#: all in" 13.7 nats down) and made two right ones ask (benchmarks/voice/RESULTS.md,
#: session 33).
SURE_RIVALS_ASK_OVER = True
#: Over a line, Whisper's doubted command gives way to PocketSphinx's other command when
#: Whisper's decoder scores that within this many nats of its own reading (None: never);
#: PocketSphinx's is then judged as where Whisper heard talk.  On three recorded runs (526
#: commands over a line), every one of the 22 commands PocketSphinx heard that Whisper's
#: decoder scored within 1.5 nats was right ("three x" under a doubted "Call.", "pot" under
#: a doubted "fold") (benchmarks/voice/RESULTS.md, session 33).
DOUBT_YIELDS_GAP_OVER: float | None = SURE_RESCUE_GAP
#: Over a line, Whisper's command, sure or not, gives way to PocketSphinx's other command
#: when Whisper's decoder finds that at least as likely as its own reading ("all in" 1.9
#: nats above a sure "Calling.", "options" 0.7 above a sure "Shove."); PocketSphinx's is
#: then judged as where Whisper heard talk.  The line's remains make Whisper sure of a
#: word its decoder, forced, does not prefer.  On eight recorded runs (1,402 commands
#: over a line) it scored so 5 times, PocketSphinx's the command said each time; the
#: first below where Whisper's was right, -2.8 nats (benchmarks/voice/RESULTS.md,
#: session 35).
LIKELIER_YIELDS_OVER = True
#: Over a line, where Whisper heard talk, PocketSphinx's doubted command counts as sure
#: when Whisper's decoder finds it at least as likely as its own reading ("options", 1.9
#: nats above "Up. Shove."): the two models then point at it (the same runs).
LIKELIER_SURE_OVER = True
#: Over a line, Whisper's doubted table or menu command, which could not act anyway
#: (:func:`unheard_if_doubted`), gives way to PocketSphinx's betting command however far
#: down Whisper's decoder scores it; PocketSphinx's is then judged as where Whisper heard
#: talk (the rescue's slack, asking "yes?").  The line's remains and "pot it" make "Start
#: it." or "Pause." (benchmarks/voice/RESULTS.md, session 34).
DOUBTED_TABLES_YIELD_OVER = True
#: Over a line, Whisper's sure table or menu command stands against PocketSphinx's sure
#: other command when Whisper's decoder finds that, and each of :data:`TABLE_RIVALS`,
#: more than this many nats less likely than its own reading (None: never; it is not
#: heard, as in silence).  Over a line PocketSphinx is often sure and wrong ("fold" for
#: "pause", 7.5 nats under Whisper's sure "Pause."); the bets are held as far off as where
#: it heard nothing in silence (:data:`ALONE_TABLE_SLACK`) (benchmarks/voice/RESULTS.md,
#: session 34).
FAR_RIVAL_TABLE_SLACK_OVER: float | None = ALONE_TABLE_SLACK


def rescuable(intent: Intent) -> bool:
    """What PocketSphinx alone may be taken at its word for (asking "yes?"): a bet, fold,
    check or call, a yes or no, or a question.  A table or menu command does not wait for
    a "yes" ("close", "pause", "sit out" act at once), so PocketSphinx alone gives one only
    when it is sure and Whisper backs it (:func:`combine`'s sure rescue): in the
    reverberant room it heard "fold" as "close".

    >>> rescuable(parse("fold")), rescuable(parse("what's the pot")), rescuable(parse("close"))
    (True, True, False)
    """
    return is_action(intent) or isinstance(intent, (Confirm, Question))


def stands_in(whisper: Intent, sphinx: Intent) -> bool:
    """Whether PocketSphinx's command is scored in place of Whisper's reading: Whisper heard
    talk, or "raise" / "bet" with no amount where PocketSphinx heard how much ("Then
    raise." for "min raise": the verb is in both, the amount only in one).

    >>> stands_in(parse("nice hand"), parse("fold")), stands_in(parse("raise"), parse("min raise"))
    (True, True)
    >>> stands_in(parse("raise"), parse("fold")), stands_in(parse("call"), parse("fold"))
    (False, False)
    """
    if isinstance(sphinx, Unknown):
        return False
    if isinstance(whisper, BareRaise):
        return is_action(sphinx) and not isinstance(sphinx, (BareRaise, Fold, Check, Call))
    return isinstance(whisper, Unknown)


def offerable(intent: Intent, confirming: bool = False) -> bool:
    """What a lower reading or PocketSphinx's doubt may offer, asking "yes?" over a line
    (:func:`offered`, :func:`last_resort`): what may ask (:func:`rescuable`), and while a
    "yes?" waits only a yes, which doubted asks again (a doubted no would cancel).

    >>> offerable(parse("fold")), offerable(parse("fold"), confirming=True)
    (True, False)
    >>> offerable(parse("do it"), confirming=True), offerable(parse("no"), confirming=True)
    (True, False)
    """
    return rescuable(intent) and (not confirming or (isinstance(intent, Confirm) and intent.yes))


def backs(readings: Sequence[Reading], command: str) -> bool:
    """Whether one of Whisper's readings means ``command`` (:func:`combine`'s ``backed``).

    >>> backs([Reading("Shove.", -2.1, parse("shove"), "Shove."),
    ...        Reading("Shored.", -4.7, parse("fold"), "fold", True, -1.0, False)], "fold")
    True
    """
    said = parse(command)
    return any(r.intent == said for r in readings)


def rival_reading(readings: Sequence[Reading], sphinx: Hypothesis) -> float | None:
    """How many nats under Whisper's best reading lies its best own reading of PocketSphinx's
    command (a repair counts only where Whisper scored it, a soundalike reading not at all,
    :func:`said_for`), or None where none means it.  Against another command of Whisper's
    it counts as the rival's score where it is higher than the forced one: Whisper's
    decoder, made to write PocketSphinx's words, may find them far less likely than its own
    words for the same command (DECtalk's Dennis in the room: "fold" 20.7 nats under a sure
    "I call.", "I fold." 3.6 under it, and a call taken without a "yes").  On every
    validation and tuned voice read (5,727 clips) that was the one wrong action it took
    away, and it made six right commands more ask: "fifty percent of the pot" against
    "fifteen", "check it" against "Shove it.", "three hundred" against "three thousand",
    twice each (benchmarks/voice/RESULTS.md, session 41).

    >>> r = [Reading("I call.", -0.4, parse("i call"), "I call."),
    ...      Reading("I fold.", -4.0, parse("i fold"), "I fold.")]
    >>> round(rival_reading(r, Hypothesis("fold", 0.5)), 1)
    -3.6
    >>> rival_reading(r, Hypothesis("check", 0.5)) is None
    True
    """
    said = intent_of(sphinx)
    if isinstance(said, Unknown) or not readings:
        return None
    own = [r.logprob for r in readings if r.intent == said and not r.guessed
           and said_for(r.text) is None]
    return max(own) - max(r.logprob for r in readings) if own else None


def offered(readings: Sequence[Reading], confirming: bool = False) -> list[str]:
    """The commands Whisper's readings mean that may be taken asking "yes?"
    (:func:`rescuable`), each once, in the readings' order: what
    :data:`LOWER_READING_SLACK_OVER` chooses from.  While a "yes?" waits, only a yes,
    which doubted asks again: a lower reading's bet then would stand in for the answer the
    game asked for ("Tell." read "call" for "confirm"), and its "No." (1.7 nats under
    Whisper's talk for "confirm" and for "do it", on two of eight recorded runs) cancels
    what the player was saying yes to (benchmarks/voice/RESULTS.md, session 35).

    >>> offered([Reading("Step out.", -4.2, parse("step out"), "Step out."),
    ...          Reading("F-pot.", -6.6, parse("half pot"), "half pot", True, -1.0, False),
    ...          Reading("F. Pot.", -8.5, parse("half pot"), "half pot", True, -1.0, False),
    ...          Reading("Next hand.", -9.0, parse("next hand"), "Next hand.")])
    ['half pot']
    >>> offered([Reading("Tell.", -5.0, parse("call"), "call", True, -1.0, False),
    ...          Reading("No.", -6.0, parse("no"), "No."),
    ...          Reading("Do it.", -7.0, parse("do it"), "Do it.")], confirming=True)
    ['Do it.']
    """
    seen: list[Intent] = []
    out = []
    for r in readings:
        if (not isinstance(r.intent, Unknown) and offerable(r.intent, confirming)
                and r.intent not in seen):
            seen.append(r.intent)
            out.append(r.command)
    return out


def lower_reading(scored: Sequence[tuple[str, float | None]], slack: float | None,
                  engine: str = "whisper+pocketsphinx") -> Hypothesis | None:
    """Of Whisper's lower readings' commands, each with how much less likely its decoder
    found it than its own reading, the likeliest, asking "yes?", if within ``slack``
    (:data:`LOWER_READING_SLACK_OVER`); None otherwise.

    >>> lower_reading([("half pot", -3.1), ("full pot", -6.8)], 6.5)
    Hypothesis(text='half pot', confidence=0.5, engine='whisper+pocketsphinx')
    >>> lower_reading([("ten bet", -6.9)], 6.5) is None, lower_reading([("fold", -1.0)], None)
    (True, None)
    """
    known = [(gap, text) for text, gap in scored if gap is not None]
    if slack is None or not known:
        return None
    gap, text = max(known)
    return Hypothesis(text, LOW_CONFIDENCE, engine) if gap >= -slack else None


def last_resort(sphinx: Hypothesis, gap: float | None, slack: float | None,
                confirming: bool = False, engine: str = "whisper+pocketsphinx",
                ) -> Hypothesis | None:
    """PocketSphinx's command, asking "yes?", where the pair heard nothing over a line:
    within ``slack`` nats of Whisper's reading (:data:`DOUBTED_RESCUE_SLACK_OVER`),
    only what :func:`offerable` allows.  None otherwise.

    >>> pot_it = Hypothesis("pot it", 0.5)
    >>> last_resort(pot_it, -11.2, 12.5)
    Hypothesis(text='pot it', confidence=0.5, engine='whisper+pocketsphinx')
    >>> [last_resort(pot_it, g, s) for g, s in ((-13.6, 12.5), (-11.2, None), (None, 12.5))]
    [None, None, None]
    >>> last_resort(pot_it, -11.2, 12.5, confirming=True) is None
    True
    """
    if (slack is None or gap is None or gap < -slack
            or not offerable(intent_of(sphinx), confirming)):
        return None
    return Hypothesis(sphinx.text, LOW_CONFIDENCE, engine)


def certain(readings: Sequence[Reading], heard: Hypothesis,
            least: float | None = CERTAIN_READING) -> bool:
    """Whether Whisper wrote what it heard as its best reading, with at least ``least``
    probability (:data:`CERTAIN_READING`).

    >>> heard = Hypothesis("Bet one fifty.", 0.95)
    >>> [certain([Reading("Bet one fifty.", lp, parse("bet one fifty"), "Bet one fifty.")],
    ...          heard) for lp in (-0.05, -0.3)]
    [True, False]
    >>> certain([Reading("Bet one fifty.", -0.05, parse("bet one fifty"), "Bet one fifty.")],
    ...         heard, least=None)
    False
    """
    if least is None or not readings:
        return False
    best = max(readings, key=lambda r: r.logprob)
    return best.logprob >= math.log(least) and best.intent == intent_of(heard)


def near_other_amount(readings: Sequence[Reading], heard: Hypothesis,
                      slack: float | None = AGREED_DOUBT_SLACK) -> bool:
    """Whether Whisper's readings hold an amount other than ``heard``'s within ``slack``
    nats of the best reading of ``heard``'s (a reading Whisper writes for ``heard``'s
    command, :func:`said_for`, is no other amount).

    >>> nine = [Reading("Bet nine hundred.", -0.5, parse("bet nine hundred"), "bet nine hundred"),
    ...         Reading("Bet one hundred.", -1.5, parse("bet one hundred"), "bet one hundred")]
    >>> near_other_amount(nine, Hypothesis("bet nine hundred", 0.5)), near_other_amount(
    ...     nine, Hypothesis("bet nine hundred", 0.5), slack=0.5)
    (True, False)
    >>> near_other_amount([Reading("Half pot.", -2.2, parse("half pot"), "half pot"),
    ...                    Reading("Bet pot.", -1.0, parse("bet pot"), "bet pot")],
    ...                   Hypothesis("half pot", 0.5))
    False
    """
    agreed = intent_of(heard)
    if slack is None or not sized(agreed):
        return False
    own = [r.logprob for r in readings if r.intent == agreed or said_for(r.command) == agreed]
    others = [r.logprob for r in readings if sized(r.intent) and r.intent != agreed
              and said_for(r.command) != agreed]
    return bool(own and others) and max(others) >= max(own) - slack


def teen_twin(amount: float) -> float | None:
    """``amount`` with the teen of its last two digits said as a -ty (218 -> 280), or None.

    >>> teen_twin(218), teen_twin(14), teen_twin(1500), teen_twin(250), teen_twin(11)
    (280.0, 40.0, None, None, None)
    """
    last = amount % 100
    return float(amount - last + (last - 10) * 10) if 13 <= last <= 19 else None


#: The last two digits of an amount ending in a -ty with a teen twin (thirty to ninety).
TY_ENDINGS = frozenset(range(30, 100, 10))


def ty_twin(amount: float) -> float | None:
    """``amount`` with the -ty of its last two digits said as a teen (150 -> 115), or None:
    the inverse of :func:`teen_twin`.

    >>> ty_twin(150), ty_twin(50), ty_twin(280), ty_twin(200), ty_twin(20), ty_twin(1550)
    (115.0, 15.0, 218.0, None, None, 1515.0)
    """
    last = amount % 100
    return float(amount - last + 10 + last // 10) if last in TY_ENDINGS else None


def teen_doubts(readings: Sequence[Reading],
                slack: float | None = TEEN_TWIN_SLACK,
                ty_slack: float | None = TY_TWIN_SLACK) -> frozenset[Intent]:
    """The amounts among Whisper's readings ending in a teen whose -ty twin
    (:func:`teen_twin`) it also read, no more than ``slack`` nats under the amount's best
    reading (:data:`TEEN_TWIN_SLACK`), and those ending in a -ty whose teen twin
    (:func:`ty_twin`) it read within ``ty_slack`` (:data:`TY_TWIN_SLACK`).

    >>> r = [Reading("Bet two eighteen.", -0.1, parse("bet two eighteen"), "bet two eighteen"),
    ...      Reading("Bet two eighty.", -4.6, parse("bet two eighty"), "bet two eighty")]
    >>> sorted(map(str, teen_doubts(r, ty_slack=None))), teen_doubts(r, 3.0, None)
    (['BetTo(amount=218, alternative=None)'], frozenset())
    >>> r = [Reading("Bet fifty.", -0.1, parse("bet fifty"), "bet fifty"),
    ...      Reading("Bet fifteen.", -2.6, parse("bet fifteen"), "bet fifteen")]
    >>> sorted(map(str, teen_doubts(r, slack=None))), teen_doubts(r, None, ty_slack=2.0)
    (['BetTo(amount=50, alternative=None)'], frozenset())
    """
    best: dict[Intent, float] = {}
    for r in readings:
        best[r.intent] = max(best.get(r.intent, -math.inf), r.logprob)
    twins = ((teen_twin, slack), (ty_twin, ty_slack))
    return frozenset(
        said for said, logprob in best.items() if isinstance(said, (BetTo, RaiseBy))
        for twin_of, within in twins
        if within is not None and (twin := twin_of(said.amount)) is not None
        and any(type(other) is type(said) and other.amount == twin
                and other_logprob >= logprob - within for other, other_logprob in best.items()))


def near_reading(readings: Sequence[Reading], heard: Hypothesis,
                 slack: float | None = NEAR_READING_DOUBT_SLACK,
                 sphinx: Hypothesis | None = None, lead: float | None = None,
                 check_lead: float | None = NEAR_CHECK_LEAD) -> bool:
    """Whether Whisper's best reading of ``heard``'s command is written in words that
    :data:`NEAR_READINGS` names, with the other command named there read within ``slack``
    nats of it ("Pot it." far above a "Pot." with "Pause." under it is not) and not ruled
    out by the decoder with no prompt (``lead``, :attr:`Judgement.near_lead`, at least
    ``check_lead``: :data:`whisper_backend.NEAR_CHECK_LEAD`) — or heard by PocketSphinx
    (``sphinx``), at any distance: Whisper's decoder, which confuses the two, cannot rule
    PocketSphinx's "pause" out.

    >>> pot = [Reading("Pot.", 0.0, parse("pot"), "pot"),
    ...        Reading("Pause.", -7.1, parse("pause"), "pause")]
    >>> near_reading(pot, Hypothesis("pot", 0.95)), near_reading(pot, Hypothesis("pot", 0.95), 5.0)
    (True, False)
    >>> near_reading(pot, Hypothesis("pot", 0.95), 5.0, sphinx=Hypothesis("pause", 0.95))
    True
    >>> [near_reading(pot, Hypothesis("pot", 0.95), lead=lead) for lead in (7.0, 5.2)]
    [False, True]
    >>> near_reading(pot, Hypothesis("pot", 0.95), lead=7.0, sphinx=Hypothesis("pause", 0.5))
    True
    >>> near_reading(pot[1:], Hypothesis("pause", 0.95))
    False
    >>> near_reading([Reading("Pot it.", 0.0, parse("pot it"), "Pot it."),
    ...               Reading("Pot.", -10.1, parse("pot"), "Pot."),
    ...               Reading("Pause.", -11.3, parse("pause"), "Pause.")],
    ...              Hypothesis("pot it", 0.95))
    False
    """
    said = intent_of(heard)
    if slack is None or isinstance(said, Unknown):
        return False
    own = [r for r in readings if r.intent == said]
    if not own:
        return False
    best = max(own, key=lambda r: r.logprob)
    other = NEAR_READINGS.get(tuple(normalize(best.command)))
    ruled_out = check_lead is not None and lead is not None and lead >= check_lead
    return other is not None and (
        (near_other_reading(readings, best, slack) and not ruled_out)
        or (sphinx is not None and not sphinx.rejected
            and tuple(normalize(sphinx.text)) == other))


def lower_command(readings: Sequence[Reading], whisper: Hypothesis,
                  slack: float | None = LOWER_COMMAND_SLACK,
                  confirming: bool = False) -> str | None:
    """Where Whisper heard a table or menu command, the likeliest command of its readings
    that may ask "yes?" (:func:`offerable`), read within ``slack`` nats of its best
    reading, or None: what the pair takes, asking, where it does not take the table
    command (:data:`LOWER_COMMAND_SLACK`).

    >>> r = [Reading("Pause.", -1.8, parse("pause"), "Pause."),
    ...      Reading("Ouch.", -4.6, parse("ouch"), "Ouch."),
    ...      Reading("Call.", -3.4, parse("call"), "Call.")]
    >>> pause = Hypothesis("Pause.", 0.5)
    >>> lower_command(r, pause), lower_command(r, pause, 1.0)
    ('Call.', None)
    >>> lower_command(r, Hypothesis("Call.", 0.5)) is None  # a bet heard asks by itself
    True
    >>> lower_command(r, pause, confirming=True) is None  # only a yes while one waits
    True
    """
    said = intent_of(whisper)
    if slack is None or not readings or isinstance(said, Unknown) or rescuable(said):
        return None
    top = max(r.logprob for r in readings)
    near = [r for r in readings
            if offerable(r.intent, confirming) and not r.guessed
            and r.logprob >= top - slack]
    return max(near, key=lambda r: r.logprob).command if near else None


#: Soundalike readings (:data:`whisper_backend.SOUNDALIKE_READINGS`) taken for the command
#: they are written for where one of Whisper's own readings means it (:func:`read_for`),
#: asking "yes?".  Said "bet pot", every non-test voice (102 clips, clean, at 15 dB and in
#: the room) was written "Bet pot." with no half pot among the readings; "half pot" written
#: "Bet pot." had one 40 times in 60.  Not "Fold it.": said "fold it", "Call it." was among
#: the readings 13 times in 102, 4.1-11.2 nats under it (benchmarks/voice/RESULTS.md,
#: session 44).
READ_SOUNDALIKES: frozenset[tuple[str, ...]] = frozenset({("bet", "pot")})


def read_for(readings: Sequence[Reading], whisper: Hypothesis) -> str | None:
    """Where Whisper's command is written in words of :data:`READ_SOUNDALIKES` ("Bet pot."
    for "half pot") and one of its own readings means the command they are written for,
    that reading's command text; None otherwise.

    >>> r = [Reading("Bet pot.", -1.0, parse("bet pot"), "Bet pot."),
    ...      Reading("Half pot.", -4.1, parse("half pot"), "Half pot.")]
    >>> read_for(r, Hypothesis("Bet pot.", 0.5)), read_for(r[:1], Hypothesis("Bet pot.", 0.5))
    ('Half pot.', None)
    >>> read_for([Reading("Fold it.", -0.1, parse("fold it"), "Fold it."),
    ...           Reading("Call it.", -4.1, parse("call it"), "Call it.")],
    ...          Hypothesis("Fold it.", 0.5)) is None
    True
    """
    said = said_for(whisper.text)
    if said is None or tuple(normalize(whisper.text)) not in READ_SOUNDALIKES:
        return None
    own = [r for r in readings if r.intent == said and said_for(r.text) is None]
    return max(own, key=lambda r: r.logprob).command if own else None


def even_rival(readings: Sequence[Reading], sphinx: Hypothesis) -> bool:
    """Whether Whisper read another bet than PocketSphinx's command (one it does not stand
    in for, :func:`stands_in`) at least as likely as its own best reading of PocketSphinx's:
    then Whisper's readings do not pick PocketSphinx's command out, and taking it from
    Whisper's talk asks "yes?" however close its decoder scores it (a command that can ask:
    :func:`rescuable`).  Festival's kal said "fold" at 15 dB: "Hold up." over "Fold." and
    "Call." read alike (-3.0 nats each), PocketSphinx sure of "call", 0.4 nats under
    Whisper's reading, a call taken without a "yes"; on every other non-test clip read
    (7,220) no outcome changed (benchmarks/voice/RESULTS.md, session 44).

    >>> r = [Reading("Hold up.", -2.3, parse("hold up"), "Hold up."),
    ...      Reading("Fold.", -3.0, parse("fold"), "Fold."),
    ...      Reading("Call.", -3.0, parse("call"), "Call.")]
    >>> even_rival(r, Hypothesis("call", 0.95)), even_rival(r[:1] + r[2:], Hypothesis("call", 0.95))
    (True, False)
    """
    said = intent_of(sphinx)
    own = [r.logprob for r in readings if r.intent == said]
    if not rescuable(said) or not own:
        return False  # a table command cannot ask: doubted, it would not be heard at all
    return any(is_action(r.intent) and r.intent != said and not stands_in(r.intent, said)
               and not r.guessed and r.logprob >= max(own) for r in readings)


class Evidence(TypedDict):
    """What :func:`combine` weighs of Whisper's readings besides its own judgement."""

    backed: bool
    certain_amount: bool
    near_amount: bool
    doubted_teens: frozenset[Intent]
    rival_reading: float | None
    near_reading: bool
    lower_command: str | None
    read_for: str | None
    even_rival: bool
    echo_doubted: bool
    talk_word: bool
    echo_talk: bool
    faint_word: Intent | None
    plain_talk: bool


def echo_doubted(readings: Sequence[Reading], whisper: Hypothesis,
                 echo_gap: float | None, talk_lead: float | None = None) -> bool:
    """Whether Whisper's command is the bet it read under a best-read "Pause."
    (``whisper_backend.PROMPT_ECHOES``), ahead of it with no prompt by
    ``whisper_backend.ECHO_DOUBT_LEAD`` but less than ``ECHO_CHECK_LEAD`` (``echo_gap``,
    :attr:`Judgement.echo_gap`), and that doubt alone kept it from being sure: judged as
    if it led by ``ECHO_CHECK_LEAD``, it would be (:data:`UNHEARD_SETTLES_ECHO`).

    >>> echo = [Reading("Pause.", -0.9, parse("pause"), "Pause."),
    ...         Reading("Call.", -3.1, parse("call"), "Call.")]
    >>> doubted = Hypothesis("Call.", 0.5, "whisper")
    >>> [echo_doubted(echo, doubted, g) for g in (0.7, None, -0.3)]
    [True, False, False]
    >>> talk = echo + [Reading("Wow.", -1.0, parse("wow"), "Wow.")]  # Whisper's own doubt too
    >>> echo_doubted(talk, doubted, 0.7)
    False
    """
    if (echo_gap is None or not ECHO_DOUBT_LEAD <= echo_gap < ECHO_CHECK_LEAD
            or whisper.confidence >= HIGH_CONFIDENCE):
        return False
    checked, _ = judge(readings, echo_gap=ECHO_CHECK_LEAD, talk_lead=talk_lead)
    return checked.confidence >= HIGH_CONFIDENCE and checked.text == whisper.text


def word_of_talk(readings: Sequence[Reading]) -> bool:
    """Whether Whisper's likeliest reading is talk written as one word ("Oh.", "Go."):
    a word it heard plainly, not a command it misspelt (that would be repaired to the
    command); then no bet is sure (:data:`ONE_WORD_TALK_ASKS`).

    >>> oh = [Reading("Oh.", -2.2, parse("oh"), "Oh."),
    ...       Reading("Fold.", -3.2, parse("fold"), "Fold.")]
    >>> word_of_talk(oh), word_of_talk(oh[1:])
    (True, False)
    >>> word_of_talk([Reading("Hold up.", -1.0, parse("hold up"), "Hold up.")]), word_of_talk([])
    (False, False)
    """
    if not readings:
        return False
    best = max(readings, key=lambda r: r.logprob)
    return isinstance(best.intent, Unknown) and len(normalize(best.command)) == 1


def faint_word(readings: Sequence[Reading]) -> Intent | None:
    """The command of Whisper's likeliest reading where that is one command word written
    faintly, less likely than :data:`FAINT_WORD_LOGPROB`: the nearest command to a word of
    talk ("Pot." for "ah"), not one plainly said (None otherwise).

    >>> faint = [Reading("Pot.", -3.3, parse("pot"), "Pot."),
    ...          Reading("Got.", -4.7, parse("got"), "Got.")]
    >>> faint_word(faint), faint_word([Reading("Pot.", -0.2, parse("pot"), "Pot.")])
    (PotFraction(fraction=Fraction(1, 1)), None)
    >>> faint_word([Reading("Bet fifty.", -2.0, parse("bet fifty"), "Bet fifty.")])
    >>> faint_word(faint[1:]), faint_word([])
    (None, None)
    """
    if not readings:
        return None
    best = max(readings, key=lambda r: r.logprob)
    if (isinstance(best.intent, Unknown) or len(normalize(best.command)) != 1
            or best.logprob >= FAINT_WORD_LOGPROB):
        return None
    return best.intent


def plain_talk(readings: Sequence[Reading]) -> bool:
    """Whether Whisper's likeliest reading is one word of talk (:func:`word_of_talk`)
    written plainly, at least :data:`PLAIN_TALK_LOGPROB` likely: talk, not a command that
    Whisper missed and PocketSphinx heard.

    >>> oh = [Reading("Oh.", -0.6, parse("oh"), "Oh."),
    ...       Reading("Ouch.", -4.2, parse("ouch"), "Ouch.")]
    >>> plain_talk(oh), plain_talk([Reading("Oh.", -3.6, parse("oh"), "Oh.")])
    (True, False)
    >>> plain_talk([Reading("Fold.", -0.2, parse("fold"), "Fold.")]), plain_talk([])
    (False, False)
    """
    if PLAIN_TALK_LOGPROB is None or not word_of_talk(readings):
        return False
    return max(r.logprob for r in readings) >= PLAIN_TALK_LOGPROB


def talk_over_echo(echo_gap: float | None, talk_lead: float | None) -> bool:
    """Whether Whisper counted a "Pause." read first for the bet under it (``echo_gap``
    from ``whisper_backend.ECHO_DOUBT_LEAD`` on) while, with no prompt, it put talk read
    there ahead of that bet (``talk_lead`` from ``ECHO_TALK_LEAD`` on): then no bet is sure
    (:data:`TALK_OVER_ECHO_ASKS`).

    >>> talk_over_echo(2.2, 1.9), talk_over_echo(2.2, -3.0), talk_over_echo(-0.5, 1.9)
    (True, False, False)
    >>> talk_over_echo(None, None), talk_over_echo(1.0, None)
    (False, False)
    """
    return (echo_gap is not None and echo_gap >= ECHO_DOUBT_LEAD
            and talk_lead is not None and talk_lead >= ECHO_TALK_LEAD)


def evidence(readings: Sequence[Reading], whisper: Hypothesis, sphinx: Hypothesis,
             confirming: bool = False, near_lead: float | None = None,
             echo_gap: float | None = None, quiet: bool = True,
             talk_lead: float | None = None) -> Evidence:
    """:func:`combine`'s arguments drawn from Whisper's readings (:func:`backs`,
    :func:`certain`, :func:`near_other_amount`, :func:`teen_doubts`, :func:`rival_reading`,
    :func:`near_reading`, :func:`lower_command`, :func:`read_for`, :func:`even_rival`,
    :func:`echo_doubted`, :func:`word_of_talk`, :func:`talk_over_echo`,
    :func:`faint_word`, :func:`plain_talk`; ``confirming``: a
    "yes?" waits; ``near_lead``: :attr:`Judgement.near_lead`; ``echo_gap``:
    :attr:`Judgement.echo_gap`; ``talk_lead``: :attr:`Judgement.talk_lead`;
    ``quiet``: no line was playing, where the one-word rule was measured):
    one place for the game, the benchmark's replay of saved readings and its ablations."""
    return Evidence(backed=backs(readings, sphinx.text),
                    certain_amount=certain(readings, whisper),
                    near_amount=near_other_amount(readings, sphinx),
                    doubted_teens=teen_doubts(readings),
                    rival_reading=rival_reading(readings, sphinx),
                    near_reading=near_reading(readings, whisper, sphinx=sphinx,
                                              lead=near_lead),
                    lower_command=lower_command(readings, whisper, confirming=confirming),
                    read_for=read_for(readings, whisper),
                    even_rival=even_rival(readings, sphinx),
                    echo_doubted=UNHEARD_SETTLES_ECHO and echo_doubted(readings, whisper,
                                                                        echo_gap, talk_lead),
                    talk_word=ONE_WORD_TALK_ASKS and quiet and word_of_talk(readings),
                    echo_talk=TALK_OVER_ECHO_ASKS and talk_over_echo(echo_gap, talk_lead),
                    faint_word=faint_word(readings) if quiet else None,
                    plain_talk=quiet and not confirming and plain_talk(readings))


def combine(whisper: Hypothesis, sphinx: Hypothesis, gap: float | None, *,
            rescue_slack: float = RESCUE_SLACK, sure_gap: float = SURE_RESCUE_GAP,
            disagree_slack: float | None = DISAGREE_SLACK, backed: bool = False,
            gap_rescues_amounts: bool = False,
            table_slack: float | None = TABLE_RIVAL_SLACK, doubted_rivals_ask: bool = True,
            sized_slack: float | None = SIZED_RIVAL_SLACK, doubted_tables_act: bool = False,
            table_rival: float | None = None,
            alone_table_slack: float | None = ALONE_TABLE_SLACK,
            sure_rescue_slack: float | None = None, backed_gap: float | None = None,
            sure_rivals_ask: bool = False, doubt_yields: float | None = None,
            likelier_is_sure: bool = False, doubted_tables_yield: bool = False,
            far_rival_table_slack: float | None = None, likelier_yields: bool = False,
            certain_amount: bool = False, near_amount: bool = False,
            soundalikes_agree: bool = True, doubted_teens: frozenset[Intent] = frozenset(),
            rival_reading: float | None = None, near_reading: bool = False,
            lower_command: str | None = None, read_for: str | None = None,
            even_rival: bool = False,
            confused_slack: float | None = CONFUSED_RIVAL_SLACK,
            echo_doubted: bool = False, talk_word: bool = False, echo_talk: bool = False,
            faint_word: Intent | None = None, plain_talk: bool = False,
            engine: str = "whisper+pocketsphinx") -> Hypothesis:
    """The combined hypothesis (see the module doc).  ``gap``: how many nats less likely
    Whisper's decoder, forced to write PocketSphinx's command, found it than its own reading
    (None: not scored; it is scored when PocketSphinx heard another command).  ``backed``:
    one of Whisper's readings means PocketSphinx's command ("Shored." repaired to "fold"
    under "Shove."): with PocketSphinx sure, a rescue within the slack needs no "yes" —
    on every voice group read, 118 such rescues were right and none wrong
    (benchmarks/voice/RESULTS.md).  An amount (:func:`sized`) is rescued sure only so, not
    by the gap alone (unless ``gap_rescues_amounts``): "bet sixty", heard by PocketSphinx,
    sure, as "bet fifty" 1.3 nats under Whisper's "That's big.", was a sure wrong bet.
    ``table_slack``: how far below Whisper's own reading PocketSphinx's doubted rival of a
    table command must score for the table command to stand (:data:`TABLE_RIVAL_SLACK`).
    ``doubted_rivals_ask``: a rival PocketSphinx doubted makes Whisper's command ask too,
    unless Whisper's decoder rules it out (``disagree_slack``): "I call." with "i fold"
    4.1 nats under it acted on a flite voice in the room; where Whisper was right on the
    tuned voices such rivals scored -6.9 to -22.0.  ``sized_slack``: two amounts still ask
    unless Whisper's decoder finds PocketSphinx's more than this many nats less likely
    (:data:`SIZED_RIVAL_SLACK`).  ``doubted_tables_act``: a table or menu command the pair
    doubts acts anyway instead of not being heard (:func:`unheard_if_doubted`).
    ``table_rival``: for a table or menu command with no command from PocketSphinx, how
    far below Whisper's reading its decoder scored the likeliest of :data:`TABLE_RIVALS`
    (None: not scored); within ``alone_table_slack`` nothing was heard
    (:data:`ALONE_TABLE_SLACK`).  ``sure_rescue_slack``: PocketSphinx's sure command
    (rescuable) is rescued, asking "yes?", within this many nats instead of
    ``rescue_slack`` (None: as any; over a line :data:`SURE_RESCUE_SLACK_OVER`).
    ``backed_gap``: where Whisper heard talk, PocketSphinx's doubted command that Whisper
    ``backed`` and scored within this many nats counts as sure (None: never; over a line
    :data:`BACKED_GAP_OVER`).  ``sure_rivals_ask``: PocketSphinx's sure command, another
    than Whisper's, always makes Whisper's ask "yes?" first, however far down Whisper's
    decoder scores it (over a line: :data:`SURE_RIVALS_ASK_OVER`).  ``doubt_yields``:
    Whisper's doubted command gives way to PocketSphinx's other command scored within this
    many nats of Whisper's reading, as if Whisper had heard talk (None: never; over a line
    :data:`DOUBT_YIELDS_GAP_OVER`).  ``likelier_is_sure``: where Whisper heard talk,
    PocketSphinx's doubted command counts as sure when Whisper's decoder finds it at least
    as likely as its own reading (over a line: :data:`LIKELIER_SURE_OVER`).
    ``doubted_tables_yield``: Whisper's doubted table or menu command gives way to
    PocketSphinx's betting command, as ``doubt_yields`` at any gap (over a line:
    :data:`DOUBTED_TABLES_YIELD_OVER`).  ``far_rival_table_slack``: Whisper's sure table or
    menu command stands against PocketSphinx's sure other command when that and
    ``table_rival`` both score more than this many nats under it (None: never; over a
    line :data:`FAR_RIVAL_TABLE_SLACK_OVER`).  ``likelier_yields``: Whisper's command,
    even sure, gives way to PocketSphinx's other command that Whisper's decoder finds at
    least as likely as its own reading (over a line: :data:`LIKELIER_YIELDS_OVER`).
    ``certain_amount``: Whisper wrote its amount as its best reading with near certainty
    (:func:`certain`): against PocketSphinx's other amount it asks only as any rival makes
    it (``disagree_slack``), not within ``sized_slack``.  ``near_amount``: Whisper's
    readings hold another amount close to PocketSphinx's (:func:`near_other_amount`): the
    two engines' doubts that agree on that amount still ask (:data:`AGREED_DOUBT_SLACK`).
    ``soundalikes_agree``: Whisper's reading written for another command (:func:`said_for`)
    means that command where PocketSphinx heard it ("Bet pot." and "half pot" agree);
    as its own command it is sure only where PocketSphinx is sure of the same, and never
    where PocketSphinx shares the confusion (:func:`shared_soundalike`).  PocketSphinx's
    shared soundalike of Whisper's own command ("bet pot" under Whisper's half pot) is no
    opinion either way: Whisper's command stands as sure as Whisper is.
    ``doubted_teens``: teen amounts Whisper read with their -ty twin close under them, and
    -ty amounts with their teen twin (:func:`teen_doubts`): heard by either engine, they
    ask.  ``near_reading``: Whisper read the other command of its :data:`NEAR_READINGS`
    pair close under its own (:func:`near_reading`): it asks unless PocketSphinx is sure
    of the same command.
    ``lower_command``: where the pair takes nothing, this command of Whisper's lower
    readings is taken instead, asking "yes?" (:func:`lower_command`).  ``read_for``:
    Whisper's soundalike reading ("Bet pot.") is taken for this reading of the command it
    is written for ("Half pot."), asking "yes?" (:func:`read_for`).  ``even_rival``:
    Whisper read another bet as likely as PocketSphinx's command (:func:`even_rival`):
    taken from Whisper's talk, PocketSphinx's asks.  ``confused_slack``: PocketSphinx's
    words its grammar hears for Whisper's command ("jam" for "check") are ruled out this
    many nats down instead of ``disagree_slack`` (:data:`CONFUSED_RIVAL_SLACK`).
    ``echo_doubted``: Whisper doubted its bet only for the "Pause." read over it
    (:func:`echo_doubted`): where PocketSphinx heard nothing, the bet is sure
    (:data:`UNHEARD_SETTLES_ECHO`).  ``talk_word``: Whisper's likeliest reading is one word
    of talk (:func:`word_of_talk`): any bet asks (:data:`ONE_WORD_TALK_ASKS`).
    ``echo_talk``: Whisper read talk and a bet under a "Pause.", and with no prompt put the
    talk ahead (:func:`talk_over_echo`): any bet asks (:data:`TALK_OVER_ECHO_ASKS`).
    ``faint_word``: the command of Whisper's likeliest reading, one word written faintly
    (:func:`faint_word`): that bet or table command is not sure (:data:`FAINT_WORD_LOGPROB`).
    ``plain_talk``: Whisper's likeliest reading is one word of talk written plainly
    (:func:`plain_talk`): nothing is heard (:data:`PLAIN_TALK_LOGPROB`).

    >>> w, p = Hypothesis("call", 0.5, "whisper"), Hypothesis("call it", 0.95, "pocketsphinx")
    >>> combine(w, p, None)
    Hypothesis(text='call', confidence=0.95, engine='whisper+pocketsphinx')
    >>> talk, fold = Hypothesis("[unk]", 0.0), Hypothesis("fold", 0.95)
    >>> combine(talk, fold, -6.0).confidence, combine(talk, fold, -1.0).confidence
    (0.5, 0.95)
    >>> combine(talk, Hypothesis("bet fifty", 0.95), -1.0).confidence
    0.5
    >>> combine(Hypothesis("close", 0.95), Hypothesis("pause", 0.95), None).text
    '[unk]'
    >>> [combine(Hypothesis("pause", 0.95), talk, None, table_rival=r).text for r in (-2.0, -9.0)]
    ['[unk]', 'pause']
    >>> [combine(talk, fold, -11.5, sure_rescue_slack=s).text for s in (None, 12.5)]
    ['[unk]', 'fold']
    >>> [combine(talk, Hypothesis("deal", 0.5), 0.2, backed=True, backed_gap=g).text
    ...  for g in (None, 1.5)]
    ['[unk]', 'deal']
    >>> [combine(Hypothesis("call it", 0.95), Hypothesis("go all in", 0.95), -13.7,
    ...          sure_rivals_ask=a).confidence for a in (False, True)]
    [0.95, 0.5]
    >>> [combine(Hypothesis("call", 0.5), Hypothesis("three x", 0.95), -1.5,
    ...          doubt_yields=y).text for y in (None, 1.5)]
    ['call', 'three x']
    >>> [combine(talk, Hypothesis("options", 0.5), 1.9, likelier_is_sure=s).text
    ...  for s in (False, True)]
    ['[unk]', 'options']
    >>> [combine(Hypothesis("start", 0.5), Hypothesis("pot it", 0.5), -9.6,
    ...          doubted_tables_yield=y).text for y in (False, True)]
    ['[unk]', 'pot it']
    >>> [combine(Hypothesis("pause", 0.95), fold, -7.5, table_rival=-7.5,
    ...          far_rival_table_slack=f).text for f in (None, 6.5)]
    ['[unk]', 'pause']
    >>> [combine(Hypothesis("shove", 0.95), Hypothesis("options", 0.95), 0.7,
    ...          likelier_yields=y).text for y in (False, True)]
    ['shove', 'options']
    >>> [combine(Hypothesis("bet one fifty", 0.95), Hypothesis("bet one fifteen", 0.95), -9.0,
    ...          certain_amount=c).confidence for c in (False, True)]
    [0.5, 0.95]
    >>> [combine(Hypothesis("bet nine hundred", 0.5), Hypothesis("bet nine hundred", 0.5), None,
    ...          near_amount=n).confidence for n in (False, True)]
    [0.95, 0.5]
    >>> [combine(Hypothesis("half pot", c), Hypothesis("bet pot", 0.95), 0.0).confidence
    ...  for c in (0.5, 0.95)]
    [0.5, 0.95]
    >>> [combine(Hypothesis("Bet pot.", 0.5), Hypothesis("half pot", 0.5), -5.2,
    ...          soundalikes_agree=a) for a in (False, True)]  # doctest: +NORMALIZE_WHITESPACE
    [Hypothesis(text='Bet pot.', confidence=0.5, engine='whisper+pocketsphinx'),
     Hypothesis(text='half pot', confidence=0.95, engine='whisper+pocketsphinx')]
    >>> [combine(Hypothesis("Pause.", 0.5), talk, None, lower_command=c).text
    ...  for c in (None, "Call.")]
    ['[unk]', 'Call.']
    >>> [combine(talk, Hypothesis("call", 0.95), -0.4, even_rival=e).confidence
    ...  for e in (False, True)]
    [0.95, 0.5]
    >>> [combine(Hypothesis("Bet pot.", 0.5), talk, None, read_for=h) for h in (None, "Half pot.")]
    ...  # doctest: +NORMALIZE_WHITESPACE
    [Hypothesis(text='Bet pot.', confidence=0.5, engine='whisper+pocketsphinx'),
     Hypothesis(text='Half pot.', confidence=0.5, engine='whisper+pocketsphinx')]
    >>> [combine(Hypothesis("Call.", 0.5), s, None, echo_doubted=True).confidence
    ...  for s in (talk, Hypothesis("pause", 0.5))]
    [0.95, 0.5]
    >>> [combine(talk, fold, -0.1, talk_word=t).confidence for t in (False, True)]
    [0.95, 0.5]
    >>> call = Hypothesis("call", 0.95)
    >>> [combine(Hypothesis("Call.", 0.5), call, None, echo_talk=t).confidence
    ...  for t in (False, True)]
    [0.95, 0.5]
    >>> [combine(Hypothesis("Pot.", 0.95), Hypothesis("pot", 0.95), None, faint_word=f).confidence
    ...  for f in (None, parse("pot"), parse("pause"))]
    [0.95, 0.5, 0.95]
    >>> [combine(talk, Hypothesis("call", 0.95), -1.7, plain_talk=t).text for t in (False, True)]
    ['call', '[unk]']
    """
    if plain_talk:
        return Hypothesis(UNKNOWN, 0.0, engine)  # "Oh." written plainly, "call" heard
    said_w, said_p = intent_of(whisper), intent_of(sphinx)
    if shared_soundalike(sphinx.text) and said_for(sphinx.text) == said_w:
        sphinx, said_p = Hypothesis(UNKNOWN, 0.0, sphinx.engine), Unknown("", "")
    if soundalikes_agree and said_p == said_for(whisper.text) and said_p != said_w:
        whisper, said_w = Hypothesis(sphinx.text, whisper.confidence, whisper.engine), said_p
    if read_for is not None and said_for(whisper.text) == parse(read_for):
        whisper = Hypothesis(read_for, min(whisper.confidence, LOW_CONFIDENCE), whisper.engine)
        said_w = parse(read_for)
    if (far_rival_table_slack is not None and far_apart(whisper, sphinx, gap, far_rival_table_slack)
            and table_rival is not None and table_rival < -far_rival_table_slack):
        return Hypothesis(whisper.text, HIGH_CONFIDENCE, engine)
    doubt_gives_way = ((doubt_yields is not None and gap is not None and gap >= -doubt_yields)
                       or (doubted_tables_yield and not isinstance(said_w, Unknown)
                           and not rescuable(said_w) and rescuable(said_p)))
    yields = ((doubt_gives_way and whisper.confidence < HIGH_CONFIDENCE)
              or (likelier_yields and gap is not None and gap >= 0))
    if yields and not isinstance(said_p, Unknown) and said_p != said_w:
        whisper, said_w = Hypothesis(UNKNOWN, 0.0, whisper.engine), Unknown("", "")
    if (isinstance(said_w, Unknown) and sphinx.confidence < HIGH_CONFIDENCE and gap is not None
            and ((backed_gap is not None and backed and gap >= -backed_gap)
                 or (likelier_is_sure and gap >= 0))):
        sphinx = Hypothesis(sphinx.text, HIGH_CONFIDENCE, sphinx.engine)
    if sure_rivals_ask and sphinx.confidence >= HIGH_CONFIDENCE:
        disagree_slack = None  # nothing rules a sure rival out: Whisper's command asks
    elif disagree_slack is not None and confused_slack is not None and confused(whisper, sphinx):
        disagree_slack = min(disagree_slack, confused_slack)
    ask_slack = (sure_rescue_slack if sure_rescue_slack is not None
                 and sphinx.confidence >= HIGH_CONFIDENCE else rescue_slack)
    if certain_amount:
        sized_slack = 0.0  # ruled out as any rival is, by disagree_slack alone
    if rival_reading is not None and gap is not None and not stands_in(said_w, said_p):
        gap = max(gap, rival_reading)  # Whisper's own words for the rival weigh as much
    heard = _combined(whisper, sphinx, gap, rescue_slack, ask_slack, sure_gap,
                      disagree_slack, backed, gap_rescues_amounts, table_slack,
                      doubted_rivals_ask, sized_slack, table_rival, alone_table_slack, engine)
    if echo_doubted and sphinx.rejected and intent_of(heard) == said_w:
        heard = Hypothesis(heard.text, HIGH_CONFIDENCE, engine)  # nothing heard: not a pause
    if (talk_word or echo_talk) and is_action(intent_of(heard)):
        heard = Hypothesis(heard.text, min(heard.confidence, LOW_CONFIDENCE), engine)  # "Oh."
    if (faint_word is not None and intent_of(heard) == faint_word
            and (is_action(faint_word) or isinstance(faint_word, TableCommand))):
        heard = Hypothesis(heard.text, min(heard.confidence, LOW_CONFIDENCE), engine)  # "ah"
    if ((said_for(whisper.text) is not None
         and (sphinx.confidence < HIGH_CONFIDENCE or shared_soundalike(whisper.text)))
            or intent_of(heard) in doubted_teens):
        heard = Hypothesis(heard.text, min(heard.confidence, LOW_CONFIDENCE), engine)
    if even_rival and isinstance(said_w, Unknown) and intent_of(heard) == said_p:
        heard = Hypothesis(heard.text, min(heard.confidence, LOW_CONFIDENCE), engine)
    if (near_reading and intent_of(heard) == said_w
            and not (said_p == said_w and sphinx.confidence >= HIGH_CONFIDENCE)):
        heard = Hypothesis(heard.text, min(heard.confidence, LOW_CONFIDENCE), engine)
    if (near_amount and said_w == said_p and whisper.confidence < HIGH_CONFIDENCE
            and sphinx.confidence < HIGH_CONFIDENCE and heard.confidence >= HIGH_CONFIDENCE):
        heard = Hypothesis(heard.text, LOW_CONFIDENCE, engine)  # two doubts, a near rival
    taken = heard if doubted_tables_act else unheard_if_doubted(heard)
    if lower_command is not None and isinstance(intent_of(taken), Unknown):
        return Hypothesis(lower_command, LOW_CONFIDENCE, engine)
    return taken


def confused(whisper: Hypothesis, sphinx: Hypothesis) -> bool:
    """Whether PocketSphinx's words are ones its grammar hears for the command Whisper
    read (:data:`SPHINX_CONFUSIONS`).

    >>> confused(Hypothesis("Check.", 0.95), Hypothesis("jam", 0.95))
    True
    >>> confused(Hypothesis("Call.", 0.95), Hypothesis("jam", 0.95)), confused(
    ...     Hypothesis("Check.", 0.95), Hypothesis("all in", 0.95))
    (False, False)
    """
    heard_for = SPHINX_CONFUSIONS.get(tuple(normalize(sphinx.text)))
    return (heard_for is not None and not sphinx.rejected
            and intent_of(whisper) == parse(heard_for))


def settled(whisper: Hypothesis, first: Hypothesis) -> bool:
    """Whether Whisper's sure command and PocketSphinx's doubted first hearing of the same
    command settle the utterance, so that PocketSphinx need not hear it again in its own
    room (:data:`SURE_AGREEMENT_SETTLES`).

    >>> fold = Hypothesis("fold", 0.5)
    >>> [settled(Hypothesis("Fold.", c), fold) for c in (0.95, 0.5)]
    [True, False]
    >>> settled(Hypothesis("Call.", 0.95), fold), settled(Hypothesis("[unk]", 0.0), fold)
    (False, False)
    """
    said = intent_of(whisper)
    return (whisper.confidence >= HIGH_CONFIDENCE and not isinstance(said, Unknown)
            and intent_of(first) == said)


def far_apart(whisper: Hypothesis, sphinx: Hypothesis, gap: float | None,
              slack: float) -> bool:
    """Whether Whisper's sure table or menu command and PocketSphinx's sure other command
    are more than ``slack`` nats apart to Whisper's decoder: then the one-word bets are
    scored too, and Whisper's stands if they are as far (:data:`FAR_RIVAL_TABLE_SLACK_OVER`).

    >>> pause, fold = Hypothesis("pause", 0.95), Hypothesis("fold", 0.95)
    >>> far_apart(pause, fold, -7.5, 6.5), far_apart(pause, fold, -3.0, 6.5)
    (True, False)
    """
    said_w, said_p = intent_of(whisper), intent_of(sphinx)
    return (not isinstance(said_w, Unknown) and not rescuable(said_w)
            and not isinstance(said_p, Unknown) and said_p != said_w
            and whisper.confidence >= HIGH_CONFIDENCE and sphinx.confidence >= HIGH_CONFIDENCE
            and gap is not None and gap < -slack)


def unheard_if_doubted(heard: Hypothesis) -> Hypothesis:
    """A table or menu command the pair doubts is not heard: it would act at once, as it
    cannot ask "yes?" first.  On the validation voices (flite, espeak-ng held-out; plain and
    fitted Whisper) this took two wrong actions away ("Close." for "pause" with
    PocketSphinx's "pause" 5.4 nats under it, "Pause." for "call"), and one right command
    in all those rows and the tuned voices' (benchmarks/voice/RESULTS.md, session 21).

    >>> [unheard_if_doubted(Hypothesis(said, sure)).text
    ...  for said, sure in (("pause", 0.5), ("fold", 0.5), ("pause", 0.95))]
    ['[unk]', 'fold', 'pause']
    """
    said = intent_of(heard)
    if isinstance(said, Unknown) or rescuable(said) or heard.confidence >= HIGH_CONFIDENCE:
        return heard
    return Hypothesis(UNKNOWN, 0.0, heard.engine)


def _combined(whisper: Hypothesis, sphinx: Hypothesis, gap: float | None,
              rescue_slack: float, ask_slack: float, sure_gap: float,
              disagree_slack: float | None,
              backed: bool, gap_rescues_amounts: bool, table_slack: float | None,
              doubted_rivals_ask: bool, sized_slack: float | None,
              table_rival: float | None, alone_table_slack: float | None,
              engine: str) -> Hypothesis:
    said_w = intent_of(whisper)
    said_p = intent_of(sphinx)
    if stands_in(said_w, said_p) or isinstance(said_w, Unknown):
        close = (sure_gap > 0 and gap is not None and gap >= -sure_gap
                 and (gap_rescues_amounts or not sized(said_p)))
        sure = (gap is not None and sphinx.confidence >= HIGH_CONFIDENCE
                and (close or (backed and gap >= -rescue_slack)))
        if sure or (gap is not None and gap >= -ask_slack and rescuable(said_p)):
            return Hypothesis(sphinx.text, HIGH_CONFIDENCE if sure else LOW_CONFIDENCE, engine)
        if isinstance(said_w, Unknown):
            return Hypothesis(UNKNOWN, 0.0, engine)
        return Hypothesis(whisper.text, whisper.confidence, engine)
    if isinstance(said_p, Unknown):
        if (not rescuable(said_w) and table_rival is not None
                and alone_table_slack is not None and table_rival >= -alone_table_slack):
            return Hypothesis(UNKNOWN, 0.0, engine)  # as likely a bet: it would act at once
        return Hypothesis(whisper.text, whisper.confidence, engine)
    if said_p == said_w:
        return Hypothesis(whisper.text, HIGH_CONFIDENCE, engine)
    if not rescuable(said_w) and (
            sphinx.confidence >= HIGH_CONFIDENCE or whisper.confidence < HIGH_CONFIDENCE
            or (table_slack is not None and (gap is None or gap >= -table_slack))):
        return Hypothesis(UNKNOWN, 0.0, engine)  # it would act at once, on a doubt
    ruled_out = disagree_slack is not None and gap is not None and gap < -disagree_slack
    if sphinx.confidence < HIGH_CONFIDENCE and (ruled_out or not doubted_rivals_ask):
        return Hypothesis(whisper.text, whisper.confidence, engine)  # a doubt it rules out
    amounts_apart = sized_slack is not None and gap is not None and gap < -sized_slack
    if ruled_out and (amounts_apart or not (sized(said_w) and sized(said_p))):
        return Hypothesis(whisper.text, whisper.confidence, engine)  # Whisper rules it out
    return Hypothesis(whisper.text, min(whisper.confidence, LOW_CONFIDENCE), engine)


class CombinedRecognizer(Recognizer):
    """Whisper with PocketSphinx's grammar result as a second opinion."""

    name = "whisper+pocketsphinx"

    def __init__(self, whisper: WhisperRecognizer | None = None,
                 sphinx: PocketSphinxRecognizer | None = None,
                 room_file: str | None = None, rescue_slack: float = RESCUE_SLACK,
                 sure_gap: float = SURE_RESCUE_GAP, third_opinion: bool = PLAIN_SETTLES
                 ) -> None:
        self.whisper = whisper or WhisperRecognizer()
        self.sphinx = sphinx or PocketSphinxRecognizer(room_file=room_file)
        #: The plain model the table fit was made from, asked where the pair would ask
        #: "yes?" (:mod:`.third_opinion`; None: the pair alone), and what it heard of the
        #: last utterance, if it was asked (for PocketSphinx's verdict or, where that came
        #: after the answer, for the other one).
        self.plain = plain_recognizer(self.whisper) if third_opinion else None
        self.last_plain: Hypothesis | None = None
        #: The plain model is also asked where the pair heard nothing (:func:`may_rescue`).
        self.plain_rescues = PLAIN_RESCUES
        #: The plain model is also asked where the pair asks about the fit's betting
        #: command while PocketSphinx heard another (:func:`may_vote`).
        self.plain_votes = PLAIN_VOTES
        #: There, PocketSphinx's "pause" under the fit's "Pot." is taken within this many
        #: nats where the plain model is sure of no command (:func:`.third_opinion.voted_by`;
        #: None: never).
        self.near_heard_slack = NEAR_HEARD_SLACK
        #: The plain model is not asked where any amount is a teen or -ty in doubt, only
        #: where the command taken is (:func:`.third_opinion.asked_bet`).
        self.any_teen_walls = ANY_TEEN_WALLS
        #: A menu is open (:meth:`expect_menu`): no betting command is rescued or voted
        #: on then.
        self.menu_open = False
        self.rescue_slack = rescue_slack
        self.sure_gap = sure_gap
        self.notice = self.whisper.notice or self.sphinx.notice
        #: PocketSphinx's hypothesis of the last utterance and Whisper's score of it.
        self.last_opinion: tuple[Hypothesis, float | None] | None = None
        #: Whisper's score of the likeliest table rival of the last utterance, if scored.
        self.last_table_rival: float | None = None
        #: The utterance began over the game's line (:meth:`expect_over_line`), and the
        #: slacks that then stand (None: as in silence).
        self.over_line = False
        self.sure_rescue_slack_over: float | None = SURE_RESCUE_SLACK_OVER
        self.alone_table_slack_over: float | None = ALONE_TABLE_SLACK_OVER
        self.backed_gap_over: float | None = BACKED_GAP_OVER
        self.lower_reading_slack_over: float | None = LOWER_READING_SLACK_OVER
        self.sure_rivals_ask_over = SURE_RIVALS_ASK_OVER
        self.doubt_yields_gap_over: float | None = DOUBT_YIELDS_GAP_OVER
        self.likelier_sure_over = LIKELIER_SURE_OVER
        self.doubted_tables_yield_over = DOUBTED_TABLES_YIELD_OVER
        self.far_rival_table_slack_over: float | None = FAR_RIVAL_TABLE_SLACK_OVER
        self.likelier_yields_over = LIKELIER_YIELDS_OVER
        self.doubted_rescue_slack_over: float | None = DOUBTED_RESCUE_SLACK_OVER
        #: PocketSphinx listens for a command after a lead over a line
        #: (:meth:`PocketSphinxRecognizer.expect_over_line`).
        self.sphinx_lead_over = True
        #: A "yes?" waits for its answer (:meth:`expect_confirmation`).
        self.confirming = False
        self.sphinx_ends_ahead = SPHINX_ENDS_AHEAD
        self.sphinx_verifies_ahead = SPHINX_VERIFIES_AHEAD
        self.looks_after_answer = LOOKS_AFTER_ANSWER
        self.sure_agreement_settles = SURE_AGREEMENT_SETTLES

    def expect_confirmation(self, pending: bool) -> None:
        self.confirming = pending
        for rec in self._listening():
            rec.expect_confirmation(pending)

    def expect_menu(self, menu_open: bool) -> None:
        self.menu_open = menu_open
        for rec in self._listening():
            rec.expect_menu(menu_open)

    def _listening(self) -> list[Recognizer]:
        return [self.whisper, self.sphinx, *([self.plain] if self.plain else [])]

    def expect_over_line(self, over: bool) -> None:
        self.over_line = over
        self.sphinx.expect_over_line(over and bool(self.sphinx_lead_over))

    def accept(self, chunk: bytes) -> None:
        """Both hear the chunk; with :data:`SPHINX_ENDS_AHEAD`, once Whisper decodes ahead
        (the quiet tail has begun) PocketSphinx ends the utterance there too, and takes it
        up again if the player speaks on."""
        self.whisper.accept(chunk)
        ahead = self.sphinx_ends_ahead and self.whisper.decoding_ahead
        if self.sphinx.ended_ahead and not ahead:
            self.sphinx.resume()
        self.sphinx.accept(chunk)
        if ahead and not self.sphinx.ended_ahead:
            self.sphinx.end_ahead()
        elif self.sphinx_verifies_ahead and self.whisper.decoding_ahead:
            self.sphinx.verify_ahead()

    def hear_room(self, pcm: bytes) -> None:
        self.sphinx.hear_room(pcm)

    def reset(self) -> None:
        self.whisper.reset()
        self.sphinx.reset()

    @property
    def last(self) -> Judgement | None:
        """Whisper's judgement of the last utterance (the benchmark keeps its readings)."""
        return self.whisper.last

    def final(self) -> Hypothesis:
        heard: list[Hypothesis] = []
        worker = threading.Thread(target=lambda: heard.append(self.whisper.final()),
                                  name="whisper-final")
        worker.start()
        scores: dict[tuple[str, ...], Any] = {}

        def rehear(first: Hypothesis) -> bool:
            worker.join()
            return not settled(heard[0], first)

        def look_matters(text: str) -> bool:
            worker.join()  # PocketSphinx's look goes on beside it meanwhile
            sure, doubted = (self._decided(heard[0], Hypothesis(text, c, self.sphinx.name),
                                           scores)
                             for c in (HIGH_CONFIDENCE, LOW_CONFIDENCE))
            return sure != doubted

        sphinx = self.sphinx.final(rehear if self.sure_agreement_settles else None,
                                   look_matters if self.looks_after_answer else None)
        worker.join()
        taken = self._decided(heard[0], sphinx, scores)
        self.last_plain = scores.get(("plain",))  # asked for either of PocketSphinx's verdicts
        return taken

    def _rescored(self, scores: dict[tuple[str, ...], Any], *commands: str,
                  each: bool = False) -> Any:
        """:meth:`WhisperRecognizer.rescore` (``each``: ``rescore_each``) of ``commands``,
        once an utterance: :meth:`final` may decide twice before PocketSphinx's last word."""
        key = ("each" if each else "best", *commands)
        if key not in scores:
            scores[key] = (self.whisper.rescore_each(*commands) if each
                           else self.whisper.rescore(*commands))
        return scores[key]

    def _plain_heard(self, plain: WhisperRecognizer,
                     scores: dict[tuple[str, ...], Any]) -> Hypothesis:
        """What the plain model hears of the utterance, decoded once an utterance."""
        if ("plain",) not in scores:
            scores[("plain",)] = plain.listen(self.whisper.last_audio).hypothesis
        heard: Hypothesis = scores[("plain",)]
        return heard

    def _decided(self, whisper: Hypothesis, sphinx: Hypothesis,
                 scores: dict[tuple[str, ...], Any]) -> Hypothesis:
        """What the pair makes of the two engines' hypotheses: Whisper's decoder scoring
        PocketSphinx's command and the table's rivals where the rules want them, then
        :func:`combine` (:attr:`last_opinion`, :attr:`last_table_rival` kept)."""
        gap = None
        said_w = intent_of(whisper)
        said_p = intent_of(sphinx)
        if stands_in(said_w, said_p) or (not isinstance(said_p, Unknown) and said_p != said_w):
            gap = self._rescored(scores, sphinx.text)
        self.last_opinion = (sphinx, gap)
        over = self.over_line
        far = (over and self.far_rival_table_slack_over is not None
               and far_apart(whisper, sphinx, gap, self.far_rival_table_slack_over))
        self.last_table_rival = (
            self._rescored(scores, *TABLE_RIVALS)
            if (isinstance(said_p, Unknown) or far) and not isinstance(said_w, Unknown)
            and not rescuable(said_w) and whisper.confidence >= HIGH_CONFIDENCE else None)
        judged = self.whisper.last
        readings = judged.readings if judged is not None else ()
        near_lead = judged.near_lead if judged is not None and not over else None  # as measured
        echo_gap = judged.echo_gap if judged is not None and not over else None  # as measured
        weighed = evidence(readings, whisper, sphinx, self.confirming, near_lead, echo_gap,
                           quiet=not over,
                           talk_lead=judged.talk_lead if judged is not None else None)
        if over:
            weighed["lower_command"] = None  # over a line, lower readings are rescored below
        taken = combine(whisper, sphinx, gap, rescue_slack=self.rescue_slack, **weighed,
                        sure_gap=self.sure_gap, engine=self.name,
                        table_rival=self.last_table_rival,
                        sure_rescue_slack=self.sure_rescue_slack_over if over else None,
                        backed_gap=self.backed_gap_over if over else None,
                        sure_rivals_ask=over and bool(self.sure_rivals_ask_over),
                        doubt_yields=self.doubt_yields_gap_over if over else None,
                        likelier_is_sure=over and bool(self.likelier_sure_over),
                        doubted_tables_yield=over and bool(self.doubted_tables_yield_over),
                        far_rival_table_slack=self.far_rival_table_slack_over if over else None,
                        likelier_yields=over and bool(self.likelier_yields_over),
                        alone_table_slack=(self.alone_table_slack_over if over
                                           else ALONE_TABLE_SLACK),
                        confused_slack=None if over else CONFUSED_RIVAL_SLACK)
        if not over and self.plain is not None:
            plain = self.plain
            free = not self.confirming and not self.menu_open
            return with_plain(taken, whisper, sphinx, weighed["doubted_teens"],
                              lambda: self._plain_heard(plain, scores), self.name,
                              votes=self.plain_votes and free,
                              rescues=self.plain_rescues and free,
                              gap=gap, near_heard=self.near_heard_slack,
                              any_teen_walls=self.any_teen_walls)
        if not (over and isinstance(said_w, Unknown) and isinstance(intent_of(taken), Unknown)):
            return taken
        if self.lower_reading_slack_over is not None:
            commands = offered(readings, self.confirming)
            gaps = self._rescored(scores, *commands, each=True)
            scored = list(zip(commands, gaps, strict=True)) if gaps else []
            lower = lower_reading(scored, self.lower_reading_slack_over, self.name)
            if lower is not None:
                return lower
        return (last_resort(sphinx, gap, self.doubted_rescue_slack_over, self.confirming,
                            self.name) or taken)
