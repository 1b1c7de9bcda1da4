"""MegaCorps on the terminal (tabletop/terminal/megacorps/): the screen at many points of random
games and what it hides, the menus and the answers they read, and whole games through run_game and
`tabletop play`: a trade offer composed for a bot, sealed bids with the person among several seats
asked at once, leaving after a confirmation."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import tabletop
from tabletop.agents import base as agents
from tabletop.agents.base import Agent, Observation
from tabletop.core.record import Record
from tabletop.terminal import megacorps as screen
from tabletop.terminal.app import SUPPORTED
from tabletop.terminal.megacorps.menus import menu_of
from tabletop.terminal.prompt import Choice, Command, Invalid
from tabletop.terminal.saving import Seating, save_game
from tabletop.terminal.screens import SCREENS, Open, ScreenJournal
from tabletop.words import megacorps as words

from .helpers import check_ranking, console, play_through, played_by_the_command

# names that are also places or words of the screen itself, not only event cards
SHARED_NAMES = {"L-5", "Asteroid", "Wikisyndicalism", "Oversupply", "Shortages", "Clone Soldiers"}


def text_of(renderable: Any, width: int = 140, height: int = 60) -> str:
    con = Console(record=True, width=width, height=height, file=io.StringIO())
    con.print(renderable)
    return con.export_text()


def view_of(state: Any, seat: int | None) -> dict[str, Any]:
    view: dict[str, Any] = state.view(seat)
    view["legal"] = [str(a) for a in state.legal_actions_for(seat)] if seat is not None else []
    return view


def labels_of(state: Any, seat: int | None) -> list[str]:
    return screen.seat_labels(state.view(seat), [])


def outside_log(shown: str) -> str:
    lines = shown.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("╭─ Since your last decision"))
    bottom = next(i for i, line in enumerate(lines) if i > top and line.startswith("╰"))
    return "\n".join(lines[:top] + lines[bottom + 1 :])


def positions(players: int, seed: int) -> Iterator[tuple[Any, list[ScreenJournal]]]:
    """(state, journals) at every decision of a random game, each seat's log as a ScreenJournal."""
    state = tabletop.make("megacorps", players=players).new_state(seed)
    rng = random.Random(seed)
    journals = [ScreenJournal(s, labels_of(state, s), words) for s in range(players)]
    while not state.is_terminal():
        yield state, journals
        seat = rng.choice(state.to_act())
        journals[seat].new_decision()
        events = state.apply(rng.choice(state.legal_actions_for(seat)), seat)
        for journal in journals:
            journal.add(events)
    yield state, journals


def table(**given: Any) -> Any:
    """Three players: Mokia (seat 0, the European Union), Globbo (1, Mercosur and ASEAN), Nonintendo
    (2, Japan and the African Federation); seat 0 is the Active Player."""
    setup: dict[str, Any] = {
        "corporations": ["mokia", "globbo", "nonintendo"],
        "active": 0,
        "drawn": [1, 2],
        "hands": [["kleptocrats", "oversupply"], ["elections"], ["tech-boom"]],
        "deck": ["coup", "l5-station", "asteroid-mine", "scandal", "people-power", "privatization"],
        "companies": {"aer.eu": 0, "bio.eu": 1, "def.chn": 0, "med.jpn": 2, "fin.chn": "nationalized"},
        "mercs": [3, 1, 0],
    }
    setup.update(given)
    return tabletop.make("megacorps", players=3).new_state(1, setup)


