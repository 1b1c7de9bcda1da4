"""A tune spec: the parameters to search (paths into the game's data file), the constraints between
them, and the objectives (figures of the balance report with a target or a direction).

The spec is a TOML file (docs/tuning.md has one for every game)::

    game = "manasurge"               # checked against the command's GAME
    players = 5
    options = { wizards = true }
    bots = "heuristic"               # one for every seat, or one per seat
    seed = 1                         # game i of every trial is dealt from it
    data = "my-cards.toml"           # the file to start from (default: the packaged one)

    [[param]]
    name = "hoarder"                 # a name for constraints and the report
    path = "wizard[hoarder].params.limit"
    low = 4
    high = 8
    step = 1                         # or: choices = [5, 6, 7]
    texts = ["wizard[hoarder].text"] # strings that write the number: kept in step with it

    [[constraint]]
    expr = "hoarder >= 5"            # the parameters' names, numbers, + - * / // %, comparisons,
                                     # and, or, not, abs, min, max

    [[objective]]
    figure = "win share by wizard: *"   # "GROUP: LABEL" as the balance report names them; * and ?
    within = 0.03                    # of par (or of = 0.25); or between = [30, 45], at_least = 0.6,
                                     # at_most = 2, direction = "minimize" or "maximize"

    [search]
    sampler = "tpe"                  # tpe, nsga2 (several objectives) or random
    seed = 0
    prune = true                     # stop hopeless trials early (a single objective only)
    steps = 8                        # chunks a trial's games are played in (one report each)

Mistakes are refused with the spec's file, line and key named (:class:`SpecError`).  How an
objective is scored on the games: tune_score.py.
"""

from __future__ import annotations

import ast
import fnmatch
import hashlib
import json
import math
import re
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import InvalidOptions, TabletopError
from ..core.registry import game_class, make
from .content import DATA_FILES
from .measures import Tallies, tallies
from .simulate import Chunk, check_bots, play_chunk
from .tune_data import ID_FIELDS, Located, PathError, edit, resolve
from .tune_expr import CALLS, evaluate, names_in

SAMPLERS = ("tpe", "nsga2", "random")
TARGETS = ("within", "between", "at_least", "at_most", "direction")
PROBE_GAMES = 3  # games played with the base file to learn the figures' names
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_TOP = {"game", "players", "options", "bots", "seed", "data", "param", "constraint", "objective", "search"}


class SpecError(TabletopError):
    """A tune spec that cannot be used; the message names the file, the line and the key."""


@dataclass(frozen=True)
class Param:
    name: str
    paths: tuple[str, ...]
    low: float | None = None
    high: float | None = None
    step: float | None = None
    log: bool = False
    choices: tuple[Any, ...] | None = None
    texts: tuple[str, ...] = ()
    integer: bool = True  # a range of whole numbers

    def grid(self) -> list[Any]:
        """Every value the parameter may take (a range's steps), for the report and the checks."""
        if self.choices is not None:
            return list(self.choices)
        assert self.low is not None and self.high is not None and self.step is not None
        count = round((self.high - self.low) / self.step)
        values = [self.low + k * self.step for k in range(count + 1)]
        return [int(v) for v in values] if self.integer else [round(v, 12) for v in values]


@dataclass(frozen=True)
class Objective:
    name: str
    figure: str  # "GROUP: LABEL" pattern
    kind: str  # one of TARGETS
    low: float = -math.inf  # the target's bounds (within: of -/+ within, resolved per figure)
    high: float = math.inf
    within: float = 0.0
    of: float | None = None  # within's centre; None: each figure's par
    direction: str = "minimize"  # the sampler's: always minimize for a target

    def describe(self) -> str:
        if self.kind == "within":
            return f"within {self.within:g} of {'par' if self.of is None else f'{self.of:g}'}"
        if self.kind == "direction":
            return self.direction
        if self.kind == "between":
            return f"between {self.low:g} and {self.high:g}"
        return f"at least {self.low:g}" if self.kind == "at_least" else f"at most {self.high:g}"


@dataclass(frozen=True)
class Search:
    sampler: str = "tpe"
    seed: int = 0
    prune: bool = True
    steps: int = 8
    startup: int = 8  # trials sampled at random before the sampler models, and before pruning


