"""The tune spec: paths into the data files, edits that keep the layout, and the mistakes refused
with the spec's line and key named; every documented example loads against its game's file."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tabletop.sim.content import DATA_FILES
from tabletop.sim.tune_data import PathError, edit, resolve, spans
from tabletop.sim.tune_spec import SpecError, data_text, feasible, load

DOCS = Path(__file__).resolve().parents[2] / "docs" / "tune"
GAMES = ("megalomania", "summon7", "clan", "manasurge", "megacorps")

SPEC = """\
game = "manasurge"
players = 3

[[param]]
name = "fire"
path = "suit[F].params.amount"
low = 0
high = 4
texts = ["suit[F].text"]

[[param]]
name = "win3"
path = "constants.win_shards.3"
choices = [8, 10, 12]

[[constraint]]
expr = "fire * 3 <= win3"

[[objective]]
figure = "win share by starting seat: *"
within = 0.05
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tune.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("game", GAMES)
def test_every_documented_example_loads_against_its_game(game: str) -> None:
    spec = load(DOCS / f"{game}.toml", game)
    assert spec.game == game and spec.params and spec.objectives
    assert spec.base_file == str(DATA_FILES[game])
    base = tomllib.loads(spec.base_text)
    for p in spec.params:  # every value of every parameter writes a file that differs only there
        for value in (p.grid()[0], p.grid()[-1]):
            values = {q.name: resolve(base, q.paths[0]).value for q in spec.params} | {p.name: value}
            changed = tomllib.loads(data_text(spec, values))
            assert resolve(changed, p.paths[0]).value == value


def test_paths_name_entries_by_their_ids_and_arrays_by_index() -> None:
    data = tomllib.loads(DATA_FILES["megacorps"].read_text(encoding="utf-8"))
    assert resolve(data, "country[jpn].defense").value == 4
    assert resolve(data, "economy.payout[1]").value == 10
    assert resolve(data, "economy.deck.4").value == 16
    assert resolve(data, "country[#0].code").value == "naf"
    for path, message in (
        ("country[xx].defense", "no country 'xx' (the country entries: naf, eu,"),
        ("country[jpn].defence", "has no 'defence' (it has: code, companies, defense"),
        ("economy.payout[9]", "has 6 elements: [9] must be an index from 0 to 5"),
        ("economy..payout", "is not a path"),
    ):
        with pytest.raises(PathError, match=message.replace("[", r"\[").replace("(", r"\(")):
            resolve(data, path)


def test_an_edit_changes_only_the_numbers_named_and_keeps_every_comment() -> None:
    text = DATA_FILES["manasurge"].read_text(encoding="utf-8")
    data = tomllib.loads(text)
    changes = [(resolve(data, "constants.win_shards.4"), 15), (resolve(data, "suit[F].params.amount"), 3)]
    out = edit(text, changes)
    diff = [(a, b) for a, b in zip(text.splitlines(), out.splitlines(), strict=True) if a != b]
    assert diff == [
        ("win_shards = { 3 = 12, 4 = 12, 5 = 10 }", "win_shards = { 3 = 12, 4 = 15, 5 = 10 }"),
        ("params = { amount = 2 }", "params = { amount = 3 }"),
    ]
    # every value of every packaged file is found where it is written
    for game, file in DATA_FILES.items():
        text = file.read_text(encoding="utf-8")
        found = spans(text)
        leaves: list[tuple[object, ...]] = []
        _leaves(tomllib.loads(text), (), leaves)
        assert leaves and all(k in found for k in leaves), game
        for keys in leaves:
            start, stop = found[keys]
            assert tomllib.loads(f"x = {text[start:stop]}")["x"] == _at(tomllib.loads(text), keys)


def _leaves(data: object, at: tuple[object, ...], out: list[tuple[object, ...]]) -> None:
    if isinstance(data, dict):
        for k, v in data.items():
            _leaves(v, (*at, k), out)
    elif isinstance(data, list):
        for k, v in enumerate(data):
            _leaves(v, (*at, k), out)
    else:
        out.append(at)


