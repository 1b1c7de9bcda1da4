"""MegaCorps' actions in words, for menus and help: ``buy aer.jpn`` is ``Buy Japan's Aerospace
company for 4 (...)``, with what it would bring read from the seat's view."""

from __future__ import annotations

from typing import Any

from ...games.megacorps.actions import parse
from ..seats import Names, seat_name
from .names import (
    COUNTRIES,
    ECONOMY,
    EVENTS,
    GOVERNMENT_CODES,
    INDUSTRIES,
    NATIONALIZED,
    SYNDICALIZED,
    UNBUILT,
    UNOWNED,
    View,
    companies_of,
    company_name,
    competitors,
    country_name,
    defence_of,
    earnings,
    euros,
    event_effect,
    event_name,
    force_of,
    government_name,
    industry_name,
    items_words,
    joined,
    mercenaries,
    mercenary_industries,
    obj,
    owner_words,
    payout_amounts,
    plural,
    rate,
    split_company,
)

# an intervention by the government of the company's country (any other: Wikisyndicalism's)
INTERVENTIONS = {
    "democracy": "{who} must divest {name} (it becomes unowned; {who} gets {economy.divest_compensation})",
    "kleptocracy": "take {name} from {who} (Kleptocracy: theft)",
    "dictatorship": "nationalize {name}, taking it from {who} (Dictatorship)",
    "wikisyndicalism": (
        "syndicalize {name}, taking it from {who} (who gets {economy.syndicalize_compensation})"
    ),
}


def buy_label(code: str, view: View, names: Names) -> str:
    me = view["seat"]
    industry, country = split_company(code)
    notes = []
    boxes = dict(view["companies"])
    mine_before = sum(1 for c, o in boxes.items() if o == me and split_company(c)[0] == industry)
    boxes[code] = me
    after = payout_amounts(view, industry, 0, boxes)[me]
    notes.append(f"a payout of {industry_name(industry)} would then pay you {after}")
    holder = view["countries"].get(country, -1)
    if holder >= 0 and holder != me and mine_before:
        notes.append(f"{seat_name(names, holder)} controls {country_name(country)} and may veto it")
    return f"Buy {company_name(code)} for {ECONOMY.company_price} ({'; '.join(notes)})"


def intervention_label(code: str, view: View, names: Names) -> str:
    country = split_company(code)[1]
    former = int(view["companies"].get(code, UNOWNED))
    who = seat_name(names, former) if former >= 0 else "its owner"
    government = view["governments"].get(country, "")
    template = INTERVENTIONS.get(government, INTERVENTIONS["wikisyndicalism"])
    said = template.format(who=who, name=company_name(code), economy=ECONOMY)
    head = "After the war, intervene" if view["phase"] == "war-gi" else "Intervene"
    return f"{head}: {said}"


