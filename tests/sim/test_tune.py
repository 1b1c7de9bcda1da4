"""`tabletop tune`: a study end to end, resumed after Ctrl-C, on common random numbers; several
objectives give a Pareto front; planted imbalances are found and fixed on a small budget."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from optuna.trial import TrialState
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.sim import tune
from tabletop.sim.simulate import game_seed
from tabletop.sim.summary import GameResult
from tabletop.sim.tune import Progress, best_trials, open_study, run_tune, storage_url, write_best
from tabletop.sim.tune_report import confirm, write_report
from tabletop.sim.tune_spec import TuneSpec, load

SPEC = """\
game = "manasurge"
players = 3
bots = "heuristic"

[[param]]
name = "win3"
path = "constants.win_shards.3"
low = 2
high = 14
step = 2

[[param]]
name = "fire"
path = "suit[F].params.amount"
choices = [1, 2, 3]
texts = ["suit[F].text"]

[[objective]]
figure = "win share by starting seat: *"
within = 0.04

[search]
steps = 2
startup = 3
"""


def spec_file(tmp_path: Path, text: str = SPEC, name: str = "tune.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def study_of(spec: TuneSpec, out: Path, games: int) -> Any:
    out.mkdir(parents=True, exist_ok=True)
    return open_study(spec, games, storage_url(out, None))


class StopAfterTrials(Progress):
    """Ctrl-C once ``trials`` trials have finished and the next has played a chunk."""

    def __init__(self, trials: int) -> None:
        self.trials, self.finished = trials, 0

    def trial(self, done: int, target: int, best: str) -> None:
        self.finished += 1

    def advance(self, games: int) -> None:
        if self.finished >= self.trials:
            raise KeyboardInterrupt


def test_a_small_study_keeps_the_best_file_with_only_the_tuned_numbers_changed(tmp_path: Path) -> None:
    spec = load(spec_file(tmp_path), "manasurge")
    study = study_of(spec, tmp_path / "out", 20)
    outcome = run_tune(spec, study, 20, 3)
    assert not outcome.interrupted and outcome.why == "the 3 trials asked for"
    finished = [t for t in study.trials if t.state in (TrialState.COMPLETE, TrialState.PRUNED)]
    assert len(finished) == 3
    kept = write_best(spec, study, tmp_path / "out")
    assert [name for name, _, _ in kept] == ["best"]
    best = kept[0][2]
    assert best.values[0] == min(t.values[0] for t in study.trials if t.state == TrialState.COMPLETE)
    base = Path(spec.base_file).read_text(encoding="utf-8").splitlines()
    mine = (tmp_path / "out" / "best.toml").read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(base, mine, strict=True) if a != b]
    win3, fire = best.params["win3"], json.loads(best.params["fire"])
    expected = [
        ("win_shards = { 3 = 12, 4 = 12, 5 = 10 }", f"win_shards = {{ 3 = {win3}, 4 = 12, 5 = 10 }}"),
        ("params = { amount = 2 }", f"params = {{ amount = {fire} }}"),
        (
            'text = "When the spell strikes, the struck player takes 2 more damage."',
            f'text = "When the spell strikes, the struck player takes {fire} more damage."',
        ),
    ]
    assert changed == [pair for pair in expected if pair[0] != pair[1]]
    # the confirmation and the report
    confirmation = confirm(spec, [("best", tmp_path / "out" / "best.toml")], tmp_path / "out", 10)
    assert confirmation.seed == spec.seed + 1 and confirmation.figures.runs == ["baseline", "best"]
    page = write_report(outcome, kept, confirmation, tmp_path / "out").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 2 and "<script" not in page
    assert (tmp_path / "out" / "confirmation.html").exists()


def test_every_trial_plays_the_same_seeds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: dict[int, dict[int, GameResult]] = {}
    texts: dict[int, str] = {}
    real = tune.play_tune_chunk

    def spy(chunk: tune.TuneChunk) -> list[GameResult]:
        results = real(chunk)
        played.setdefault(chunk.trial, {}).update({r.index: r for r in results})
        texts[chunk.trial] = chunk.text
        return results

    monkeypatch.setattr(tune, "play_tune_chunk", spy)
    spec = load(spec_file(tmp_path, SPEC.replace("startup = 3", "startup = 3\nprune = false")), "manasurge")
    study = study_of(spec, tmp_path / "out", 8)
    run_tune(spec, study, 8, 3)
    assert len(played) == 3 and len(set(texts.values())) == 3  # three different files
    for results in played.values():
        assert sorted(results) == list(range(8))
        assert [results[i].seed for i in range(8)] == [game_seed(spec.seed, i) for i in range(8)]
    assert len({t.user_attrs["seeds"] for t in study.trials}) == 1


def test_ctrl_c_then_the_same_run_goes_on_without_playing_a_finished_trial_again(tmp_path: Path) -> None:
    spec = load(spec_file(tmp_path), "manasurge")
    out = tmp_path / "out"
    study = study_of(spec, out, 12)
    first = run_tune(spec, study, 12, 4, progress=StopAfterTrials(2))
    assert first.interrupted and first.why == "Ctrl-C"
    before = {t.number: (t.params, t.values, t.datetime_complete) for t in study.trials if tune.counted(t)}
    assert len(before) == 2
    cut = [t for t in study.trials if t.user_attrs.get("kind") == "interrupted"]
    assert len(cut) == 1 and cut[0].state == TrialState.FAIL
    again_study = study_of(spec, out, 12)  # as a new command would
    again = run_tune(spec, again_study, 12, 4)
    assert not again.interrupted
    counted = [t for t in again_study.trials if tune.counted(t)]
    assert len(counted) == 4
    for number, (params, values, when) in before.items():  # kept as they were, not played again
        t = again_study.trials[number]
        assert (t.params, t.values, t.datetime_complete) == (params, values, when)
    retried = [t for t in again_study.trials if t.user_attrs.get("retry_of") == cut[0].number]
    assert len(retried) == 1 and retried[0].params == cut[0].params and tune.counted(retried[0])
    assert again.trials_played + sum(1 for t in counted if t.user_attrs.get("kind") == "repeat") == 2
    # the study refuses another spec
    other = load(
        spec_file(tmp_path, SPEC.replace("within = 0.04", "within = 0.05"), "other.toml"), "manasurge"
    )
    with pytest.raises(tune.TuneError, match="another spec"):
        study_of(other, out, 12)
    with pytest.raises(tune.TuneError, match="another spec"):
        study_of(spec, out, 13)


MULTI = SPEC.replace(
    "[search]",
    """[[objective]]