# -- the screen ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_screen_at_many_points_of_random_games_shows_only_what_the_seat_may_see(players: int) -> None:
    checked = 0
    for index, (state, journals) in enumerate(positions(players, 20 + players)):
        if state.is_terminal() or index % 17:
            continue
        asked = state.to_act()
        watcher = next(s for s in range(players) if s not in asked) if len(asked) < players else None
        for seat in {asked[-1], watcher}:
            if seat is None:
                continue
            view = view_of(state, seat)
            journal = journals[seat]
            menus = ["", *[i.key for i in menu_of(view).items if i.opens][:1]]
            for menu in menus:
                shown = text_of(screen.render_view(view, journal.labels, journal.lines, index % 2 == 0, menu))
                assert "MEGACORPS" in shown and "Japan" in shown and "Corporation" in shown
                for other in range(players):
                    assert str(state.money[other]) in shown
                if view["legal"]:
                    assert "Your choice" in shown or "pick one" in shown or "ype a number" in shown
                else:
                    assert "Waiting for" in shown
                hidden = {
                    words.event_name(state.game.board.card_code(card))
                    for other in range(players)
                    if other != seat
                    for card in state.hands[other]
                }
                known = {words.event_name(code) for code in view["hand"]}
                known |= {words.event_name(code) for _, code in view["known"]}
                known |= {words.event_name(code) for code in view["discard"]}
                for name in hidden - known - SHARED_NAMES:
                    assert name not in outside_log(shown), (name, view["phase"])
            checked += 1
        if index % 39 == 0:  # a spectator sees no hand and no choices
            watched = text_of(screen.render_view(view_of(state, None), labels_of(state, None), [], False), 80)
            assert "Your event cards" not in watched and "Your choice" not in watched
    assert checked > 15


def test_the_board_shows_owners_marks_governments_and_force() -> None:
    state = table(governments={"jpn": "wikisyndicalism"}, paid=2)
    shown = text_of(screen.render_view(view_of(state, 0), labels_of(state, 0), [], True))
    header = next(line for line in shown.splitlines() if line.startswith("Country"))
    assert re.search(r"Own +Gov +D/F +aer +agr +bio +def +fin", header)
    assert re.search(r"eu +European Union +Mok +Dem +7/3 +Mok +Glo +·", shown)  # aer.eu, bio.eu, def.eu
    assert re.search(r"jpn Japan +Non +Wiki +4/2", shown)
    assert re.search(r"chn China +— +Dict +4/3 +Mok +Nat", shown)  # def.chn is Mokia's, fin.chn Nationalized
    assert re.search(r"l5 +L-5 +Ind\. +n/b", shown) and re.search(r"oss +Open Source S… +Ind\. +Syn", shown)
    players = shown[shown.index("Corporation") :]
    assert re.search(r"▶ +0 +Mokia \(you\) +Mok +40 +3 +3 +1 +2 +Active", players), players
    assert re.search(r"2 +Nonintendo +Non +40 +0 +1 +2 +1 +Paid", players), players
    assert "Greedy Kleptocrats kleptocrats Choose a Kleptocracy" in shown
    assert "Deck 5 event cards" in shown  # the first card was drawn by the Active Player


def test_the_decision_in_progress_is_shown() -> None:
    state = table()
    state.apply_text("war jpn")
    shown = text_of(screen.render_view(view_of(state, 1), labels_of(state, 1), [], True))
    assert (
        "War over Japan: Mokia attacks with 6 (Force 3 + 3 mercenaries) against 4: Nonintendo defends"
        in shown
    )
    assert "(Defense 4 + 0 mercenaries)" in shown and "Donation window, lap 1" in shown
    assert "aid a" in shown and "sell a …" in shown
    shown = text_of(screen.render_view(view_of(state, 1), labels_of(state, 1), [], True, "sell a"))
    assert "Your price for one mercenary to Mokia: type a number from 1 to 20 (Mokia has 40)." in shown

    state = table()
    state.apply_text("payout aer")
    shown = text_of(screen.render_view(view_of(state, 0), labels_of(state, 0), [], True))
    assert "Aerospace is about to pay out: 5 competitors, 3 a company." in shown
    assert "It would pay: you 3." in shown and "play oversupply" in shown
    assert "Everyone holding an event card is asked, so nobody learns who holds" in shown  # issue 29

    state = table()
    for text in ("play kleptocrats", "target rus", "bid 4"):
        state.apply_text(text)
    shown = text_of(screen.render_view(view_of(state, 2), labels_of(state, 2), [], True))
    assert "Auction for Great Russia: sealed bids" in shown
    assert "Decided (secret): Mokia; waiting for: Globbo and you." in shown
    assert (
        "Your secret bid for Great Russia: type a number from 0 to 40 (you have 40; 0 bids nothing)." in shown
    )
    assert "bid 4" not in shown  # Mokia's amount is secret

    state = table()
    for text in ("offer 2", "give 5", "give aer.eu", "ask med.jpn"):
        state.apply_text(text)
    shown = text_of(screen.render_view(view_of(state, 0), labels_of(state, 0), [], True))
    assert "Your offer to Nonintendo" in shown and "3 of 8 items" in shown
    assert "You give: 5 Euros and European Union's Aerospace company" in shown
    assert "You ask for: Japan's Media company" in shown
    assert re.search(r"1\. give … +Add something you give", shown) and "send" in shown and "drop" in shown


