"""MegaCorps' actions and events in words (tabletop/words/megacorps.py): every kind in random games
(with players leaving), private events worded only for the seats allowed, the payout previews as
the rules compute them, and the exact words of set-up situations."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.protocol import Event
from tabletop.games.megacorps import rules
from tabletop.games.megacorps.data import load_data
from tabletop.words import content, labels, wording
from tabletop.words import megacorps as words

EVENT_KINDS = {
    "take",
    "round",
    "draw",
    "drew",
    "ask-permission",
    "permission",
    "buy",
    "pass",
    "payout-called",
    "payout",
    "event",
    "effect",
    "target",
    "intervene",
    "mercs",
    "bank-mercs",
    "price",
    "paid-price",
    "declined-price",
    "war",
    "aid",
    "offer-mercenary",
    "war-result",
    "auction",
    "sealed",
    "my-bid",
    "bids",
    "election",
    "my-vote",
    "votes",
    "offer",
    "offer-cards",
    "trade",
    "leave",
    "final-payout",
    "game-over",
}
PRIVATE = {"drew", "my-bid", "my-vote", "offer-cards"}
ACTION_KINDS = {
    "take",
    "play",
    "offer",
    "buy",
    "payout",
    "intervene",
    "mercs",
    "war",
    "pass",
    "target",
    "allow",
    "veto",
    "bank",
    "price",
    "refuse",
    "pay",
    "decline",
    "aid",
    "sell",
    "done",
    "bid",
    "vote",
    "abstain",
    "give",
    "ask",
    "send",
    "drop",
    "accept",
}
CORPORATIONS = ["mokia", "globbo", "nonintendo", "lenogo"]
NAMES = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


def view_of(state: Any, seat: int | None) -> dict[str, Any]:
    """The seat's view with its legal actions, as the terminal and the server give them."""
    view: dict[str, Any] = state.view(seat)
    view["legal"] = [str(a) for a in state.legal_actions_for(seat)] if seat is not None else []
    return view


def said(kind: str, data: Mapping[str, Any], me: int | None, names: list[str] | None = NAMES) -> str:
    found = words.describe_event(kind, data, me, names)
    assert found is not None, kind
    return found.plain()


def play(state: Any, *texts: str, seat: int | None = None) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.game.parse_action(text), seat)
    return events


def label(state: Any, text: str, seat: int | None = None, names: list[str] | None = NAMES) -> str:
    view = view_of(state, state.current_seat if seat is None else seat)
    assert text in view["legal"], (text, view["legal"])
    return labels("megacorps", view, names)[text]


def random_games(count: int) -> Any:
    """(state, events, seat_names) of random games at 3 to 6 players, some seats leaving."""
    for seed in range(count):
        players = 3 + seed % 4
        state = tabletop.make("megacorps", players=players).new_state(seed)
        rng = random.Random(seed)
        names = words.seat_names(state.view(None))
        while not state.is_terminal():
            yield state, None, names
            asked = state.to_act()
            seat = rng.choice(asked)
            if rng.random() < 0.004:
                playing = [s for s in range(players) if not state.left[s]]
                events = play(state, "leave", seat=rng.choice(playing))
            else:
                events = state.apply(rng.choice(state.legal_actions_for(seat)), seat)
            yield state, events, names


# -- every kind, in random games -------------------------------------------------------------------
def test_every_action_and_event_of_random_games_has_words() -> None:
    assert wording("megacorps") is words
    events: set[str] = set()
    actions: set[str] = set()
    for state, happened, names in random_games(24):
        if happened is None:
            for seat in state.to_act():
                view = view_of(state, seat)
                for text, phrase in labels("megacorps", view, names).items():
                    assert phrase and phrase != text and "{" not in phrase and "Seat " not in phrase, (
                        text,
                        phrase,
                    )
                    assert "None" not in phrase, (text, phrase)
                    actions.add(text.split()[0])
            continue
        for event in happened:
            for me in (*range(state.n), None):
                line = words.describe_event(event.kind, event.data, me, names)
                if not event.visible(me):
                    assert line is None, (event.kind, me)
                    continue
                assert line is not None, event.kind
                text = line.plain()
                assert text.strip() and "{" not in text and "None" not in text, (event.kind, text)
                assert text[0].isupper() and text.rstrip()[-1] in ".!", text
                if me is not None:
                    assert "Seat " not in text and f"{names[me]} " not in text.replace(
                        f"{names[me]}'s", ""
                    ), text
                json.dumps(line.to_json())
                events.add(event.kind)
    assert events == EVENT_KINDS
    assert actions == ACTION_KINDS


