"""Balance runs (tabletop/sim/balance.py, measures.py): variants on the same seeds, the statistics,
the results file (resuming, Ctrl-C) and --until."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from tabletop.sim.balance import (
    BASELINE,
    BalanceError,
    Store,
    missing_chunks,
    next_target,
    plan,
    result_from_json,
    result_to_json,
    run_balance,
)
from tabletop.sim.balance_report import build, data_changes, to_json
from tabletop.sim.content import DATA_FILES
from tabletop.sim.measures import Difference, Figure, Tally, compare, estimate, holm, wilson_interval
from tabletop.sim.simulate import Chunk as SimChunk
from tabletop.sim.simulate import play_chunk

from .helpers import StopAfter


def edited(tmp_path: Path, game: str, old: str, new: str, name: str = "variant.toml") -> Path:
    """A copy of the game's packaged data file with ``old`` replaced by ``new`` (once)."""
    text = DATA_FILES[game].read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def copied(tmp_path: Path, game: str, name: str = "same.toml") -> Path:
    path = tmp_path / name
    path.write_text(DATA_FILES[game].read_text(encoding="utf-8"), encoding="utf-8")
    return path


DOUBLE_TWELVES = (
    "copies = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
    "copies = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 24]",
)


# ------------------------------------------------------------------------------ statistics
def test_holm_adjusts_step_down_and_keeps_the_order() -> None:
    fig = Figure("g: x", "g", "x", True)
    ps = [0.01, 0.04, 0.03, 0.5]
    found = holm([Difference(fig, 0, 0, 0, 0, 0, p) for p in ps])
    # sorted: 0.01 x4 = 0.04; 0.03 x3 = 0.09; 0.04 x2 = 0.08 -> 0.09 (monotone); 0.5 x1 = 0.5
    assert [round(d.p_holm, 6) for d in found] == [0.04, 0.09, 0.09, 0.5]
    assert [d.significant for d in found] == [True, False, False, False]


