"""What the games read from a designer's data file, tested alike for each: an edited copy of the
packaged file, and the refusals of a bad entry, a missing file and a broken one."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabletop
from tabletop.core.errors import InvalidOptions


def edited_copy(
    text: str, tmp_path: Path, *changes: tuple[str, str], add: str = "", name: str = "edit.toml"
) -> str:
    """A copy of ``text`` with each (old, new) text replaced once and ``add`` appended; its path."""
    for old, new_text in changes:
        assert old in text, old
        text = text.replace(old, new_text, 1)
    path = tmp_path / name
    path.write_text(text + add, encoding="utf-8")
    return str(path)


def refused_naming_the_file(game: str, path: str, words: str) -> None:
    """A three-player ``game`` on the file at ``path`` is refused, naming the file and ``words``."""
    with pytest.raises(InvalidOptions) as found:
        tabletop.make(game, players=3, data=path)
    assert path in str(found.value) and words in str(found.value)


def missing_and_broken_refused(game: str, tmp_path: Path, broken: str, missing: str, unreadable: str) -> None:
    """A three-player ``game`` is refused on a file that is not there (the error matching
    ``missing``) and on one holding ``broken`` (matching ``unreadable``)."""
    with pytest.raises(InvalidOptions, match=missing):
        tabletop.make(game, players=3, data=str(tmp_path / "none.toml"))
    path = tmp_path / "broken.toml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(InvalidOptions, match=unreadable):
        tabletop.make(game, players=3, data=str(path))