def test_private_events_are_worded_only_for_the_seats_that_see_them() -> None:
    found: set[str] = set()
    for state, happened, names in random_games(12):
        for event in happened or ():
            if event.kind not in PRIVATE:
                continue
            found.add(event.kind)
            assert event.visible_to is not None
            for me in (*range(state.n), None):
                line = words.describe_event(event.kind, event.data, me, names)
                assert (line is not None) == (me in event.visible_to), (event.kind, me, event.visible_to)
    assert found == PRIVATE


def test_the_payout_previews_are_the_rules_payouts() -> None:
    checked = 0
    for state, happened, _ in random_games(8):
        if happened is not None or state.round < 2:
            continue
        view = state.view(None)
        for index, industry in enumerate(state.game.board.industries):
            for modifier in (-1, 0, 1):
                expected = rules.payout_amounts(state, index, modifier)
                assert words.payout_amounts(view, industry.code, modifier) == expected
            assert words.competitors(view, industry.code) == rules.competitors(state, index)
        checked += 1
    assert checked > 300


def test_the_printed_texts_come_from_the_data_file() -> None:
    data = load_data()
    texts = content("megacorps")
    json.dumps(texts)
    assert set(texts["events"]) == {e.code for e in data.events}
    assert texts["events"]["kleptocrats"]["name"] == "Greedy Kleptocrats"
    assert texts["events"]["kleptocrats"]["text"].startswith("Play on your turn, before your Action.")
    assert texts["industries"]["aer"]["name"] == "Aerospace"
    assert texts["countries"]["jpn"] == {
        "name": "Japan",
        "government": "democracy",
        "defense": 4,
        "force": 2,
        "companies": ["aer", "bio", "med", "nan", "rob", "sof"],
    }
    assert texts["corporations"]["mouse"]["name"] == "The Mouse"
    assert words.company_name("aer.jpn") == "Japan's Aerospace company"
    assert words.event_name("no-confidence") == "Vote of No Confidence"


# -- set-up situations ------------------------------------------------------------------------------
def table(**given: Any) -> Any:
    """Four players: Mokia (seat 0, the European Union), Globbo (1, Mercosur and ASEAN), Nonintendo
    (2, Japan), Lenogo (3, China and the African Federation); seat 0 is the Active Player."""
    setup: dict[str, Any] = {
        "corporations": CORPORATIONS,
        "active": 0,
        "drawn": [1, 3],
        "hands": [["kleptocrats", "oversupply"], ["elections"], ["tech-boom"], []],
        "deck": ["coup", "l5-station", "asteroid-mine", "scandal", "people-power"],
        "companies": {"aer.eu": 0, "bio.eu": 1, "def.chn": 0, "def.naf": 1, "med.jpn": 2, "med.naf": 1},
        "mercs": [3, 1, 0, 1],
    }
    setup.update(given)
    return tabletop.make("megacorps", players=4).new_state(1, setup)


def test_seats_are_named_by_their_corporations() -> None:
    state = table()
    view = state.view(0)
    assert words.seat_names(view) == NAMES
    assert words.seat_names(view, ["Ana", "Seat 1", "Cy", "Seat 3"]) == [
        "Ana (Mokia)",
        "Globbo",
        "Cy (Nonintendo)",
        "Lenogo",
    ]