def test_wilson_and_a_share_with_one_trial_a_game() -> None:
    low, high = wilson_interval(0.5, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    t = Tally(Figure("win share by seat: 0", "win share by seat", "0", True, 0.5))
    for g in range(100):
        t.add(g, 1.0 if g % 2 else 0.0, 1)
    e = estimate(t, list(range(100)))
    assert e is not None and e.value == 0.5 and e.count == 100
    assert 0.39 < e.low < 0.41 and 0.59 < e.high < 0.61  # Wilson on (nearly) 100 trials


def test_a_paired_difference_removes_what_both_runs_share() -> None:
    fig = Figure("per game: x", "per game", "x", False)
    base, variant = Tally(fig), Tally(fig)
    for g in range(50):  # wildly different games, each moved up by exactly 1 or 1.2
        base.add(g, 100.0 * (g % 7), 1)
        variant.add(g, 100.0 * (g % 7) + (1.0 if g % 2 else 1.2), 1)
    d = compare(base, variant, list(range(50)))
    assert d is not None and math.isclose(d.diff, 1.1)
    assert 1.0 < d.low < d.high < 1.2 and d.p < 1e-9
    same = compare(base, base, list(range(50)))
    assert same is not None and (same.diff, same.low, same.high, same.p) == (0.0, 0.0, 0.0, 1.0)


# ------------------------------------------------------------------------------ variants
def test_a_variant_that_doubles_a_value_differs_and_an_identical_copy_does_not(tmp_path: Path) -> None:
    spec = plan(
        "summon7",
        {"players": 4},
        ["random"],
        seed=3,
        variants=[
            ("twelves", str(edited(tmp_path, "summon7", *DOUBLE_TWELVES))),
            ("same", str(copied(tmp_path, "summon7"))),
        ],
        games=240,  # a Summon 7 game between random bots takes about a millisecond
    )
    outcome = run_balance(spec, Store(tmp_path / "results.jsonl", spec))
    assert outcome.games == list(range(240)) and not outcome.interrupted
    figures = build(outcome)
    assert figures.changes["twelves"] == ["copies[12]: 12 -> 24"]
    assert figures.changes["same"] == ["nothing: the same numbers as the baseline"]
    same = figures.differences["same"]
    assert same and all(d.diff == 0 and d.p == 1 and not d.significant for d in same.values())
    twelves = figures.differences["twelves"]
    assert twelves["rates: share of hands busted"].significant
    assert twelves["rates: share of hands busted"].diff > 0  # random players bust more on a deck of 12s
    payload = json.loads(json.dumps(to_json(figures)))
    variant = next(v for v in payload["variants"] if v["name"] == "twelves")
    assert "rates: share of hands busted" in variant["significant"]
    assert next(v for v in payload["variants"] if v["name"] == "same")["significant"] == []


def test_megalomania_mission_points_doubled_on_the_same_games(tmp_path: Path) -> None:
    variant = edited(
        tmp_path,
        "megalomania",
        'task = "Take exactly 3 tricks."\npoints = 5',
        'task = "Take exactly 3 tricks."\npoints = 10',
    )
    spec = plan("megalomania", {"players": 3}, ["random"], 1, [("double", str(variant))], games=24)
    figures = build(run_balance(spec, Store(tmp_path / "r.jsonl", spec)))
    diffs = figures.differences["double"]
    points = diffs["mission points per seat: 1"]
    assert points.significant and math.isclose(points.value, 2 * points.base)
    # the bots do not look at the points: the missions are completed exactly as often
    assert all(d.diff == 0 for k, d in diffs.items() if k.startswith("mission completion rate"))
    assert figures.changes["double"] == ["mission 1.points: 5 -> 10"]


def test_every_game_records_its_content(tmp_path: Path) -> None:
    wanted = {
        "summon7": ({"players": 3}, {"win share by starting seat"}, {"rates"}),
        "clan": (
            {"players": 3, "pregame": 20},
            {"win share by character", "win share by starting seat"},
            {"rates"},
        ),
        "megalomania": (
            {"players": 3},
            {"win share by scroll played", "win share by scroll drawn"},
            {"mission completion rate"},
        ),
        "manasurge": (
            {"players": 3, "wizards": True},
            {"win share by wizard", "win share by metamagic in the opening hand"},
            set(),
        ),
        "megacorps": ({"players": 3}, {"win share by corporation", "win share by drawn country"}, {"rates"}),
    }
    for game, (options, kinds, other) in wanted.items():
        spec = plan(game, options, ["random"], 1, [], games=2)
        figures = build(run_balance(spec, Store(tmp_path / f"{game}.jsonl", spec)))
        groups = set(figures.groups())
        assert {"win share by seat", "points by seat", "per game"} | kinds | other <= groups, game
        assert {"score", "margin", "decisions"} <= set(figures.distributions), game


# ------------------------------------------------------------------------------ results file
def test_results_round_trip_through_json() -> None:
    for game in ("megalomania", "megacorps", "manasurge"):
        chunk = SimChunk(game, {"players": 3}, 1, ("random",) * 3, 0, 1)
        (result,) = play_chunk(chunk)
        name, again = result_from_json(json.loads(json.dumps(result_to_json("x", result))))
        assert name == "x" and again == result


def test_ctrl_c_keeps_what_is_done_and_the_same_run_goes_on(tmp_path: Path) -> None:
    variant = edited(tmp_path, "summon7", *DOUBLE_TWELVES)
    results = tmp_path / "r.jsonl"
    spec = plan("summon7", {"players": 3}, ["random"], 5, [("v", str(variant))], games=30)
    stopped = run_balance(spec, Store(results, spec), StopAfter(16))  # chunks of 8, the runs in turn
    assert stopped.interrupted and stopped.why == "Ctrl-C" and 0 < len(stopped.games) < 30
    kept = len(results.read_text().splitlines()) - 1
    assert kept == stopped.played
    again = run_balance(spec, Store(results, spec))
    assert not again.interrupted and again.games == list(range(30)) and again.played == 60 - kept
    fresh = plan("summon7", {"players": 3}, ["random"], 5, [("v", str(variant))], games=30)
    whole = run_balance(fresh, Store(tmp_path / "other.jsonl", fresh))
    assert whole.results == again.results  # resumed or not, the same games


def test_a_results_file_is_refused_when_the_run_changed(tmp_path: Path) -> None:
    variant = edited(tmp_path, "summon7", *DOUBLE_TWELVES)
    results = tmp_path / "r.jsonl"
    spec = plan("summon7", {"players": 3}, ["random"], 5, [("v", str(variant))], games=4)
    run_balance(spec, Store(results, spec))
    other_seed = plan("summon7", {"players": 3}, ["random"], 6, [("v", str(variant))], games=4)
    with pytest.raises(BalanceError, match="seed 5, not 6"):
        Store(results, other_seed)
    variant.write_text(variant.read_text().replace("11, 24]", "11, 20]"))
    changed = plan("summon7", {"players": 3}, ["random"], 5, [("v", str(variant))], games=4)
    with pytest.raises(BalanceError, match="the v run's data file changed"):
        Store(results, changed)
    assert len(Store(results, changed, fresh=True).results["v"]) == 0
    # a new variant next to the stored ones: the baseline's games are kept
    spec2 = plan("summon7", {"players": 3}, ["random"], 5, [("w", str(copied(tmp_path, "summon7")))], games=4)
    store = Store(results, spec2)
    assert len(store.results[BASELINE]) == 0  # (the fresh start above forgot them)
    run_balance(spec2, store)
    assert len(Store(results, spec2).results["w"]) == 4


def test_bad_variants_are_refused(tmp_path: Path) -> None:
    good = str(copied(tmp_path, "summon7"))
    for variants, message in (
        ([("baseline", good)], "its own name"),
        ([("a b", good)], "its own name"),
        ([("v", good), ("v", good)], "its own name"),
        ([("v", str(tmp_path / "missing.toml"))], "no such file"),
    ):
        with pytest.raises(BalanceError, match=message):
            plan("summon7", {}, ["random"], 1, variants, games=2)
    bad = tmp_path / "bad.toml"
    bad.write_text("copies = [1]\n")
    with pytest.raises(Exception, match=re.escape(str(bad)) + ".*13 counts"):
        plan("summon7", {}, ["random"], 1, [("v", str(bad))], games=2)


# ------------------------------------------------------------------------------ --until
def test_until_stops_when_the_chosen_intervals_are_narrow_enough(tmp_path: Path) -> None:
    spec = plan(
        "summon7", {"players": 2}, ["random"], 1, [], games=5000, until=0.3, figures=["win share by seat: *"]
    )
    outcome = run_balance(spec, Store(tmp_path / "r.jsonl", spec))
    assert len(outcome.games) < 5000 and "narrower than 0.3" in outcome.why
    assert outcome.widest is not None and outcome.widest.width < 0.3
    budget = plan("summon7", {"players": 2}, ["random"], 1, [], games=60, until=0.001)
    ran = run_balance(budget, Store(tmp_path / "b.jsonl", budget))
    assert len(ran.games) == 60 and "budget of 60" in ran.why
    with pytest.raises(BalanceError, match="matches no figure"):
        nothing = plan("summon7", {}, ["random"], 1, [], games=60, until=0.1, figures=["nothing*"])
        run_balance(nothing, Store(tmp_path / "n.jsonl", nothing))


def test_next_target_grows_with_the_width() -> None:
    assert next_target(100, 0.2, 0.1, 10_000) == 400  # 4.4x wanted, at most 4x a batch
    assert next_target(100, 0.11, 0.1, 10_000) == 134  # 1.1 x 1.21 x 100
    assert next_target(100, 0.2, 0.1, 150) == 150


def test_data_changes_name_the_entries(tmp_path: Path) -> None:
    variant = edited(tmp_path, "megacorps", "start_money = 40", "start_money = 50")
    assert data_changes(str(DATA_FILES["megacorps"]), str(variant)) == ["economy.start_money: 40 -> 50"]


def test_chunks_grow_with_the_cluster_and_interleave_the_runs(tmp_path: Path) -> None:
    spec = plan("summon7", {"players": 3}, ["random"], 1, [("v", str(copied(tmp_path, "summon7")))], 50_000)
    store = Store(tmp_path / "r.jsonl", spec)
    sizes = {
        w: max(c.stop - c.start for c in missing_chunks(spec, store, 50_000, w)) for w in (2, 40, 100, 400)
    }
    assert sizes == {2: 25, 40: 40, 100: 100, 400: 32}  # 4 a run a worker, at most 25 to 100 games
    few = missing_chunks(spec, store, 30, 2)
    assert [(c.run, c.start, c.stop) for c in few[:3]] == [
        ("baseline", 0, 4),
        ("v", 0, 4),
        ("baseline", 4, 8),
    ]


def test_a_histogram_names_each_run_once_in_its_legend() -> None:
    from tabletop.sim.balance_plots import histogram_plot

    svg = histogram_plot(
        "h", "Game length", [("base", [30, 31, 33]), ("variant", [31, 34, 34, 36])], "decisions"
    )
    assert svg.count("<!-- variant -->") == 1 and svg.count("<!-- base -->") == 1
