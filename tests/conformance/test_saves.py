"""A corrupt save (a value of a saved state missing, or of another JSON type) is refused with
CorruptRecord, the error a front end reports as a bad file, never a crash of another kind; and what
is accepted plays on as the state it says it is.  A corrupt record (a replay file) likewise."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.core.errors import CorruptRecord, TabletopError
from tabletop.core.record import Record
from tabletop.core.registry import names

from .helpers import game_seed, make_game, plays_on

# one value of each JSON type, and some the fields' checks must tell apart
WRONG: list[Any] = ["x", 12345, -1, None, True, 1.0, 2.5, [], {}, [["x"]], [None]]
STEPS = (0, 25)  # positions tried: the start and a few actions in


Path = tuple[str | int, ...]
DEPTH = 3  # how deep into a saved state's lists and objects the values are altered


def places(value: Any, path: Path = ()) -> list[Path]:
    """Where a saved state holds a value: each field, and within lists and objects (to DEPTH) each
    key and a list's first and last entries."""
    if len(path) == DEPTH:
        return []
    inner: list[tuple[str | int, Any]] = []
    if isinstance(value, dict):
        inner = list(value.items())
    elif isinstance(value, list) and value:
        inner = [(0, value[0]), (len(value) - 1, value[-1])][: len(value)]
    found: list[Path] = []
    for key, item in inner:
        found.append((*path, key))
        found.extend(places(item, (*path, key)))
    return found


MISSING = object()


def changed(data: Any, path: Path, value: Any) -> Any:
    """A copy of ``data`` with the value at ``path`` replaced (or left out: value ``MISSING``)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        copy = dict(data)
        if not rest and value is MISSING:
            del copy[head]
        else:
            copy[head] = changed(data[head], rest, value)
        return copy
    copy_list = list(data)
    copy_list[int(head)] = changed(data[int(head)], rest, value)
    return copy_list


def at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def altered(data: dict[str, Any]) -> list[tuple[str, dict[str, Any], bool]]:
    """Each field (and each value within, to DEPTH) missing where it is an object's, then replaced
    by each WRONG value of another type or value; and whether that must be refused: a flag or a
    fraction where a whole number was, a number where a flag was (in Python ``True == 1`` and
    ``1.0 == 1``: only a check of the type tells them apart)."""
    found = []
    for path in places(data):
        value, where = at(data, path), "/".join(map(str, path))
        if isinstance(path[-1], str):
            found.append((f"{where} missing", changed(data, path, MISSING), False))
        for wrong in WRONG:
            if type(wrong) is type(value) and not isinstance(wrong, list | dict):
                continue  # another value of the same type may well be valid (a count, a name)
            if wrong == value and type(wrong) is type(value):
                continue
            posing = (type(value) is int and type(wrong) in (bool, float)) or (
                type(value) is bool and type(wrong) in (int, float)
            )
            found.append((f"{where} = {wrong!r}", changed(data, path, wrong), posing))
    return found


@pytest.mark.parametrize("name", names())
def test_a_saved_state_with_a_value_missing_or_of_another_type_is_refused_or_plays_on(name: str) -> None:
    game = make_game(name, 3)
    for steps in STEPS:
        seed = game_seed(name, 3, steps)
        state, rng = game.new_state(seed=seed), random.Random(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        refused = 0
        for what, data, must_refuse in altered(state.to_json()):
            try:
                back = game.state_from_json(data)
            except CorruptRecord as err:
                assert str(err).strip(), f"{name}, {what}: refused without a reason"
                refused += 1
                continue
            except Exception as err:  # the point of the test: anything else is a crash
                raise AssertionError(f"{name}, {what}: {type(err).__name__}: {err}") from err
            # accepted (an empty list where a list may be empty...): a state that saves and loads
            # as itself and answers what may be done
            assert not must_refuse, f"{name}, {what}: a value of another type taken for a whole number"
            assert game.state_from_json(back.to_json()).to_json() == back.to_json(), f"{name}, {what}"
            assert back.is_terminal() or back.legal_actions(), f"{name}, {what}: no choice and no end"
            plays_on(back, seed, f"{name}, {what}")
        assert refused > len(state.to_json()), f"{name}: too few corrupt saves refused ({refused})"


@pytest.mark.parametrize("name", names())
def test_a_record_with_a_value_missing_or_of_another_type_is_refused_or_replays(name: str) -> None:
    """The same for a game's record (a replay file): refused with the library's own error (a bad
    record, bad options), never a crash of another kind; or it replays."""
    game = make_game(name, 3)
    seed = game_seed(name, 3, 40)
    state, rng = game.new_state(seed=seed), random.Random(seed)
    record = Record(name, dict(game.options), seed)
    for _ in range(40):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(str(action))
    assert Record.from_json(record.to_json()).replay().to_json() == state.to_json()
    refused = 0
    for what, data, _ in altered(record.to_json()):
        try:
            Record.from_json(data).replay()
        except TabletopError as err:
            assert str(err).strip(), f"{name}, {what}: refused without a reason"
            refused += 1
        except Exception as err:  # the point of the test: anything else is a crash
            raise AssertionError(f"{name}, {what}: {type(err).__name__}: {err}") from err
    assert refused > len(record.to_json()), f"{name}: too few corrupt records refused ({refused})"