def test_buying_under_antitrust_in_words() -> None:
    state = table()
    assert label(state, "buy aer.jpn") == (
        "Buy Japan's Aerospace company for 4 (a payout of Aerospace would then pay you 8; "
        "Nonintendo controls Japan and may veto it)"
    )
    assert label(state, "buy aer.naf") == (
        "Buy NAFTA's Aerospace company for 4 (a payout of Aerospace would then pay you 8)"
    )
    (asked,) = (e for e in play(state, "buy aer.jpn") if e.kind == "ask-permission")
    assert said(asked.kind, asked.data, 1) == (
        "Mokia wants to buy Japan's Aerospace company: Nonintendo controls Japan and may veto it (antitrust)."
    )
    assert said(asked.kind, asked.data, 2).endswith(": you control Japan and may veto it (antitrust).")
    assert label(state, "allow") == "Allow Mokia to buy Japan's Aerospace company"
    assert label(state, "veto") == "Veto Mokia's purchase of Japan's Aerospace company (antitrust)"
    (permission,) = play(state, "veto")
    assert (
        said(permission.kind, permission.data, 0)
        == "Nonintendo vetoes the purchase of Japan's Aerospace company."
    )
    assert said(permission.kind, permission.data, 2) == "You veto the purchase of Japan's Aerospace company."
    assert label(state, "pass") == "Buy nothing after the veto (pass)"
    bought = next(e for e in play(state, "buy aer.naf") if e.kind == "buy")
    assert said(bought.kind, bought.data, 0) == "You buy NAFTA's Aerospace company for 4."
    assert said(bought.kind, bought.data, None, None) == "Seat 0 buys NAFTA's Aerospace company for 4."


def test_interventions_by_government_in_words() -> None:
    state = table(governments={"chn": "dictatorship", "jpn": "kleptocracy"})
    assert label(state, "intervene bio.eu") == (
        "Intervene: Globbo must divest European Union's Biotech company (it becomes unowned; Globbo gets 4)"
    )
    divest = next(e for e in play(state, "intervene bio.eu") if e.kind == "intervene")
    assert said(divest.kind, divest.data, 1) == (
        "Mokia forces you to divest European Union's Biotech company: it is unowned (you get 4)."
    )
    assert said(divest.kind, divest.data, 3) == (
        "Mokia forces Globbo to divest European Union's Biotech company: it is unowned (Globbo gets 4)."
    )
    nationalized = {"seat": 3, "company": "def.chn", "from": 0, "result": -2}
    assert (
        said("intervene", nationalized, 0)
        == "Lenogo nationalizes China's Defense company, taking it from you."
    )
    theft = {"seat": 2, "company": "aer.jpn", "from": 0, "result": 2}
    assert (
        said("intervene", theft, 2) == "You take Japan's Aerospace company from Mokia (Kleptocracy: theft)."
    )
    strike = {"seat": 2, "company": "aer.jpn", "from": 0, "result": -3}
    assert said("intervene", strike, 0) == (
        "Nonintendo syndicalizes Japan's Aerospace company, taking it from you (you get 4)."
    )


def test_payouts_wars_and_mercenaries_in_words() -> None:
    state = table(companies={"aer.eu": 0, "aer.jpn": 2, "def.naf": 1, "def.chn": 0, "med.jpn": 2})
    assert label(state, "payout aer") == (
        "Pay out Aerospace: you 3, Nonintendo 3 (5 competitors, 3 a company); you take the Paid card"
    )
    assert label(state, "war jpn") == (
        "Launch a war on Japan (Nonintendo's): your 6 against 4; you would win as it stands"
    )
    assert (
        label(state, "war cal")
        == "Launch a war on Caliphate (unowned): your 6 against 3; you would win as it stands"
    )
    assert label(state, "mercs") == (
        "Buy mercenaries: 1 free, up to 3 from the bank at 1 each, one from another player's company "
        "at its owner's price"
    )
    war = next(e for e in play(state, "war jpn") if e.kind == "war")
    assert said(war.kind, war.data, 2) == "Mokia launches a war on your Japan!"
    assert said(war.kind, war.data, 1) == "Mokia launches a war on Japan, held by Nonintendo!"
    assert state.view(1)["phase"] == "donate"
    assert label(state, "aid a") == "Give one mercenary to Mokia (the attacker) (7 against 4 then)"
    assert label(state, "aid d") == "Give one mercenary to Nonintendo (defending Japan) (6 against 5 then)"
    assert label(state, "sell d 3") == "Offer one mercenary to Nonintendo (defending Japan) for 3"
    result = {
        "attacker": 0,
        "defender": 2,
        "country": "jpn",
        "attack": 6,
        "defence": 4,
        "won": True,
        "attacker_lost": 1,
        "defender_lost": 0,
    }
    assert said("war-result", result, 1) == (
        "Mokia wins the war over Japan (6 against 4) and takes it from Nonintendo.  Mokia loses 1 mercenary."
    )
    assert said("war-result", {**result, "won": False, "defender_lost": 2, "attack": 4}, 0) == (
        "You lose the war over Japan (4 against 4): Nonintendo keeps it.  You lose 1 mercenary; "
        "Nonintendo loses 2 mercenaries."
    )
    payout = {"industry": "aer", "competitors": 4, "modifier": 1, "rate": 3, "paid": [3, 0, 6, 0]}
    assert said("payout", payout, 0) == (
        "Aerospace pays out (4 competitors, +1 by event card, 3 a company): you 3, Nonintendo 6."
    )


