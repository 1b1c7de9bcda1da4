"""A tune's confirmation run and its report.

The confirmation plays the base data file and the kept files (best.toml, and the Pareto points)
with ``tabletop balance``'s machinery on fresh seeds (the study's seed + 1): every figure with its
95% interval, each kept file's differences to the base file paired game by game, Holm-corrected.
It writes the balance report of those runs (confirmation.html) beside the tune's own report.

The tune's report (report.html) is one self-contained page, drawn with the balance report's
matplotlib helpers (inline SVG, no script, nothing fetched): the objectives over the trials, the
Pareto front (several objectives), each parameter's importance (Optuna's PED-ANOVA), the kept
trials' values and what they change, and the confirmation against the base file.
"""

from __future__ import annotations

import html
import json
import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import optuna
from matplotlib.figure import Figure as Plot
from optuna.trial import FrozenTrial, TrialState

from ..core.protocol import JSON
from . import balance_plots as plots
from .balance import BASELINE, BalanceError, Progress, Store, plan, run_balance
from .balance_report import CSS, Figures, build, data_changes
from .balance_report import write as write_balance
from .measures import Difference, Estimate, tallies
from .tune import TuneOutcome, trial_values
from .tune_score import matching, score
from .tune_spec import TuneSpec

FORMAT = "tabletop-tune-report/1"


@dataclass
class Row:
    """One objective on one run of the confirmation."""

    run: str
    objective: str
    score: float
    met: bool
    estimates: list[Estimate]
    differences: list[Difference] = field(default_factory=list)


@dataclass
class Confirmation:
    figures: Figures
    rows: list[Row]
    seed: int

    def row(self, run: str, objective: str) -> Row:
        return next(r for r in self.rows if r.run == run and r.objective == objective)


def confirm(
    spec: TuneSpec,
    kept: Sequence[tuple[str, Path]],
    out: Path,
    games: int,
    workers: int | None = 1,
    backend: str = "process",
    address: str | None = None,
    progress: Progress | None = None,
) -> Confirmation:
    """The base file and each kept one on ``games`` fresh deals (seed + 1); resumable as balance is
    (confirmation.jsonl), started again when the kept files changed."""
    seed = spec.seed + 1
    options = {**spec.options, "data": spec.base_file}
    variants = [(name, str(path)) for name, path in kept]
    bspec = plan(
        spec.game, options, spec.bots, seed, variants, games, None, ("*",), workers, backend, address
    )
    results = out / "confirmation.jsonl"
    try:
        store = Store(results, bspec)
    except BalanceError:  # other kept files than last time
        store = Store(results, bspec, fresh=True)
    outcome = run_balance(bspec, store, progress)
    if outcome.interrupted:
        raise KeyboardInterrupt
    figures = build(outcome)
    write_balance(figures, out / "confirmation.html", out / "confirmation.json")
    rows: list[Row] = []
    for run in bspec.runs:
        found = tallies(spec.game, spec.players, (outcome.results[run.name][g] for g in outcome.games))
        for o in spec.objectives:
            s = score(o, found)
            keys = matching(o.figure, figures.estimates[run.name])
            rows.append(
                Row(
                    run.name,
                    o.name,
                    math.nan if s is None else s.value,
                    bool(s and s.met),
                    [figures.estimates[run.name][k] for k in keys],
                    [
                        figures.differences[run.name][k]
                        for k in keys
                        if k in figures.differences.get(run.name, {})
                    ],
                )
            )
    return Confirmation(figures, rows, seed)


# ------------------------------------------------------------------------------------- plots
def _scatter(name: str, title: str, trials: Sequence[FrozenTrial], k: int, direction: str) -> str:
    figure = Plot(figsize=(7.5, 3.0), layout="constrained")
    ax = figure.subplots()
    done = [t for t in trials if t.state == TrialState.COMPLETE and t.values]
    pruned = [t for t in trials if t.state == TrialState.PRUNED and t.intermediate_values]
    ax.plot(
        [t.number for t in done], [t.values[k] for t in done], "o", color=plots.COLOURS[0], label="completed"
    )
    if pruned and k == 0:
        last = [t.intermediate_values[max(t.intermediate_values)] for t in pruned]
        ax.plot([t.number for t in pruned], last, "x", color=plots.PLAIN, label="pruned (last report)")
    best, xs, ys = math.inf, [], []
    sign = 1.0 if direction == "minimize" else -1.0
    for t in sorted(done, key=lambda t: t.number):
        best = min(best, sign * t.values[k])
        xs.append(t.number)
        ys.append(sign * best)
    if xs:
        ax.step(xs, ys, where="post", color=plots.SIGNIFICANT, label="best so far")
    ax.set_title(title, loc="left", fontsize=11)
    ax.set_xlabel("trial")
    ax.grid(color="#e5e5e5")
    ax.set_axisbelow(True)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    return plots.to_svg(figure, name)


