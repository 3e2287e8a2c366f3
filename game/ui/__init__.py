"""The desktop table: a pygame-ce window over the session (``holdem play``).

How the pieces fit (each module holds one thing):

- ``app`` — window and game loop: fixed-step update, free render, scene stack;
  ``present`` sends only the changed 32-pixel tiles of a frame; ``frame_stats`` measures.
- ``scenes`` — state pattern: ``start``, ``table``, ``options`` (pygame-menu-ce),
  ``rebuy``, ``history``, ``stats``, ``leave`` (dialogs draw over the table, which keeps
  running).
- ``controller`` — drives the session ``Table``: deals, asks bots (``bot_host``: a worker
  process, or a thread in tests), applies the human's actions through ``table.act`` —
  the one door — and hands every event to listeners.
- ``snapshot`` / ``snapshot_builder`` / ``tracker`` — what the table shows, built each
  frame from the table and the events (no hidden card leaves the engine's views).
- ``table_view`` draws a snapshot; ``layout`` places 2–6 seats for any window size;
  ``card_art``, ``chips``, ``widgets``, ``theme`` are the procedural art; ``animation``
  the motions that carry meaning (deal, chips, flips) without holding the game up.
- ``action_bar`` + ``betting`` — the human's buttons, slider, presets and keys, enabled
  exactly as ``legal_actions()`` says, with guards against misclicks.
- ``voice_link`` + ``hud`` + ``listener_process`` — phrases from the microphone (in a child
  process) or typed, through ``voice.confirm.respond`` to ``table.act``; the HUD shows it.
- ``talk`` (narration and banter through the bots' speech worker), ``sound`` (synthesised
  chime, chips, cards, panned), ``settings`` (``ui.toml``), ``mic_test``, ``game_clock``
  (the action clock stops on pause), ``setup`` (seats, looks, journal, resume), ``main``
  (wires it all), ``screenshots`` (docs/screenshots under Xvfb).
"""
