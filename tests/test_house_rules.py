"""House rules: one validated record, presets, TOML in the config dir and --rules FILE."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from game.engine.config import Structure, TieSplit
from game.session.errors import RulesError
from game.session.rules import (
    PRESETS,
    RULE_FIELDS,
    HouseRules,
    load_rules_file,
    load_user_rules,
    save_user_rules,
)


def test_defaults_are_000s_casual_house_rules():
    r = HouseRules()
    assert (r.mode, r.structure, r.seats) == ("cash", "NL", 4)
    assert r.blinds_at(0) == (5, 10)
    assert (r.min_buy_in, r.max_buy_in) == (200, 1000)
    assert r.show_all and not r.straddle and not r.antes and r.rebuys
    assert (r.sit_out_hands, r.action_seconds, r.time_bank_seconds) == (3, 30.0, 15.0)
    assert r == HouseRules.preset("Casual cash")


def test_blind_levels_follow_000s_table():
    got = [HouseRules(blind_level=i).blinds_at(0) for i in range(1, 6)]
    assert got == [(5, 10), (10, 20), (25, 50), (50, 100), (100, 200)]
    assert HouseRules(blind_level=3).max_buy_in == 5000


def test_classic_limit_preset_reproduces_002():
    r = HouseRules.preset("classic limit")
    cfg = r.hand_config()
    assert cfg.structure is Structure.FIXED_LIMIT
    assert (cfg.small_bet, cfg.big_bet, cfg.raise_cap) == (10, 20, 3)
    assert cfg.ante == 5 and cfg.blinds == (5, 10) and cfg.button_blind
    assert cfg.check_raise and cfg.tie_split is TieSplit.PROPORTIONAL
    assert r.freeze_out and not r.rebuys and r.start_stack == 1000


def test_tournament_preset_is_a_freeze_out_with_rising_blinds():
    r = HouseRules.preset("Tournament")
    assert r.freeze_out and not r.rebuys and r.level_up_hands > 0
    assert r.hand_config(level=2).blinds == (25, 50)


def test_unknown_preset_lists_the_presets():
    with pytest.raises(RulesError, match="allowed Casual cash, Classic limit, Tournament"):
        HouseRules.preset("Turbo")


def test_every_option_round_trips_through_toml():
    for rules in [*PRESETS.values(), HouseRules(structure="PL", antes=True, ante=2,
                                                straddle=True, rake_percent=2.5, rake_cap=30,
                                                bots=("maniac:hard", "random"))]:
        assert HouseRules.from_toml(rules.to_toml()) == rules


def test_every_option_has_a_group_label_help_and_allowed_values():
    assert {f.group for f in RULE_FIELDS} == {"game", "blinds", "buy_in", "table", "timing",
                                             "voice"}
    for f in RULE_FIELDS:
        assert f.label and f.help and f.allowed()


def test_option_help_says_what_the_rule_does_and_fits_the_options_screen():
    """Players read the help under each option: no rule-document numbers, and short enough
    for the options screen's one line (it shows at most 100 characters)."""
    for f in RULE_FIELDS:
        assert not re.search(r"\b00\d\b|§", f.help), f.name
        assert len(f.help) <= 100, (f.name, len(f.help))


def test_antes_straddle_and_rake_reach_the_engine_config():
    cfg = HouseRules(antes=True, ante=2, straddle=True, rake_percent=5, rake_cap=3).hand_config()
    assert cfg.ante == 2 and cfg.blinds == (5, 10, 20)
    assert cfg.rake_percent == 5.0 and cfg.rake_cap == 3


def test_malformed_toml_is_refused_naming_the_line():
    with pytest.raises(RulesError) as e:
        HouseRules.from_toml("[game]\nmode = \"cash\"\nstructure = NL\n", source="r.toml")
    assert e.value.line == 3
    assert str(e.value).startswith("r.toml line 3: malformed TOML")


def test_unknown_key_is_refused_naming_it_and_the_known_keys():
    with pytest.raises(RulesError) as e:
        HouseRules.from_toml("[blinds]\nbig_blind = 20\nbig_blinds = 20\n")
    assert e.value.key == "blinds.big_blinds" and e.value.line == 3
    assert "unknown key 'big_blinds' in [blinds]" in str(e.value)
    assert "small_blind, big_blind" in str(e.value)


