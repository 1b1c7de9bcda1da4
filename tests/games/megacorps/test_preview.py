"""The previews of the turn's Actions (issue 12) against what the Actions do: over the turns of
seeded random games, each preview the deciding seat gets (``state.previews(seat)``) equals what
applying its action to a copy of the position does (a payout's money per seat with no event card
played, a war's totals just after it is declared, a purchase's price, veto and payout, an
intervention's outcome); only that seat gets previews, a re-deal of the hidden cards changes none,
and no view carries them (a front end asks: ``with_previews``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from tabletop.core.protocol import Event, with_previews
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
    shown = state.previews(seat)
    assert shown is not None
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
        shown = state.previews(seat)
        assert shown is not None
        assert all(state.previews(other) is None for other in range(state.n) if other != seat)
        if checked % 5 == 0:
            world = state.sample_world(seat, rng)
            assert world.previews(seat) == shown
        checked += 1
    assert checked > 100


def test_views_carry_no_previews_and_a_front_end_adds_them_for_the_deciding_seat() -> None:
    """The views bots and environments read have no previews; ``with_previews`` (the server's
    messages, replays) adds them, last, to the deciding seat's view only, which is otherwise the
    same, and leaves every other view as it is."""
    checked = 0
    for state in random_turns(2):
        seat = state.turn
        audience: list[int | None] = [None, *range(state.n)]
        for viewer, view in zip(audience, state.views(audience), strict=True):
            assert "previews" not in view and "previews" not in state.view(viewer)
            shown = with_previews(state, viewer, view)
            if viewer == seat:
                assert list(shown) == [*view, "previews"] and shown["previews"] == state.previews(seat)
                assert {k: v for k, v in shown.items() if k != "previews"} == view
            else:
                assert shown is view
        checked += 1
    assert checked > 50


def test_no_previews_outside_the_turns_action() -> None:
    state = new(3, companies={"med.naf": 0, "med.jpn": 1}, mercs=[2, 2, 2])
    assert state.previews(0) is not None
    act(state, "0: war chn")
    assert state.phase == DONATE
    assert all(state.previews(s) is None for s in (0, 1, 2))


def test_a_position_by_hand() -> None:
    """Seat 0 controls the European Union and holds two Media companies and one Aerospace; seat 1
    controls Japan, holds a Media company there and an Aerospace company in the Union."""
    companies = {"med.naf": 0, "med.eu": 0, "aer.naf": 0, "med.jpn": 1, "aer.eu": 1}
    state = new(3, companies=companies, countries={"eu": 0, "jpn": 1}, mercs=[2, 1, 0])
    shown = state.previews(0)
    assert shown is not None
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
