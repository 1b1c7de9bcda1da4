"""The balance report's plots, drawn with matplotlib and returned as inline SVG.

matplotlib's object interface (a ``Figure`` of its own, no pyplot): nothing global changes and no
display is needed.  Text is drawn as paths (``svg.fonttype = path``), so the SVG needs no font and
the page no network; each plot salts its element ids with its own name, so that several plots in
one page never share an id, and the same figures give the same SVG.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

BASE_COLOUR = "#444444"
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
SIGNIFICANT = "#d62728"
PLAIN = "#7f7f7f"


def colour(k: int) -> str:
    """The baseline's colour (k = 0), then one per variant."""
    return BASE_COLOUR if k == 0 else COLOURS[(k - 1) % len(COLOURS)]


@dataclass(frozen=True, slots=True)
class Series:
    """One run's figures for the labels of a plot (NaN where it has none)."""

    name: str
    values: tuple[float, ...]
    lows: tuple[float, ...]
    highs: tuple[float, ...]


def to_svg(figure: Figure, name: str) -> str:
    """The figure as an ``<svg>`` element (no XML prolog), its ids salted with ``name``."""
    out = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "path", "svg.hashsalt": f"tabletop-{name}"}):
        figure.savefig(
            out, format="svg", metadata={"Date": None, "Creator": None, "Format": None, "Type": None}
        )
    text = out.getvalue()
    return text[text.index("<svg") :]


def _finite(values: Sequence[float]) -> list[float]:
    return [v for v in values if math.isfinite(v)]


def interval_plot(
    name: str,
    title: str,
    labels: Sequence[str],
    series: Sequence[Series],
    par: float | None = None,
    xlabel: str = "",
    percent: bool = False,
) -> str:
    """Each label's value and 95% interval, one row per label, one mark per run."""
    rows = len(labels)
    figure = Figure(figsize=(7.5, 1.3 + 0.3 * rows * max(1.0, len(series) / 2)), layout="constrained")
    ax = figure.subplots()
    step = 0.7 / max(1, len(series))
    for k, s in enumerate(series):
        offset = ((len(series) - 1) / 2 - k) * step  # the baseline on top
        ys = [rows - 1 - i + offset for i in range(rows)]
        shown = [i for i in range(rows) if math.isfinite(s.values[i])]
        lows = [s.lows[i] if math.isfinite(s.lows[i]) else s.values[i] for i in shown]
        highs = [s.highs[i] if math.isfinite(s.highs[i]) else s.values[i] for i in shown]
        ax.hlines([ys[i] for i in shown], lows, highs, colors=colour(k), linewidth=2)
        ax.plot(
            [s.values[i] for i in shown],
            [ys[i] for i in shown],
            "o",
            color=colour(k),
            label=s.name,
            markersize=5,
        )
    if par is not None:
        ax.axvline(par, color="#999999", linestyle="--", linewidth=1, label="par")
    ax.set_yticks(range(rows), list(reversed(labels)))
    ax.set_ylim(-0.6, rows - 0.4)
    ax.set_title(title, loc="left", fontsize=11)
    ax.set_xlabel(xlabel)
    if percent:
        ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=None))
    ax.grid(axis="x", color="#e5e5e5")
    ax.set_axisbelow(True)
    if len(series) > 1 or par is not None:  # beside the plot, never over a mark
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    return to_svg(figure, name)


def histogram_plot(
    name: str, title: str, series: Sequence[tuple[str, Sequence[float]]], xlabel: str, whole: bool = True
) -> str:
    """Each run's distribution as a step histogram over shared bins (the share of its values)."""
    every = [v for _, values in series for v in values]
    figure = Figure(figsize=(7.5, 3.2), layout="constrained")
    ax = figure.subplots()
    if every:
        low, high = min(every), max(every)
        if whole:
            width = max(1, math.ceil((high - low + 1) / 40))
            edges = [low - 0.5 + width * k for k in range(int((high - low) // width) + 2)]
        else:
            edges = [low + (high - low) * k / 30 for k in range(31)] if high > low else [low - 0.5, low + 0.5]
        for k, (run, values) in enumerate(series):
            if not values:
                continue
            weights = [1 / len(values)] * len(values)
            if k == 0:  # the baseline filled, so that a variant's line over it still shows it
                ax.hist(list(values), bins=edges, weights=weights, histtype="stepfilled", color="#d9d9d9")
                ax.hist(
                    list(values), bins=edges, weights=weights, histtype="step", color=colour(k), label=run
                )
                continue
            ax.hist(
                list(values),
                bins=edges,
                weights=weights,
                histtype="step",
                linewidth=1.6,
                color=colour(k),
                label=run,
            )
    ax.set_title(title, loc="left", fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of the values")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=None))
    ax.grid(axis="y", color="#e5e5e5")
    ax.set_axisbelow(True)
    if len(series) > 1:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    return to_svg(figure, name)


def difference_plot(
    name: str,
    title: str,
    labels: Sequence[str],
    diffs: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    significant: Sequence[bool],
    percent: bool = False,
) -> str:
    """A variant's differences to the baseline with their 95% intervals; significant ones in red."""
    rows = len(labels)
    figure = Figure(figsize=(7.5, 1.3 + 0.28 * rows), layout="constrained")
    ax = figure.subplots()
    for i in range(rows):
        y = rows - 1 - i
        tint = SIGNIFICANT if significant[i] else PLAIN
        low = lows[i] if math.isfinite(lows[i]) else diffs[i]
        high = highs[i] if math.isfinite(highs[i]) else diffs[i]
        ax.hlines([y], [low], [high], colors=tint, linewidth=2)
        ax.plot([diffs[i]], [y], "D" if significant[i] else "o", color=tint, markersize=5)
    ax.axvline(0, color="#999999", linewidth=1)
    ax.set_yticks(range(rows), list(reversed(labels)))
    ax.set_ylim(-0.6, rows - 0.4)
    ax.set_title(title, loc="left", fontsize=11)
    ax.set_xlabel("variant less baseline (red: significant after Holm's correction)")
    if percent:
        ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=None))
    ax.grid(axis="x", color="#e5e5e5")
    ax.set_axisbelow(True)
    finite = _finite([*lows, *highs, *diffs, 0.0])
    if finite and max(finite) == min(finite):  # nothing changed: a narrow axis round 0
        ax.set_xlim(-0.05, 0.05)
    return to_svg(figure, name)