def test_key_in_the_wrong_section_says_where_it_belongs():
    with pytest.raises(RulesError, match=r"it belongs in \[timing\]"):
        HouseRules.from_toml("[game]\naction_seconds = 20\n")


def test_out_of_range_value_is_refused_with_the_value_and_the_range():
    with pytest.raises(RulesError) as e:
        HouseRules.from_toml("[table]\nseats = 9\n")
    assert e.value.line == 2 and e.value.value == 9
    assert str(e.value) == "line 2: [table] seats = 9 is out of range: allowed 2 to 6"


def test_wrong_type_and_bad_choice_are_refused():
    with pytest.raises(RulesError, match='structure = "XL" is not allowed: allowed NL, PL, FL'):
        HouseRules.from_toml('[game]\nstructure = "XL"\n')
    with pytest.raises(RulesError, match="is not true or false"):
        HouseRules.from_toml("[game]\nshow_all = 1\n")
    with pytest.raises(RulesError, match="bots entry \"shark\" is not a bot"):
        HouseRules.from_toml('[table]\nbots = ["shark"]\n')


def test_freeze_out_with_rebuys_is_refused():
    with pytest.raises(RulesError, match="conflicts with a freeze-out"):
        HouseRules(mode="freeze-out", rebuys=True)


def test_cash_game_blinds_do_not_rise():
    with pytest.raises(RulesError, match="cash-game blinds stay fixed"):
        HouseRules(level_up_hands=10)


def test_proportional_tie_split_only_in_the_classic_limit_layout():
    with pytest.raises(RulesError, match="offered only in the Classic limit"):
        HouseRules(tie_split="proportional")


def test_starting_stack_must_lie_within_the_buy_in_limits():
    with pytest.raises(RulesError, match="start_bb = 150 is outside the buy-in limits"):
        HouseRules(start_bb=150)


def test_preset_key_starts_from_a_preset():
    r = HouseRules.from_toml('preset = "Tournament"\n[blinds]\nlevel_up_hands = 5\n')
    assert r.freeze_out and r.level_up_hands == 5


def test_replace_refuses_an_unknown_option():
    with pytest.raises(RulesError, match="unknown house rule 'seat'"):
        HouseRules().replace(seat=3)


def test_user_rules_save_and_load_from_the_config_dir(tmp_path):
    r = HouseRules(seats=5, blind_level=2)
    path = save_user_rules(r, tmp_path)
    assert path.parent == tmp_path
    assert load_user_rules(tmp_path) == (r, None)


def test_missing_user_rules_file_gives_the_defaults(tmp_path):
    assert load_user_rules(tmp_path) == (HouseRules(), None)


def test_bad_user_rules_file_starts_on_defaults_and_is_kept_as_a_copy(tmp_path):
    bad = "[table]\nseats = 12\n"
    (tmp_path / "rules.toml").write_text(bad)
    rules, err = load_user_rules(tmp_path)
    assert rules == HouseRules()
    assert err is not None and "seats = 12" in str(err) and "rules.toml.bad" in str(err)
    assert (tmp_path / "rules.toml.bad").read_text() == bad
    save_user_rules(HouseRules(seats=3), tmp_path)
    assert (tmp_path / "rules.toml.bad").read_text() == bad
    assert load_user_rules(tmp_path)[0].seats == 3


def test_saving_over_a_bad_file_keeps_it_first(tmp_path):
    (tmp_path / "rules.toml").write_text("not toml at all [")
    save_user_rules(HouseRules(), tmp_path)
    assert (tmp_path / "rules.toml.bad").read_text() == "not toml at all ["


def test_unreadable_rules_file_is_a_rules_error(tmp_path):
    with pytest.raises(RulesError, match="cannot read rules file"):
        load_rules_file(tmp_path / "missing.toml")


def test_bad_rules_file_given_with_rules_exits_2_naming_the_problem(tmp_path):
    f = tmp_path / "r.toml"
    f.write_text("[blinds]\nblind_level = 9\n")
    p = subprocess.run([sys.executable, "-m", "game.cli", "simulate", "--hands", "1",
                        "--rules", str(f)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    assert p.stdout == ""
    msg = p.stderr.strip()
    assert "\n" not in msg
    assert "line 2" in msg and "blind_level = 9" in msg and "allowed 0 to 5" in msg
