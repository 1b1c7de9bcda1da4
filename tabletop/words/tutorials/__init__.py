"""Each game's guided first game (issue 28): one TOML file per game in this folder, ``<game>.toml``,
read by the server's tutorial tables (tabletop/server/tutorials.py) and the browser's guide
(web/js/tutorial.js).  A tutorial is a fixed deal against bots, and steps that point at a part of
the table, say what it is or what just happened, and ask the person for one move::

    title = "Your first game of Summon 7"
    seed = 7                       # the table's seed: the bots' decisions follow from it
    bots = "easy"                  # the bots' level (tabletop.agents.levels)
    options = { players = 3 }      # the game's options
    [setup]                        # the game's fixed set-up (its new_state(seed, setup))
    dealer = 2

    [[step]]
    text = "Every card is face up. A {number:9} in front of you ..."   # short; tokens as the rules'
    point = ".s7-deck-area"        # optional: a CSS selector of what to point at

    [[step]]
    text = "Take one more card: press Hit."
    expect = "hit"                 # the person must make exactly this move (its text)
    # point defaults to [data-action="hit"], the element that makes the move

A step without ``expect`` has a Next button.  The person is seat 0; between two expected moves the
bots play.  After the last step the table is a normal game.  :func:`tutorial` reads and checks a
game's file once (a problem names the file, the step and what is wrong:
:class:`~tabletop.core.errors.InvalidOptions`): the keys above and no others, the options and the
set-up accepted by the game, every expected move a text of the game in its canonical form, texts
short, selectors plain CSS.  Whether each expected move is legal when it comes, given the bots'
moves, is checked by replaying the script with the server's bots (tabletop/server/tutorials.py,
``walk``; tests/words/test_tutorials.py), which ``tabletop tutorial GAME [--file DRAFT]`` prints
step by step for the script's author (docs/learning.md, "A guided first game").
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.errors import InvalidOptions, TabletopError
from ...core.protocol import JSON
from ...core.registry import make
from ..line import Line
from ..rules import keyed, paragraph

SEAT = 0  # the person's seat at a tutorial table
TEXT_MAX = 360  # characters of a step's text: short, for a newcomer
STEPS = (3, 30)  # the fewest and the most steps
KEYS = {
    "the file": {"title", "seed", "bots", "options", "setup", "step"},
    "step": {"text", "point", "expect"},
}
# a selector: CSS without anything that could be more than a selector (no markup, no braces)
SELECTOR = re.compile(r"^[A-Za-z0-9_\-\.#\[\]=\"' :>+~(),*|^$/@!%]{1,200}$")


@dataclass(frozen=True)
class Step:
    text: Line
    point: str | None = None  # a CSS selector of what to point at
    expect: str | None = None  # the move the person must make (None: a Next button)

    def to_json(self) -> dict[str, JSON]:
        return {"text": self.text.to_json(), "point": self.point, "expect": self.expect}


@dataclass(frozen=True)
class Tutorial:
    game: str
    title: str
    seed: int
    bots: str
    options: dict[str, Any]
    setup: dict[str, Any] | None
    steps: tuple[Step, ...]

    @property
    def moves(self) -> tuple[str, ...]:
        """The person's moves, in order."""
        return tuple(s.expect for s in self.steps if s.expect is not None)

    def after(self, made: int) -> int:
        """The index of the first step after the person's ``made``-th expected move (0: none made)."""
        if made <= 0:
            return 0
        seen = 0
        for index, step in enumerate(self.steps):
            if step.expect is not None:
                seen += 1
                if seen == made:
                    return index + 1
        return len(self.steps)

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "title": self.title,
            "bots": self.bots,
            "players": int(self.options.get("players", 0)) or None,
            "steps": [s.to_json() for s in self.steps],
        }


def games() -> list[str]:
    """The games that have a tutorial."""
    folder = resources.files(__name__)
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))


@functools.cache
def tutorial(game: str) -> Tutorial:
    """The tutorial of ``game`` (InvalidOptions when it has none, or its file is wrong)."""
    if game not in games():
        raise InvalidOptions(f"no tutorial for {game!r}; there are tutorials for {', '.join(games())}")
    name = f"{game}.toml"
    source = resources.files(__name__).joinpath(name)
    return _load(game, source.read_text(encoding="utf-8"), f"tabletop/words/tutorials/{name}")


def read_file(path: Path, game: str | None = None) -> Tutorial:
    """A tutorial file anywhere (a draft, a test's), checked as :func:`tutorial` checks the game's
    own; its game is ``game`` or the file's name."""
    return _load(game or path.stem, path.read_text(encoding="utf-8"), str(path))


def _load(game: str, text: str, shown: str) -> Tutorial:
    try:
        return _read(game, tomllib.loads(text))
    except (tomllib.TOMLDecodeError, TabletopError, ValueError, KeyError, TypeError) as err:
        raise InvalidOptions(f"{shown}: {err}") from None


def _read(game: str, data: dict[str, Any]) -> Tutorial:
    keyed(data, "the file", KEYS["the file"], "the file")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise ValueError("the file needs 'title', a text")
    seed = data.get("seed")
    if type(seed) is not int or not 0 <= seed < 1 << 32:
        raise ValueError("'seed' is a whole number from 0 to 2**32 - 1")
    bots = data.get("bots", "easy")
    if not isinstance(bots, str) or not bots:
        raise ValueError("'bots' names a bot level (easy, normal, hard)")
    options = data.get("options", {})
    setup = data.get("setup")
    if not isinstance(options, dict) or (setup is not None and not isinstance(setup, dict)):
        raise ValueError("'options' and [setup] are tables of keys")
    the_game = make(game, **options)  # InvalidOptions names a wrong option
    try:
        the_game.new_state(seed, setup)
    except TabletopError as err:
        raise ValueError(f"[setup]: {err}") from None
    raw_steps = data.get("step") or []
    if not isinstance(raw_steps, list) or not STEPS[0] <= len(raw_steps) <= STEPS[1]:
        raise ValueError(f"a tutorial has {STEPS[0]} to {STEPS[1]} [[step]]s")
    steps = [_step(the_game, raw, k) for k, raw in enumerate(raw_steps)]
    if not any(s.expect is not None for s in steps):
        raise ValueError("no step asks for a move ('expect')")
    return Tutorial(game, " ".join(title.split()), seed, bots, dict(options), setup, tuple(steps))


def _step(game: Any, raw: Any, k: int) -> Step:
    where = f"step {k + 1}"
    entry = keyed(raw, "step", KEYS["step"], where)
    text = entry.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"{where} needs 'text'")
    text = " ".join(text.split())
    if len(text) > TEXT_MAX:
        raise ValueError(f"{where}: its text has {len(text)} characters; {TEXT_MAX} at most, for a newcomer")
    try:
        words = paragraph(text)
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None
    expect = entry.get("expect")
    if expect is not None:
        if not isinstance(expect, str) or not expect:
            raise ValueError(f"{where}: 'expect' is a move's text")
        try:
            canonical = str(game.parse_action(expect))
        except TabletopError as err:
            raise ValueError(f"{where}: {expect!r} is no move of {game.title}: {err}") from None
        if canonical != expect:
            raise ValueError(f"{where}: write the move {expect!r} as the game does, {canonical!r}")
    point = entry.get("point")
    if point is None and expect is not None:
        point = f'[data-action="{expect}"]'
    if point is not None and (not isinstance(point, str) or not SELECTOR.match(point)):
        raise ValueError(
            f"{where}: 'point' is a CSS selector (letters, digits and -_.#[]=\"' :>+~(),*|^$/@!%)"
        )
    return Step(words, point, expect)