def test_an_auction_is_sealed_and_revealed_in_words() -> None:
    state = table()
    assert label(state, "play kleptocrats").startswith("Play Greedy Kleptocrats: Choose a Kleptocracy")
    play(state, "play kleptocrats")
    assert (
        label(state, "target rus")
        == "Auction Great Russia (Kleptocracy, unowned): every player bids in secret"
    )
    assert label(state, "target asn") == "Auction ASEAN (Kleptocracy, Globbo's): every player bids in secret"
    auction = next(e for e in play(state, "target rus") if e.kind == "auction")
    assert said(auction.kind, auction.data, 1).startswith("Auction for Great Russia: every player with money")
    assert state.to_act() == (0, 1, 2, 3)
    assert label(state, "bid 10", seat=2) == "Bid 10 for Great Russia (secret)"
    assert label(state, "bid 0", seat=2) == "Bid nothing for Great Russia"
    sealed, mine = play(state, "bid 10", seat=2)
    assert said(sealed.kind, sealed.data, 0) == "Nonintendo has decided (secret until everyone has)."
    assert said(sealed.kind, sealed.data, 2) == "You have decided (secret until everyone has)."
    assert mine.kind == "my-bid" and said(mine.kind, mine.data, 2) == "Your secret bid: 10."
    assert words.describe_event(mine.kind, mine.data, 0, NAMES) is None
    assert words.describe_event(mine.kind, mine.data, None, NAMES) is None
    play(state, "bid 3", seat=1)
    play(state, "bid 0", seat=3)
    bids = next(e for e in play(state, "bid 10", seat=0) if e.kind == "bids")
    assert said(bids.kind, bids.data, 0) == (
        "Bids for Great Russia: you 10, Globbo 3, Nonintendo 10, Lenogo 0. A tie at 10: Great Russia "
        "becomes unowned."
    )
    won = {**bids.data, "bids": [10, 12, 0, 0], "winner": 1, "owner": 1}
    assert said("bids", won, 1).endswith("You win it and pay 12.")


def test_an_offer_in_words_shows_its_cards_to_the_two_traders_only() -> None:
    state = table()
    assert label(state, "offer 2") == "Make a trade offer to Nonintendo (seat 2; 3 offers left this turn)"
    play(state, "offer 2", "give 5", "give 2")
    assert label(state, "give 1") == "Give 1 Euro (8 in all)"
    assert label(state, "give aer.eu") == "Give European Union's Aerospace company"
    assert label(state, "give kleptocrats") == "Give your Greedy Kleptocrats card"
    assert label(state, "ask jpn") == "Ask Nonintendo for control of Japan (Defense 4, Force 2)"
    assert label(state, "ask med.jpn") == "Ask Nonintendo for Japan's Media company"
    play(state, "give merc", "give aer.eu", "give kleptocrats", "ask jpn")
    assert label(state, "send") == (
        "Send the offer to Nonintendo: you give 7 Euros, 1 mercenary, European Union's Aerospace company "
        "and the Greedy Kleptocrats card; you ask for control of Japan"
    )
    offer, cards = play(state, "send")
    assert said(offer.kind, offer.data, 3) == (
        "Mokia offers Nonintendo 7 Euros, 1 mercenary, European Union's Aerospace company and an event card "
        "for control of Japan."
    )
    assert said(offer.kind, offer.data, 2).startswith("Mokia offers you 7 Euros")
    assert said(cards.kind, cards.data, 2) == "The event cards Mokia offers you: Greedy Kleptocrats."
    assert said(cards.kind, cards.data, 0) == "The event cards you offer Nonintendo: Greedy Kleptocrats."
    assert words.describe_event(cards.kind, cards.data, 1, NAMES) is None
    assert label(state, "accept").startswith("Accept Mokia's offer: you get 7 Euros, 1 mercenary, ")
    assert label(state, "accept").endswith("and the Greedy Kleptocrats card; you give control of Japan")
    (trade,) = play(state, "decline")
    assert said(trade.kind, trade.data, 0) == "Nonintendo declines your offer."


