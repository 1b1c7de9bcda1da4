"""Paths into a game's data file, and edits that change only the numbers they name.

A path names one value of a data file (TOML): keys joined by dots, an entry of an array of tables
chosen by its identifying field in brackets, an element of a plain array by its index from 0::

    suit[F].params.amount          the Fireball suit's (letter F) extra damage      (manasurge)
    wizard[hoarder].params.limit   the Hoarder's hand limit                          (manasurge)
    constants.win_shards.5         the Shards a wizard needs to win at 5 players     (manasurge)
    mission[13].points             mission number 13's points                        (megalomania)
    copies[12]                     the number of 12s in the deck                     (summon7)
    location[cathedral].restock    humans added to the Cathedral each City phase     (clan)
    country[jpn].defense           Japan's Defense                                    (megacorps)
    economy.payout[0]              a payout with no competitor                       (megacorps)

An entry of an array of tables is chosen by the first of ``code``, ``id``, ``number``, ``letter``
and ``name`` it has (``#3`` chooses the fourth entry, whatever its fields).

:func:`edit` writes new values into the file's text where they stand, token by token: comments,
blank lines, the order of the keys and the way every other value is written are kept.  Its result
is parsed again and compared with the original with only the named values changed, so a file that
this scanner would misread is refused instead of written wrongly.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import TabletopError

ID_FIELDS = ("code", "id", "number", "letter", "name")
_SEGMENT = re.compile(r"^([A-Za-z0-9_-]+)((?:\[[^\[\]]+\])*)$")
_INDEX = re.compile(r"\[([^\[\]]+)\]")
Key = str | int  # a table's key, or an index into an array (of tables or of values)


class PathError(TabletopError):
    """A path that names no value of the data file (the message says what there is instead)."""


@dataclass(frozen=True, slots=True)
class Located:
    """A path resolved in one data file: the concrete keys and indices, and the value there."""

    path: str
    keys: tuple[Key, ...]
    value: Any


def _entry_name(entry: Mapping[str, Any], k: int) -> str:
    for field in ID_FIELDS:
        if field in entry:
            return str(entry[field])
    return f"#{k}"


def resolve(data: Mapping[str, Any], path: str) -> Located:
    """The value ``path`` names in the parsed file ``data``; PathError naming what there is."""
    segments = path.strip().split(".")
    if not path.strip() or any(not s for s in segments):
        raise PathError(f"{path!r} is not a path (keys joined by dots, e.g. suit[F].params.amount)")
    keys: list[Key] = []
    here: Any = data
    where = "the file"
    for segment in segments:
        found = _SEGMENT.match(segment)
        if found is None:
            raise PathError(f"{path}: {segment!r} is not a key (letters, digits, '_' or '-', then [...])")
        name, selectors = found.group(1), _INDEX.findall(found.group(2))
        if not isinstance(here, dict) or name not in here:
            known = ", ".join(sorted(map(str, here))) if isinstance(here, dict) else ""
            raise PathError(f"{path}: {where} has no {name!r}" + (f" (it has: {known})" if known else ""))
        keys.append(name)
        here, where = here[name], f"{where.removeprefix('the file')}.{name}".lstrip(".")
        for selector in selectors:
            selector = selector.strip()
            if not isinstance(here, list):
                raise PathError(f"{path}: {where} is not an array, so [{selector}] chooses nothing")
            if here and all(isinstance(x, dict) for x in here):
                names = [_entry_name(x, k) for k, x in enumerate(here)]
                if selector.startswith("#") and selector[1:].isdigit() and int(selector[1:]) < len(here):
                    k = int(selector[1:])
                elif selector in names:
                    k = names.index(selector)
                else:
                    raise PathError(
                        f"{path}: no {name} {selector!r} (the {name} entries: {', '.join(names)})"
                    )
            else:
                if not selector.isdigit() or int(selector) >= len(here):
                    raise PathError(
                        f"{path}: {where} has {len(here)} elements: [{selector}] must be an index from 0 "
                        f"to {len(here) - 1}"
                    )
                k = int(selector)
            keys.append(k)
            here, where = here[k], f"{where}[{selector}]"
    return Located(path, tuple(keys), here)


def set_value(data: Any, keys: Sequence[Key], value: Any) -> None:
    """Set the value at ``keys`` in parsed data (in place)."""
    for key in keys[:-1]:
        data = data[key]
    data[keys[-1]] = value


def toml_value(value: Any) -> str:
    """``value`` as TOML (numbers, booleans, strings and arrays of them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} into a data file")


# ------------------------------------------------------------------------------ the scanner
@dataclass
class _Span:
    """Where a value stands in the text: [start, stop), and its parts when it is an array or an
    inline table."""

    start: int
    stop: int
    parts: dict[Key, _Span] | None = None


