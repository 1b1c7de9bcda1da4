"""ManaSurge on the terminal (tabletop/terminal/manasurge.py): the screen mid-game and at the end,
what it hides, the answers it reads, and whole games through run_game and `tabletop play`."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core.record import Record
from tabletop.terminal import manasurge as screen
from tabletop.terminal.prompt import Choice, Command, Invalid
from tabletop.terminal.screens import SCREENS, ScreenJournal
from tabletop.words import manasurge as words

from .helpers import check_ranking, console, play_through, played_by_the_command

CARD = re.compile(
    r"(?<![\w=])(\d[BFWLQ]|mirror|ward|tithe|amplify|silence|haste|focus|unravel|purge|foresight|curse|sanctuary)(?![\w@])"
)


def text_of(renderable: Any, width: int = 100, height: int = 40) -> str:
    con = console(width, height)
    con.print(renderable)
    return con.export_text()


def names(players: int, me: int) -> list[str]:
    return ["You" if s == me else f"Seat {s}" for s in range(players)]


def hand_cards(screen_text: str) -> list[str]:
    row = next(line for line in screen_text.splitlines() if line.startswith("Your hand:"))
    return CARD.findall(row.split("(dimmed")[0])


def outside_log(screen_text: str) -> str:
    """The screen without its log panel (the lines between the panel's borders)."""
    lines = screen_text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("╭─ Since your last turn"))
    bottom = next(i for i, line in enumerate(lines) if i > top and line.startswith("╰"))
    return "\n".join(lines[:top] + lines[bottom + 1 :])


