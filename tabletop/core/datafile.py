"""Reading a game's data file (its board, cards or deck, in TOML: the packaged one or a designer's
copy given with the game's ``data`` option), shared by the games' data modules: every problem is an
InvalidOptions naming the file, the entry and what is wrong."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .errors import InvalidOptions

MISSING: Any = ...  # a default of ``...``: the key must be there


def data_file(path: str | None, packaged: Path) -> str:
    """The file to load: a designer's ``path`` made absolute, else the packaged file.  The loaders
    cache by this name, so that one file is read once however it was named."""
    return str(Path(path).resolve()) if path else str(packaged)


def read_toml(file: str, what: str) -> dict[str, Any]:
    """The TOML ``file`` holds; ``what`` names it in the error when it cannot be read."""
    try:
        return tomllib.loads(Path(file).read_text(encoding="utf-8"))
    except OSError as err:
        raise InvalidOptions(f"cannot read {what} {file}: {err.strerror or err}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise InvalidOptions(f"{file} is not valid TOML: {err}") from None


def tables(file: str, raw: dict[str, Any], key: str) -> list[Any]:
    """The file's array of tables ``[[key]]``, which must hold one at least."""
    value = raw.get(key)
    if not isinstance(value, list) or not value:
        raise InvalidOptions(f"{file}: needs at least one [[{key}]] table")
    return value


class TableReader:
    """Typed reads of one table of a data file; errors name the file, the entry (``where``) and
    the problem.  A game's reader adds its own reads, and may name the kinds of value its own way."""

    def __init__(self, file: str, where: str, table: Any) -> None:
        self.file, self.where = file, where
        if not isinstance(table, dict):
            self.fail(self.not_a_table(table))
        self.table: dict[str, Any] = table

    def not_a_table(self, table: Any) -> str:
        return "must be a table"

    def kind_name(self, kind: type) -> str:
        return kind.__name__

    def fail(self, problem: str) -> None:
        raise InvalidOptions(f"{self.file}: {self.where}: {problem}")

    def get(self, key: str, kind: type, default: Any = MISSING) -> Any:
        """``table[key]``, of type ``kind`` (an int is no bool); ``default`` when it is absent
        (``...``: it must be there)."""
        if key not in self.table:
            if default is MISSING:
                self.fail(f"lacks {key!r}")
            return default
        value = self.table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(f"{key!r} must be {self.kind_name(kind)}, not {value!r}")
        return value
