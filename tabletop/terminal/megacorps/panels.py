"""The parts of MegaCorps' screen, each drawn from one seat's view: the header, the board (industries
by countries), the players, your event cards and the decision in progress."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ...words.megacorps import (
    COUNTRIES,
    DATA,
    competitors,
    country_name,
    event_effect,
    event_name,
    industry_name,
    items_words,
    joined,
    mercenaries,
    plural,
    rate,
)
from ...words.megacorps import company_name as company
from ...words.megacorps.asked import everyone_asked
from ...words.seats import seat_name as name
from ..style import DIM, YOU

View = Mapping[str, Any]
SEAT_STYLES = ("cyan", "yellow", "magenta", "bright_blue", "red", "bright_white")
GOVERNMENT = {"democracy": "Dem", "dictatorship": "Dict", "kleptocracy": "Klep", "wikisyndicalism": "Wiki"}
MARKS = {-1: ("·", DIM), -2: ("Nat", "red"), -3: ("Syn", "magenta"), -4: ("n/b", DIM)}
PHASES = {
    "draft": "take a starting company",
    "turn": "event cards and offers, then one Action",
    "target": "choose the event card's target",
    "veto": "allow or veto a purchase",
    "rebuy": "buy another company or pass",
    "bank": "buy mercenaries from the bank",
    "price": "name a price for a mercenary",
    "pay": "pay for a mercenary or decline",
    "donate": "give or sell mercenaries to the war",
    "sale": "pay for a mercenary or decline",
    "war-gi": "intervene after the war",
    "bid": "sealed bids",
    "vote": "sealed votes",
    "respond": "play Oversupply or Shortages, or not",
    "compose": "put a trade offer together",
    "answer": "accept or decline an offer",
}


def seat_style(seat: int, me: int | None) -> str:
    return YOU if seat == me else f"bold {SEAT_STYLES[seat % len(SEAT_STYLES)]}"


def corporation_of(view: View, seat: int) -> str:
    code = view["corporations"][seat]
    return next((c.name for c in DATA.corporations if c.code == code), code)


def initials(view: View) -> list[str]:
    """Three letters per seat, from its corporation's name (``Glo``; ``Mou`` for The Mouse)."""
    found: list[str] = []
    for seat in range(len(view["corporations"])):
        short = corporation_of(view, seat).removeprefix("The ")[:3]
        found.append(short if short not in found else f"{short[:2]}{seat}")
    return found


def seat_mark(view: View, seat: int) -> Text:
    return Text(initials(view)[seat], style=seat_style(seat, view["seat"]))


def header(view: View, labels: Sequence[str]) -> Text:
    me = view["seat"]
    head = Text("MEGACORPS", style="bold magenta")
    head.append(f"   Round {view['round']}   ")
    deck = view["deck"]
    head.append(f"Deck {plural(deck, 'event card')}" if deck else "Deck empty: final round", style="bold")
    if view.get("clones"):
        head.append("   Clone Soldiers in play", style="magenta")
    if view.get("payout_done"):
        head.append("   (a payout Action was taken this round)", style=DIM)
    phase = view["phase"]
    if phase == "over":
        head.append("   game over", style="bold")
    elif view["to_act"]:
        asked = ", ".join("you" if s == me else name(labels, s) for s in view["to_act"])
        head.append(f"   ▶ {asked}: {PHASES.get(phase, phase)}", style="bold")
    return head


def owner_cell(view: View, value: int | None) -> Text:
    if value is None:
        return Text("")
    if value >= 0:
        return seat_mark(view, value)
    mark, style = MARKS.get(value, ("?", ""))
    return Text(mark, style=style)


def industries_of(view: View) -> list[str]:
    """The industries' codes in board order (the view's companies are listed by industry)."""
    return list(dict.fromkeys(code.partition(".")[0] for code in view["companies"]))