class _Scanner:
    """Just enough of TOML to find where each value of a data file is written."""

    def __init__(self, text: str) -> None:
        self.text, self.i = text, 0

    def error(self, what: str) -> PathError:
        line = self.text.count("\n", 0, self.i) + 1
        return PathError(f"line {line}: {what} (the tuner edits plain TOML only)")

    def blank(self, newlines: bool) -> None:
        """Skip spaces (and newlines and comments, when ``newlines``)."""
        text = self.text
        while self.i < len(text):
            c = text[self.i]
            if c in " \t" or (newlines and c in "\r\n"):
                self.i += 1
            elif c == "#" and newlines:
                while self.i < len(text) and text[self.i] != "\n":
                    self.i += 1
            else:
                return

    def key(self) -> list[str]:
        parts = []
        while True:
            self.blank(False)
            c = self.text[self.i : self.i + 1]
            if c in ('"', "'"):
                start = self.i
                self.string()
                parts.append(str(tomllib.loads("k = " + self.text[start : self.i])["k"]))
            else:
                found = re.compile(r"[A-Za-z0-9_-]+").match(self.text, self.i)
                if found is None:
                    raise self.error("a key was expected")
                parts.append(found.group())
                self.i = found.end()
            self.blank(False)
            if self.text[self.i : self.i + 1] != ".":
                return parts
            self.i += 1

    def string(self) -> None:
        text, quote = self.text, self.text[self.i]
        if text.startswith(quote * 3, self.i):
            end = text.find(quote * 3, self.i + 3)
            if end < 0:
                raise self.error("a string is not closed")
            self.i = end + 3
            while self.i < len(text) and text[self.i] == quote:  # up to two quotes end the string
                self.i += 1
            return
        self.i += 1
        while self.i < len(text) and text[self.i] != quote:
            if text[self.i] == "\n":
                raise self.error("a string is not closed")
            self.i += 2 if quote == '"' and text[self.i] == "\\" else 1
        self.i += 1

    def value(self) -> _Span:
        self.blank(False)
        start, text = self.i, self.text
        c = text[start : start + 1]
        if c in ('"', "'"):
            self.string()
            return _Span(start, self.i)
        if c == "[":
            self.i += 1
            parts: dict[Key, _Span] = {}
            while True:
                self.blank(True)
                if text[self.i : self.i + 1] == "]":
                    self.i += 1
                    return _Span(start, self.i, parts)
                parts[len(parts)] = self.value()
                self.blank(True)
                if text[self.i : self.i + 1] == ",":
                    self.i += 1
                elif text[self.i : self.i + 1] != "]":
                    raise self.error("an array's ',' or ']' was expected")
        if c == "{":
            self.i += 1
            parts = {}
            while True:
                self.blank(False)
                if text[self.i : self.i + 1] == "}":
                    self.i += 1
                    return _Span(start, self.i, parts)
                keys = self.key()
                if text[self.i : self.i + 1] != "=":
                    raise self.error("'=' was expected in an inline table")
                self.i += 1
                span = self.value()
                target = parts
                for k in keys[:-1]:
                    target = target.setdefault(k, _Span(span.start, span.stop, {})).parts or {}
                target[keys[-1]] = span
                self.blank(False)
                if text[self.i : self.i + 1] == ",":
                    self.i += 1
        found = re.compile(r"[^\s,\]\}#]+").match(text, self.i)
        if found is None:
            raise self.error("a value was expected")
        self.i = found.end()
        return _Span(start, self.i)

    def document(self) -> dict[tuple[Key, ...], _Span]:
        """Every key's value span, by its full concrete path."""
        found: dict[tuple[Key, ...], _Span] = {}
        table: tuple[Key, ...] = ()
        counts: dict[tuple[Key, ...], int] = {}
        text = self.text
        while True:
            self.blank(True)
            if self.i >= len(text):
                return found
            if text.startswith("[[", self.i):
                self.i += 2
                name = tuple(self.key())
                if not text.startswith("]]", self.i):
                    raise self.error("']]' was expected")
                self.i += 2
                counts[name] = counts.get(name, -1) + 1
                table = (*name, counts[name])
            elif text[self.i] == "[":
                self.i += 1
                table = tuple(self.key())
                if text[self.i : self.i + 1] != "]":
                    raise self.error("']' was expected")
                self.i += 1
            else:
                keys = (*table, *self.key())
                if text[self.i : self.i + 1] != "=":
                    raise self.error("'=' was expected after a key")
                self.i += 1
                span = self.value()
                found[keys] = span
                self._flatten(keys, span, found)
            self.blank(False)
            if self.i < len(text) and text[self.i] not in "\r\n#":
                raise self.error("the end of the line was expected")

    def _flatten(self, keys: tuple[Key, ...], span: _Span, out: dict[tuple[Key, ...], _Span]) -> None:
        for k, part in (span.parts or {}).items():
            out[(*keys, k)] = part
            self._flatten((*keys, k), part, out)


def spans(text: str) -> dict[tuple[Key, ...], tuple[int, int]]:
    """Where every value of a TOML text is written, by its concrete keys (PathError if unreadable)."""
    return {k: (s.start, s.stop) for k, s in _Scanner(text).document().items()}


def edit(text: str, changes: Sequence[tuple[Located, Any]]) -> str:
    """``text`` with each located value replaced by the new one, where it stands; the rest, comments
    and layout included, unchanged.  Raises PathError if the result would differ anywhere else."""
    where = spans(text)
    edits: list[tuple[int, int, str]] = []
    for located, value in changes:
        span = where.get(located.keys)
        if span is None:
            raise PathError(f"{located.path}: cannot find where the file writes it")
        edits.append((span[0], span[1], toml_value(value)))
    out = text
    for start, stop, written in sorted(edits, reverse=True):
        out = out[:start] + written + out[stop:]
    expected = tomllib.loads(text)
    for located, value in changes:
        set_value(expected, located.keys, value)
    if tomllib.loads(out) != expected:
        raise PathError("the edited file does not read back as intended (an unusual layout?)")
    return out