def mercs_label(view: View, names: Names) -> str:
    me = view["seat"]
    kinds = mercenary_industries(view)
    boxes = [(c, o) for c, o in view["companies"].items() if split_company(c)[0] in kinds and o != UNBUILT]
    free = sum(1 for _, o in boxes if o == me)
    bank = sum(1 for _, o in boxes if o in (UNOWNED, NATIONALIZED, SYNDICALIZED))
    price = ECONOMY.bank_mercenary_price
    if price:
        bank = min(bank, int(view["money"][me]) // price)
    sellers = sum(1 for _, o in boxes if o >= 0 and o != me)
    parts = [f"{free} free"]
    if bank:
        parts.append(f"up to {bank} from the bank at {price} each")
    if sellers == 1:
        parts.append("one from another player's company at its owner's price")
    elif sellers:
        parts.append(f"one from each of {sellers} companies of other players at their owners' prices")
    return f"Buy mercenaries: {', '.join(parts)}"


def war_label(country: str, view: View, names: Names) -> str:
    me = view["seat"]
    holder = view["countries"].get(country, -1)
    attack = force_of(view, me) + int(view["mercs"][me])
    defence = defence_of(view, country)
    held = f"{seat_name(names, holder)}'s" if holder >= 0 else "unowned"
    odds = "you would win as it stands" if attack > defence else "you would lose as it stands"
    return f"Launch a war on {country_name(country)} ({held}): your {attack} against {defence}; {odds}"


def target_label(code: str, view: View, names: Names) -> str:
    discard = view.get("discard") or []
    card = discard[-1] if discard else ""
    event = EVENTS.get(card)
    effect = event.effect if event is not None else ""
    me = view["seat"]
    if code in INDUSTRIES:
        amounts = payout_amounts(view, code)
        return f"{industry_name(code)} pays out now: {earnings(amounts, me, names)}"
    if code in COUNTRIES:
        name = country_name(code)
        holder = owner_words(int(view["countries"].get(code, UNOWNED)), me, names)
        now = f"{government_name(view['governments'].get(code, ''))}, {holder}"
        if effect == "auction":
            return f"Auction {name} ({now}): every player bids in secret"
        if effect == "election":
            votes = len([c for c, o in companies_of(view, "med") if o == me])
            return f"Hold an election in {name} ({now}; you have {plural(votes, 'Media vote')})"
        if effect == "wikisyndicalism":
            return f"{name} becomes a Wikisyndicalism ({now})"
        if event is not None and event.to_government >= 0:
            return f"{name} becomes a {government_name(GOVERNMENT_CODES[event.to_government])} ({now})"
        return f"Choose {name} ({now})"
    holder = owner_words(int(view["companies"].get(code, UNOWNED)), me, names)
    name = company_name(code)
    if effect == "syndicalize":
        former = int(view["companies"].get(code, UNOWNED))
        paid = f"; {obj(former, me, names)} paid {event.amount if event else 0}" if former >= 0 else ""
        return f"Syndicalize {name} ({holder}{paid})"
    if effect == "privatize":
        return f"Privatize {name}: it becomes unowned"
    if effect == "breakup":
        amount = event.amount if event else 0
        return f"Break up {name} ({holder}): it becomes unowned, its owner is paid {amount}"
    return f"Choose {name} ({holder})"


def respond_label(card: str, view: View, names: Names) -> str:
    """What the payout would pay with the card played: you first, then each other seat paid either
    way (the preview of Oversupply and Shortages, issue 29)."""
    decision = view.get("decision") or {}
    industry = str(decision.get("industry", ""))
    event = EVENTS.get(card)
    modifier = int(decision.get("modifier", 0))
    amount = event.amount if event is not None else 0
    modifier = 0 if modifier and (modifier > 0) != (amount > 0) else amount
    cancels = " (cancels the card just played)" if modifier == 0 else ""
    amounts = payout_amounts(view, industry, modifier)
    me = view["seat"]
    now = list(decision.get("paid") or [0] * len(amounts))
    left = view.get("left") or [False] * len(amounts)
    others = [
        f"{seat_name(names, s)} {a} (now {now[s]})"
        for s, a in enumerate(amounts)
        if s != me and not left[s] and (a or now[s])
    ]
    return (
        f"Play {event_name(card)}{cancels}: {industry_name(industry)} would pay you {amounts[me]} "
        f"(now {now[me]}){''.join(f', {o}' for o in others)}"
    )


def take_label(code: str, view: View, names: Names) -> str:
    """A draft pick and its prospects: what a payout of the company's industry would pay each seat
    once the company is yours, and what it pays you now (issue 29)."""
    me = view["seat"]
    industry = split_company(code)[0]
    boxes = dict(view["companies"])
    now = payout_amounts(view, industry)[me]
    boxes[code] = me
    after = payout_amounts(view, industry, 0, boxes)
    picks = plural(int(view.get("draft_left", 0)), "pick")
    return (
        f"Take {company_name(code)} as a starting company ({picks} left): a payout of "
        f"{industry_name(industry)} would then pay {earnings(after, me, names)} (you {now} now)"
    )


def compose_label(action: Any, view: View, names: Names) -> str:
    decision = view.get("decision") or {}
    to = int(decision.get("to", -1))
    other = seat_name(names, to)
    giving = action.kind == "give"
    items = list(decision.get("give" if giving else "ask") or [])
    if action.num >= 0:
        total = sum(int(i) for i in items if i.isdigit()) + action.num
        return (
            f"Give {euros(action.num)} ({total} in all)"
            if giving
            else f"Ask {other} for {euros(action.num)} ({total} in all)"
        )
    arg = action.arg
    if arg == "merc":
        return "Give one of your mercenaries" if giving else f"Ask {other} for a mercenary"
    if arg in COUNTRIES:
        c = COUNTRIES[arg]
        what = f"control of {c.name} (Defense {c.defense}, Force {c.force})"
        return f"Give {what}" if giving else f"Ask {other} for {what}"
    if arg in EVENTS:
        return f"Give your {event_name(arg)} card"
    return f"Give {company_name(arg)}" if giving else f"Ask {other} for {company_name(arg)}"


def describe_action(text: str, view: View, names: Names = None) -> str:
    action = parse(text)
    if action is None:
        return text
    me = view["seat"]
    kind, arg, num = action.kind, action.arg, action.num
    phase = view["phase"]
    decision = view.get("decision") or {}
    if kind == "take":
        return take_label(arg, view, names)
    if kind == "play":
        if phase == "respond":
            return respond_label(arg, view, names)
        return f"Play {event_name(arg)}: {event_effect(arg)}"
    if kind == "offer":
        left = plural(int(view.get("offers_left", 0)), "offer")
        return f"Make a trade offer to {seat_name(names, num)} (seat {num}; {left} left this turn)"
    if kind == "buy":
        return buy_label(arg, view, names)
    if kind == "payout":
        amounts = payout_amounts(view, arg)
        count = competitors(view, arg)
        return (
            f"Pay out {industry_name(arg)}: {earnings(amounts, me, names)} "
            f"({plural(count, 'competitor')}, {rate(count)} a company); you take the Paid card"
        )
    if kind == "intervene":
        return intervention_label(arg, view, names)
    if kind == "mercs":
        return mercs_label(view, names)
    if kind == "war":
        return war_label(arg, view, names)
    if kind == "pass":
        return {
            "rebuy": "Buy nothing after the veto (pass)",
            "war-gi": "Do not intervene",
            "respond": "Play no card: let it pay out",
        }.get(phase, "Pass: take no Action")
    if kind == "target":
        return target_label(arg, view, names)
    if kind in ("allow", "veto"):
        buyer = seat_name(names, int(decision.get("buyer", -1)))
        company = company_name(str(decision.get("company", "")))
        if kind == "allow":
            return f"Allow {buyer} to buy {company}"
        return f"Veto {buyer}'s purchase of {company} (antitrust)"
    if kind == "bank":
        if num == 0:
            return "Buy no mercenary from the bank"
        return f"Buy {mercenaries(num)} from the bank for {num * ECONOMY.bank_mercenary_price}"
    if kind == "price":
        buyer = seat_name(names, int(decision.get("buyer", -1)))
        source = company_name(str(decision.get("company", "")))
        if num == 0:
            return f"Give {buyer} a mercenary from your {source} for free"
        return f"Offer {buyer} a mercenary from your {source} for {num}"
    if kind == "refuse":
        return f"Refuse to sell {seat_name(names, int(decision.get('buyer', -1)))} a mercenary"
    if kind in ("pay", "decline") and phase in ("pay", "sale"):
        seller = seat_name(names, int(decision.get("seller", -1)))
        price = decision.get("price", 0)
        if kind == "pay":
            return f"Pay {seller} {price} for a mercenary" + (" in this war" if phase == "sale" else "")
        return f"Decline {seller}'s mercenary at {price}"
    if kind in ("accept", "decline"):
        offerer = seat_name(names, int(decision.get("from", -1)))
        if kind == "decline":
            return f"Decline {offerer}'s offer"
        get, give = items_words(decision.get("give") or []), items_words(decision.get("ask") or [])
        return f"Accept {offerer}'s offer: you get {joined(get)}; you give {joined(give)}"
    if kind in ("aid", "sell"):
        attack, defence = int(decision.get("attack", 0)), int(decision.get("defence", 0))
        country = country_name(str(decision.get("country", "")))
        if arg == "a":
            receiver = f"{seat_name(names, int(decision.get('attacker', -1)))} (the attacker)"
            attack += kind == "aid"
        elif int(decision.get("defender", -1)) >= 0:
            receiver = f"{seat_name(names, int(decision['defender']))} (defending {country})"
            defence += kind == "aid"
        else:
            receiver = f"the defense of unowned {country}"
            defence += 1
        if kind == "sell":
            return f"Offer one mercenary to {receiver} for {num}"
        verb = "Lend" if receiver.startswith("the defense") else "Give"
        return f"{verb} one mercenary to {receiver} ({attack} against {defence} then)"
    if kind == "done":
        return "Stay out of the war: give or sell nothing (more) in this lap"
    if kind == "bid":
        country = country_name(str(decision.get("country", "")))
        return f"Bid nothing for {country}" if num == 0 else f"Bid {num} for {country} (secret)"
    if kind in ("vote", "abstain"):
        country = country_name(str(decision.get("country", "")))
        votes = plural(len([c for c, o in companies_of(view, "med") if o == me]), "Media vote")
        if kind == "abstain":
            return f"Abstain in {country}'s election"
        who = "yourself" if num == me else seat_name(names, num)
        return f"Vote for {who} in {country}'s election (your {votes}, secret)"
    if kind in ("give", "ask"):
        return compose_label(action, view, names)
    if kind == "send":
        to = seat_name(names, int(decision.get("to", -1)))
        give, ask = items_words(decision.get("give") or []), items_words(decision.get("ask") or [])
        return f"Send the offer to {to}: you give {joined(give)}; you ask for {joined(ask)}"
    if kind == "drop":
        return "Drop this offer (it still counts as one of your offers this turn)"
    if kind == "leave":
        return "Leave the game for good (your companies, countries, cards and money are lost)"
    return text
