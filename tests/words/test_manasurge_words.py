"""ManaSurge's actions and events in words (tabletop/words/manasurge.py): every kind in random
games, and the exact words of set-up situations, read from views and visible events only."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

import tabletop
from tabletop.core.protocol import Event
from tabletop.games.manasurge.data import load_data
from tabletop.words import Line, Mana, content, labels, wording
from tabletop.words import manasurge as words

NAMES = ["Ana", "Bob", "Cy", "Di", "Ed"]
EVENT_KINDS = {
    "round",
    "cast",
    "direction",
    "play",
    "counter",
    "again",
    "effect",
    "give",
    "gift",
    "discard",
    "draw",
    "drew",
    "surge",
    "spell-end",
    "rebirth",
    "reshuffle",
    "caster",
    "hold",
    "game-over",
}
ACTION_KINDS = {
    "cast",
    "cw",
    "ccw",
    "play",
    "counter",
    "again",
    "give",
    "discard",
    "done",
    "draw",
    "hold",
    "yield",
}
# every metamagic effect has an effect event, but the Dark Mirror's copy, which is told in its play event
EFFECTS = {m.effect for m in load_data().metamagic} - {"copy_last"}


def make(players: int = 3, **options: Any) -> Any:
    return tabletop.make("manasurge", players=players, **options)


def said(kind: str, data: Mapping[str, Any], me: int | None, names: list[str] | None = None) -> str:
    found = words.describe_event(kind, data, me, names)
    assert found is not None, kind
    return found.plain()


def play_texts(state: Any, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.game.parse_action(text))
    return events


def label_of(state: Any, text: str, names: list[str] | None = None) -> str:
    view = state.view(state.current_seat)
    assert text in view["legal"], (text, view["legal"])
    return labels("manasurge", view, names)[text]


# -- every kind, in random games -------------------------------------------------------------------
def test_every_action_and_event_of_random_games_has_words() -> None:
    assert wording("manasurge") is words
    events: set[str] = set()
    effects: set[str] = set()
    actions: set[str] = set()
    for seed in range(12):
        players = 3 + seed % 3
        game = make(players, wizards=seed % 2 == 1, may_decline=seed % 4 == 0)
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_seat
            view = state.view(seat)
            for text, phrase in labels("manasurge", view, NAMES).items():
                assert phrase and phrase != text and "{" not in phrase, (text, phrase)
                actions.add(text.partition("=")[0])
            for event in state.apply(rng.choice(state.legal_actions())):
                if event.kind == "effect":
                    effects.add(event.data["effect"])
                if event.kind == "play" and "copy" in event.data:
                    effects.add("copy")
                for me in (*range(players), None):
                    if not event.visible(me):
                        continue
                    line = words.describe_event(event.kind, event.data, me, NAMES)
                    assert line is not None, event.kind
                    text = line.plain()
                    assert text.strip() and "{" not in text and "None" not in text, (event.kind, text)
                    json.dumps(line.to_json())
                    events.add(event.kind)
    assert events == EVENT_KINDS
    assert actions == ACTION_KINDS
    assert effects == EFFECTS | {"copy"}


def test_the_packaged_texts_are_the_data_files() -> None:
    texts = content("manasurge")
    assert texts == load_data().to_json()
    assert (
        texts["suits"]["L"]["name"] == "Lightning" and texts["metamagic"]["mirror"]["name"] == "Dark Mirror"
    )
    assert set(texts["wizards"]) == {"hoarder", "trickster", "phoenix", "quickener", "channeler", "stoneskin"}


def test_cards_go_into_lines_as_mana_segments() -> None:
    line = words.describe_event("play", {"seat": 1, "card": "mirror", "resonates": True, "copy": "5L"}, 0)
    assert isinstance(line, Line)
    assert Mana("mirror") in line.parts and Mana("5L") in line.parts
    assert line.plain() == "Seat 1 plays mirror as 5L, resonating (+1 Shard)."
    assert {"mana": "5L"} in line.to_json()["parts"]  # type: ignore[operator]
    assert line.plain({"mirror": "Dark Mirror", "5L": "5 of Lightning"}).startswith(
        "Seat 1 plays Dark Mirror as 5"
    )


# -- the actions in set-up situations --------------------------------------------------------------
def lightning_spell(players: int = 3, **options: Any) -> Any:
    """Seat 0 opens with a 4 of Lightning; seat 1 holds two Lightning cards, a Quake and a Mirror."""
    hands = [
        ["4L", "1B", "2B", "8F", "purge"],
        ["4L", "5L", "3Q", "mirror", "haste"],
        ["6F", "7F", "2W", "3W", "1Q"],
    ]
    hands += [["1F", "2F", "3F", "4F", "5F"]] * (players - 3)
    state = make(players, **options).new_state(1, {"caster": 0, "hands": hands})
    play_texts(state, "cast=4L", "cw")
    return state


def test_a_play_says_what_resonating_and_counter_spells_allow() -> None:
    state = lightning_spell()
    assert state.current_seat == 1
    assert label_of(state, "play=5L") == "Play 5 of Lightning (resonates: you may play again)"
    assert (
        label_of(state, "play=4L") == "Play 4 of Lightning (resonates: you may play again; may Counter-Spell)"
    )
    assert label_of(state, "play=mirror") == (
        "Play Dark Mirror as 4 of Lightning (resonates: you may play again; may Counter-Spell)"
    )
    assert label_of(state, "play=haste") == "Play Haste: you may play another valid card now"
    assert "play=3Q" not in state.view(1)["legal"]  # below the bar


def test_counter_spell_done_and_again_name_the_direction_and_the_next_player() -> None:
    state = lightning_spell()
    play_texts(state, "play=4L")
    assert state.view(1)["phase"] == "counter"
    assert label_of(state, "counter") == "Counter-Spell: send the spell back counterclockwise (to Seat 0)"
    assert label_of(state, "done", NAMES) == "No Counter-Spell: the spell goes on clockwise to Cy"
    play_texts(state, "counter")
    assert state.view(1)["phase"] == "again"
    assert label_of(state, "again") == "Play again (Lightning)"
    assert label_of(state, "done") == "Play no more: the spell goes on to Seat 0"


def test_the_direction_and_the_opening_cards_are_explained() -> None:
    hands = [["4L", "6Q", "2B"], ["5L"], ["6F"]]
    state = make().new_state(1, {"caster": 0, "hands": hands})
    assert label_of(state, "cast=4L") == "Open with 4 of Lightning: resonating players may play again"
    assert label_of(state, "cast=6Q") == "Open with 6 of Quake: spells must be equal or lower"
    assert (
        label_of(state, "cast=2B")
        == "Open with 2 of Blades: spells must beat the highest; only Blades may equal it"
    )
    play_texts(state, "cast=6Q")
    assert label_of(state, "cw", NAMES) == "Send the spell clockwise (to Bob first)"
    assert label_of(state, "ccw", NAMES) == "Send the spell counterclockwise (to Cy first)"


def test_a_frost_wave_gift_names_the_card_and_the_receiver() -> None:
    hands = [["4W", "1B"], ["5W", "3Q"], ["6F", "7F"]]
    state = make().new_state(1, {"caster": 0, "hands": hands})
    play_texts(state, "cast=4W", "cw", "play=5W")
    assert state.view(1)["phase"] == "give"
    assert label_of(state, "give=3Q@2") == (
        "Give 3 of Quake to Seat 2 (who holds 2 cards; your last card: Mana Surge, +2 Shards)"
    )
    assert label_of(state, "done") == "Give nothing away"
    events = play_texts(state, "give=3Q@2")
    give = next(e for e in events if e.kind == "give")
    gift = next(e for e in events if e.kind == "gift")
    assert said("give", give.data, 0) == "Seat 1 gives Seat 2 a card (Frost Wave)."
    assert said("give", give.data, 1) == "You give Seat 2 a card (Frost Wave)."
    assert said("give", give.data, 2) == "Seat 1 gives you a card (Frost Wave)."
    assert not gift.visible(0) and gift.visible(1) and gift.visible(2)
    assert said("gift", gift.data, 1) == "You gave Seat 2 3Q."
    assert said("gift", gift.data, 2, NAMES) == "Bob gave you 3Q."
    surge = next(e for e in events if e.kind == "surge")
    assert said("surge", surge.data, 1).startswith("Mana Surge! You gain 2 Shards (now 2)")


def test_draw_hold_discard_and_yield_say_how_many() -> None:
    hands = [["4B", "purge", "1F"], ["5B", "7Q"], ["6F", "8F"]]
    state = make(may_decline=True).new_state(1, {"caster": 0, "hands": hands})
    play_texts(state, "cast=4B", "ccw")
    assert state.current_seat == 2
    assert label_of(state, "yield") == "Yield: be struck now (about 1 damage)"
    play_texts(state, "play=6F", "play=7Q", "play=purge")
    assert state.current_seat == 0 and state.view(0)["phase"] == "discard"
    assert (
        label_of(state, "discard=1F")
        == "Discard 1 of Fireball (Purge; your last card: Mana Surge, +2 Shards)"
    )
    assert label_of(state, "done") == "Discard no more"
    play_texts(state, "done")
    assert state.current_seat == 2 and label_of(state, "yield") == "Yield: be struck now (about 1 damage)"
    events = play_texts(state, "yield")
    end = next(e for e in events if e.kind == "spell-end")
    assert said("spell-end", end.data, 2) == (
        "Spell 1 strikes you for 1 damage!  Seat 0 made the last valid play (+1 Shard); "
        "Seat 0 keeps 1 Shard.  Shards now: Seat 0 2, Seat 1 0, you 0."
    )
    assert said("spell-end", end.data, 1, NAMES) == (
        "Spell 1 strikes Cy for 1 damage!  Ana made the last valid play (+1 Shard); Ana keeps 1 Shard.  "
        "Shards now: Ana 2, you 0, Cy 0."
    )
    back = {**end.data, "struck": 0, "last": 1, "returned": 1, "kept": [0, 0, 0], "shards": [1, 1, 0]}
    assert said("spell-end", back, 0) == (
        "Spell 1 strikes you for 1 damage!  Seat 1 made the last valid play (+1 Shard); "
        "your 1 Shard goes back to the supply.  Shards now: you 1, Seat 1 1, Seat 2 0."
    )
    assert state.view(state.current_seat)["phase"] == "between"
    seat = state.current_seat
    hand = len(state.hands[seat])
    assert label_of(state, "draw") == f"Draw up to 5 cards (you hold {hand})"
    assert label_of(state, "hold") == f"Hold your {hand} card{'s' * (hand != 1)} (and hope for a Mana Surge)"
    events = play_texts(state, "draw")
    draw = next(e for e in events if e.kind == "draw")
    drew = next(e for e in events if e.kind == "drew")
    others = [other for other in range(3) if other != seat]
    assert drew.visible(seat) and not any(drew.visible(other) for other in others) and not drew.visible(None)
    cards = " ".join(drew.data["cards"])
    assert said("drew", drew.data, seat) == f"Into your hand: {cards}."
    count = 5 - hand
    assert said("draw", draw.data, seat) == f"You draw {count} card{'s' * (count != 1)} up to the hand limit."
    assert said("draw", draw.data, others[0]).startswith(f"Seat {seat} draws {count} card")


def test_a_trickster_may_counter_one_rank_away_and_others_may_not() -> None:
    hands = [["4L", "1B"], ["5L", "3Q"], ["6F", "7F"]]
    for wizards, counters in (
        (["hoarder", "trickster", "phoenix"], True),
        (["trickster", "hoarder", "phoenix"], False),
    ):
        state = make(wizards=True).new_state(1, {"caster": 0, "hands": hands, "wizards": wizards})
        play_texts(state, "cast=4L", "cw")
        expected = "; may Counter-Spell" if counters else ""
        assert label_of(state, "play=5L") == f"Play 5 of Lightning (resonates: you may play again{expected})"


# -- the events in set-up situations ---------------------------------------------------------------
def test_events_read_right_for_each_seat() -> None:
    state = make().new_state(1, {"caster": 0, "hands": [["4L", "1B"], ["5L", "3Q"], ["6F", "7F"]]})
    events = play_texts(state, "cast=4L", "cw", "play=5L")
    cast, direction, play = (e for e in events if e.kind in ("cast", "direction", "play"))
    assert said("cast", cast.data, 0) == (
        "You open the spell with 4L (1 Shard on it): Lightning rules, resonating players may play again."
    )
    assert said("cast", cast.data, 1, NAMES).startswith("Ana opens the spell with 4L")
    assert said("direction", direction.data, 0) == "You send the spell clockwise."
    assert said("direction", direction.data, None) == "Seat 0 sends the spell clockwise."
    assert said("play", play.data, 1) == "You play 5L, resonating (+1 Shard)."
    assert said("play", play.data, 2) == "Seat 1 plays 5L, resonating (+1 Shard)."
    assert said("round", {"round": 4, "caster": 2}, 2) == "Spell 4: You are the Caster."
    assert said("round", {"round": 4, "caster": 2}, 0, NAMES) == "Spell 4: Cy is the Caster."


def test_private_draws_read_right_for_the_drawer_only() -> None:
    hands = [["mirror", "ward"], ["5L"], ["6F"]]
    state = make().new_state(1, {"caster": 0, "hands": hands, "deck": ["1B", "2B", "3B"]})
    # the caster had no numbered card: it drew up to 5 to open (the events of the opening are
    # not returned, so they are rebuilt here from what the state shows)
    assert sorted(state.view(0)["hand"]) == sorted(["1B", "2B", "3B", "mirror", "ward"])
    assert said("draw", {"seat": 0, "count": 3, "why": "open", "damage": False}, 0) == (
        "You draw 3 cards to open the spell."
    )
    drew = Event("drew", {"seat": 0, "cards": ["1B", "2B", "3B"]}, visible_to=(0,))
    assert said(drew.kind, drew.data, 0) == "Into your hand: 1B 2B 3B."
    assert not drew.visible(1) and not drew.visible(None)
    assert said("draw", {"seat": 1, "count": 2, "why": "damage", "damage": True}, 0) == (
        "Seat 1 takes 2 damage (2 cards face down)."
    )
    assert said("draw", {"seat": 1, "count": 0, "why": "between", "damage": False}, 1) == (
        "You draw nothing up to the hand limit: no card is left."
    )


def test_every_metamagic_effect_in_words() -> None:
    def effect(name: str, **data: Any) -> str:
        return said("effect", {"seat": 1, "effect": name, **data}, 0)

    assert effect("reverse", direction="ccw") == "Mystic Ward: the spell now goes counterclockwise."
    tithe = "Arcane Tithe: 1 Shard on your card with the Caster token."
    assert effect("shard_caster", shards=1, owner=0) == tithe
    assert effect("shard_last", shards=1, owner=0) == "Amplify: 1 Shard on your last numbered card."
    assert effect("silence") == "Silence: no metamagic card may be played until a numbered spell is."
    assert effect("play_again") == "Haste: Seat 1 may play again."
    assert effect("move_caster", card="6W", suit="W") == (
        "Shift Focus: the Caster token moves to 6W: Frost Wave rules the spell now "
        "(resonating players may give a card away)."
    )
    assert effect("move_caster") == "Shift Focus: the Caster token stays where it is."
    assert effect("reset_rank") == "Unravel: the next numbered spell may be of any rank."
    assert effect("discard") == "Purge: Seat 1 may discard a card."
    assert effect("draw", drawn=2) == "Foresight: Seat 1 draws 2 cards."
    assert effect("extra_damage", damage=2) == "Curse: if this spell strikes, 2 more damage."
    assert effect("sanctuary") == "Sanctuary: if struck this spell, Seat 1 keeps their Shards."
    assert said("effect", {"seat": 0, "effect": "sanctuary"}, 0) == (
        "Sanctuary: if struck this spell, you keep your Shards."
    )


def test_rebirths_surges_and_the_caster_token() -> None:
    rebirth = {"seat": 2, "lost": 1, "discarded": ["1B", "mirror"], "hand": 5, "forced": False}
    assert said("rebirth", rebirth, 2) == (
        "Rebirth! You lose 1 Shard, discard 1B mirror and take 5 damage cards as a new hand."
    )
    forced = {**rebirth, "lost": 0, "discarded": [], "forced": True}
    assert said("rebirth", forced, 0) == (
        "Rebirth (no numbered card to open the spell)! Seat 2 discards nothing and takes 5 damage cards "
        "as a new hand."
    )
    assert said("caster", {"seat": 1}, 1) == "The Caster token goes to you (fewest Shards)."
    assert said("caster", {"seat": 2, "passed": True}, 0) == (
        "The Caster cannot open a spell: the Caster token passes on to Seat 2."
    )
    assert said("hold", {"seat": 0, "hand": 1}, 0) == "You hold 1 card, hoping for a Mana Surge."
    assert said("reshuffle", {"cards": 40}, 0).startswith("The deck is out: the discard pile (40 cards)")
    assert said("surge", {"seat": 0, "shards": 3, "total": 9, "from_damage": 0}, 1) == (
        "Mana Surge! Seat 0 gains 3 Shards (now 9)."
    )


def test_the_end_of_the_game() -> None:
    assert said(
        "game-over", {"winners": [1], "shards": [3, 12, 4], "limit": False, "ranking": [3, 1, 2]}, 1
    ) == ("The game is over: you win with 12 Shards!")
    assert said(
        "game-over", {"winners": [0, 2], "shards": [12, 5, 12], "limit": False, "ranking": [1, 3, 1]}, 1
    ) == ("The game is over: Seat 0 and Seat 2 win with 12 Shards!")
    state = make(max_rounds=1).new_state(2)
    rng = random.Random(2)
    events: list[Event] = []
    while not state.is_terminal():
        events += state.apply(rng.choice(state.legal_actions()))
    over = events[-1]
    assert over.kind == "game-over" and over.data["limit"]
    assert said("game-over", over.data, None).startswith("The game stops short of the target:")


@pytest.mark.parametrize("me", [0, 1, None])
def test_every_event_of_a_game_reads_as_a_sentence(me: int | None) -> None:
    state = make(4, wizards=True).new_state(7)
    rng = random.Random(7)
    while not state.is_terminal():
        for event in state.apply(rng.choice(state.legal_actions())):
            if event.visible(me):
                text = said(event.kind, event.data, me)
                assert text[0].isupper() and text.rstrip()[-1] in ".!", text
                if me is not None:
                    assert f"Seat {me} " not in text, text  # the reader is "you"