def test_the_final_screen_ranks_every_corporation() -> None:
    *_, (state, _) = positions(4, 3)
    shown = text_of(screen.render_final(view_of(state, 1), labels_of(state, 1)))
    names = words.seat_names(state.view(1))
    labels = [name + (r" \(you\)" if seat == 1 else "") for seat, name in enumerate(names)]
    check_ranking(shown, "MEGACORPS", labels, state.money, state.winners, "1.")


def test_help_explains_the_rules_the_notation_and_leaving() -> None:
    shown = text_of(screen.render_help(), width=120)
    for said in ("Active Player", "antitrust", "Paid card", "Kleptocracy", "Force", "competitors"):
        assert said in shown
    for notation in ("buy aer.jpn", "war jpn", "offer 2", "give 5", "send", "bid 12", "leave", "b back"):
        assert notation in shown


# -- menus and answers -----------------------------------------------------------------------------
def test_the_turn_is_grouped_and_each_group_opens_its_list() -> None:
    state = table()
    view = view_of(state, 0)
    main = [item.key for item in menu_of(view).items]
    assert main[:2] == ["play", "offer"] and "buy" in main and "payout" in main and "war" in main
    assert "mercs" in main and main[-1] == "pass"
    assert screen.interpret(str(main.index("buy") + 1), view) == Open("buy")
    assert screen.interpret("buy", view) == Open("buy")
    buying = [item.key for item in menu_of(view, "buy").items]
    assert buying[0] == "buy aer.naf"
    assert screen.interpret("1", view, "buy") == Choice("buy aer.naf")
    assert screen.interpret("aer.jpn", view, "buy") == Choice("buy aer.jpn")
    assert screen.interpret("b", view, "buy") == Open("")
    assert screen.interpret("war jpn", view, "buy") == Choice("war jpn")  # a full text anywhere
    assert screen.interpret("jpn", view) == Choice("war jpn")  # a code naming one action
    assert screen.interpret("WAR  JPN", view) == Choice("war jpn")
    assert screen.interpret(str(len(main)), view) == Choice("pass")
    refused = screen.interpret("buy zz.jpn", view)
    assert isinstance(refused, Invalid) and "There is no company 'zz.jpn'" in refused.message
    refused = screen.interpret("war swi", view)
    assert isinstance(refused, Invalid) and "Switzerland is independent" in refused.message
    refused = screen.interpret("99", view)
    assert isinstance(refused, Invalid) and "There is no choice 99" in refused.message
    assert screen.interpret("leave", view) == Command("leave")
    assert screen.interpret("q", view) == Command("quit") and screen.interpret("", view) is None
    shown = text_of(screen.render_view(view, labels_of(state, 0), [], True, "buy"))
    assert "pick one (b: back)" in shown and "buy aer.jpn Japan Aerospace" in shown


def test_bids_prices_and_bank_counts_are_number_prompts() -> None:
    state = table()
    for text in ("play kleptocrats", "target rus"):
        state.apply_text(text)
    view = view_of(state, 0)
    assert screen.interpret("12", view) == Choice("bid 12")
    assert screen.interpret("bid 12", view) == Choice("bid 12")
    refused = screen.interpret("41", view)
    assert isinstance(refused, Invalid) and "type a number from 0 to 40" in refused.message

    state = table(companies={"def.naf": 1, "def.eu": 0}, mercs=[0, 0, 0])
    state.apply_text("mercs")
    view = view_of(state, 0)
    assert view["phase"] == "bank"
    assert screen.interpret("2", view) == Choice("bank 2")
    shown = text_of(screen.render_view(view, labels_of(state, 0), [], True))
    assert "How many mercenaries from the bank (1 each)? Type a number from 0 to 3 (you have 40)." in shown
    state.apply_text("bank 0")
    view = view_of(state, 1)
    assert view["phase"] == "price"
    assert screen.interpret("0", view) == Choice("price 0")
    assert screen.interpret("refuse", view) == Choice("refuse")
    shown = text_of(screen.render_view(view, labels_of(state, 1), [], True))
    assert (
        "Your price for one mercenary to Mokia: type a number from 0 (a gift) to 20 (Mokia has 40)." in shown
    )
    assert "refuse  Refuse to sell Mokia a mercenary" in shown


