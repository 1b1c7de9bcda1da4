"""The Ray backend gives the process backend's figures: simulate, arena and balance on small runs,
the command line, a game's error, Ctrl-C and resuming.

One local Ray (two CPUs, about 10 s to start) serves every check, each run finding it started and
leaving it running: the checks are subtests of one test, so that pytest-xdist cannot hand them to
two workers that would each start a Ray (its --dist loadgroup does not work with pytest 9)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.core.errors import InvalidOptions
from tabletop.sim.arena import arena
from tabletop.sim.balance import BalanceSpec, Store, plan, run_balance
from tabletop.sim.balance_report import build, to_json
from tabletop.sim.content import DATA_FILES
from tabletop.sim.pool import open_backend
from tabletop.sim.simulate import Chunk, play_chunk, simulate

pytest.importorskip("ray", reason="the Ray backend needs pip install -e '.[cluster]'")
from tabletop.sim.ray_backend import RayRunner, ray_runner

from .helpers import StopAfter


def timeless(data: dict[str, Any]) -> dict[str, Any]:
    data.pop("timing")
    return data


def the_runner_is_ray_with_the_cluster_cpus(local_ray: RayRunner) -> None:
    assert local_ray.workers == 2
    with open_backend("ray") as found:
        assert found.backend == "ray" and found.workers == 2
    with open_backend("ray", workers=3) as found:
        assert found.workers == 3  # tasks planned for; Ray runs as many at once as it has CPUs


def simulate_and_arena_give_the_same_figures() -> None:
    for game, options in (("megalomania", {"players": 3}), ("megacorps", {"players": 3})):
        here = simulate(game, options, games=6, seed=7, workers=1)
        there = simulate(game, options, games=6, seed=7, workers=None, backend="ray")
        assert there.results == here.results
        assert timeless(there.to_json()) == timeless(here.to_json())
    lineup = ["heuristic", "random", "random"]
    here_arena = arena("summon7", {"players": 3}, lineup, 12, seed=3, workers=2)
    there_arena = arena("summon7", {"players": 3}, lineup, 12, seed=3, workers=None, backend="ray")
    assert timeless(there_arena.to_json()) == timeless(here_arena.to_json())


def a_games_error_in_a_task_is_raised_as_itself() -> None:
    bad = Chunk("megalomania", {"players": 9}, 1, ("random",), 0, 1)
    with open_backend("ray") as runner, pytest.raises(InvalidOptions, match="players"):
        runner.run(play_chunk, [bad, bad])


def balance_stops_resumes_and_reports_the_same_figures(tmp_path: Path) -> None:
    variant = tmp_path / "twelves.toml"
    text = DATA_FILES["summon7"].read_text(encoding="utf-8")
    variant.write_text(text.replace("9, 10, 11, 12]", "9, 10, 11, 24]", 1), encoding="utf-8")

    def spec(backend: str, workers: int | None) -> BalanceSpec:
        return plan(
            "summon7",
            {"players": 3},
            ["random"],
            5,
            [("v", str(variant))],
            60,
            workers=workers,
            backend=backend,
        )

    whole = run_balance(spec("process", 1), Store(tmp_path / "process.jsonl", spec("process", 1)))
    results = tmp_path / "ray.jsonl"
    stopped = run_balance(spec("ray", None), Store(results, spec("ray", None)), StopAfter(20))
    assert stopped.interrupted and stopped.why == "Ctrl-C" and 0 < stopped.played < 120
    assert len(results.read_text().splitlines()) - 1 == stopped.played  # what was delivered is kept
    again = run_balance(spec("ray", None), Store(results, spec("ray", None)))
    assert not again.interrupted and again.played == 120 - stopped.played
    assert again.results == whole.results and again.games == whole.games == list(range(60))
    figures = [to_json(build(outcome)) for outcome in (again, whole)]
    for found in figures:
        found.pop("elapsed_seconds")
    assert figures[0] == figures[1]  # every figure, interval and difference


def the_command_line_takes_backend_ray(tmp_path: Path) -> None:
    runner = CliRunner()

    def run(*args: str) -> dict[str, Any]:
        result = runner.invoke(app, [*args, "--seed", "4", "--json"])
        assert result.exit_code == 0, result.output
        found: dict[str, Any] = json.loads(result.stdout)
        return timeless(found)

    simulate_args = ["simulate", "summon7", "--games", "9"]
    here = run(*simulate_args)
    assert run(*simulate_args, "--backend", "ray") == here
    assert run(*simulate_args, "--backend", "ray", "--workers", "1") == here
    arena_args = ["arena", "summon7", "--players", "2", "--bots", "heuristic,random", "--games", "6"]
    assert run(*arena_args, "--backend", "ray") == run(*arena_args, "--workers", "1")
    figures = []
    for backend in ("process", "ray"):
        out = tmp_path / f"{backend}.html"
        args = ["balance", "summon7", "--players", "3", "--games", "8", "--bots", "random", "--out", str(out)]
        result = runner.invoke(app, [*args, "--backend", backend])
        assert result.exit_code == 0, result.output
        figures.append(json.loads(out.with_suffix(".json").read_text(encoding="utf-8")))
        figures[-1].pop("elapsed_seconds")
    assert figures[0] == figures[1] and figures[1]["games_per_run"] == 8


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_ray_backend_gives_the_process_backends_figures(
    tmp_path: Path, subtests: pytest.Subtests
) -> None:
    checks: dict[str, Callable[[Path], None]] = {
        "simulate and arena": lambda _: simulate_and_arena_give_the_same_figures(),
        "a game's error": lambda _: a_games_error_in_a_task_is_raised_as_itself(),
        "balance, Ctrl-C and resuming": balance_stops_resumes_and_reports_the_same_figures,
        "the command line": the_command_line_takes_backend_ray,
    }
    with ray_runner(workers=2) as local_ray:
        with subtests.test("the runner"):
            the_runner_is_ray_with_the_cluster_cpus(local_ray)
        for k, (name, check) in enumerate(checks.items()):
            with subtests.test(name):
                (tmp_path / str(k)).mkdir()
                check(tmp_path / str(k))