def _pareto(
    name: str, names: Sequence[str], trials: Sequence[FrozenTrial], front: Sequence[FrozenTrial]
) -> str:
    figure = Plot(figsize=(6.5, 4.5), layout="constrained")
    ax = figure.subplots()
    done = [t for t in trials if t.state == TrialState.COMPLETE and t.values]
    ax.plot([t.values[0] for t in done], [t.values[1] for t in done], "o", color="#bbbbbb", label="trials")
    ordered = sorted(front, key=lambda t: t.values[0])
    ax.plot(
        [t.values[0] for t in ordered],
        [t.values[1] for t in ordered],
        "D-",
        color=plots.SIGNIFICANT,
        label="Pareto front",
    )
    ax.set_xlabel(names[0])
    ax.set_ylabel(names[1])
    ax.set_title("Pareto front", loc="left", fontsize=11)
    ax.grid(color="#e5e5e5")
    ax.legend(fontsize=8, frameon=False)
    return plots.to_svg(figure, name)


def _bars(name: str, title: str, importances: dict[str, float]) -> str:
    labels = list(importances)
    figure = Plot(figsize=(7.5, 1.2 + 0.3 * len(labels)), layout="constrained")
    ax = figure.subplots()
    ax.barh(range(len(labels)), [importances[x] for x in labels], color=plots.COLOURS[0])
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_title(title, loc="left", fontsize=11)
    ax.set_xlabel("share of the objective's variation (PED-ANOVA)")
    ax.grid(axis="x", color="#e5e5e5")
    ax.set_axisbelow(True)
    return plots.to_svg(figure, name)


def importances(study: optuna.Study, spec: TuneSpec) -> dict[str, dict[str, float]]:
    """Each objective's parameter importances (empty when the trials do not allow it yet)."""
    found: dict[str, dict[str, float]] = {}
    done = study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
    if len(done) < 3:
        return found
    for k, o in enumerate(spec.objectives):
        sign = -1.0 if o.direction == "maximize" else 1.0  # PED-ANOVA looks for low values

        def target(t: FrozenTrial, k: int = k, sign: float = sign) -> float:
            return sign * float(t.values[k])

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                found[o.name] = optuna.importance.get_param_importances(study, target=target)
        except (RuntimeError, ValueError, ZeroDivisionError, IndexError):
            continue
    return found


# -------------------------------------------------------------------------------------- page
def _fmt(x: float, share: bool = False) -> str:
    if not math.isfinite(x):
        return "-"
    return f"{x:.1%}" if share else f"{x:.4g}"


def _cell(e: Estimate, share: bool) -> str:
    return (
        f"{_fmt(e.value, share)}<br><span class='note'>{_fmt(e.low, share)} to {_fmt(e.high, share)}</span>"
    )


def to_json(
    outcome: TuneOutcome, kept: Sequence[tuple[str, Path, FrozenTrial]], confirmation: Confirmation | None
) -> dict[str, JSON]:
    spec, study = outcome.spec, outcome.study
    trials = study.get_trials(deepcopy=False)
    return {
        "format": FORMAT,
        "game": spec.game,
        "players": spec.players,
        "bots": list(spec.bots),
        "seed": spec.seed,
        "games_per_trial": outcome.games,
        "base": spec.base_file,
        "objectives": [{"name": o.name, "figure": o.figure, "target": o.describe()} for o in spec.objectives],
        "trials": {
            "asked": outcome.target,
            "completed": sum(1 for t in trials if t.state == TrialState.COMPLETE),
            "pruned": sum(
                1 for t in trials if t.state == TrialState.PRUNED and not t.user_attrs.get("violation")
            ),
            "infeasible": sum(1 for t in trials if t.user_attrs.get("violation")),
        },
        "stopped": outcome.why,
        "kept": [
            {
                "name": name,
                "file": str(path),
                "trial": t.number,
                "values": [float(v) for v in t.values],
                "params": {k: v for k, v in trial_values(spec, t).items()},
            }
            for name, path, t in kept
        ],
        "confirmation": None
        if confirmation is None
        else {
            "seed": confirmation.seed,
            "games_per_run": len(confirmation.figures.outcome.games),
            "rows": [
                {
                    "run": r.run,
                    "objective": r.objective,
                    "score": None if not math.isfinite(r.score) else round(r.score, 6),
                    "met": r.met,
                    "figures": [
                        {
                            "key": e.figure.key,
                            "value": round(e.value, 6),
                            "interval_95": [round(e.low, 6), round(e.high, 6)],
                        }
                        for e in r.estimates
                    ],
                    "differences": [
                        {
                            "key": d.figure.key,
                            "difference": round(d.diff, 6),
                            "interval_95": [round(d.low, 6), round(d.high, 6)],
                            "significant": d.significant,
                        }
                        for d in r.differences
                    ],
                }
                for r in confirmation.rows
            ],
        },
    }