# -- whole games -----------------------------------------------------------------------------------
def play(
    save: Path, answer: Callable[[str], str], players: int = 4, seed: int = 5, resume: bool = False
) -> str:
    resumed = save if resume else None
    return play_through(
        "megacorps", save, answer, players=players, seed=seed, resume=resumed, con=console(110, 50)
    )


def scripted(answers: Sequence[str]) -> Callable[[str], str]:
    queue = list(answers)

    def answer(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return answer


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (6, 1)])
def test_a_whole_game_by_typed_action_texts(tmp_path: Path, players: int, seed: int) -> None:
    assert "megacorps" in SUPPORTED and "megacorps" in SCREENS
    save = tmp_path / "game.json"

    def answer(prompt: str) -> str:
        state = Record.load(save).replay()
        return str(random.Random(len(Record.load(save).actions)).choice(state.legal_actions()))

    out = play(save, answer, players, seed)
    state = Record.load(save).replay()
    assert state.is_terminal()
    assert "Final ranking" in out and "Game over." in out and "is not possible" not in out
    ranking = out[out.rindex("Final ranking") :]
    for seat in range(players):
        label = words.seat_names(state.view(0))[seat] + (r" \(you\)" if seat == 0 else "")
        assert re.search(rf"│ {label} +│ +{state.money[seat]} │", ranking), label


def test_tabletop_play_megacorps_runs_a_whole_game(tmp_path: Path) -> None:
    output = played_by_the_command(tmp_path, "megacorps", 4, "pass\n1\n0\n" * 400)
    assert "Final ranking" in output and "MEGACORPS" in output and "Your choice" in output


def fixed_game(save: Path, bots: Sequence[str], **given: Any) -> None:
    """A saved, not yet played game of three with a fixed set-up, for run_game to resume."""
    setup: dict[str, Any] = {
        "corporations": ["mokia", "globbo", "nonintendo"],
        "active": 0,
        "drawn": [1, 2],
        "hands": [[], [], []],
        "companies": {"aer.eu": 0, "bio.eu": 1, "med.jpn": 2, "aer.jpn": 1},
    }
    setup.update(given)
    record = Record("megacorps", {"players": 3}, 7, setup)
    save_game(save, record, Seating(0, tuple(bots), "normal"))


def test_a_trade_offer_is_composed_step_by_step_and_sent_to_a_bot(tmp_path: Path) -> None:
    save = tmp_path / "trade.json"
    fixed_game(save, ["random", "random"])
    steps = ["offer", "1", "give", "3", "give", "aer.eu", "ask", "aer.jpn", "send", "leave", "yes"]
    out = play(save, scripted(steps), players=3, resume=True)
    actions = Record.load(save).actions
    assert actions[:6] == ["offer 1", "give 5", "give aer.eu", "ask aer.jpn", "send", actions[5]]
    assert actions[5] in ("accept", "decline") and actions[-1] == "leave"
    assert "Make a trade offer (3 left this turn; not an Action)" in out
    assert "Your offer to Globbo" in out and "You give: 5 Euros and European Union's Aerospace company" in out
    assert "You ask for: Japan's Aerospace company" in out
    assert (
        "You offer Globbo 5 Euros and European Union's Aerospace company for Japan's Aerospace company."
        in out
    )
    answered = "accepts" if actions[5] == "accept" else "declines"
    assert f"Globbo {answered} your offer." in out
    assert "You leave the game" in out and "Game over." in out
    state = Record.load(save).replay()
    assert state.is_terminal() and state.left[0]


class KleptocratBot(Agent[Any]):
    """Plays Greedy Kleptocrats on Great Russia at once, bids 5, and otherwise passes or says no."""

    name = "kleptocrat"

    def act(self, obs: Observation[Any]) -> Any:
        texts = {str(a): a for a in obs.legal}
        for text in (
            "play kleptocrats",
            "target rus",
            "bid 5",
            "pass",
            "done",
            "decline",
            "refuse",
            "abstain",
        ):
            if text in texts:
                return texts[text]
        return obs.legal[0]