def _at(data: object, keys: tuple[object, ...]) -> object:
    for k in keys:
        data = data[k]  # type: ignore[index]
    return data


def test_a_spec_loads_and_writes_texts_in_step(tmp_path: Path) -> None:
    spec = load(write(tmp_path, SPEC), "manasurge")
    assert [p.name for p in spec.params] == ["fire", "win3"] and spec.players == 3
    assert spec.params[0].grid() == [0, 1, 2, 3, 4] and spec.params[1].grid() == [8, 10, 12]
    out = data_text(spec, {"fire": 3, "win3": 10})
    assert "When the spell strikes, the struck player takes 3 more damage." in out
    assert "win_shards = { 3 = 10, 4 = 12, 5 = 10 }" in out
    assert feasible(spec, {"fire": 3, "win3": 8}) == "fire * 3 <= win3"
    assert feasible(spec, {"fire": 2, "win3": 10}) is None


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'path = "suit[F].params.amount"',
            'path = "suit[X].params.amount"',
            r":6: \[\[param\]\] 1 path: .*no suit 'X'",
        ),
        ("low = 0\nhigh = 4", "low = 4\nhigh = 0", r":7: \[\[param\]\] 1 low: low \(4\) must be below high"),
        ("high = 4", "high = 4\nstep = 3", r"\[\[param\]\] 1 step: high - low \(4\) must be a whole number"),
        ("high = 4", "high = 4.5", r"holds whole numbers"),
        ("choices = [8, 10, 12]", 'choices = ["8"]', r":14: \[\[param\]\] 2 choices: '8' is not of the kind"),
        ("choices = [8, 10, 12]", "choices = [0, 10]", r"\[\[param\]\] 2 choices: the game refuses win3 = 0"),
        (
            'expr = "fire * 3 <= win3"',
            'expr = "fire <= ice"',
            r":17: \[\[constraint\]\] 1 expr: ice: no such",
        ),
        ('expr = "fire * 3 <= win3"', 'expr = "__import__(1)"', r"the only functions are abs, min and max"),
        (
            'figure = "win share by starting seat: *"',
            'figure = "win share by colour: *"',
            r":20: \[\[objective\]\] 1 figure: no figure group 'win share by colour'",
        ),
        (
            'figure = "win share by starting seat: *"',
            'figure = "win share by wizard: hoarder"',
            r"no figure group",
        ),
        (
            'figure = "win share by starting seat: *"',
            'figure = "per game: decisions"',
            r"has no par: give of",
        ),
        ("within = 0.05", "between = [0.3]", r"\[\[objective\]\] 1 between: between = \[low, high\]"),
        ("within = 0.05", "", r"give one target"),
        ("players = 3", 'players = 3\nbot = "heuristic"', r":3: bot: unknown key"),
        ('game = "manasurge"', 'game = "clan"', r":1: game: this spec is for 'clan'"),
    ],
)
def test_mistakes_are_refused_with_the_line_and_key(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in SPEC
    with pytest.raises(SpecError, match=message):
        load(write(tmp_path, SPEC.replace(old, new, 1)), "manasurge")


def test_an_unknown_label_is_refused_but_a_content_id_is_taken(tmp_path: Path) -> None:
    text = SPEC.replace("players = 3", "players = 3\noptions = { wizards = true }")
    wrong = text.replace('"win share by starting seat: *"', '"win share by wizard: hoardr"')
    with pytest.raises(SpecError, match="win share by wizard has no 'hoardr'"):
        load(write(tmp_path, wrong), "manasurge")
    right = text.replace('"win share by starting seat: *"', '"win share by wizard: stoneskin"')
    assert load(write(tmp_path, right), "manasurge").objectives[0].figure == "win share by wizard: stoneskin"
