"""A balance run's figures: one self-contained HTML page (inline SVG plots, inline CSS, no script,
nothing fetched) and the same figures as JSON."""

from __future__ import annotations

import html
import json
import math
import statistics
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.protocol import JSON
from ..core.registry import game_class
from . import balance_plots as plots
from .balance import BASELINE, Outcome
from .measures import ALPHA, Difference, Estimate, Figure, compare, estimate, holm, natural, tallies

FORMAT = "tabletop-balance-report/1"
ABOUT = {
    "win share by seat": "Each seat's share of the wins (a first place shared by k seats counts 1/k "
    "to each). Par: one in the number of players.",
    "win share by starting seat": "The first-player advantage: 1 is the first to act in the game (the "
    "first Active Player, the first Caster, the player on the first dealer's left), 2 the next "
    "clockwise, and so on.",
    "points by seat": "Each seat's final points (money in MegaCorps, Shards in ManaSurge).",
    "per game": "Means per game: points per seat, the winner's margin over the next score, the "
    "length in decisions and in rounds, and the game's own counts.",
    "rates": "The game's own measures that are one count over another (busts per round...).",
    "mission completion rate": "The share of the seats playing a mission that completed it (scored "
    "nonzero points for it; for a mission that costs points, the loss applied).",
    "mission points per seat": "A mission's mean points per seat, each time it was played.",
}
DISTRIBUTIONS = (
    ("score", "Final score, every seat", "final points"),
    ("margin", "Winner's margin over the next score", "points"),
    ("decisions", "Game length in decisions", "decisions"),
    ("rounds", "Game length in rounds", "rounds"),
)


@dataclass
class Figures:
    outcome: Outcome
    title: str
    order: list[Figure]
    estimates: dict[str, dict[str, Estimate]]  # run -> figure key -> estimate
    differences: dict[str, dict[str, Difference]]  # variant -> figure key -> difference (Holm)
    changes: dict[str, list[str]]  # variant -> what its data file changes
    distributions: dict[str, dict[str, list[float]]]  # distribution -> run -> values

    @property
    def runs(self) -> list[str]:
        return [r.name for r in self.outcome.spec.runs]

    def groups(self) -> list[str]:
        return list(dict.fromkeys(f.group for f in self.order))


def build(outcome: Outcome) -> Figures:
    spec, games = outcome.spec, outcome.games
    found = {
        r.name: tallies(spec.game, spec.players, (outcome.results[r.name][g] for g in games))
        for r in spec.runs
    }
    order: dict[str, Figure] = {}
    for run in spec.runs:
        for t in found[run.name].ordered():
            order.setdefault(t.figure.key, t.figure)
    groups = list(dict.fromkeys(f.group for f in order.values()))
    figures = sorted(order.values(), key=lambda f: (groups.index(f.group), natural(f.label)))
    estimates: dict[str, dict[str, Estimate]] = {}
    for run in spec.runs:
        mine: dict[str, Estimate] = {}
        for key, t in found[run.name].found.items():
            e = estimate(t, games)
            if e is not None:
                mine[key] = e
        estimates[run.name] = mine
    differences: dict[str, dict[str, Difference]] = {}
    changes: dict[str, list[str]] = {}
    base = found[BASELINE].found
    for run in spec.runs[1:]:
        pairs = [compare(base.get(f.key), found[run.name].found.get(f.key), games) for f in figures]
        adjusted = holm([d for d in pairs if d is not None])
        differences[run.name] = {d.figure.key: d for d in adjusted}
        changes[run.name] = data_changes(spec.baseline.file, run.file)
    title = game_class(spec.game).title
    return Figures(outcome, title, figures, estimates, differences, changes, distributions(outcome))


def distributions(outcome: Outcome) -> dict[str, dict[str, list[float]]]:
    found: dict[str, dict[str, list[float]]] = {name: {} for name, _, _ in DISTRIBUTIONS}
    for run in outcome.spec.runs:
        results = [outcome.results[run.name][g] for g in outcome.games]
        found["score"][run.name] = [float(x) for r in results for x in r.scores]
        found["margin"][run.name] = [float(_margin(r.scores)) for r in results]
        found["decisions"][run.name] = [float(r.decisions) for r in results]
        rounds = [float(r.rounds_played) for r in results if r.rounds_played is not None]
        if len(rounds) == len(results):
            found["rounds"][run.name] = rounds
    return {name: runs for name, runs in found.items() if runs}