def to_html(
    outcome: TuneOutcome, kept: Sequence[tuple[str, Path, FrozenTrial]], confirmation: Confirmation | None
) -> str:
    spec, study, esc = outcome.spec, outcome.study, html.escape
    trials = study.get_trials(deepcopy=False)
    parts: list[str] = []
    count = 0

    def plot(svg: str, caption: str) -> None:
        nonlocal count
        count += 1
        parts.append(
            f'<figure class="plot" id="plot-{count}">{svg}'
            f'<figcaption class="note">{esc(caption)}</figcaption></figure>'
        )

    summary = to_json(outcome, kept, confirmation)["trials"]
    assert isinstance(summary, dict)
    parts.append(f"<h1>Tune: {esc(spec.game)}</h1>")
    parts.append(
        f"<p>{spec.players} players, bots {esc(', '.join(spec.bots))}; "
        f"<b>{outcome.games} games a trial</b> on "
        f"the same seeds (seed {spec.seed}); base file <code>{esc(spec.base_file)}</code>. Trials: "
        f"{summary['completed']} completed, {summary['pruned']} pruned, {summary['infeasible']} infeasible "
        f"(of {outcome.target} asked for); stopped by {esc(outcome.why)}.</p>"
    )
    parts.append("<table><tr><th>objective</th><th>figure</th><th>target</th></tr>")
    for o in spec.objectives:
        parts.append(f"<tr><td>{esc(o.name)}</td><td>{esc(o.figure)}</td><td>{esc(o.describe())}</td></tr>")
    parts.append("</table>")
    parts.append("<h2>Kept</h2>")
    for name, path, t in kept:
        values = ", ".join(f"{k} = {v!r}" for k, v in trial_values(spec, t).items())
        scores = ", ".join(f"{o.name}: {_fmt(v)}" for o, v in zip(spec.objectives, t.values, strict=True))
        parts.append(
            f"<h3>{esc(name)}: trial {t.number}</h3>"
            f"<p><code>{esc(str(path))}</code>: {esc(values)}; {esc(scores)}</p>"
        )
        parts.append(
            "<ul class='changes'>"
            + "".join(f"<li>{esc(c)}</li>" for c in data_changes(spec.base_file, str(path)))
            + "</ul>"
        )
    if confirmation is not None:
        _confirmation(parts, plot, spec, confirmation)
    parts.append("<h2>The objectives over the trials</h2>")
    for k, o in enumerate(spec.objectives):
        plot(
            _scatter(f"t{count + 1}", o.name, trials, k, o.direction),
            f"{o.name} ({o.describe()}) of each trial; smaller is better for a target",
        )
    if len(spec.objectives) >= 2:
        front = study.best_trials
        plot(
            _pareto(f"t{count + 1}", [o.name for o in spec.objectives], trials, front),
            "the first two objectives of every completed trial; the Pareto front in red",
        )
    weights = importances(study, spec)
    parts.append("<h2>Parameter importances</h2>")
    if not weights:
        parts.append("<p class='note'>Not enough completed trials with different values yet.</p>")
    for name, weight in weights.items():
        plot(_bars(f"t{count + 1}", name, weight), f"importance of each parameter for {name}")
    parts.append("<h2>Trials</h2><table><tr><th>#</th><th>state</th><th>values</th><th>objectives</th></tr>")
    for t in trials:
        kind = t.user_attrs.get("kind", "")
        values_text = ", ".join(f"{k}={v}" for k, v in t.params.items())
        shown = ", ".join(_fmt(v) for v in t.values) if t.values else (t.user_attrs.get("why") or "")
        parts.append(
            f"<tr><td>{t.number}</td><td>{esc(t.state.name.lower())} {esc(str(kind))}</td>"
            f"<td>{esc(values_text)}</td><td>{esc(str(shown))}</td></tr>"
        )
    parts.append("</table>")
    body = "\n".join(parts)
    return (
        f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>Tune: {esc(spec.game)}</title>"
        f"<meta name='viewport' content='width=device-width'><style>{CSS}</style></head>"
        f"<body data-plots='{count}'>\n{body}\n</body></html>\n"
    )


