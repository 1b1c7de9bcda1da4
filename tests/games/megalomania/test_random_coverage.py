"""Every mission and every scroll is reached in random play, at each player count and in the pairs
game: seeded games of uniformly random legal choices, as the conformance suite plays them, counting
the missions played to the end of a round, the scroll effects used (scroll 7's echo counts as the
effect it echoes, and as 7) and the moments where the lasting effects act."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop import make
from tabletop.core.protocol import Event

GAMES = 40
CASES = [(2, False), (3, False), (4, False), (4, True)]
# the event that shows each effect acting, beyond its scroll being used
MOMENTS = {
    2: "give",  # an exchanged card
    4: "redeal",
    8: "scroll-kept",
    10: "steal",
    13: "swap",
    14: "last",
    15: "scroll-gain",
    16: "decide",
    17: "scroll-points",
    19: "leader",
}


def count(events: list[Event], effects: Counter[int], moments: Counter[str]) -> None:
    for event in events:
        moments[event.kind] += 1
        if event.kind in ("scroll", "echo"):
            effects[event.data["scroll"]] += 1
        elif event.kind == "scroll-shown":
            effects[5] += 1
        elif event.kind == "power" and "owner" in event.data:
            moments["power on another's card (18)"] += 1
        if event.kind == "power" and "power" in event.data:
            moments["another rank's power (20)"] += 1


@pytest.mark.parametrize(("players", "pairs"), CASES, ids=[f"{n}p{'-pairs' if p else ''}" for n, p in CASES])
def test_random_play_reaches_every_mission_and_scroll(players: int, pairs: bool) -> None:
    game = make("megalomania", players=players, pairs=pairs)
    missions: Counter[int] = Counter()
    effects: Counter[int] = Counter()
    moments: Counter[str] = Counter()
    for index in range(GAMES):
        seed = 7_000 + 100 * players + index + (50 if pairs else 0)
        state, rng = game.new_state(seed), random.Random(seed)
        count(state.opening_events(), effects, moments)
        while not state.is_terminal():
            count(state.apply(rng.choice(state.legal_actions())), effects, moments)
        missions.update(state.missions_played)  # type: ignore[attr-defined]
    pool = game.mission_pool  # type: ignore[attr-defined]
    assert {m: missions[m] for m in pool if not missions[m]} == {}, f"missions never played: {missions}"
    assert set(missions) <= set(pool)
    assert {x: effects[x] for x in range(1, 21) if not effects[x]} == {}, f"scrolls never used: {effects}"
    assert all(moments[kind] for kind in MOMENTS.values()), f"effects that never acted: {moments}"
    assert moments["power on another's card (18)"] and moments["another rank's power (20)"]
    assert moments["declare"] and moments["dominant"] and moments["call"]
    for kind in ("turned", "draw", "pass-right", "handed-over", "pile-picked", "lay"):
        expected = kind not in ("pass-right",) or players > 2  # 22 is not in the 2-player set
        assert bool(moments[kind]) == expected, f"{kind}: {moments[kind]}"
    assert bool(moments["swap-opposite"]) == (players == 4)
