"""MegaCorps on the terminal: the board (industries by countries), the players, your event cards,
the decision in progress, the log and the choices in menus, drawn from one seat's view
(``state.view(seat)`` with its ``legal`` actions added), never from the state.

The screen module's parts: panels.py draws, menus.py groups the choices and reads the answers.
``MENUS`` and ``LEAVE`` tell terminal/screens.py that the choices are grouped in menus and that a
player may leave the game (the ``leave`` command, or ``q``, after a confirmation).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ...words.megacorps import DATA, seat_names
from ..frames import LogScreen, game_over, help_panel, notation_grid
from ..style import DIM
from .menus import interpret, render_menu
from .panels import (
    board_legend,
    board_table,
    cards_lines,
    decision_lines,
    final_table,
    header,
    players_table,
)

View = Mapping[str, Any]
MENUS = True
LEAVE = True

__all__ = ["LEAVE", "MENUS", "interpret", "render_final", "render_help", "render_view", "seat_labels"]


def seat_labels(view: View, labels: Sequence[str]) -> list[str]:
    """Seats by their corporations (``Globbo``); the person's own stays ``You``."""
    corporations = seat_names(view)
    me = view["seat"]
    return ["You" if seat == me else corporation for seat, corporation in enumerate(corporations)]


def render_view(
    view: View, labels: Sequence[str], log: Sequence[Text], wide: bool = True, menu: str = ""
) -> RenderableType:
    """The whole screen for one seat (``menu``: the open menu of choices, "" for the main one)."""
    top: list[RenderableType] = [header(view, labels), board_table(view)]
    if wide:
        top.append(board_legend(view))
    top += [players_table(view, labels), *cards_lines(view, labels)]
    bottom: list[RenderableType] = [*decision_lines(view, labels), *render_menu(view, labels, menu)]
    return LogScreen(top, log, bottom, "Since your last decision")


def render_final(view: View, labels: Sequence[str]) -> RenderableType:
    tables = final_table(view, labels), board_table(view)
    return game_over(view, labels, "MEGACORPS", *tables, winners=view["winners"])


def render_help() -> RenderableType:
    e = DATA.economy
    rules = Text(
        "Each round the Active Player draws an event card; then each player, from him clockwise, "
        "takes one Action: buy an unowned company (pay "
        f"{e.company_price}; antitrust: the owner of its country may veto it if you already own a "
        "company of that industry), pay out an industry (not while you hold the Paid card; one per "
        "round), intervene against another player's company in a country you control (Democracy: it "
        f"becomes unowned and its owner gets {e.divest_compensation}; Kleptocracy: you take it; "
        "Dictatorship: nationalized; Wikisyndicalism: syndicalized), buy mercenaries (one free per "
        f"Defense company you own, one per other Defense company from the bank at {e.bank_mercenary_price} "
        "or from its owner at his price), launch a war (your countries' Force and your mercenaries "
        "against the country's Defense and its owner's mercenaries; more than wins), or pass.  Event "
        "cards and trade offers come before the Action and are not Actions.  A payout pays each "
        "company by the number of competitors (unowned and Syndicalized boxes, each owning player): "
        f"{', '.join(f'{n} {p}' for n, p in enumerate(e.payout))} (5 or more).  When the deck is "
        "empty, every industry pays out a last time; the most money wins.",
    )
    notation = notation_grid(
        [
            (
                "buy aer.jpn, payout aer, intervene aer.jpn",
                "a company is industry.country (aer.jpn: Japan's Aerospace)",
            ),
            ("mercs, war jpn, pass", "buy mercenaries, attack Japan, take no Action"),
            ("play kleptocrats, offer 2", "an event card; an offer to seat 2 (neither is an Action)"),
            ("give 5, give aer.jpn, ask jpn, send, drop", "put an offer together item by item, then send it"),
            ("bid 12 / 12", "at a number prompt (bids, prices, the bank), the number alone"),
            ("allow, veto, pay, decline, accept, aid a, sell d 3", "answers to the others' decisions"),
            (
                "propose 2 5+aer.jpn/jpn, withdraw 3",
                "at any prompt: offer seat 2 5 and aer.jpn for Japan (a bot answers at once); "
                "take offer 3 back",
            ),
        ]
    )
    marks = Text(
        "Board: · unowned, Nat Nationalized, Syn Syndicalized, n/b not built yet, — a country without "
        "owner; D/F Defense/Force.  ▶ to decide.",
        style=DIM,
    )
    commands = (
        "Commands: a number, an action's text or a group's word (buy) · b back to the main list · "
        "s save · q save and stop (or leave) · leave: leave the game for good · h this help"
    )
    return help_panel(rules, notation, marks, commands=commands)