def _confirmation(parts: list[str], plot: Any, spec: TuneSpec, c: Confirmation) -> None:
    esc = html.escape
    runs = c.figures.runs
    games = len(c.figures.outcome.games)
    parts.append(
        f"<h2>Confirmation on fresh seeds</h2><p>{games} games a run from seed {c.seed} (not the "
        "study's), the base "
        f"file against the kept ones; 95% intervals, differences paired by seed, significant ones (Holm, 5%) "
        f"marked *. The whole balance report: <a href='confirmation.html'>confirmation.html</a>.</p>"
    )
    parts.append("<table><tr><th>objective</th>" + "".join(f"<th>{esc(r)}</th>" for r in runs) + "</tr>")
    for o in spec.objectives:
        cells = []
        for run in runs:
            row = c.row(run, o.name)
            mark = (
                "met" if row.met and o.kind != "direction" else ("" if o.kind == "direction" else "not met")
            )
            cells.append(f"<td>{_fmt(row.score)} {mark}</td>")
        parts.append(f"<tr><td>{esc(o.name)} ({esc(o.describe())})</td>{''.join(cells)}</tr>")
    parts.append("</table>")
    for o in spec.objectives:
        base = c.row(BASELINE, o.name)
        share = all(e.figure.share for e in base.estimates)
        parts.append(
            f"<h3>{esc(o.name)}</h3><table><tr><th>figure</th>"
            + "".join(f"<th>{esc(r)}</th>" for r in runs)
            + "</tr>"
        )
        for k, e in enumerate(base.estimates):
            cells = [f"<td>{_cell(e, share)}</td>"]
            for run in runs[1:]:
                row = c.row(run, o.name)
                mine = next((x for x in row.estimates if x.figure.key == e.figure.key), None)
                d = next((x for x in row.differences if x.figure.key == e.figure.key), None)
                text = "-" if mine is None else _cell(mine, share)
                if d is not None:
                    sign, star = "+" if d.diff > 0 else "", " *" if d.significant else ""
                    interval = f"{_fmt(d.low, share)} to {_fmt(d.high, share)}"
                    text += f"<br><span class='note'>{sign}{_fmt(d.diff, share)} ({interval}){star}</span>"
                cells.append(f"<td>{text}</td>")
            parts.append(f"<tr><td>{esc(e.figure.key if k >= 0 else '')}</td>{''.join(cells)}</tr>")
        parts.append("</table>")
        if base.estimates:
            labels = [e.figure.label for e in base.estimates]
            series = []
            for run in runs:
                row = c.row(run, o.name)
                by_key = {e.figure.key: e for e in row.estimates}
                picked = [by_key.get(e.figure.key) for e in base.estimates]
                series.append(
                    plots.Series(
                        run,
                        tuple(x.value if x else math.nan for x in picked),
                        tuple(x.low if x else math.nan for x in picked),
                        tuple(x.high if x else math.nan for x in picked),
                    )
                )
            par = base.estimates[0].figure.par if o.kind == "within" and o.of is None else o.of
            plot(
                plots.interval_plot(f"c{len(parts)}", o.name, labels, series, par, "", share),
                f"{o.name}: each run's value and 95% interval on the confirmation's games",
            )


def write_report(
    outcome: TuneOutcome,
    kept: Sequence[tuple[str, Path, FrozenTrial]],
    confirmation: Confirmation | None,
    out: Path,
) -> Path:
    page = out / "report.html"
    page.write_text(to_html(outcome, kept, confirmation), encoding="utf-8")
    (out / "report.json").write_text(
        json.dumps(to_json(outcome, kept, confirmation), indent=1) + "\n", encoding="utf-8"
    )
    return page
