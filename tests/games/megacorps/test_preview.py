"""The previews of the turn's Actions (issue 12) against what the Actions do: over the turns of
seeded random games, each preview in the deciding seat's view equals what applying its action to a
copy of the position does (a payout's money per seat with no event card played, a war's totals
just after it is declared, a purchase's price, veto and payout, an intervention's outcome); only
that seat's view has previews, and a re-deal of the hidden cards changes none."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from tabletop.core.protocol import Event
from tabletop.games.megacorps import moves
from tabletop.games.megacorps.data import GOVERNMENTS
from tabletop.games.megacorps.phases import DONATE, RESPOND, TURN, VETO
from tabletop.games.megacorps.state import MegaCorpsState

from .helpers import act, country, industry, kinds, make, new, owner, start

KINDS = ("payout", "war", "buy", "intervene")


def random_turns(games: int) -> Iterator[MegaCorpsState]:
    """Every position of seeded random games (3 to 6 players, a seat leaving now and then) at which
    a seat decides its turn's Action."""
    for seed in range(games):
        players = 3 + seed % 4
        state = start(make(players), 1000 + seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == TURN:
                yield state
            seat = rng.choice(state.to_act())
            if rng.random() < 0.003:
                state.apply(state.game.parse_action("leave"), rng.choice(state.in_game()))
                continue
            legal = state.legal_actions_for(seat)
            calm = [a for a in legal if a.kind != "offer"]
            state.apply(rng.choice(calm if calm and rng.random() < 0.9 else legal), seat)


def final_payouts(events: list[Event], seats: int) -> list[int]:
    """What the game's end paid each seat, if these events ended it."""
    paid = [0] * seats
    for data in kinds(events, "final-payout"):
        for seat, amount in enumerate(data["paid"]):
            paid[seat] += amount
    return paid


def gained(before: MegaCorpsState, after: MegaCorpsState, events: list[Event]) -> list[int]:
    """Each seat's money change from ``before`` to ``after``, but what the game's end paid."""
    end = final_payouts(events, before.n)
    return [a - b - e for a, b, e in zip(after.money, before.money, end, strict=True)]


def pays_out(state: MegaCorpsState, industry: int) -> list[int]:
    """What each seat earns when ``industry`` pays out now, by the engine's own payout (on a copy,
    no event card played)."""
    world = state.clone()
    world.payout_industry, world.payout_modifier, world.payout_after = industry, 0, 1
    moves.finish_payout(world, [])
    return [a - b for a, b in zip(world.money, state.money, strict=True)]


def apply(state: MegaCorpsState, text: str, seat: int) -> tuple[MegaCorpsState, list[Event]]:
    world = state.clone()
    return world, world.apply(world.game.parse_action(text), seat)


def check_payout(state: MegaCorpsState, seat: int, text: str, shown: dict[str, Any]) -> None:
    world, events = apply(state, text, seat)
    while world.phase == RESPOND:  # every holder of an event card lets it pay out
        events += world.apply(world.game.parse_action("pass"), world.seat)
    assert gained(state, world, events) == shown["paid"], text
    assert kinds(events, "payout")[0]["paid"] == shown["paid"], text


def check_war(state: MegaCorpsState, seat: int, text: str, shown: dict[str, Any]) -> str:
    world, events = apply(state, text, seat)
    assert kinds(events, "war")[0]["defender"] == shown["defender"], text
    if world.phase == DONATE:  # the donation window opens: nobody has given anything yet
        decision = world.view(None)["decision"]
        fought = [decision["attack"], decision["defence"], decision["defender"]]
        found = "donations"
    else:  # nobody could donate: the war is fought at once
        result = kinds(events, "war-result")[0]
        fought = [result["attack"], result["defence"], result["defender"]]
        found = "fought at once"
    assert fought == [shown["attack"], shown["defence"], shown["defender"]], text
    return found


def check_buy(state: MegaCorpsState, seat: int, text: str, shown: dict[str, Any]) -> str:
    board = state.game.board
    company = board.code_of_company[text.split()[1]]
    industry = board.company_industry[company]
    world, events = apply(state, text, seat)
    asked = kinds(events, "ask-permission")
    if shown["veto"] >= 0:
        assert world.phase == VETO and world.seat == shown["veto"], text
        assert asked and asked[0]["owner"] == shown["veto"], text
        events += world.apply(world.game.parse_action("allow"), world.seat)
    else:
        assert not asked and world.phase != VETO, text
    assert world.owner[company] == seat, text
    assert kinds(events, "buy")[0]["price"] == shown["price"], text
    assert gained(state, world, events)[seat] == -shown["price"], text
    assert pays_out(state, industry)[seat] == shown["before"], text
    assert pays_out(world, industry)[seat] == shown["after"], text
    return "vetoable" if shown["veto"] >= 0 else "free"


def check_intervention(state: MegaCorpsState, seat: int, text: str, shown: dict[str, Any]) -> str:
    board = state.game.board
    company = board.code_of_company[text.split()[1]]
    former = state.owner[company]
    government = state.government[board.company_country[company]]
    assert shown["government"] == GOVERNMENTS[government] and shown["from"] == former, text
    world, events = apply(state, text, seat)
    done = kinds(events, "intervene")[0]
    assert (done["from"], done["result"]) == (former, shown["owner"]), text
    assert world.owner[company] == shown["owner"], text
    assert gained(state, world, events)[former] == shown["paid"], text
    return shown["government"]


def check_position(state: MegaCorpsState, seen: Counter[str]) -> None:
    seat = state.turn
    view = state.view(seat)
    shown = view["previews"]
    offered = [str(a) for a in state.legal_actions_for(seat) if a.kind in KINDS]
    assert list(shown) == offered, "a preview for each Action on the board, and no other"
    for text, preview in shown.items():
        kind = text.split()[0]
        if kind == "payout":
            check_payout(state, seat, text, preview)
            seen["payout"] += 1
        elif kind == "war":
            seen[f"war {check_war(state, seat, text, preview)}"] += 1
            seen["war on an unowned country" if preview["defender"] < 0 else "war on a player"] += 1
        elif kind == "buy":
            seen[f"buy {check_buy(state, seat, text, preview)}"] += 1
        else:
            seen[f"intervene {check_intervention(state, seat, text, preview)}"] += 1


def test_every_preview_is_what_its_action_does() -> None:
    seen: Counter[str] = Counter()
    positions = 0
    for state in random_turns(12):
        check_position(state, seen)
        positions += 1
    assert positions > 400, positions
    wanted = ("payout", "war donations", "war fought at once", "war on an unowned country")
    wanted += ("war on a player", "buy vetoable", "buy free", "intervene democracy")
    assert all(seen[k] >= 3 for k in wanted), seen
    assert sum(seen[f"intervene {g}"] for g in GOVERNMENTS) >= 10, seen


def test_only_the_deciding_seat_sees_previews_and_no_hidden_card_moves_them() -> None:
    rng = random.Random(3)
    checked = 0
    for state in random_turns(4):
        seat = state.turn
        views = state.views([None, *range(state.n)])
        assert all("previews" not in v for v in views if v["seat"] != seat)
        assert "previews" in views[seat + 1]
        if checked % 5 == 0:
            world = state.sample_world(seat, rng)
            assert world.view(seat)["previews"] == views[seat + 1]["previews"]
        checked += 1
    assert checked > 100


def test_no_previews_outside_the_turns_action() -> None:
    state = new(3, companies={"med.naf": 0, "med.jpn": 1}, mercs=[2, 2, 2])
    assert "previews" in state.view(0)
    act(state, "0: war chn")
    assert state.phase == DONATE
    assert all("previews" not in state.view(s) for s in (None, 0, 1, 2))


def test_a_position_by_hand() -> None:
    """Seat 0 controls the European Union and holds two Media companies and one Aerospace; seat 1
    controls Japan, holds a Media company there and an Aerospace company in the Union."""
    companies = {"med.naf": 0, "med.eu": 0, "aer.naf": 0, "med.jpn": 1, "aer.eu": 1}
    state = new(3, companies=companies, countries={"eu": 0, "jpn": 1}, mercs=[2, 1, 0])
    shown = state.view(0)["previews"]
    economy = state.game.data.economy

    def rate(competitors: int) -> int:
        return economy.payout[min(competitors, len(economy.payout) - 1)]

    unowned = len(industry(state, "med")) - 3  # Media: two owners and the unowned companies
    assert unowned >= 1 and owner(state, "med.ind") == -1
    assert shown["payout med"] == {"paid": [2 * rate(unowned + 2), rate(unowned + 2), 0]}
    attack = country(state, "eu").force + 2
    assert shown["war jpn"] == {"attack": attack, "defence": country(state, "jpn").defense + 1, "defender": 1}
    assert shown["war chn"] == {"attack": attack, "defence": country(state, "chn").defense, "defender": -1}
    price = economy.company_price
    assert shown["buy aer.jpn"]["veto"] == 1  # antitrust: seat 0 already has an Aerospace company
    bio = len(industry(state, "bio"))  # all unowned: one of them bought, still as many competitors
    assert shown["buy bio.jpn"] == {"price": price, "veto": -1, "before": 0, "after": rate(bio)}
    assert shown["buy med.ind"] == {
        "price": price,
        "veto": -1,
        "before": 2 * rate(unowned + 2),
        "after": 3 * rate(unowned + 1),
    }
    assert shown["intervene aer.eu"] == {
        "government": "democracy",
        "from": 1,
        "owner": -1,
        "paid": economy.divest_compensation,
    }
    assert "payout med" in shown and "intervene med.jpn" not in shown  # Japan is not seat 0's
