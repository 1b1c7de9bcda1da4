"""MegaCorps' events in words, from one seat's point of view.  Private events (a drawn card, a
sealed bid or vote, the cards in an offer) are worded only for the seats allowed to see them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..line import Line, Tone, line
from ..seats import Names, actor, seat_name, subject
from . import offers
from .names import (
    COUNTRIES,
    DATA,
    ECONOMY,
    EVENTS,
    GOVERNMENT_CODES,
    NATIONALIZED,
    SYNDICALIZED,
    UNOWNED,
    company_name,
    corporation_name,
    country_name,
    does,
    earnings,
    event_effect,
    event_name,
    event_text,
    government_name,
    industry_name,
    joined,
    mercenaries,
    obj,
    plural,
    split_company,
    whose,
)


def intervention_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    seat, former, result = data["seat"], data["from"], data["result"]
    who = subject(seat, me, names)
    name = company_name(data["company"])
    loser = obj(former, me, names) if former >= 0 else "its owner"
    tone: Tone = "alarm" if former == me else ""
    if result == UNOWNED:
        return line(
            f"{who} {does(seat, me, 'forces')} {loser} to divest {name}: it is unowned "
            f"({loser} {'get' if former == me else 'gets'} {ECONOMY.divest_compensation}).",
            tone=tone,
        )
    if result == NATIONALIZED:
        return line(f"{who} {does(seat, me, 'nationalizes')} {name}, taking it from {loser}.", tone=tone)
    if result == SYNDICALIZED:
        return line(
            f"{who} {does(seat, me, 'syndicalizes')} {name}, taking it from {loser} "
            f"({loser} {'get' if former == me else 'gets'} {ECONOMY.syndicalize_compensation}).",
            tone=tone,
        )
    return line(f"{who} {does(seat, me, 'takes')} {name} from {loser} (Kleptocracy: theft).", tone=tone)


def target_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    seat, card, target = data["seat"], data["card"], data["target"]
    who = subject(seat, me, names)
    event = EVENTS.get(card)
    effect = event.effect if event is not None else ""
    head = f"{event_name(card)}: "
    if effect == "payout":
        return line(f"{head}{who} {does(seat, me, 'chooses')} {industry_name(target)} to pay out now.")
    if effect in ("auction", "election"):
        return line(f"{head}{who} {does(seat, me, 'chooses')} {country_name(target)}.")
    if effect == "wikisyndicalism":
        return line(f"{head}{country_name(target)} becomes a Wikisyndicalism.", tone="special")
    if effect == "government" and event is not None:
        to = government_name(GOVERNMENT_CODES[event.to_government])
        return line(f"{head}{country_name(target)} becomes a {to}.", tone="special")
    name = company_name(target)
    amount = event.amount if event is not None else 0
    if effect == "syndicalize":
        return line(f"{head}{name} is Syndicalized; a former owner is paid {amount}.", tone="special")
    if effect == "privatize":
        return line(f"{head}{name} is privatized: it is unowned again.", tone="special")
    if effect == "breakup":
        return line(f"{head}{name} is broken up: it is unowned, its owner is paid {amount}.", tone="special")
    return line(f"{head}{who} {does(seat, me, 'chooses')} {target}.")


def effect_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    seat, card = data["seat"], data["card"]
    event = EVENTS.get(card)
    effect = event.effect if event is not None else ""
    head = f"{event_name(card)}: "
    if effect == "clone_soldiers":
        return line(f"{head}from now on Biotech companies give mercenaries as Defense companies do.")
    if effect == "open_place" and event is not None:
        place = COUNTRIES.get(event.place)
        built = [company_name(f"{i}.{event.place}") for i in (place.industries if place else ())]
        return line(f"{head}{joined(built)} is built and may now be bought.", tone="special")
    if effect == "mercenaries" and event is not None:
        gains = does(seat, me, "gains")
        return line(f"{head}{subject(seat, me, names)} {gains} {mercenaries(event.amount)}.")
    return line(f"{head}{event_effect(card)}")


def card_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    seat, card = data["seat"], data["card"]
    who = subject(seat, me, names)
    played = f"{who} {does(seat, me, 'plays')} {event_name(card)}"
    if "cancels" not in data:
        return line(f"{played}.", tone="special")
    event = EVENTS.get(card)
    if data["cancels"]:
        other = next(
            (
                e.name
                for e in DATA.events
                if e.effect == "competitors" and event and e.amount * event.amount < 0
            ),
            "",
        )
        return line(f"{played}: it cancels {other or 'the card before'}.", tone="special")
    amount = event.amount if event is not None else 0
    change = "one more competitor" if amount > 0 else "one competitor fewer"
    return line(f"{played}: {change} in this payout.", tone="special")


def war_result_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    attacker, defender = data["attacker"], data["defender"]
    country = country_name(data["country"])
    who = subject(attacker, me, names)
    score = f"{data['attack']} against {data['defence']}"
    if data["won"]:
        taken = f" from {obj(defender, me, names)}" if defender >= 0 else ""
        takes = does(attacker, me, "takes")
        said = f"{who} {does(attacker, me, 'wins')} the war over {country} ({score}) and {takes} it{taken}."
    elif defender >= 0:
        keeps = f"{subject(defender, me, names)} {does(defender, me, 'keeps')} it"
        said = f"{who} {does(attacker, me, 'loses')} the war over {country} ({score}): {keeps}."
    else:
        said = f"{who} {does(attacker, me, 'loses')} the war over {country} ({score}): {country} holds."
    losses = []
    if data["attacker_lost"]:
        lost = mercenaries(data["attacker_lost"])
        losses.append(f"{subject(attacker, me, names)} {does(attacker, me, 'loses')} {lost}")
    if data["defender_lost"]:
        side = subject(defender, me, names) if defender >= 0 else f"{country}'s helpers"
        lose = does(defender, me, "loses") if defender >= 0 else "lose"
        losses.append(f"{side} {lose} {mercenaries(data['defender_lost'])}")
    tail = f"  {'; '.join(losses)}." if losses else ""
    tone: Tone = "alarm" if me in (attacker, defender) and data["won"] != (me == attacker) else "strong"
    return line(said + tail, tone=tone)


def bids_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    country = country_name(data["country"])
    bids = list(data["bids"])
    shown = ", ".join(f"{obj(s, me, names)} {b}" for s, b in enumerate(bids))
    top = max(bids) if bids else 0
    if top == 0:
        return line(f"Nobody bid for {country} ({shown}): it stays as it was.")
    winner = data["winner"]
    if winner < 0:
        return line(f"Bids for {country}: {shown}. A tie at {top}: {country} becomes unowned.", tone="strong")
    won = f"{subject(winner, me, names)} {does(winner, me, 'wins')} it and {does(winner, me, 'pays')} {top}"
    return line(f"Bids for {country}: {shown}. {won}.", tone="strong")


def candidate(voter: int, chosen: int, me: int | None, names: Names) -> str:
    if chosen == voter:
        return "yourself" if voter == me else "themselves"
    return obj(chosen, me, names)


def votes_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    country = country_name(data["country"])
    tally = list(data["tally"])
    ballots = [
        f"{obj(s, me, names)} for {candidate(s, c, me, names)}" for s, c in enumerate(data["votes"]) if c >= 0
    ]
    if not any(tally):
        return line(f"No vote was cast in {country}: it stays as it was.")
    counts = ", ".join(f"{obj(s, me, names)} {plural(v, 'vote')}" for s, v in enumerate(tally) if v)
    owner = data["owner"]
    ends = (
        f"{subject(owner, me, names)} {does(owner, me, 'controls')} {country}"
        if owner >= 0
        else f"A tie: {country} becomes unowned"
    )
    return line(f"Election in {country}: {counts} ({'; '.join(ballots)}). {ends}.", tone="strong")


def offer_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    return line(f"{offers.offer_said(data, me, names)}.", tone="strong" if data["to"] == me else "")


def over_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    money = list(data["money"])
    winners = list(data["winners"])
    best = money[winners[0]] if winners else 0
    who = " and ".join(obj(w, me, names) for w in winners)
    who = who[:1].upper() + who[1:]
    others = ", ".join(f"{obj(s, me, names)} {m}" for s, m in enumerate(money) if s not in winners)
    won = "share the win" if len(winners) > 1 else "win" if winners == [me] else "wins"
    rest = f" ({others})" if others else ""
    return line(f"The game is over: {who} {won} with {best}{rest}.", tone="strong")


def setup_line(data: Mapping[str, Any], me: int | None, names: Names) -> Line:
    """The opening of a game: its corporations, the Active Player and the countries held at the start."""
    corps = [corporation_name(c) for c in data["corporations"]]
    active = data["active"]
    said = f"The game begins with {plural(len(corps), 'corporation')}: {joined(corps)}."
    if isinstance(active, int) and active >= 0:
        said += f" {subject(active, me, names)} {does(active, me, 'holds')} the Active Player card."
    holders: dict[int, list[str]] = {}
    for code, seat in data.get("countries", {}).items():
        holders.setdefault(seat, []).append(country_name(code))
    held = [f"{obj(s, me, names)} {does(s, me, 'controls')} {joined(c)}" for s, c in sorted(holders.items())]
    if held:
        said += f" At the start, {'; '.join(held)}."
    return line(said, tone="strong")


# the public events worded by a function of their own
LINES: dict[str, Callable[[Mapping[str, Any], int | None, Names], Line]] = {
    "setup": setup_line,
    "event": card_line,
    "effect": effect_line,
    "target": target_line,
    "intervene": intervention_line,
    "war-result": war_result_line,
    "bids": bids_line,
    "votes": votes_line,
    "offer": offer_line,
    "game-over": over_line,
}


def describe_event(kind: str, data: Mapping[str, Any], me: int | None, names: Names = None) -> Line | None:
    seat, who = actor(data, me, names)

    def act(word: str) -> str:
        return f"{who} {does(seat, me, word)}"

    if kind in offers.KINDS:  # offers made at any time (R-MC33)
        return offers.describe(kind, data, me, names)
    # private events: only for the seats that may see them
    if kind == "drew":
        return (
            line(f"You drew {event_name(data['card'])}: {event_text(data['card'])}", tone="special")
            if seat == me
            else None
        )
    if kind == "my-bid":
        return line(f"Your secret bid: {data['bid']}.") if seat == me else None
    if kind == "my-vote":
        if seat != me:
            return None
        vote = data["vote"]
        return (
            line("You abstain (secret).")
            if vote < 0
            else line(f"Your secret vote: for {'yourself' if vote == me else seat_name(names, vote)}.")
        )
    if kind == "offer-cards":
        if me not in (seat, data["to"]):
            return None
        cards = [event_name(c) for c in data["give"] if c in EVENTS]
        if seat == me:
            return line(f"The event cards you offer {seat_name(names, data['to'])}: {joined(cards)}.")
        return line(f"The event cards {seat_name(names, seat)} offers you: {joined(cards)}.")
    # public events
    if kind in LINES:
        return LINES[kind](data, me, names)
    if kind == "start-cards":
        count = data["count"]
        return line(f"{act('starts')} with {plural(count, 'event card') if count else 'no event card'}.")
    if kind == "take":
        return line(f"{act('takes')} {company_name(data['company'])} (set-up).")
    if kind == "round":
        active = data["active"]
        left = data["deck"]
        deck = (
            "the deck is empty: this is the final round"
            if left == 0
            else f"{plural(left, 'event card')} left in the deck"
        )
        holds = f"{subject(active, me, names)} {does(active, me, 'holds')}"
        return line(f"Round {data['round']}: {holds} the Active Player card ({deck}).", tone="strong")
    if kind == "draw":
        return line(f"{act('draws')} an event card.")
    if kind == "ask-permission":
        owner = data["owner"]
        ruler = "you control" if owner == me else f"{seat_name(names, owner)} controls"
        country = country_name(split_company(data["company"])[1])
        wanted = company_name(data["company"])
        return line(f"{act('wants')} to buy {wanted}: {ruler} {country} and may veto it (antitrust).")
    if kind == "permission":
        verb = "allows" if data["allowed"] else "vetoes"
        return line(
            f"{act(verb)} the purchase of {company_name(data['company'])}.",
            tone="" if data["allowed"] else "bad",
        )
    if kind == "buy":
        return line(f"{act('buys')} {company_name(data['company'])} for {data['price']}.")
    if kind == "pass":
        return line(f"{act('passes')}.", tone="quiet")
    if kind == "payout-called":
        industry = industry_name(data["industry"])
        if data["action"]:
            return line(
                f"{act('calls')} a payout of {industry} (and {does(seat, me, 'takes')} the Paid card)."
            )
        return line(f"{industry} is about to pay out.")
    if kind in ("payout", "final-payout"):
        industry = industry_name(data["industry"])
        paid = earnings(data["paid"], me, names)
        if kind == "final-payout":
            return line(f"Final payout of {industry}: {paid}.")
        modifier = data["modifier"]
        change = f" {'+' if modifier > 0 else ''}{modifier} by event card," if modifier else ""
        count = plural(data["competitors"], "competitor")
        return line(
            f"{industry} pays out ({count},{change} {data['rate']} a company): {paid}.", tone="strong"
        )
    if kind == "mercs":
        own = "your" if seat == me else "its"
        return line(f"{act('buys')} mercenaries: {data['free']} free from {own} own companies.")
    if kind == "bank-mercs":
        if not data["count"]:
            return line(f"{act('buys')} no mercenary from the bank.", tone="quiet")
        return line(f"{act('buys')} {mercenaries(data['count'])} from the bank for {data['price']}.")
    if kind == "price":
        source = company_name(data["company"])
        price = data["price"]
        if price is None:
            return line(f"{act('refuses')} to sell a mercenary from {source}.")
        if price == 0:
            return line(f"{act('gives')} a mercenary from {source} away for free.")
        return line(f"{act('asks')} {price} for a mercenary from {source}.")
    if kind in ("paid-price", "declined-price"):
        seller = obj(data["seller"], me, names)
        if kind == "paid-price":
            return line(f"{act('pays')} {seller} {data['price']} for a mercenary.")
        return line(f"{act('declines')} {whose(data['seller'], me, names)} mercenary at {data['price']}.")
    if kind == "war":
        defender = data["defender"]
        country = country_name(data["country"])
        if defender < 0:
            return line(f"{act('launches')} a war on unowned {country}!", tone="strong")
        held = f"your {country}" if defender == me else f"{country}, held by {seat_name(names, defender)}"
        return line(f"{act('launches')} a war on {held}!", tone="alarm" if defender == me else "strong")
    if kind == "aid":
        to = data["to"]
        side = "the attacker" if data["side"] == "a" else "the defender"
        if to < 0:
            return line(f"{act('lends')} a mercenary to the unowned country's defense.")
        return line(f"{act('gives')} a mercenary to {obj(to, me, names)} ({side}).")
    if kind == "offer-mercenary":
        return line(f"{act('offers')} {obj(data['to'], me, names)} a mercenary for {data['price']}.")
    if kind == "auction":
        return line(
            f"Auction for {country_name(data['country'])}: every player with money bids in secret; "
            "the highest bid alone takes it.",
            tone="strong",
        )
    if kind == "election":
        return line(
            f"Election in {country_name(data['country'])}: each player's Media companies vote, in secret.",
            tone="strong",
        )
    if kind == "sealed":
        return line(f"{who} {does(seat, me, 'has')} decided (secret until everyone has).", tone="quiet")
    if kind == "trade":
        verb = "accepts" if data["accepted"] else "declines"
        return line(
            f"{act(verb)} {whose(data['from'], me, names)} offer.", tone="" if data["accepted"] else "quiet"
        )
    if kind == "leave":
        cards = [event_name(c) for c in data["discarded"]]
        its = "your" if seat == me else "its"
        discarded = f"; {its} event cards are discarded ({joined(cards)})" if cards else ""
        return line(
            f"{act('leaves')} the game: {its} companies and countries are unowned, {its} money is "
            f"gone{discarded}.",
            tone="strong",
        )
    return line(f"{kind}.")
