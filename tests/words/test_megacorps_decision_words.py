"""MegaCorps' words for a newcomer's decisions (issue 29): a draft pick says what a payout of its
industry would pay each seat once taken (the rules' payout), Oversupply and Shortages say what the
payout would pay every seat paid, and the payout window, asked of every holder of an event card,
says why, in the words the table's content carries to the browser."""

from __future__ import annotations

import random

import tabletop
from tabletop.games.megacorps import rules
from tabletop.words import content, labels
from tabletop.words import megacorps as words


def test_each_draft_pick_says_what_its_industry_would_pay_once_taken() -> None:
    checked = 0
    for seed in range(4):
        game = tabletop.make("megacorps", players=3 + seed)
        state = game.new_state(seed)
        rng = random.Random(seed)
        names = words.seat_names(state.view(None))
        while state.view(None)["phase"] == "draft":
            seat = state.to_act()[0]
            view = {**state.view(seat), "legal": [str(a) for a in state.legal_actions_for(seat)]}
            said = labels("megacorps", view, names)
            board = game.board
            for text in rng.sample(view["legal"], 3):
                industry = board.company_industry[board.code_of_company[text.split()[1]]]
                world = state.clone()
                world.apply(game.parse_action(text), seat)
                after = words.earnings(rules.payout_amounts(world, industry), seat, names)
                now = rules.payout_amounts(state, industry)[seat]
                name = words.industry_name(board.industries[industry].code)
                wanted = f": a payout of {name} would then pay {after} (you {now} now)"
                assert said[text].endswith(wanted), said[text]
                checked += 1
            state.apply(game.parse_action(rng.choice(view["legal"])), seat)
    assert checked > 50


def test_the_payout_window_says_why_everyone_is_asked() -> None:
    why = words.everyone_asked("respond")
    assert why.startswith("Everyone holding an event card is asked") and "nobody learns who holds" in why
    assert words.everyone_asked("turn") == ""
    play = words.respond_prompt(["play shortages", "pass"])
    assert play.endswith("play Oversupply or Shortages from your hand, or pass.")
    assert "you hold neither" in words.respond_prompt(["pass"])
    asked = content("megacorps")["asked"]
    assert asked["why"]["respond"] == why
    assert asked["respond"] == {"play": words.respond_prompt(["play x"]), "neither": words.respond_prompt([])}
