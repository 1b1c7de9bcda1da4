"""Nothing leaks: across a whole game, no message to a seat or a spectator names a card that
another seat holds unseen, checked against the true state at every step."""

from __future__ import annotations

import random

import pytest

from tabletop.games.megalomania.cards import texts
from tabletop.words.megalomania import describe_event

from .helpers import cards_in, create, hidden_from, play_watched, running, states_by_step, true_events


@pytest.mark.timeout(300)
@pytest.mark.parametrize("players", [4, 2])
def test_no_message_to_anyone_shows_another_seats_hidden_cards(db_url: str, players: int) -> None:
    with running(db_url) as client:
        created = create(client, ["person"] * players)
        received, record = play_watched(client, created, random.Random(players))
        table = created["table"]["id"]
        replays = {
            key: [client.get(f"/api/tables/{table}/replay?step={k}").json() for k in (0, 5, 50)]
            for key in (None,)
        }

    names = [f"Seat {s}" for s in range(players)]
    states = states_by_step(record)
    assert len(states) == len(record.actions) + 1
    events = true_events(record)
    checked = 0
    for key, messages in received.items():
        for message in messages:
            if message["type"] not in ("welcome", "update") or message["over"]:
                continue
            step = message["step"]
            truth = states[step]
            view = message["view"]
            leaked = cards_in(view) & hidden_from(truth, key)
            assert not leaked, f"seat {key} was shown {leaked} at step {step}: {view}"
            assert view == truth.view(key)
            if key is not None:  # and each seat sees its own hand exactly
                mine = view["seats"][key]
                assert set(mine["hand"]) | set(mine.get("table", [])) == set(texts(truth.hands[key]))
                assert bool(view["legal"]) == (truth.current_seat == key)
            # events: exactly those of the step this seat may see (a deal: only its own hand)
            # each with its line of the log in this seat's words (built from that event alone)
            told = message["events"] if message["type"] == "update" else message["log"]
            sent = [{k: v for k, v in e.items() if k != "words"} for e in told]
            shown = [(k, e) for k, e in events if e.visible(key)]
            shown = [(k, e) for k, e in shown if (k == step if message["type"] == "update" else k <= step)]
            expected = [{"step": k, **e.to_json()} for k, e in shown]
            assert sent == expected[-len(sent) :] if sent else not expected
            for e, (_, event) in zip(told, shown[len(shown) - len(told) :], strict=True):
                line = describe_event(event.kind, event.data, key, names)
                assert e.get("words") == (line.to_json() if line is not None else None)
            assert list(message["labels"]) == view["legal"]
            # the last action's text goes to others only when it made something happen and all of
            # it is public (a card laid face down or given is named by the action's text)
            last = message.get("last")
            if message["type"] == "update" and last is not None and key != last["seat"]:
                made = [e for k, e in events if k == step]
                private = not made or any(e.visible_to is not None for e in made)
                assert last["action"] == (None if private else record.actions[step - 1]), (key, step)
            assert all(e["seat"] == key for e in sent if e["kind"] in ("hand", "scroll-drawn"))
            checked += 1
    assert checked == (players + 1) * len(record.actions)  # the welcome, every update but the last
    # after the end, everything is public: the final message shows every hand
    final = received[None][-1]
    assert final["over"] and all("hand" in s for s in final["view"]["seats"])
    for replay in replays[None]:
        assert replay["finished"] and len(replay["views"]) == players
