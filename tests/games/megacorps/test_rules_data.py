"""The board and the cards from the data file (MC3-MC9, MC13): what the rulebook prints holds in the
packaged file; a designer's edited copy is validated with errors naming the problem, and changes
play, including the effects the packaged cards do not use."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop
from tabletop.core.errors import InvalidOptions
from tabletop.games.megacorps.data import GOVERNMENTS, load_data

from ..data_files import missing_and_broken_refused, refused_naming_the_file
from .helpers import (
    act,
    country,
    edited,
    industry,
    kinds,
    legal,
    located,
    make,
    new,
    phase,
    ruler,
    settle,
    start,
)

DATA = load_data()
MERC_CARD = """
[[event]]
code = "mercenary-drop"
name = "Mercenary Drop"
copies = 2
timing = "turn"
effect = "mercenaries"
amount = 2
text = "Play on your turn, before your Action: gain 2 mercenaries."
provisional = true
"""


# -- MC3-MC9: the board -----------------------------------------------------------------------------
def test_one_column_per_industry_of_four_or_five_boxes() -> None:
    state = new(3)
    for ind in DATA.industries:
        boxes = industry(state, ind.code)
        assert 4 <= len(boxes) <= 5 and all(b.startswith(f"{ind.code}.") for b in boxes)
    assert len(state.owner) == sum(len(c.industries) for c in DATA.countries)


def test_one_row_per_country_holding_its_companies_and_a_control_box() -> None:
    state = new(3)
    for c in DATA.countries:
        assert located(state, c.code) == sorted(
            (f"{i}.{c.code}" for i in c.industries), key=state.game.board.code_of_company.__getitem__
        )
    ownable = {c.code for c in DATA.countries if not c.neutral}
    assert set(state.view(None)["countries"]) == ownable


def test_a_marker_in_a_box_is_ownership() -> None:
    state = new(3, companies={"aer.jpn": 2}, countries={"jpn": 1})
    view = state.view(0)
    assert view["companies"]["aer.jpn"] == 2 and view["countries"]["jpn"] == 1


def test_each_country_has_a_defense_then_a_force_and_a_printed_government() -> None:
    for c in DATA.countries:
        if not c.neutral:
            assert c.defense >= 0 and c.force >= 0
            assert GOVERNMENTS[c.government] in ("democracy", "dictatorship", "kleptocracy")
    state = new(3)
    printed = {c.code: GOVERNMENTS[c.government] for c in DATA.countries}
    assert state.view(None)["governments"] == printed


def test_the_facts_the_rulebook_gives_hold_in_the_packaged_board() -> None:
    state = new(3)
    assert sorted(located(state, "afr")) == ["met.afr", "sol.afr"]
    assert {"aer.jpn", "aer.eu", "fin.chn", "fin.swi", "nan.l5", "met.ast", "sof.oss"} <= set(
        state.game.board.code_of_company
    )
    assert located(state, "swi") == ["fin.swi"] and located(state, "oss") == ["sof.oss"]
    assert country(state, "jpn").defense == 4 and country(state, "rus").force == 2


def test_the_column_sizes_the_examples_imply() -> None:
    state = new(3)
    assert len(industry(state, "aer")) == 5
    assert len(industry(state, "fin")) == 5 and "fin.chn" in industry(state, "fin")
    assert len(industry(state, "def")) == 5
    nan = industry(state, "nan")
    assert len(nan) == 5 and "nan.l5" in nan


def test_the_printed_numbers_of_the_economy() -> None:
    e = DATA.economy
    assert (e.min_players, e.max_players) == (3, 6)
    assert e.deck == {3: 18, 4: 16, 5: 15, 6: 12} and e.setup_draws == (2, 1, 0)
    assert (e.start_money, e.start_mercenaries, e.start_companies, e.company_price) == (40, 1, 2, 4)
    assert (e.bank_mercenary_price, e.divest_compensation, e.syndicalize_compensation) == (1, 4, 4)
    assert e.payout == (12, 10, 8, 6, 4, 3) and e.drawn_countries == ("asn", "afr")
    assert [c.country for c in DATA.corporations] == ["eu", "mer", "jpn", "chn", "", ""]
    assert sum(ev.copies for ev in DATA.events) == 21


def test_printed_entries_are_marked_and_designed_ones_provisional() -> None:
    assert not any(c.provisional for c in DATA.corporations)
    named = {"aer", "bio", "def", "fin", "med", "met", "nan", "sof", "sol"}
    assert {i.code for i in DATA.industries if not i.provisional} == named
    assert {c.code for c in DATA.countries if not c.provisional} == {"swi", "l5", "ast", "oss"}
    assert all(ev.provisional for ev in DATA.events)


# -- validation ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new_text", "words"),
    [
        ('government = "kleptocracy"', 'government = "monarchy"', "government 'monarchy' is not one of"),
        ('effect = "auction"', 'effect = "earthquake"', "effect 'earthquake' is not one of"),
        (
            'timing = "turn"\neffect = "auction"',
            'timing = "payout"\neffect = "auction"',
            "competitors effect",
        ),
        ("copies = 2", "copies = 0", "'copies' must be 1 or more"),
        ("defense = 6", "defense = -1", "'defense' must be 0 or more"),
        ("force = 4", 'force = "four"', "'force' must be int"),
        (
            'companies = ["met", "sol"]',
            'companies = ["met", "sol", "gold"]',
            "country afr: no industry 'gold'",
        ),
        ('code = "mag"', 'code = "afr"', "codes used twice: afr"),
        ('exists_after = "l5-station"', 'exists_after = "l6-station"', "exists_after names no event"),
        ("payout = [12, 10, 8, 6, 4, 3]", "payout = [12, 10, 8]", "'payout' needs six amounts"),
        ("players = [3, 6]", "players = [2, 6]", "'players' must be [least, most] within 3 to 6"),
        ("3 = 18,", "3 = 25,", "21 event cards are too few for a deck of 25"),
        ('drawn_countries = ["asn", "afr"]', 'drawn_countries = ["asn", "swi"]', "'swi' is not a country"),
        ('country = "eu"', 'country = "l5"', "corporation mokia: 'l5' is not a country that can be owned"),
        ('name = "Greedy Kleptocrats"\n', "", "lacks 'name'"),
        ('place = "l5"', 'place = "ast"', "'place' must name the independent place"),
        ('industries = ["def", "aer"]', 'industries = ["def", "space"]', "'industries' must list industries"),
        ('to = "dictatorship"', 'to = "neutral"', "needs 'from' (governments) and 'to'"),
        ('code = "naf"', 'code = "NAF"', "must be lower-case"),
        (
            'companies = ["oil", "sol"]\nprovisional = true',
            'companies = ["oil", "sol"]\nsyndicalized = true\nprovisional = true',
            "only an independent place",
        ),
    ],
)
def test_a_bad_entry_is_refused_naming_the_file_and_the_problem(
    tmp_path: Path, old: str, new_text: str, words: str
) -> None:
    refused_naming_the_file("megacorps", edited(tmp_path, (old, new_text)), words)


def test_a_card_effect_missing_its_amount_is_refused(tmp_path: Path) -> None:
    path = edited(tmp_path, add=MERC_CARD.replace("amount = 2\n", ""))
    with pytest.raises(InvalidOptions, match="event mercenary-drop: needs a non-zero 'amount'"):
        tabletop.make("megacorps", players=3, data=path)


def test_a_missing_or_broken_file_is_refused(tmp_path: Path) -> None:
    broken, missing = "[economy\nplayers = 3", "cannot read MegaCorps data"
    missing_and_broken_refused("megacorps", tmp_path, broken, missing, "is not valid TOML")


def test_a_player_count_the_edited_file_does_not_allow_is_refused(tmp_path: Path) -> None:
    path = edited(tmp_path, ("players = [3, 6]", "players = [4, 5]"))
    with pytest.raises(InvalidOptions, match="for 4 to 5 players, not 3"):
        tabletop.make("megacorps", players=3, data=path)
    assert make(4, path).data.economy.max_players == 5


# -- an edited copy changes play ------------------------------------------------------------------------
def test_the_mercenaries_effect_gives_its_player_mercenaries(tmp_path: Path) -> None:
    path = edited(tmp_path, add=MERC_CARD)
    state = new(3, data=path, hands=[["mercenary-drop", "mercenary-drop"], [], []])
    assert state.game.board.cards == 23
    events = act(state, "0: play mercenary-drop")
    assert kinds(events, "effect") == [{"seat": 0, "card": "mercenary-drop"}]
    assert state.mercs == [3, 1, 1] and phase(state) == "turn" and state.current_seat == 0
    act(state, "0: play mercenary-drop")  # the second copy
    assert state.mercs == [5, 1, 1] and "play mercenary-drop" not in legal(state)


def test_edited_defense_and_force_decide_a_war(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        ("defense = 4    # rulebook\nforce = 2", "defense = 1\nforce = 2"),
        ("defense = 4\nforce = 2      # rulebook", "defense = 4\nforce = 7"),
    )
    state = new(3, data=path, countries={"rus": 0, "jpn": 1}, mercs=[1, 0, 0])
    assert (country(state, "jpn").defense, country(state, "rus").force) == (1, 7)
    (war,) = kinds(act(state, "0: war jpn"), "war-result")
    assert (war["attack"], war["defence"], war["won"]) == (8, 1, True) and ruler(state, "jpn") == 0


def test_an_edited_economy_changes_prices_payouts_and_the_start(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        ("start_money = 40", "start_money = 25"),
        ("company_price = 4", "company_price = 7"),
        ("payout = [12, 10, 8, 6, 4, 3]", "payout = [30, 20, 8, 6, 4, 3]"),
        ("start_mercenaries = 1", "start_mercenaries = 0"),
    )
    game = make(3, path)
    fresh = start(game, 1)
    assert fresh.money == [25] * 3 and fresh.mercs == [0] * 3
    state = new(3, data=path, money=[25, 25, 25], companies=dict.fromkeys(industry(new(3), "aer"), 1))
    act(state, "0: buy fin.swi")
    assert state.money[0] == 18
    act(state, "1: payout aer", "0: pass")
    assert state.money[1] == 25 + 20 * 5


def test_an_edited_card_count_changes_the_deck(tmp_path: Path) -> None:
    path = edited(tmp_path, ("copies = 2", "copies = 5"), ("3 = 18,", "3 = 20,"))
    game = make(3, path)
    assert game.board.cards == 24
    state = start(game, 0)
    assert len(state.deck) == 20
    assert sum(1 for c in range(game.board.cards) if game.board.card_code(c) == "kleptocrats") == 5


def test_extra_copies_of_clone_soldiers_and_oversupply_follow_the_rules(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        (
            'copies = 1\ntiming = "turn"\neffect = "clone_soldiers"',
            'copies = 2\ntiming = "turn"\neffect = "clone_soldiers"',
        ),
        (
            'copies = 1\ntiming = "payout"\neffect = "competitors"\namount = 1',
            'copies = 2\ntiming = "payout"\neffect = "competitors"\namount = 1',
        ),
    )
    hands = [["clone-soldiers", "clone-soldiers", "oversupply"], ["oversupply"], ["shortages", "coup"]]
    state = new(3, data=path, hands=hands)
    act(state, "0: play clone-soldiers")
    assert "play clone-soldiers" not in legal(state)  # a second one would change nothing
    act(state, "0: payout aer")
    assert legal(state) == ["play oversupply", "pass"]
    act(state, "0: pass", "1: play oversupply")
    assert state.to_act() == (2,) and legal(state) == ["play shortages", "pass"]
    other = state.clone()
    act(other, "2: pass")
    assert other.to_act() == (0,) and legal(other) == ["pass"]  # no second Oversupply: only the cancel
    events = act(state, "2: play shortages")
    assert kinds(events, "event")[0]["cancels"] is True
    assert state.to_act() == (0,) and legal(state) == ["play oversupply", "pass"]  # afresh after it
    events = act(state, "0: play oversupply") + settle(state)  # every copy played: no one is asked
    (paid,) = kinds(events, "payout")
    assert paid["modifier"] == 1 and phase(state) == "turn" and state.current_seat == 1