name = "length"
figure = "per game: decisions"
direction = "minimize"

[search]
sampler = "nsga2"
""",
)


def test_several_objectives_give_a_pareto_front(tmp_path: Path) -> None:
    spec = load(spec_file(tmp_path, MULTI), "manasurge")
    assert spec.directions == ["minimize", "minimize"]
    out = tmp_path / "out"
    study = study_of(spec, out, 10)
    run_tune(spec, study, 10, 5)
    front = best_trials(study, spec)
    done = [t for t in study.trials if t.state == TrialState.COMPLETE]
    assert front and all(t.state == TrialState.COMPLETE for t in front)
    for t in front:  # no completed trial is at least as good on both and better on one
        assert not any(
            all(o <= v for o, v in zip(other.values, t.values, strict=True)) and other.values != t.values
            for other in done
        )
    kept = write_best(spec, study, out)
    assert kept[0][0] == "best" and (out / "best.toml").exists()
    assert sorted(p.name for p in (out / "pareto").iterdir()) == sorted(
        f"trial-{t.number:04d}.toml" for t in front
    )


def test_the_command_tunes_confirms_and_reports(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "tuned"
    args = ["tune", "manasurge", "--spec", str(spec_file(tmp_path)), "--trials", "2", "--games", "10"]
    args += ["--out", str(out), "--workers", "1", "--confirm", "10"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert (
        "2 trials played now (20 games" in text
        and "Confirmation on fresh seeds (seed 2, 10 games a run)" in text
    )
    assert {"best.toml", "report.html", "report.json", "confirmation.html", "study.db"} <= {
        p.name for p in out.iterdir()
    }
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["trials"]["completed"] + report["trials"]["pruned"] == 2
    assert [r["run"] for r in report["confirmation"]["rows"]] == ["baseline", "best"]
    again = runner.invoke(app, [*args[:5], "3", *args[6:]])
    assert again.exit_code == 0 and "(2 trials stored)" in again.output
    bad = runner.invoke(app, ["tune", "clan", "--spec", str(spec_file(tmp_path)), "--out", str(out)])
    assert bad.exit_code == 2 and "this spec is for 'manasurge', not 'clan'" in " ".join(bad.output.split())


# ------------------------------------------------------------------------- planted imbalances
PLANTED: dict[str, tuple[str, tuple[str, Any], int, int]] = {
    # a seat advantage: ManaSurge won at 2 Shards, so the first Caster wins most games
    "manasurge": (
        """game = "manasurge"
