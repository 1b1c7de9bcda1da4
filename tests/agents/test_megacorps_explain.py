"""A MegaCorps bot says why it declines an offer (``Agent.explain``): what the things in the offer are
worth to it, from its own view, naming nothing but them; other bots and other actions say nothing."""

from __future__ import annotations

import random
import re
from typing import Any

from tabletop import make
from tabletop.agents import make_agent, observe
from tabletop.agents.levels import agent_for
from tabletop.agents.megacorps.heuristic import MegaCorpsHeuristic
from tabletop.agents.megacorps.position import Model
from tabletop.agents.megacorps.trades import ACCEPT_MIN
from tabletop.agents.megacorps.worth import Judge, values
from tabletop.games.megacorps.phases import TURN
from tabletop.games.megacorps.state import MegaCorpsState
from tabletop.words.megacorps.declines import decline_reason
from tabletop.words.megacorps.names import company_name, event_name


def after_draft(seed: int) -> MegaCorpsState:
    """A four-seat game played by heuristics to its first turn after the draft."""
    s: Any = make("megacorps", players=4).new_state(seed)
    bots = [make_agent("heuristic", seat) for seat in range(4)]
    while not (s.round >= 1 and s.phase == TURN):
        seat = s.current_seat
        s.apply(bots[seat].act(observe(s, seat)), seat)
    state: MegaCorpsState = s
    return state


def asked(state: MegaCorpsState, frm: int, to: int, give: list[str], ask: list[str]) -> Any:
    """``to``'s observation of the question of ``frm``'s offer (made at any time)."""
    s = state.clone()
    s.apply(s.offer_action(to, give, ask), frm)
    return observe(s.trade_question(s.offers[-1].number), to)


def answer(obs: Any, text: str) -> Any:
    return next(a for a in obs.legal if a.text == text)


def test_declining_a_company_for_1_it_says_what_the_company_is_worth_to_it() -> None:
    state = after_draft(3)
    company = next(c for c, o in state.view(1)["companies"].items() if o == 1)
    obs = asked(state, 0, 1, ["1"], [company])
    bot = MegaCorpsHeuristic(0)
    assert bot.act(obs).text == "decline"
    said = bot.explain(obs, answer(obs, "decline"))
    assert said is not None
    found = re.fullmatch(r"it values (.+) at (\d+), more than the 1 Euro offered", said)
    assert found and found.group(1) == company_name(company)
    # its worth without the company, from its own view: what it would lose handing it over
    m = Model.from_view(obs.game, obs.view)
    without = m.copy()
    without.owner[m.t.code_of_company[company]] = 0
    lost = Judge(m, 1).base_values[1] - values(without)[1]
    assert int(found.group(2)) == round(lost) and lost > 1


def test_the_reason_reads_only_the_bots_view_and_names_only_the_offer() -> None:
    state = after_draft(5)
    company = next(c for c, o in state.view(2)["companies"].items() if o == 2)
    obs = asked(state, 0, 2, ["2"], [company])
    said = MegaCorpsHeuristic(0).explain(obs, answer(obs, "decline"))
    assert said == "the trade would be worth 4 to it but 34 to you"  # (it would help its maker more)
    for code in obs.view["hand"]:  # its own event cards stay unnamed
        assert event_name(code) not in said
    rng = random.Random(1)
    for _ in range(3):  # whatever the others hold where it cannot see, it says the same
        redealt: Any = state.sample_world(2, rng)
        assert redealt.hands != state.hands or state.deck != redealt.deck
        again = asked(redealt, 0, 2, ["2"], [company])
        assert MegaCorpsHeuristic(0).explain(again, answer(again, "decline")) == said


def test_only_a_declined_offer_is_explained() -> None:
    state = after_draft(3)
    company = next(c for c, o in state.view(1)["companies"].items() if o == 1)
    obs = asked(state, 0, 1, ["1"], [company])
    bot = MegaCorpsHeuristic(0)
    assert bot.explain(obs, answer(obs, "accept")) is None
    seat = state.current_seat
    assert seat is not None
    turn = observe(state, seat)
    assert bot.explain(turn, turn.legal[0]) is None
    assert make_agent("random", 0).explain(obs, answer(obs, "decline")) is None  # the default: nothing


def test_every_level_gives_the_heuristics_reason() -> None:
    state = after_draft(3)
    company = next(c for c, o in state.view(1)["companies"].items() if o == 1)
    obs = asked(state, 0, 1, ["1"], [company])
    declining = answer(obs, "decline")
    said = MegaCorpsHeuristic(0).explain(obs, declining)
    assert said is not None
    assert [agent_for(level, 7).explain(obs, declining) for level in ("easy", "normal", "hard")] == [said] * 3


def test_the_words_of_each_reason() -> None:
    solar = "sol.jpn"
    solar_name = company_name(solar)
    assert decline_reason(["6"], [solar], 11.2, 6.0, 9.0, -4.0, ACCEPT_MIN) == (
        f"it values {solar_name} at 11, more than the 6 Euros offered"
    )
    assert decline_reason(["6"], [solar], 6.3, 6.0, 2.0, -1.0, ACCEPT_MIN) == (
        f"it values {solar_name} at 6.3, more than the 6 Euros offered"  # whole Euros would read alike
    )
    assert decline_reason(["merc"], [solar], 5.0, 1.0, 3.0, -3.0, ACCEPT_MIN) == (
        f"it values {solar_name} at 5, more than what is offered (1 mercenary), worth 1 to it"
    )
    assert decline_reason(["20"], [solar], 12.0, 20.0, 15.0, -1.0, ACCEPT_MIN) == (
        "the trade would be worth 8 to it but 15 to you"
    )
    assert decline_reason(["20"], [solar], -9.0, 1.0, 27.0, -1.0, ACCEPT_MIN) == (
        "the trade would be worth 10 to it but 27 to you"  # (giving the company away raises its worth)
    )
    assert decline_reason([solar], [], 0.0, 8.0, 12.0, -2.0, ACCEPT_MIN) == (
        "the gift would be worth 8 to it but 12 to you"
    )
    assert decline_reason(["20"], [solar], 12.0, 20.0, 2.0, 0.1, ACCEPT_MIN) == (
        "the trade would raise its standing too little"
    )
    assert decline_reason(["20"], [solar], 12.0, 20.0, 2.0, 3.0, ACCEPT_MIN) == (
        "looking further ahead, it expects the trade to leave it worse off"  # a search's decline
    )