def test_event_cards_and_their_targets_in_words() -> None:
    drew = Event("drew", {"seat": 0, "card": "coup"}, (0,))
    assert said(drew.kind, drew.data, 0).startswith("You drew Coup d'Etat: Play on your turn")
    assert words.describe_event(drew.kind, drew.data, 1, NAMES) is None
    assert said("target", {"seat": 1, "card": "coup", "target": "jpn"}, 0) == (
        "Coup d'Etat: Japan becomes a Dictatorship."
    )
    assert said("target", {"seat": 1, "card": "tech-boom", "target": "sof"}, 1) == (
        "Tech Boom: You choose Software to pay out now."
    )
    assert said("effect", {"seat": 2, "card": "l5-station"}, 0) == (
        "L-5: L-5's Nanotech company is built and may now be bought."
    )
    assert said("event", {"seat": 3, "card": "shortages", "cancels": True}, 0) == (
        "Lenogo plays Shortages: it cancels Oversupply."
    )
    assert said("event", {"seat": 3, "card": "oversupply", "cancels": False}, 3) == (
        "You play Oversupply: one more competitor in this payout."
    )
    state = table(companies={"aer.eu": 0, "aer.jpn": 0, "aer.naf": 1})
    called = play(state, "payout aer")[0]
    assert said(called.kind, called.data, 1) == "Mokia calls a payout of Aerospace (and takes the Paid card)."
    assert state.to_act() == (0,) and view_of(state, 0)["phase"] == "respond"
    # two unowned companies and two owners: 4 competitors, 4 a company; Oversupply makes it 5, 3 each
    assert label(state, "play oversupply") == (
        "Play Oversupply: Aerospace would pay you 6 (now 8), Globbo 3 (now 4)"
    )
    assert label(state, "pass") == "Play no card: let it pay out"
    assert said("round", {"round": 5, "active": 2, "deck": 0}, 2) == (
        "Round 5: You hold the Active Player card (the deck is empty: this is the final round)."
    )


@pytest.mark.parametrize("me", [0, 2, None])
def test_the_end_and_leaving_in_words(me: int | None) -> None:
    over = {"money": [80, 95, 95, 12], "winners": [1, 2]}
    text = said("game-over", over, me)
    if me == 2:
        assert text == "The game is over: Globbo and you share the win with 95 (Mokia 80, Lenogo 12)."
    elif me == 0:
        assert text == "The game is over: Globbo and Nonintendo share the win with 95 (you 80, Lenogo 12)."
    leave = {"seat": 2, "discarded": ["coup", "tech-boom"]}
    text = said("leave", leave, me)
    if me == 2:
        assert text.startswith("You leave the game: your companies and countries are unowned")
    else:
        assert text == (
            "Nonintendo leaves the game: its companies and countries are unowned, its money is gone; its "
            "event cards are discarded (Coup d'Etat and Tech Boom)."
        )