@dataclass(frozen=True)
class TuneSpec:
    file: str  # the spec's path
    game: str
    players: int
    options: dict[str, Any]  # validated, without the data file
    bots: tuple[str, ...]
    seed: int
    base_file: str  # the data file the trials start from
    base_text: str
    params: tuple[Param, ...]
    constraints: tuple[str, ...]
    objectives: tuple[Objective, ...]
    search: Search = field(default_factory=Search)
    figures: tuple[str, ...] = ()  # the figures the probe found (for the messages)

    @property
    def directions(self) -> list[str]:
        return [o.direction for o in self.objectives]

    def fingerprint(self, games: int) -> str:
        """What a stored study must have been made with for a run to go on with it."""
        what = {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": games,
            "base": hashlib.sha256(self.base_text.encode()).hexdigest(),
            "params": [asdict(p) for p in self.params],
            "constraints": list(self.constraints),
            "objectives": [asdict(o) for o in self.objectives],
        }
        return hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()


# ------------------------------------------------------------------------------------ errors
def _line(text: str, table: str | None, index: int, key: str | None) -> int:
    """The line of the spec where ``[[table]]`` number ``index`` (or the top level) writes ``key``."""
    lines = text.splitlines()
    start, seen = 0, -1
    if table is not None:
        header = re.compile(rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]")
        for n, line in enumerate(lines):
            if header.match(line):
                seen += 1
                if seen == index:
                    start = n
                    break
    if key is not None:
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for n in range(start + (1 if table else 0), len(lines)):
            if table is not None and n > start and re.match(r"^\s*\[", lines[n]):
                break
            if table is None and re.match(r"^\s*\[", lines[n]):
                break
            if pattern.match(lines[n]):
                return n + 1
    return start + 1


class _Where:
    def __init__(self, path: str, text: str) -> None:
        self.path, self.text = path, text

    def error(
        self, message: str, table: str | None = None, index: int = 0, key: str | None = None
    ) -> SpecError:
        line = _line(self.text, table, index, key)
        what = f"[[{table}]] {index + 1}" if table else ""
        if key:
            what = f"{what} {key}".strip()
        return SpecError(f"{self.path}:{line}: {what + ': ' if what else ''}{message}")


# -------------------------------------------------------------------------------- constraints
def feasible(spec: TuneSpec, values: Mapping[str, Any]) -> str | None:
    """None when every constraint holds for the parameters' ``values``, else the first that fails."""
    for expr in spec.constraints:
        try:
            ok = bool(evaluate(ast.parse(expr, mode="eval"), values))
        except (ArithmeticError, TypeError):
            ok = False
        if not ok:
            return expr
    return None


# ------------------------------------------------------------------------------ data files
def changes(spec: TuneSpec, values: Mapping[str, Any]) -> list[tuple[Located, Any]]:
    """What the parameters' ``values`` change in the base file: (where, new value) pairs."""
    data = tomllib.loads(spec.base_text)
    found: list[tuple[Located, Any]] = []
    for p in spec.params:
        value = values[p.name]
        for path in p.paths:
            found.append((resolve(data, path), value))
        first = resolve(data, p.paths[0]).value
        for path in p.texts:
            located = resolve(data, path)
            found.append((located, _retext(str(located.value), first, value)))
    return found


def _retext(text: str, old: Any, new: Any) -> str:
    return re.sub(rf"(?<![\w.]){re.escape(str(old))}(?![\w]|\.\d)", str(new), text, count=1)


def data_text(spec: TuneSpec, values: Mapping[str, Any]) -> str:
    """The base file with the parameters' ``values`` written in, nothing else changed."""
    return edit(spec.base_text, changes(spec, values))


def write_data(text: str, folder: Path | None = None) -> str:
    """The data file ``text`` on disk, named by its digest (the games cache a file's content by its
    path, so a path never holds two contents); its path."""
    digest = hashlib.sha256(text.encode()).hexdigest()[:20]
    where = folder or Path(tempfile.gettempdir()) / "tabletop-tune"
    where.mkdir(parents=True, exist_ok=True)
    path = where / f"{digest}.toml"
    if not path.exists():
        part = where / f".{digest}.{id(text)}.part"
        part.write_text(text, encoding="utf-8")
        part.replace(path)
    return str(path)


# ---------------------------------------------------------------------------------- loading
def probe(game: str, options: Mapping[str, Any], bots: Sequence[str], seed: int) -> Tallies:
    """A few games with the base file: the figures the game reports, by name."""
    made = make(game, **dict(options))
    results = play_chunk(Chunk(made.name, made.options, seed, tuple(bots), 0, PROBE_GAMES))
    return tallies(made.name, made.players, results)


def _identifiers(data: Any, out: set[str]) -> None:
    if isinstance(data, dict):
        for k, v in data.items():
            if k in ID_FIELDS and isinstance(v, str | int):
                out.add(str(v))
            _identifiers(v, out)
    elif isinstance(data, list):
        for v in data:
            _identifiers(v, out)