def board_table(view: View) -> Table:
    """Industries (columns, by code) by countries (rows): who owns each company box, who controls
    each country, its government and its Defense/Force.  Rows and columns are the view's, so that
    a designer's board shows whole; names and numbers come from the packaged data."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 0), pad_edge=False, show_edge=False)
    table.add_column("Country", no_wrap=True, overflow="ellipsis", max_width=18)
    table.add_column("Own", justify="center", min_width=3, no_wrap=True)
    table.add_column("Gov", min_width=4, no_wrap=True)
    table.add_column("D/F", justify="right", min_width=3, no_wrap=True)
    industries = industries_of(view)
    for industry in industries:
        table.add_column(industry, justify="center", min_width=3, no_wrap=True)
    companies = view["companies"]
    for code, government in view["governments"].items():
        holder = view["countries"].get(code)
        if holder is None:
            owner = Text("")
        else:
            owner = seat_mark(view, holder) if holder >= 0 else Text("—", style=DIM)
        printed = COUNTRIES.get(code)
        strength = f"{printed.defense}/{printed.force}" if printed and holder is not None else ""
        row: list[RenderableType] = [
            Text.assemble((f"{code:<3} ", DIM), country_name(code)),
            owner,
            Text(GOVERNMENT.get(government, "Ind."), style="bold" if government == "wikisyndicalism" else ""),
            strength,
        ]
        for industry in industries:
            row.append(owner_cell(view, companies.get(f"{industry}.{code}")))
        table.add_row(*row)
    return table


def board_legend(view: View) -> Text:
    names = [f"{code} {industry_name(code)}" for code in industries_of(view)]
    half = (len(names) + 1) // 2
    legend = Text(" · ".join(names[:half]) + "\n" + " · ".join(names[half:]), style=DIM)
    legend.append(
        "\n· unowned  Nat Nationalized  Syn Syndicalized  n/b not built yet  — no owner  D/F Defense/Force"
        "\nGovernments: Dem Democracy, Dict Dictatorship, Klep Kleptocracy, Wiki Wikisyndicalism, "
        "Ind. independent"
    )
    return legend


def players_table(view: View, labels: Sequence[str]) -> Table:
    me = view["seat"]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, pad_edge=False, show_edge=False)
    for heading, justify in (
        ("", "left"),
        ("#", "right"),
        ("Corporation", "left"),
        ("", "left"),
        ("Money", "right"),
        ("Mercs", "right"),
        ("Cards", "right"),
        ("Countries", "right"),
        ("Companies", "right"),
        ("Holds", "left"),
    ):
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    countries = list(view["countries"].values())
    owners = list(view["companies"].values())
    for seat in range(view["players"]):
        label = Text(corporation_of(view, seat), style=seat_style(seat, me))
        if seat == me:
            label.append(" (you)", style=YOU)
        holds = []
        if seat == view["active"]:
            holds.append("Active")
        if seat == view["paid"]:
            holds.append("Paid")
        if view["left"][seat]:
            holds = ["left the game"]
        table.add_row(
            Text("▶", style="bold green") if seat in view["to_act"] else "",
            str(seat),
            label,
            seat_mark(view, seat),
            Text(str(view["money"][seat]), style="bold"),
            str(view["mercs"][seat]),
            str(view["cards"][seat]),
            str(countries.count(seat)),
            str(owners.count(seat)),
            Text(", ".join(holds), style="bold" if holds else DIM),
        )
    return table


def cards_lines(view: View, labels: Sequence[str]) -> list[RenderableType]:
    """Your event cards with their texts, and the cards you know others hold."""
    hand = view.get("hand")
    if hand is None:
        return []
    out: list[RenderableType] = [Text("Your event cards: ", style="bold")]
    if not hand:
        out.append(Text("  none", style=DIM))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for code in sorted(hand):
        grid.add_row(
            Text.assemble("  • ", (event_name(code), "bold magenta"), (f" {code}", DIM)), event_effect(code)
        )
    if hand:
        out.append(grid)
    for holder, code in view.get("known") or []:
        out.append(Text(f"  You have seen {name(labels, holder)} holding {event_name(code)}.", style=DIM))
    return out


def war_lines(view: View, labels: Sequence[str], decision: Mapping[str, Any]) -> list[Text]:
    me = view["seat"]
    attacker, defender = int(decision["attacker"]), int(decision["defender"])
    country = str(decision["country"])
    force = int(decision["attack"]) - int(view["mercs"][attacker])
    head = Text(f"War over {country_name(country)}: ", style="bold red")
    head.append(f"{name(labels, attacker)} attacks with {decision['attack']} ")
    head.append(f"(Force {force} + {mercenaries(int(view['mercs'][attacker]))})", style=DIM)
    held = (
        f"{name(labels, defender)} defends" if defender >= 0 else f"unowned {country_name(country)} defends"
    )
    helpers = int(view["mercs"][defender]) if defender >= 0 else int(decision["lent"])
    head.append(f" against {decision['defence']}: {held} ")
    head.append(f"(Defense {int(decision['defence']) - helpers} + {mercenaries(helpers)})", style=DIM)
    lines = [head]
    phase = view["phase"]
    if phase == "war-gi":
        winner = view["to_act"][0] if view["to_act"] else -1
        loser = defender if winner == attacker else attacker
        who = "You" if winner == me else name(labels, winner)
        lines.append(Text(f"{who} won and may intervene against a company of {name(labels, loser)}'s there."))
    else:
        tie = "the attacker needs more than the defense; a tie holds"
        window = f"Donation window, lap {decision['lap']}: players outside the war give or sell mercenaries"
        lines.append(Text(f"{window} ({tie}).", style=DIM))
    if phase == "sale":
        seller = name(labels, int(decision["seller"]))
        buyer = attacker if decision["side"] == "a" else defender
        lines.append(
            Text(f"{seller} offers {name(labels, buyer)} a mercenary for {decision['price']}.", style="bold")
        )
    return lines


def payout_lines(view: View, labels: Sequence[str], decision: Mapping[str, Any]) -> list[Text]:
    industry = str(decision["industry"])
    modifier = int(decision["modifier"])
    count = competitors(view, industry)
    head = Text(f"{industry_name(industry)} is about to pay out: ", style="bold yellow")
    changed = f" {'+' if modifier > 0 else ''}{modifier} by event card" if modifier else ""
    head.append(f"{plural(count, 'competitor')}{changed}, {rate(count, modifier)} a company.")
    me = view["seat"]
    paid = [f"{'you' if s == me else name(labels, s)} {a}" for s, a in enumerate(decision["paid"]) if a]
    lines = [head, Text(f"It would pay: {', '.join(paid) or 'nobody'}.")]
    lines.append(Text(everyone_asked("respond"), style=DIM))  # and why everyone is asked
    return lines


def sealed_lines(view: View, labels: Sequence[str], decision: Mapping[str, Any]) -> list[Text]:
    me = view["seat"]
    country = country_name(str(decision["country"]))
    bidding = view["phase"] == "bid"
    what = f"Auction for {country}: sealed bids" if bidding else f"Election in {country}: sealed votes"
    head = Text(what, style="bold yellow")
    if not bidding:
        media = [o for c, o in view["companies"].items() if c.startswith("med.") and o >= 0]
        votes = [f"{'you' if s == me else name(labels, s)} {media.count(s)}" for s in sorted(set(media))]
        head.append(f" (Media votes: {', '.join(votes) or 'none'})")
    decided = [("you" if s == me else name(labels, s)) for s in decision.get("decided", [])]
    waiting = [("you" if s == me else name(labels, s)) for s in view["to_act"]]
    said = joined(decided) if decided else "nobody yet"
    lines = [head, Text(f"Decided (secret): {said}; waiting for: {joined(waiting)}.")]
    if "mine" in decision:
        mine = int(decision["mine"])
        said = (
            f"your bid: {mine}"
            if bidding
            else "you abstain"
            if mine < 0
            else f"your vote: {name(labels, mine)}"
        )
        lines.append(Text(f"Yours: {said}.", style=YOU))
    return lines


def decision_lines(view: View, labels: Sequence[str]) -> list[Text]:
    """The decision in progress, in words."""
    me = view["seat"]
    phase = view["phase"]
    decision: Mapping[str, Any] = view.get("decision") or {}
    turn = view["turn"]
    whose = "Your" if turn == me else f"{name(labels, turn)}'s"
    if phase == "over":
        return [Text("The game is over.", style="bold")]
    if phase == "draft":
        return [
            Text(f"Set-up: each player takes starting companies in turn; {view['draft_left']} picks left.")
        ]
    if phase in ("donate", "sale", "war-gi"):
        return war_lines(view, labels, decision)
    if phase == "respond":
        return payout_lines(view, labels, decision)
    if phase in ("bid", "vote"):
        return sealed_lines(view, labels, decision)
    if phase in ("compose", "answer"):
        sender, to = int(decision["from"]), int(decision["to"])
        head = Text(f"{whose} offer to {'you' if to == me else name(labels, to)}", style="bold cyan")
        if "give" not in decision:
            return [head.append(" is being put together.", style="")]
        give, ask = items_words(decision["give"]), items_words(decision["ask"])
        limit = DATA.economy.trade_items
        lines = [head, Text(f"  {'You give' if sender == me else 'Gives'}: {joined(give)}")]
        lines.append(Text(f"  {'You ask for' if sender == me else 'Asks for'}: {joined(ask)}"))
        if phase == "compose":
            lines.append(
                Text(f"  {len(decision['give']) + len(decision['ask'])} of {limit} items", style=DIM)
            )
        return lines
    if phase in ("veto", "price"):
        buyer = "You" if decision.get("buyer") == me else name(labels, int(decision.get("buyer", -1)))
        wanted = company(str(decision["company"]))
        if phase == "veto":
            return [Text(f"{buyer} wants to buy {wanted}: antitrust, the country's owner may veto it.")]
        return [Text(f"{buyer} buys mercenaries: the owner of {wanted} may sell one.")]
    if phase == "pay":
        return [Text(f"{name(labels, int(decision['seller']))} asks {decision['price']} for a mercenary.")]
    if phase == "target":
        card = (view.get("discard") or [""])[-1]
        return [Text(f"{whose} {event_name(card)}: {event_effect(card)}")]
    if phase == "rebuy":
        return [Text(f"{whose} purchase was vetoed: buy another company or pass (no other Action).")]
    if phase == "bank":
        return [Text(f"{whose} mercenaries: more from the bank at {DATA.economy.bank_mercenary_price} each.")]
    offers = plural(int(view.get("offers_left", 0)), "trade offer")
    return [
        Text(f"{whose} turn: event cards and up to {offers} first (neither is an Action), then one Action.")
    ]


def final_table(view: View, labels: Sequence[str]) -> Table:
    me = view["seat"]
    table = Table(box=box.ROUNDED, title="Final ranking", title_style="bold", title_justify="left")
    for heading in ("Place", "Corporation", "Money", "Companies", "Countries"):
        table.add_column(heading, justify="left" if heading in ("Place", "Corporation") else "right")
    money = [-1 if gone else m for m, gone in zip(view["money"], view["left"], strict=True)]
    places = [1 + sum(other > mine for other in money) for mine in money]
    owners = list(view["companies"].values())
    countries = list(view["countries"].values())
    for seat in sorted(range(view["players"]), key=lambda s: (places[s], s)):
        place = "left" if view["left"][seat] else f"{places[seat]}."
        label = Text(corporation_of(view, seat), style=seat_style(seat, me))
        if seat == me:
            label.append(" (you)")
        table.add_row(
            Text(place, style="bold yellow" if seat in view["winners"] else ""),
            label,
            str(view["money"][seat]),
            str(owners.count(seat)),
            str(countries.count(seat)),
        )
    return table
