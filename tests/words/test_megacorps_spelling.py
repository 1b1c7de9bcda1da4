"""MegaCorps' spelling in what players read: "Defense", as the rulebook spells it, never "Defence"
(internal keys such as ``decision['defence']`` stay as records and goldens have them)."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path
from typing import Any

import tabletop
from tabletop.words import labels
from tabletop.words import megacorps as words

from .test_megacorps_words import random_games, view_of

# a "defence" a player would read: not a key, a variable, a class name or a data attribute
SPOKEN_DEFENCE = re.compile(r"(?<![-_.\w$'\"\[])defence(?![-_\w'\"\]:])", re.IGNORECASE)


def literal_texts(path: Path) -> list[str]:
    """The string literals of a Python, JavaScript or TOML source: what it can show a player."""
    source = path.read_text()
    if path.suffix == ".py":
        nodes = ast.walk(ast.parse(source))
        return [n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    if path.suffix == ".toml":
        found: list[str] = []

        def walk(value: Any, key: str = "") -> None:
            if isinstance(value, str) and key != "also":  # ``also``: forms a search matches, not shown
                found.append(value)
            elif isinstance(value, dict):
                for k, v in value.items():
                    walk(v, k)
            elif isinstance(value, list):
                for v in value:
                    walk(v, key)

        walk(tomllib.loads(source))
        return found
    code = re.sub(r"^\s*//.*$", "", source, flags=re.MULTILINE)
    return re.findall(r"`(?:[^`\\]|\\.)*`|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'", code)


def test_players_read_defense_as_the_rulebook_spells_it() -> None:
    """ "Defense", never "Defence", in what players read: the terminal, the web table and the words
    (internal keys such as ``decision['defence']`` stay as records and goldens have them)."""
    root = Path(tabletop.__file__).parent
    sources = [
        *sorted((root / "terminal" / "megacorps").glob("*.py")),
        *sorted((root / "words" / "megacorps").glob("*.py")),
        root / "words" / "rules" / "megacorps.toml",
        *sorted((root / "web" / "js").glob("megacorps*.js")),
    ]
    spoken = [
        (path.name, text)
        for path in sources
        for text in literal_texts(path)
        if SPOKEN_DEFENCE.search(text) and not re.fullmatch(r"[\w-]+", text)  # not a key
    ]
    assert spoken == []
    assert SPOKEN_DEFENCE.search("`Defence ${d.defence}`")
    assert not SPOKEN_DEFENCE.search("`Defense ${d.defence}`")
    for state, happened, names in random_games(6):
        for event in happened or ():
            for me in (*range(state.n), None):
                line = words.describe_event(event.kind, event.data, me, names)
                assert line is None or "defence" not in line.plain().lower(), line.plain()
        if happened is None:
            for seat in state.to_act():
                for phrase in labels("megacorps", view_of(state, seat), names).values():
                    assert "defence" not in phrase.lower(), phrase