def load(
    spec_path: str | Path,
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> TuneSpec:
    """Read and check a spec for ``game`` (``players``, ``options`` and ``seed`` override the spec's);
    SpecError naming the line and key of a mistake."""
    path = Path(spec_path)
    try:
        text = path.read_text(encoding="utf-8")
        raw = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as err:
        raise SpecError(f"cannot read the spec {path}: {err}") from None
    except tomllib.TOMLDecodeError as err:
        raise SpecError(f"{path}: not TOML: {err}") from None
    w = _Where(str(path), text)
    for key in raw:
        if key not in _TOP:
            raise w.error(f"unknown key (the spec's keys: {', '.join(sorted(_TOP))})", key=key)
    name = game_class(game).name if game else ""
    if "game" in raw and str(raw["game"]) != name:
        raise w.error(f"this spec is for {raw['game']!r}, not {name!r}", key="game")
    opts = dict(raw.get("options") or {})
    if not isinstance(raw.get("options", {}), dict):
        raise w.error("must be a table, e.g. options = { wizards = true }", key="options")
    opts.update(options or {})
    if players is not None:
        opts["players"] = players
    elif "players" in raw:
        opts["players"] = raw["players"]
    base_file = str(opts.pop("data", "") or "")
    if "data" in raw and not base_file:
        base_file = str((path.parent / str(raw["data"])).resolve())
    if not base_file:
        packaged = DATA_FILES.get(name)
        if packaged is None:
            raise SpecError(f"{name} has no data file to tune")
        base_file = str(packaged)
    try:
        made = make(name, **opts, data=base_file)
    except InvalidOptions as err:
        raise w.error(str(err), key="data" if "data" in raw else "options") from None
    base_text = Path(base_file).read_text(encoding="utf-8")
    data = tomllib.loads(base_text)
    bots_raw = raw.get("bots", "heuristic")
    try:
        bots = tuple(check_bots([bots_raw] if isinstance(bots_raw, str) else list(bots_raw), made.players))
    except (ValueError, TypeError) as err:
        raise w.error(str(err), key="bots") from None
    run_seed = int(seed if seed is not None else raw.get("seed", 1))
    game_options = {k: v for k, v in made.options.items() if k != "data"}
    params = _params(w, raw.get("param"), data)
    constraints = _constraints(w, raw.get("constraint"), {p.name for p in params})
    search = _search(w, raw.get("search"))
    found = probe(name, made.options, bots, run_seed)
    known: set[str] = {str(s) for s in range(made.players + 1)}
    _identifiers(data, known)
    objectives = _objectives(w, raw.get("objective"), found, known)
    if len(objectives) > 1 and search.sampler == "random" and search.prune:
        search = Search(search.sampler, search.seed, False, search.steps, search.startup)
    spec = TuneSpec(
        str(path),
        name,
        made.players,
        game_options,
        bots,
        run_seed,
        base_file,
        base_text,
        params,
        constraints,
        objectives,
        search,
        tuple(found.found),
    )
    _check_values(w, spec)
    return spec


def _table_list(w: _Where, raw: Any, table: str) -> list[dict[str, Any]]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
        raise w.error(f"write each as a [[{table}]] table", key=table)
    return raw


def _number(w: _Where, entry: Mapping[str, Any], key: str, k: int, table: str) -> float:
    value = entry[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise w.error(f"must be a number, not {value!r}", table, k, key)
    return value


def _params(w: _Where, raw: Any, data: Mapping[str, Any]) -> tuple[Param, ...]:
    entries = _table_list(w, raw, "param")
    if not entries:
        raise w.error("a spec needs at least one [[param]]: a path into the data file and its range")
    params: list[Param] = []
    for k, e in enumerate(entries):
        for key in e:
            if key not in {"name", "path", "paths", "low", "high", "step", "log", "choices", "texts"}:
                raise w.error(
                    "unknown key (name, path or paths, low, high, step, log, choices, texts)", "param", k, key
                )
        if ("path" in e) == ("paths" in e):
            raise w.error("give path = '...' (or paths = [...] for one value in several places)", "param", k)
        paths = (str(e["path"]),) if "path" in e else tuple(str(x) for x in e["paths"])
        key = "path" if "path" in e else "paths"
        current = []
        for p in paths:
            try:
                current.append(resolve(data, p).value)
            except PathError as err:
                raise w.error(str(err), "param", k, key) from None
        name = str(e.get("name") or re.sub(r"\W+", "_", paths[0]).strip("_"))
        if not _NAME.match(name) or name in {p.name for p in params} or name in CALLS:
            raise w.error(
                f"{name!r}: a parameter needs its own name of letters, digits and '_'", "param", k, "name"
            )
        texts = tuple(str(x) for x in e.get("texts", ()))
        for t in texts:
            try:
                held = resolve(data, t).value
            except PathError as err:
                raise w.error(str(err), "param", k, "texts") from None
            if not isinstance(held, str) or _retext(held, current[0], "\0") == held:
                raise w.error(f"{t} does not write the value {current[0]!r}", "param", k, "texts")
        if "choices" in e:
            choices = e["choices"]
            if any(x in e for x in ("low", "high", "step", "log")):
                raise w.error("give either choices or low, high and step", "param", k, "choices")
            if not isinstance(choices, list) or not choices:
                raise w.error("must be a list of the values to try", "param", k, "choices")
            for c in choices:
                for value in current:
                    if type(c) is not type(value) and not (isinstance(value, float) and type(c) is int):
                        raise w.error(
                            f"{c!r} is not of the kind the file holds at {paths[0]} ({value!r})",
                            "param",
                            k,
                            "choices",
                        )
            params.append(Param(name, paths, choices=tuple(choices), texts=texts, integer=False))
            continue
        if not all(x in e for x in ("low", "high")):
            raise w.error(
                "give low and high (and step), or choices", "param", k, "low" if "low" not in e else "high"
            )
        low, high = _number(w, e, "low", k, "param"), _number(w, e, "high", k, "param")
        whole = all(isinstance(v, int) and not isinstance(v, bool) for v in current)
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in current):
            raise w.error(f"{paths[0]} holds {current[0]!r}, not a number: use choices", "param", k, key)
        step = _number(w, e, "step", k, "param") if "step" in e else (1 if whole else None)
        if not low < high:
            raise w.error(f"low ({low:g}) must be below high ({high:g})", "param", k, "low")
        if whole and not all(isinstance(v, int) for v in (low, high, step)):
            raise w.error(
                f"{paths[0]} holds whole numbers: low, high and step must be whole", "param", k, "step"
            )
        if step is not None:
            if not step > 0:
                raise w.error(f"must be above 0, not {step:g}", "param", k, "step")
            count = (high - low) / step
            if abs(count - round(count)) > 1e-9:
                raise w.error(
                    f"high - low ({high - low:g}) must be a whole number of steps ({step:g})",
                    "param",
                    k,
                    "step",
                )
        log = bool(e.get("log", False))
        if log and (low <= 0 or (step is not None and whole and step != 1)):
            raise w.error("a log scale needs low above 0 (and step 1 for whole numbers)", "param", k, "log")
        params.append(Param(name, paths, low, high, step, log, None, texts, whole))
    return tuple(params)


def _constraints(w: _Where, raw: Any, names: set[str]) -> tuple[str, ...]:
    found = []
    for k, e in enumerate(_table_list(w, raw, "constraint")):
        expr = e.get("expr")
        if not isinstance(expr, str) or set(e) != {"expr"}:
            raise w.error("a constraint is one key, expr = '...' (e.g. 'low <= high')", "constraint", k)
        try:
            used = names_in(ast.parse(expr, mode="eval"))
        except (SyntaxError, ValueError) as err:
            raise w.error(f"{expr!r} is not a constraint: {err}", "constraint", k, "expr") from None
        unknown = sorted(used - names)
        if unknown:
            raise w.error(
                f"{', '.join(unknown)}: no such parameter (the parameters: {', '.join(sorted(names))})",
                "constraint",
                k,
                "expr",
            )
        found.append(expr)
    return tuple(found)


def _search(w: _Where, raw: Any) -> Search:
    if raw is None:
        return Search()
    if not isinstance(raw, dict):
        raise w.error("must be a table, [search]", key="search")
    for key in raw:
        if key not in {"sampler", "seed", "prune", "steps", "startup"}:
            raise SpecError(f"{w.path}: [search] {key}: unknown key (sampler, seed, prune, steps, startup)")
    sampler = str(raw.get("sampler", "tpe"))
    if sampler not in SAMPLERS:
        raise SpecError(f"{w.path}: [search] sampler: {sampler!r} is not one of {', '.join(SAMPLERS)}")
    steps, startup = raw.get("steps", 8), raw.get("startup", 8)
    if not (isinstance(steps, int) and 1 <= steps <= 100 and isinstance(startup, int) and startup >= 0):
        raise SpecError(f"{w.path}: [search] steps must be from 1 to 100 and startup 0 or more")
    return Search(sampler, int(raw.get("seed", 0)), bool(raw.get("prune", True)), steps, startup)


def _objectives(w: _Where, raw: Any, found: Tallies, known: set[str]) -> tuple[Objective, ...]:
    entries = _table_list(w, raw, "objective")
    if not entries:
        raise w.error("a spec needs at least one [[objective]]: a figure and its target or direction")
    groups = list(dict.fromkeys(t.figure.group for t in found.ordered()))
    objectives: list[Objective] = []
    for k, e in enumerate(entries):
        for key in e:
            if key not in {"name", "figure", "of", *TARGETS}:
                raise w.error(f"unknown key (name, figure, of, {', '.join(TARGETS)})", "objective", k, key)
        figure = e.get("figure")
        if not isinstance(figure, str) or ": " not in figure:
            raise w.error(
                "figure = 'GROUP: LABEL' is needed, e.g. 'win share by seat: *'", "objective", k, "figure"
            )
        group, label = (s.strip() for s in figure.split(": ", 1))
        chosen = [g for g in groups if fnmatch.fnmatchcase(g.lower(), group.lower())]
        if not chosen:
            raise w.error(
                f"no figure group {group!r}; the groups are: {', '.join(groups)}", "objective", k, "figure"
            )
        seen = {t.figure.label for t in found.found.values() if t.figure.group in chosen}
        wild = any(c in label for c in "*?[")
        if not wild and label not in seen and label not in known:
            raise w.error(
                f"{group} has no {label!r} (seen: {', '.join(sorted(seen)[:20])})", "objective", k, "figure"
            )
        targets = [t for t in TARGETS if t in e]
        if targets == ["at_least", "at_most"]:
            targets = ["between"]
            e = {**e, "between": [e["at_least"], e["at_most"]]}
        if len(targets) != 1:
            raise w.error(
                "give one target (within, between, at_least, at_most) or a direction",
                "objective",
                k,
                "figure",
            )
        kind = targets[0]
        name = str(e.get("name") or figure)
        if name in {o.name for o in objectives}:
            raise w.error(f"two objectives are called {name!r}: name them", "objective", k, "name")
        o = Objective(name, figure, kind)
        if "of" in e and kind != "within":
            raise w.error("'of' goes with 'within'", "objective", k, "of")
        if kind == "within":
            within = _number(w, e, "within", k, "objective")
            of = e.get("of", "par")
            if not within >= 0:
                raise w.error("must be 0 or more", "objective", k, "within")
            if of == "par":
                pars = [t.figure.par for t in found.found.values() if t.figure.group in chosen]
                if not pars or any(p is None for p in pars):
                    raise w.error(f"{figure} has no par: give of = a number", "objective", k, "within")
                o = Objective(name, figure, kind, within=within)
            elif isinstance(of, int | float) and not isinstance(of, bool):
                o = Objective(name, figure, kind, within=within, of=float(of))
            else:
                raise w.error("of = 'par' or a number", "objective", k, "of")
        elif kind == "between":
            pair = e["between"]
            if not (
                isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, int | float) for x in pair)
            ):
                raise w.error("between = [low, high]", "objective", k, "between")
            if not pair[0] <= pair[1]:
                raise w.error(f"{pair[0]} is above {pair[1]}", "objective", k, "between")
            o = Objective(name, figure, kind, low=float(pair[0]), high=float(pair[1]))
        elif kind == "at_least":
            o = Objective(name, figure, kind, low=_number(w, e, "at_least", k, "objective"))
        elif kind == "at_most":
            o = Objective(name, figure, kind, high=_number(w, e, "at_most", k, "objective"))
        else:
            direction = e["direction"]
            if direction not in ("minimize", "maximize"):
                raise w.error("direction = 'minimize' or 'maximize'", "objective", k, "direction")
            o = Objective(name, figure, kind, direction=direction)
        objectives.append(o)
    return tuple(objectives)


def _check_values(w: _Where, spec: TuneSpec) -> None:
    """Each parameter at its extremes (the others as in the base file) must make a file the game
    takes: a range past what the game allows is refused now, not after hours of trials."""
    data = tomllib.loads(spec.base_text)
    base = {p.name: resolve(data, p.paths[0]).value for p in spec.params}
    for k, p in enumerate(spec.params):
        grid = p.grid() if p.choices is not None or p.step is not None else [p.low, p.high]
        tried = grid if len(grid) <= 12 else [grid[0], grid[len(grid) // 2], grid[-1]]
        for value in tried:
            try:
                text = data_text(spec, {**base, p.name: value})
                make(spec.game, **spec.options, data=write_data(text))
            except (InvalidOptions, PathError) as err:
                key = "choices" if p.choices is not None else ("low" if value == tried[0] else "high")
                raise w.error(f"the game refuses {p.name} = {value!r}: {err}", "param", k, key) from None
