"""The simulator's per-game facts and win shares by seat label (tabletop/sim/facts.py)."""

from __future__ import annotations

import pytest

from tabletop.sim import simulate
from tabletop.sim.facts import fact_stats, label_stats, margins


def test_label_stats_count_shared_wins_and_give_intervals() -> None:
    labels = [
        (("corp", ("a", "b", "c")),),
        (("corp", ("b", "c", "a")),),
    ]
    rankings = [(1, 1, 3), (1, 2, 3)]  # game 1: a and b share the win; game 2: b wins
    stats = {s.label: s for s in label_stats(labels, rankings) or ()}
    assert stats["a"].wins == pytest.approx(0.5) and stats["a"].seated == 2
    assert stats["b"].wins == pytest.approx(1.5) and stats["b"].win_share == pytest.approx(0.75)
    assert stats["c"].wins == 0
    assert all(s.low <= s.win_share <= s.high for s in stats.values())
    assert stats["a"].par == pytest.approx(1 / 3)


def test_facts_and_margins() -> None:
    facts = fact_stats([(("wars", 2), ("trades", 0)), (("wars", 4), ("trades", 1))])
    assert facts is not None
    assert [(f.name, f.mean, f.min, f.max) for f in facts] == [("wars", 3.0, 2, 4), ("trades", 0.5, 0, 1)]
    assert fact_stats([None]) is None
    m = margins([(10, 7, 3), (5, 5, 1)])
    assert (m.mean, m.min, m.max) == (1.5, 0, 3)


def test_a_megacorps_simulation_reports_facts_and_labels() -> None:
    summary = simulate("megacorps", {"players": 3}, games=6, seed=3)
    assert summary.facts is not None and summary.labels is not None
    names = {f.name for f in summary.facts}
    assert {"wars", "payout actions", "trades accepted"} <= names
    kinds = {x.kind for x in summary.labels}
    assert kinds == {"starting seat", "corporation", "printed country", "drawn country"}
    seats = [x for x in summary.labels if x.kind == "starting seat"]
    assert sum(x.seated for x in seats) == 18 and sum(x.wins for x in seats) == pytest.approx(6)
    payload = summary.to_json()
    assert payload["facts"] and payload["labels"] and payload["margin"]
