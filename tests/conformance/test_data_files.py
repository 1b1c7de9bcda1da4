"""A designer's data file with a value of the wrong type (a text where a number was, a number
where a list was...) is refused with InvalidOptions naming the file, when the game is made or at
the latest when a game starts; never a crash of another kind.  What is accepted plays on.

Every value of each game's packaged file is tried, edited where it stands in the text
(``tune_data.spans``, the tuner's own editor), so the rest of the file stays as printed."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptions
from tabletop.core.registry import names
from tabletop.sim.content import DATA_FILES as PACKAGED  # each game's packaged data file
from tabletop.sim.tune_data import spans, toml_value

from .helpers import plays_on

# one value of each TOML type, and some a check must tell apart from a whole number
WRONG: list[Any] = ["x", 12345, -1, True, 1.0, 2.5, [], [["x"]]]
TRIED = 2  # wrong values tried at each place (chosen by a seeded generator)


def test_every_game_with_a_data_option_is_tried() -> None:
    with_data = {name for name in names() if any(s.name == "data" for s in tabletop.make(name).option_specs)}
    assert with_data == set(PACKAGED)


def edits(text: str, rng: random.Random) -> list[tuple[str, str]]:
    """The file's text with one value replaced by a value of another type, for TRIED wrong
    values at each place a value is written: (what was done, the new text)."""
    data = tomllib.loads(text)
    found = []
    for keys, (start, stop) in spans(text).items():
        value = data
        for key in keys:
            value = value[key]
        others = [w for w in WRONG if type(w) is not type(value) or isinstance(w, list)]
        for wrong in rng.sample(others, min(TRIED, len(others))):
            new = text[:start] + toml_value(wrong) + text[stop:]
            found.append((f"{'/'.join(map(str, keys))} = {wrong!r}", new))
    return found


@pytest.mark.parametrize("name", sorted(PACKAGED))
def test_a_data_file_with_a_value_of_another_type_is_refused_or_plays_on(name: str, tmp_path: Path) -> None:
    refused = 0
    for index, (what, text) in enumerate(
        edits(PACKAGED[name].read_text(encoding="utf-8"), random.Random(name))
    ):
        try:
            tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            continue  # (a value the tuner's writer cannot put there: not this test's matter)
        path = tmp_path / f"{index}.toml"  # a new name each time: the games keep what they loaded by path
        path.write_text(text, encoding="utf-8")
        try:
            game = tabletop.make(name, players=3, data=str(path))
            state = game.new_state(seed=index)
        except InvalidOptions as err:
            assert path.name in str(err), f"{name}, {what}: refused without naming the file: {err}"
            refused += 1
            continue
        except Exception as err:  # the point of the test: anything else is a crash
            raise AssertionError(f"{name}, {what}: {type(err).__name__}: {err}") from err
        plays_on(state, index, f"{name}, {what}")
    assert refused > len(spans(PACKAGED[name].read_text(encoding="utf-8"))), f"{name}: too few refused"