def positions(players: int, seed: int, **options: Any) -> Any:
    """(state, journals) at every decision of a random game, each seat's log as a ScreenJournal."""
    game = tabletop.make("manasurge", players=players, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    journals = [ScreenJournal(s, names(players, s), words) for s in range(players)]
    for journal in journals:
        journal.add(state.opening_events())
    while not state.is_terminal():
        yield state, journals
        journals[state.current_seat].new_decision()
        events = state.apply(rng.choice(state.legal_actions()))
        for journal in journals:
            journal.add(events)
    yield state, journals


# -- the screen --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "wizards"), [(3, False), (4, True), (5, False)])
def test_each_seats_screen_shows_its_own_hand_and_no_other(players: int, wizards: bool) -> None:
    checked = 0
    for state, journals in positions(players, 11 + players, wizards=wizards):
        if state.is_terminal():
            break
        seat = state.current_seat
        view = state.view(seat)
        shown = text_of(screen.render_view(view, journals[seat].labels, journals[seat].lines, True))
        mine = state.game.cards.texts(state.hands[seat])  # the true hand, from the state
        assert sorted(hand_cards(shown)) == sorted(mine)
        # outside the log, only public cards and the seat's own (and the cards it gave) are named
        public = {entry["card"] for entry in view["spell"]} | {e.get("copy", "") for e in view["spell"]}
        public |= set((view["last_spell"] or {}).get("cards", []))  # the last spell, face up
        known = {card for cards in view["known"].values() for card in cards}
        allowed = set(mine) | public | known
        others = {
            card
            for other in range(players)
            if other != seat
            for card in state.game.cards.texts(state.hands[other])
        }
        assert set(CARD.findall(outside_log(shown))) <= allowed, (others - allowed) & set(CARD.findall(shown))
        if checked % 10 == 0:  # a spectator sees no hand at all, and no choices
            watched = text_of(screen.render_view(state.view(None), names(players, -1), [], False), width=80)
            assert "Your hand" not in watched and "Your turn" not in watched and "Spell" in watched
            assert set(CARD.findall(watched)) <= public
        checked += 1
    assert checked > 50


def test_the_screen_shows_the_spell_in_play_order_with_its_marks() -> None:
    hands = [["4L", "mirror", "1B"], ["4Q", "3Q"], ["6F", "7F", "tithe"]]
    state = tabletop.make("manasurge", players=3).new_state(1, {"caster": 0, "hands": hands})
    for text in ("cast=4L", "cw", "play=4Q", "done", "play=tithe", "play=mirror"):
        state.apply(state.game.parse_action(text))
    view = state.view(state.current_seat)
    shown = text_of(screen.render_view(view, names(3, view["seat"]), [], True))
    spell = next(line for line in shown.splitlines() if line.startswith("Spell:"))
    assert view["seat"] == 0 and view["phase"] == "counter"
    assert re.search(r"★ 4L  2◆ You → +4Q +Seat 1 → +tithe +Seat 2 → +mirror=4Q +You$", spell), spell
    assert "Caster suit:  L  Lightning: resonating players may play again." in shown
    assert "Valid: rank 4 or higher · ↻ clockwise (next: Seat 1) · strikes for 2" in shown  # the Tithe's
    table = shown[shown.index("Player") :]
    assert re.search(r"▶C +You +0/12 +1/5 +0 +2◆", table), table
    assert re.search(r"Seat 2 +0/12 +2/5 +0 *$", table, re.M), table


def test_playable_cards_are_highlighted_and_the_others_dimmed() -> None:
    hands = [["5L", "1B"], ["7Q", "2B", "ward"], ["6F", "7F"]]
    state = tabletop.make("manasurge", players=3).new_state(1, {"caster": 0, "hands": hands})
    for text in ("cast=5L", "cw"):
        state.apply(state.game.parse_action(text))
    view = state.view(1)
    styles = {}
    row = screen.hand_line(view, names(3, 1))[0]
    for span in row.spans:
        styles[row.plain[span.start : span.end].strip()] = str(span.style)
    assert "dim" in styles["2B"] and "dim" not in styles["7Q"] and "dim" not in styles["ward"]
    assert "(dimmed: not valid now)" in row.plain
    # every badge names its suit by letter: colour is never the only sign
    assert all(re.fullmatch(r"\d[BFWLQ]|[a-z]+", card) for card in ("7Q", "2B", "ward"))


def test_the_table_shows_wizards_and_gifts_only_when_there_are_some() -> None:
    setup = {"caster": 0, "hands": [["4W", "1B"], ["5W", "3Q", "8B"], ["6F", "7F"]]}
    plain = tabletop.make("manasurge", players=3).new_state(1, setup)
    assert "Wizard" not in text_of(screen.render_view(plain.view(0), names(3, 0), [], True))
    wizards = tabletop.make("manasurge", players=3, wizards=True)
    state = wizards.new_state(1, {**setup, "wizards": ["trickster", "hoarder", "stoneskin"]})
    for text in ("cast=4W", "cw", "play=5W", "give=3Q@2"):
        state.apply(state.game.parse_action(text))
    shown = text_of(screen.render_view(state.view(1), names(3, 1), [], True))
    assert "Wizard" in shown and "Trickster" in shown and "Stoneskin" in shown and "Hoarder" in shown
    assert "Your wizard: Hoarder: Your hand limit is 6." in shown
    assert re.search(r"You gave:  3Q  to Seat 2", shown)
    assert "3Q" not in text_of(screen.render_view(state.view(0), names(3, 0), [], True))


def test_many_choices_are_listed_in_columns() -> None:
    hands = [["4W", "1B"], ["5W", "3Q", "8B", "1F", "2F"], ["6F", "7F"]]
    state = tabletop.make("manasurge", players=3).new_state(1, {"caster": 0, "hands": hands})
    for text in ("cast=4W", "cw", "play=5W"):
        state.apply(state.game.parse_action(text))
    view = state.view(1)
    assert len(view["legal"]) == 9
    shown = text_of(screen.render_view(view, names(3, 1), [], False), width=80, height=24)
    assert "give a card to another player (give=CARD@SEAT)" in shown
    for number, text in enumerate(view["legal"], start=1):
        assert f"{number}. {text}" in shown
    assert "give=3Q@2 → Seat 2" in shown


def test_the_screen_fits_a_small_terminal() -> None:
    fitted = 0
    for state, journals in positions(3, 4):
        if state.is_terminal() or fitted >= 30:
            break
        view = state.view(state.current_seat)
        if len(view["legal"]) > 4:
            continue
        journal = journals[state.current_seat]
        shown = text_of(screen.render_view(view, journal.labels, journal.lines, False), width=80, height=24)
        assert len(shown.splitlines()) <= 23, shown  # the prompt has the last line
        assert max(len(line) for line in shown.splitlines()) <= 80
        fitted += 1
    assert fitted >= 30


def test_the_final_screen_ranks_every_seat() -> None:
    *_, (state, _) = positions(4, 3, wizards=True)
    view = state.view(2)
    shown = text_of(screen.render_final(view, names(4, 2)))
    check_ranking(shown, "MANASURGE", names(4, 2), state.shards, state.winners, "1st")


def test_help_explains_the_rules_and_the_commands() -> None:
    shown = text_of(screen.render_help(), width=110)
    for words_ in ("Counter-Spell", "Mana Surge", "Rebirth", "resonates", "Dark Mirror", "Frost Wave"):
        assert words_ in shown
    for notation in ("cast=5L", "play=mirror", "give=5L@2", "discard=5L", "draw, hold", "q save and quit"):
        assert notation in shown


# -- reading answers -----------------------------------------------------------------------------
def test_a_card_alone_numbers_and_full_texts_are_understood() -> None:
    hands = [["4L", "1B"], ["5L", "3Q", "mirror"], ["6F", "7F"]]
    state = tabletop.make("manasurge", players=3).new_state(1, {"caster": 0, "hands": hands})
    view = state.view(0)
    assert screen.interpret("4L", view) == Choice("cast=4L")
    assert screen.interpret("cast=1b", view) == Choice("cast=1B")
    assert screen.interpret("2", view) == Choice("cast=4L")  # legal: cast=1B, cast=4L
    assert screen.interpret("h", view) == Command("help")
    for text in ("cast=4L", "cw"):
        state.apply(state.game.parse_action(text))
    view = state.view(1)
    assert screen.interpret("5l", view) == Choice("play=5L")
    assert screen.interpret("mirror", view) == Choice("play=mirror")
    refused = screen.interpret("play=3Q", view)
    assert (
        isinstance(refused, Invalid)
        and "3 of Quake is not a valid play now: rank 4 or higher" in refused.message
    )
    refused = screen.interpret("8B", view)
    assert isinstance(refused, Invalid) and "You do not hold 8 of Blades" in refused.message
    refused = screen.interpret("fly", view)
    assert isinstance(refused, Invalid) and "'fly' is not an action or a command" in refused.message


# -- whole games ---------------------------------------------------------------------------------
def play(save: Path, answer: Callable[[str], str], players: int = 3, seed: int = 5, **options: Any) -> str:
    return play_through(
        "manasurge", save, answer, players=players, seed=seed, con=console(100, 40), **options
    )


@pytest.mark.parametrize(("players", "wizards"), [(3, False), (4, True), (5, False)])
def test_a_whole_game_by_numbers_ends_with_the_ranking(tmp_path: Path, players: int, wizards: bool) -> None:
    assert "manasurge" in SCREENS
    save = tmp_path / "game.json"
    out = play(save, lambda prompt: "1", players=players, wizards=wizards)
    state = Record.load(save).replay()
    assert state.is_terminal()
    assert "Final ranking" in out and "Game over." in out and "Your turn:" in out and "Spell:" in out
    ranking = out[out.rindex("Final ranking") :]
    for seat, shards in enumerate(state.shards):
        label = "You" if seat == 0 else f"Seat {seat}"
        assert re.search(rf"│ {label} +│ +{shards} │", ranking), label


def test_a_whole_game_by_typed_card_texts(tmp_path: Path) -> None:
    """Answers typed as a person would: the card alone when it says it all, else the action's text."""
    save = tmp_path / "game.json"
    typed: list[str] = []

    def answer(prompt: str) -> str:
        state = Record.load(save).replay()
        action = str(random.Random(len(typed)).choice(state.legal_actions()))
        card = action.partition("=")[2]
        alone = sum(1 for a in map(str, state.legal_actions()) if a.partition("=")[2] == card) == 1
        typed.append(card.lower() if card and alone else action)
        return typed[-1]

    out = play(save, answer, seed=9)
    assert Record.load(save).replay().is_terminal()
    assert "Final ranking" in out and "is not possible" not in out and "There is no choice" not in out
    assert any(re.fullmatch(r"\d[bfwlq]", text) for text in typed)


def test_tabletop_play_manasurge_runs_a_whole_game(tmp_path: Path) -> None:
    output = played_by_the_command(tmp_path, "manasurge", 3, "1\n" * 3000)
    assert "Final ranking" in output and "MANASURGE" in output


def test_a_log_line_is_drawn_with_card_badges() -> None:
    from tabletop.terminal.lines import rich_line

    line = words.describe_event("play", {"seat": 1, "card": "5L", "resonates": True}, 0)
    assert line is not None
    drawn = rich_line(line)
    assert drawn.plain == "Seat 1 plays  5L , resonating (+1 Shard)."
    badge = next(span for span in drawn.spans if drawn.plain[span.start : span.end] == " 5L ")
    assert "gold1" in str(badge.style)