players = 3
[[param]]
path = "constants.win_shards.3"
low = 2
high = 14
step = 2
[[objective]]
figure = "win share by starting seat: 1"
within = 0.06
[search]
startup = 3
""",
        ("constants.win_shards.3", 2),
        200,
        6,
    ),
    # a character starved: no priest in the city, so the Zealot goes hungry
    "clan": (
        """game = "clan"
[[param]]
name = "cathedral"
path = "location[cathedral].humans"
choices = [["peasant"], ["priest", "peasant", "peasant"], ["priest", "peasant"],
           ["priest", "priest", "peasant"]]
[[objective]]
figure = "win share by character: zealot"
at_least = 0.15
[search]
startup = 3
""",
        ("location[cathedral].humans", ["peasant"]),
        120,
        5,
    ),
    # a mission far too rich: mission 13 worth 30 points
    "megalomania": (
        """game = "megalomania"
bots = "random"
[[param]]
path = "mission[13].points"
low = 1
high = 12
[[objective]]
figure = "mission points per seat: 13"
between = [1.5, 2.5]
[search]
startup = 3
""",
        ("mission[13].points", 30),
        20,
        8,
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(PLANTED))
def test_a_planted_imbalance_is_tuned_back_within_its_target(tmp_path: Path, game: str) -> None:
    import tomllib

    from tabletop.sim.content import DATA_FILES
    from tabletop.sim.tune_data import edit, resolve

    text, (path, planted), games, trials = PLANTED[game]
    base = DATA_FILES[game].read_text(encoding="utf-8")
    bad = tmp_path / "planted.toml"
    bad.write_text(edit(base, [(resolve(tomllib.loads(base), path), planted)]), encoding="utf-8")
    spec = load(spec_file(tmp_path, f'data = "{bad.name}"\n' + text), game)
    assert spec.base_file == str(bad)
    out = tmp_path / "out"
    study = study_of(spec, out, games)
    # the planted file misses its target on these games
    base_result = tune.scores(spec.objectives, spec, _play(spec, bad.read_text(encoding="utf-8"), games))[0]
    assert base_result is not None and not base_result.met
    run_tune(spec, study, games, trials)
    kept = write_best(spec, study, out)
    assert kept and kept[0][2].user_attrs["met"] == [True], [t.params for t in study.trials]
    # and on fresh seeds the tuned file is nearer its target than the planted one
    confirmation = confirm(spec, [("best", out / "best.toml")], out, games)
    name = spec.objectives[0].name
    assert confirmation.row("best", name).score < confirmation.row("baseline", name).score


def _play(spec: TuneSpec, text: str, games: int) -> list[GameResult]:
    chunk = tune.TuneChunk(0, spec.game, spec.options, text, spec.seed, spec.bots, 0, games)
    return tune.play_tune_chunk(chunk)