def test_offers_at_any_time_are_worded_for_the_two_traders_and_a_third_seat_their_cards_only_to_the_two() -> (
    None
):
    """Every kind of event of offers made at any time (R-MC33): worded for its maker, its receiver,
    a third seat and a spectator when it is public, for the two traders only when it names the
    cards; the public words never name an offer's cards."""
    from tabletop.words.megacorps import offers as offer_words
    from tabletop.words.megacorps.names import EVENTS, event_name
    from tests.games.megacorps.test_offers import random_offer

    worded: dict[str, set[str]] = {}  # kind: the roles it was worded for
    statuses: set[str] = set()
    for seed in range(6):
        state = tabletop.make("megacorps", players=3 + seed % 4).new_state(seed)
        rng = random.Random(seed)
        names = words.seat_names(state.view(None))
        cards: dict[int, list[str]] = {}  # per offer, its event cards
        while not state.is_terminal():
            roll, shown = rng.random(), state.open_offers(None)
            trade = random_offer(state, rng) if roll < 0.15 else None
            if trade is not None:
                offerer, receiver, give, ask = trade
                events = state.apply(state.offer_action(receiver, give, ask), offerer)
            elif roll < 0.3 and shown:
                offer = rng.choice(shown)
                verb = rng.choice(("accept", "accept", "decline", "withdraw", "expire"))
                text, seat = f"{verb} {offer['id']}", offer["from" if verb == "withdraw" else "to"]
                try:
                    events = state.apply(state.game.parse_action(text), seat)
                except IllegalAction:  # accepted already, or not possible now
                    continue
            else:
                seat = rng.choice(state.to_act())
                events = state.apply(rng.choice(state.legal_actions_for(seat)), seat)
            for event in events:
                if event.kind not in offer_words.KINDS:
                    continue
                data = event.data
                frm = data["seat"] if event.kind.startswith("proposal") else data["from"]
                to = data["seat"] if event.kind == "offer-accepted" else data["to"]
                if event.kind == "proposal-cards":
                    cards[data["id"]] = [event_name(c) for c in data["give"] if c in EVENTS]
                named = cards.get(data["id"], [])
                statuses.add(str(data.get("status", "")))
                for me in (*range(state.n), None):
                    line = words.describe_event(event.kind, data, me, names)
                    assert (line is not None) == event.visible(me), (event.kind, me)
                    if line is None:
                        continue
                    said = line.plain()
                    assert said[0].isupper() and said.endswith(".") and "None" not in said, said
                    role = (
                        "spectator"
                        if me is None
                        else "maker"
                        if me == frm
                        else "receiver"
                        if me == to
                        else "third"
                    )
                    worded.setdefault(event.kind, set()).add(role)
                    if event.kind.endswith("-cards"):
                        assert named and all(name in said for name in named), said
                    else:
                        assert not [name for name in named if name in said], said
                    if event.kind == "swap":
                        assert "accept" in said and "card" not in said.replace("an event card", ""), said
    everybody = {"maker", "receiver", "third", "spectator"}
    public = {kind: everybody for kind in offer_words.KINDS if not kind.endswith("-cards")}
    assert worded == {**public, "proposal-cards": {"maker", "receiver"}, "swap-cards": {"maker", "receiver"}}
    assert {"declined", "withdrawn", "expired", "void"} <= statuses


def test_no_event_of_a_whole_seeded_game_is_described_by_its_raw_kind() -> None:
    """The log of a whole game, its opening (``setup``, ``start-cards``) included, is sentences:
    no event is worded as its raw kind (``setup.``)."""
    state = tabletop.make("megacorps", players=4).new_state(7)
    names = words.seat_names(state.view(None))
    happened = list(state.opening_events())
    rng = random.Random(7)
    while not state.is_terminal():
        seat = rng.choice(state.to_act())
        happened += state.apply(rng.choice(state.legal_actions_for(seat)), seat)
    kinds = {event.kind for event in happened}
    assert {"setup", "start-cards", "game-over"} <= kinds
    for event in happened:
        for me in (*range(state.n), None):
            line = words.describe_event(event.kind, event.data, me, names)
            if line is None:
                continue
            text = line.plain()
            assert text != f"{event.kind}." and not text.startswith(f"{event.kind}."), (event.kind, text)
            assert text[0].isupper() and text.rstrip()[-1] in ".!", text
    opening = words.describe_event("setup", happened[0].data, 0, names)
    assert opening is not None and opening.plain().startswith("The game begins with 4 corporations: ")
    cards = words.describe_event("start-cards", {"seat": 1, "count": 2}, 1, names)
    assert cards is not None and cards.plain() == "You start with 2 event cards."


def test_the_table_is_told_the_banks_price_of_a_mercenary() -> None:
    """The bank's price reaches the table with its names (the web's question "How many mercenaries do
    you buy from the bank, at 1 each?") and the words of each count say what it costs."""
    price = load_data().economy.bank_mercenary_price
    assert content("megacorps")["bank_mercenary_price"] == price
    state = tabletop.make("megacorps", players=3).new_state(1)
    while "mercs" not in view_of(state, state.current_seat)["legal"]:
        state.apply(state.legal_actions_for(state.current_seat)[0], state.current_seat)
    play(state, "mercs", seat=state.current_seat)
    if "bank 2" in view_of(state, state.current_seat)["legal"]:
        assert label(state, "bank 2") == f"Buy 2 mercenaries from the bank for {2 * price}"