@pytest.mark.parametrize("first", [True, False])
def test_sealed_bids_with_the_person_among_the_seats_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first: bool
) -> None:
    """The person bids first (they played the card) or after the bots, seeing who has bid but not
    how much; the bids are revealed together."""
    monkeypatch.setitem(agents.AGENTS, "kleptocrat", KleptocratBot)
    save = tmp_path / "bids.json"
    holder = 0 if first else 1
    hands: list[list[str]] = [[], [], []]
    hands[holder] = ["kleptocrats"]
    fixed_game(save, ["kleptocrat", "kleptocrat"], active=holder, hands=hands)
    steps = (["play kleptocrats", "rus"] if first else []) + ["12", "pass", "leave", "yes"]
    out = play(save, scripted(steps), players=3, resume=True)
    actions = Record.load(save).actions
    if first:
        assert actions[:5] == ["play kleptocrats", "target rus", "bid 12", "bid 5", "bid 5"]
        assert "Decided (secret): nobody yet; waiting for: you, Globbo and Nonintendo." in out
    else:
        assert actions[:5] == ["play kleptocrats", "target rus", "bid 5", "bid 5", "bid 12"]
        assert "Decided (secret): Globbo and Nonintendo; waiting for: you." in out
    assert "Your secret bid: 12." in out
    assert "You win it and pay 12." in out
    state = Record.load(save).replay()
    assert state.is_terminal() and state.left[0]


def test_leaving_needs_a_confirmation_and_q_saves_to_resume(tmp_path: Path) -> None:
    save = tmp_path / "leave.json"
    fixed_game(save, ["random", "random"])
    out = play(save, scripted(["leave", "no", "q", "", "q", "s"]), players=3, resume=True)
    assert out.count("You stay in the game.") == 2 and "Game saved to" in out
    assert Record.load(save).actions == []
    out = play(save, scripted(["q", "leave"]), players=3, resume=True)
    assert "You leave the game" in out and Record.load(save).actions == ["leave"]


class AcceptingBot(Agent[Any]):
    """Accepts every offer; otherwise passes or says no."""

    name = "accepting"

    def act(self, obs: Observation[Any]) -> Any:
        texts = {str(a): a for a in obs.legal}
        for text in ("accept", "pass", "done", "decline", "refuse", "abstain"):
            if text in texts:
                return texts[text]
        return obs.legal[0]


def test_an_offer_at_any_time_goes_to_a_bot_at_any_prompt_and_a_resumed_game_keeps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At their turn the person offers a bot a gift, asks another for an event card and for a
    company it does not own (both refused by the rules, with their reasons, changing nothing), then
    stops; resumed, they give a bot their event card: the record writes each move for its seat,
    each bot answers at once, and resuming replays every move."""
    monkeypatch.setitem(agents.AGENTS, "accepting", AcceptingBot)
    save = tmp_path / "anytime.json"
    fixed_game(save, ["accepting", "accepting"], hands=[["coup"], [], []])
    steps = ["propose 1 3/-", "propose 2 -/coup", "propose 2 1/aer.jpn", "q", "s"]
    out = play(save, scripted(steps), players=3, resume=True)
    assert Record.load(save).actions == ["propose 1 3/-", "@1 accept 1"]
    assert "an event card (coup) may be given, not asked for (R-MC28)." in out
    assert "seat 2 does not own the company aer.jpn (or it is named twice)." in out
    assert "You offer Globbo 3 Euros as a gift (offer 1)." in out
    assert "Globbo accepts your offer 1: 3 Euros, a gift." in out
    state = Record.load(save).replay()
    assert state.money[:2] == [37, 43]
    again = play(save, scripted(["propose 2 coup/-", "q", "s"]), players=3, resume=True)
    assert Record.load(save).actions[2:] == ["propose 2 coup/-", "@2 accept 2"]
    assert "Nonintendo accepts your offer 2" in again
    state = Record.load(save).replay()
    coup = [state.game.board.card_code(c) for c in state.hands[2]]
    assert coup == ["coup"] and state.money[:2] == [37, 43]