def _margin(scores: Sequence[int]) -> int:
    ordered = sorted(scores, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else 0


# ------------------------------------------------------------------------------ data changes
def _flatten(value: Any, at: str, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _flatten(item, f"{at}.{key}" if at else str(key), out)
    elif isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
        for k, item in enumerate(value):
            name = next((item[f] for f in ("code", "id", "number", "name") if f in item), k + 1)
            _flatten(item, f"{at} {name}", out)
    elif isinstance(value, list) and value and not any(isinstance(x, dict | list) for x in value):
        for k, item in enumerate(value):
            out[f"{at}[{k}]"] = item
        out[f"{at}[]"] = len(value)
    else:
        out[at] = value


def data_changes(base_file: str, variant_file: str) -> list[str]:
    """What the variant's data file changes from the baseline's: "mission 1.points: 5 -> 10"."""
    try:
        old_raw = tomllib.loads(Path(base_file).read_text(encoding="utf-8"))
        new_raw = tomllib.loads(Path(variant_file).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return [f"(cannot compare the files: {err})"]
    old: dict[str, Any] = {}
    new: dict[str, Any] = {}
    _flatten(old_raw, "", old)
    _flatten(new_raw, "", new)
    found = []
    for key in list(old) + [k for k in new if k not in old]:
        if key.endswith("[]"):
            if old.get(key) != new.get(key):
                found.append(f"{key[:-2]}: {old.get(key)} -> {new.get(key)} entries")
        elif key not in new:
            found.append(f"{key}: {old[key]!r} removed")
        elif key not in old:
            found.append(f"{key}: {new[key]!r} added")
        elif old[key] != new[key]:
            found.append(f"{key}: {old[key]!r} -> {new[key]!r}")
    return found or ["nothing: the same numbers as the baseline"]


# ---------------------------------------------------------------------------------------- JSON
def _number(x: float) -> float | None:
    return round(x, 6) if math.isfinite(x) else None


def _quantiles(values: Sequence[float]) -> dict[str, JSON]:
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {
        "count": len(ordered),
        "mean": _number(statistics.fmean(ordered)),
        "min": ordered[0],
        "q10": at(0.1),
        "median": statistics.median(ordered),
        "q90": at(0.9),
        "max": ordered[-1],
    }


def to_json(figures: Figures) -> dict[str, JSON]:
    o, spec = figures.outcome, figures.outcome.spec
    runs: list[JSON] = []
    for run in spec.runs:
        mine = figures.estimates[run.name]
        runs.append(
            {
                **run.to_json(),
                "figures": [
                    {
                        "key": f.key,
                        "group": f.group,
                        "label": f.label,
                        "kind": "share" if f.share else "mean",
                        "value": _number(e.value),
                        "interval_95": [_number(e.low), _number(e.high)],
                        "count": _number(e.count),
                        "par": f.par,
                    }
                    for f in figures.order
                    if (e := mine.get(f.key)) is not None
                ],
            }
        )
    variants: list[JSON] = []
    for run in spec.runs[1:]:
        diffs = figures.differences[run.name]
        variants.append(
            {
                "name": run.name,
                "file": run.file,
                "changes": list(figures.changes[run.name]),
                "significant": [d.figure.key for d in diffs.values() if d.significant],
                "differences": [
                    {
                        "key": d.figure.key,
                        "baseline": _number(d.base),
                        "variant": _number(d.value),
                        "difference": _number(d.diff),
                        "interval_95": [_number(d.low), _number(d.high)],
                        "p": _number(d.p),
                        "p_holm": _number(d.p_holm),
                        "significant": d.significant,
                    }
                    for d in diffs.values()
                ],
            }
        )
    return {
        "format": FORMAT,
        "game": spec.game,
        "title": figures.title,
        "players": spec.players,
        "bots": list(spec.bots),
        "seed": spec.seed,
        "games_per_run": len(o.games),
        "stopped": o.why,
        "interrupted": o.interrupted,
        "elapsed_seconds": round(o.elapsed, 3),
        "method": {
            "intervals": "95%: Wilson on the effective number of trials for shares, normal for means; "
            "a game is the unit (delta method for ratios)",
            "comparisons": "paired by seed (common random numbers); normal interval and p-value",
            "correction": f"Holm, over each variant's comparisons; significant when the adjusted p < {ALPHA}",
        },
        "runs": runs,
        "variants": variants,
        "distributions": {
            name: {run: _quantiles(values) for run, values in by_run.items() if values}
            for name, by_run in figures.distributions.items()
        },
    }


# ---------------------------------------------------------------------------------------- HTML
CSS = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 62em; padding: 0 1em; }
body { color: #222; }
h1 { font-size: 1.6em; margin-bottom: .2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { margin-top: 1.6em; } table { border-collapse: collapse; margin: .6em 0; font-size: 13px; }
th, td { padding: .15em .6em; border-bottom: 1px solid #eee; text-align: right; vertical-align: top; }
th:first-child, td:first-child { text-align: left; } th { background: #f4f4f4; }
td.sig { color: #b00; font-weight: 600; } .note { color: #555; font-size: 13px; }
figure.plot { margin: .8em 0; } figure.plot svg { max-width: 100%; height: auto; }
code { background: #f4f4f4; padding: 0 .2em; } ul.changes { font-family: monospace; font-size: 13px; }
table.runs th, table.runs td { text-align: left; }
"""


def _fmt(x: float, share: bool) -> str:
    if not math.isfinite(x):
        return "-"
    return f"{x:.1%}" if share else f"{x:.2f}"


def _interval(low: float, high: float, share: bool) -> str:
    return f"{_fmt(low, share)} to {_fmt(high, share)}"


def _diff(d: Difference, share: bool) -> str:
    sign = "+" if d.diff > 0 else ""
    if share:
        return f"{sign}{d.diff * 100:.1f} pt"
    return f"{sign}{d.diff:.2f}"


def _p(p: float) -> str:
    return "< 1e-15" if p < 1e-15 else f"{p:.2g}"


def _diff_interval(d: Difference, share: bool) -> str:
    """A difference's interval, in percentage points for a share."""
    if not (math.isfinite(d.low) and math.isfinite(d.high)):
        return "-"
    if share:
        return f"{d.low * 100:.1f} to {d.high * 100:.1f} pt"
    return f"{d.low:.2f} to {d.high:.2f}"


class Page:
    def __init__(self, figures: Figures) -> None:
        self.f = figures
        self.parts: list[str] = []
        self.plots = 0

    def add(self, text: str) -> None:
        self.parts.append(text)

    def plot(self, svg: str, caption: str) -> None:
        self.plots += 1
        self.add(
            f'<figure class="plot" id="plot-{self.plots}">{svg}'
            f'<figcaption class="note">{html.escape(caption)}</figcaption></figure>'
        )

    def name(self) -> str:
        return f"p{self.plots + 1}"


def _header(page: Page) -> None:
    f, o = page.f, page.f.outcome
    spec = o.spec
    esc = html.escape
    page.add(f"<h1>Balance report: {esc(f.title)}</h1>")
    page.add(
        f"<p>{spec.players} players, bots {esc(', '.join(spec.bots))}, seed {spec.seed}: "
        f"<b>{len(o.games)} games per run</b>, the same seeds in every run. Stopped by "
        f"{esc(o.why)}{' (interrupted: run the same command again to go on)' if o.interrupted else ''}.</p>"
    )
    page.add("<table class='runs'><tr><th>run</th><th>data file</th><th>SHA-256</th><th>options</th></tr>")
    for run in spec.runs:
        shown = {k: v for k, v in run.options.items() if k != "data"}
        page.add(
            f"<tr><td>{esc(run.name)}</td><td>{esc(run.file or '-')}</td>"
            f"<td><code>{run.digest[:12]}</code></td><td>{esc(json.dumps(shown))}</td></tr>"
        )
    page.add("</table>")
    for run in spec.runs[1:]:
        diffs = [d for d in f.differences[run.name].values() if d.significant]
        page.add(f"<h3>Variant {esc(run.name)}</h3><p>What its data file changes:</p><ul class='changes'>")
        page.add("".join(f"<li>{esc(c)}</li>" for c in f.changes[run.name][:60]) + "</ul>")
        if not diffs:
            page.add("<p>No figure differs significantly from the baseline (Holm-corrected, 5%).</p>")
            continue
        page.add(
            f"<p><b>{len(diffs)} figures differ significantly</b> from the baseline (Holm-corrected, 5%):</p>"
        )
        page.add(
            "<table><tr><th>figure</th><th>baseline</th><th>variant</th><th>difference (95%)</th>"
            "<th>p (Holm)</th></tr>"
        )
        for d in sorted(diffs, key=lambda d: d.p)[:40]:
            s = d.figure.share
            page.add(
                f"<tr><td>{esc(d.figure.key)}</td><td>{_fmt(d.base, s)}</td><td>{_fmt(d.value, s)}</td>"
                f"<td class='sig'>{_diff(d, s)} ({_diff_interval(d, s)})</td>"
                f"<td>{_p(d.p_holm)}</td></tr>"
            )
        page.add("</table>")


def _group(page: Page, group: str) -> None:
    f, esc = page.f, html.escape
    figs = [x for x in f.order if x.group == group]
    share = figs[0].share
    page.add(f"<h3>{esc(group[0].upper() + group[1:])}</h3>")
    about = ABOUT.get(group) or (
        f"The share of the wins of the seats that had {esc(group.removeprefix('win share by '))} "
        "(a seat with several counts once). Par: one in the number of players."
        if group.startswith("win share by ")
        else ""
    )
    if about:
        page.add(f"<p class='note'>{esc(about)}</p>")
    same_kind = all(x.share == share for x in figs)
    if same_kind and group not in ("per game", "rates"):
        series = [
            plots.Series(
                run,
                tuple(e.value if (e := f.estimates[run].get(x.key)) else math.nan for x in figs),
                tuple(e.low if (e := f.estimates[run].get(x.key)) else math.nan for x in figs),
                tuple(e.high if (e := f.estimates[run].get(x.key)) else math.nan for x in figs),
            )
            for run in f.runs
        ]
        par = figs[0].par if all(x.par == figs[0].par for x in figs) else None
        svg = plots.interval_plot(page.name(), group, [x.label for x in figs], series, par, "", share)
        page.plot(svg, f"{group}: value and 95% interval of each run")
    head = "".join(f"<th>{esc(r)}</th>" for r in f.runs)
    head += "".join(f"<th>{esc(r)} less {BASELINE}</th>" for r in f.runs[1:])
    page.add(f"<table><tr><th>{esc(group)}</th>{head}</tr>")
    for x in figs:
        cells = []
        for run in f.runs:
            e = f.estimates[run].get(x.key)
            if e is None:
                cells.append("<td>-</td>")
                continue
            interval = _interval(e.low, e.high, x.share)
            cells.append(f"<td>{_fmt(e.value, x.share)}<br><span class='note'>{interval}</span></td>")
        for run in f.runs[1:]:
            d = f.differences[run].get(x.key)
            if d is None:
                cells.append("<td>-</td>")
            else:
                mark = " class='sig'" if d.significant else ""
                cells.append(
                    f"<td{mark}>{_diff(d, x.share)}{' *' if d.significant else ''}<br><span class='note'>"
                    f"{_diff_interval(d, x.share)}, p {_p(d.p_holm)}</span></td>"
                )
        page.add(f"<tr><td>{esc(x.label)}</td>{''.join(cells)}</tr>")
    page.add("</table>")


def _distributions(page: Page) -> None:
    f = page.f
    page.add("<h2>Scores, margins and game length</h2>")
    for name, title, xlabel in DISTRIBUTIONS:
        by_run = f.distributions.get(name)
        if not by_run:
            continue
        svg = plots.histogram_plot(page.name(), title, [(run, by_run.get(run, [])) for run in f.runs], xlabel)
        means = ", ".join(f"{run} {statistics.fmean(v):.2f}" for run, v in by_run.items() if v)
        page.plot(svg, f"{title}: the share of the values in each bin; means: {means}")


def _differences(page: Page) -> None:
    f = page.f
    for run in f.runs[1:]:
        page.add(f"<h2>Differences: {html.escape(run)} less {BASELINE}</h2>")
        page.add(
            "<p class='note'>Each figure of the variant less the baseline's, on the same seeds, with its 95% "
            "interval; red: significant after Holm's correction over all the figures compared. Per game and "
            "rates: relative to the baseline's value.</p>"
        )
        diffs = f.differences[run]
        for group in f.groups():
            found = [d for x in f.order if x.group == group and (d := diffs.get(x.key)) is not None]
            if not found:
                continue
            relative = group in ("per game", "rates") or not all(d.figure.share for d in found)
            scale = [abs(d.base) if relative and d.base else 1.0 for d in found]
            svg = plots.difference_plot(
                page.name(),
                f"{group}{' (relative change)' if relative else ''}",
                [d.figure.label for d in found],
                [d.diff / k for d, k in zip(found, scale, strict=True)],
                [d.low / k for d, k in zip(found, scale, strict=True)],
                [d.high / k for d, k in zip(found, scale, strict=True)],
                [d.significant for d in found],
                percent=relative or found[0].figure.share,
            )
            page.plot(svg, f"{run} less {BASELINE}: {group}")


METHOD = """<h2>How the figures are made</h2><ul class="note">
<li>Every run plays game <i>i</i> from the same seed (deal and bots): common random numbers. A
variant that changes nothing plays exactly the baseline's games.</li>
<li>A game is the unit. A share (a win share, a completion rate) is the sum over the games of its
successes over the sum of its trials; its 95% interval is Wilson's, on the effective number of
trials (the trials' binomial variance over their variance from game to game). A mean's interval is
the mean &plusmn; 1.96 standard errors from the games' contributions (delta method).</li>
<li>A difference pairs each game of the variant with the same game of the baseline: its interval is
&plusmn; 1.96 standard errors of the paired contributions; its p-value is two-sided (normal).</li>
<li>Significance (red, *): Holm's step-down correction over all the figures compared for that
variant, at 5%. Intervals are not corrected.</li></ul>"""


def to_html(figures: Figures) -> str:
    page = Page(figures)
    _header(page)
    page.add("<h2>Figures</h2>")
    for group in figures.groups():
        _group(page, group)
    _distributions(page)
    _differences(page)
    page.add(METHOD)
    title = html.escape(f"Balance: {figures.title}")
    body = "\n".join(page.parts)
    return (
        f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>{title}</title>"
        f"<meta name='viewport' content='width=device-width'><style>{CSS}</style></head>"
        f"<body data-plots='{page.plots}'>\n{body}\n</body></html>\n"
    )


def write(figures: Figures, html_path: Path, json_path: Path) -> None:
    html_path.write_text(to_html(figures), encoding="utf-8")
    json_path.write_text(json.dumps(to_json(figures), indent=1) + "\n", encoding="utf-8")


def findings(figures: Figures, limit: int = 8) -> list[str]:
    """A few lines for the terminal: the first-player figures and each variant's significant ones."""
    lines = []
    base = figures.estimates[BASELINE]
    seats = [e for e in base.values() if e.figure.group == "win share by seat"]
    if seats:
        shown = ", ".join(f"{e.figure.label}: {e.value:.1%}" for e in seats)
        lines.append(f"win share by seat ({BASELINE}): {shown} (par {1 / figures.outcome.spec.players:.1%})")
    for run in figures.runs[1:]:
        diffs = sorted((d for d in figures.differences[run].values() if d.significant), key=lambda d: d.p)
        lines.append(f"{run}: {len(diffs)} significant difference(s) to the {BASELINE}")
        for d in diffs[:limit]:
            s = d.figure.share
            lines.append(
                f"  {d.figure.key}: {_fmt(d.base, s)} -> {_fmt(d.value, s)} ({_diff(d, s)}, "
                f"{_diff_interval(d, s)}, Holm p {_p(d.p_holm)})"
            )
    return lines
