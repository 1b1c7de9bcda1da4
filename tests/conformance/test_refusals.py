"""What a seat is told when it sends a text tells it nothing it cannot see.

A client sends an action's text for its seat and the server answers with
``core.protocol.offered(state, seat, text)``: the action if it is one of the seat's choices, else
``InvalidActionText`` or ``IllegalAction`` with a reason (``State.refusal``).  Were the reason to
depend on another seat's cards, the deck or anything else the seat cannot see, a client could
learn them by sending texts and reading the answers.  So, at a sample of positions of random
games, every seat (asked or not) sends the same texts in the true state and in worlds
``sample_world(seat)`` draws (which it cannot tell from the truth), and:

(a) ``offered`` answers the same in every world (the same exception and message, or the same
    accepted action);
(b) it accepts only the seat's own choices (``legal_actions_for(seat)``);
(c) it changes nothing;
(d) ``apply(action, seat)`` on a copy, for every text that parses, refuses it with the same
    message in every world, or takes it in every world.

The texts: garbage (the hooks' near misses, random strings, empty, blanks, other scripts, very
long), actions legal for some seat somewhere in the game, those with one argument changed, and
the hooks' forged actions (every card, code and seat of each kind; moves the rules take outside
the questions, such as MegaCorps' ``leave``).
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

from tabletop.core.errors import IllegalAction, InvalidActionText
from tabletop.core.protocol import Game, State, offered

from .helpers import cases, describe, game_seed, make_game, play, random_chooser
from .hooks import HOOKS

CHUNKS = 2
GAMES = 2  # per game, player count and chunk
POSITIONS = 8  # per game, besides the first and the last
WORLDS = 3  # sampled for each seat at each position, besides the true state
SEEN = 30  # per position: texts legal for some seat at some step of the game
CHANGED = 25  # legal texts with one word changed
FORGED = 60  # the hooks' forged actions
RANDOM = 6  # random strings
SHOWN = 12  # problems shown in a failure's message

# Every game: texts that are no action (but "  hit  ", an action once its blanks are stripped, in
# two games); the games' own near misses are in hooks.garbage_actions.
GARBAGE = (
    "", " ", "\t", "\n", "  hit  ", "x", "0", "-1", "=", "@", "/", "+", "==", "a=b", "done done",
    "\x00", "\u00e9t\u00e9", "\u2660\u2665", "\U0001f600", "\u200b", "\u0627\u0644\u0639\u0628",
    "9" * 60, "x" * 5000, "swap " + "1" * 300, "{}", "null", "None", "[]",
)  # fmt: skip
RANDOM_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789=@+/.-! \u00e9\u2660"
NUMBERS = ("0", "1", "2", "3", "7", "9", "12", "99", "1000000", "-1")
SEPARATOR = re.compile(r"([=@/+ .!])")


def short(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:40] + f"...({len(text)} characters)")


def answer(state: State[Any], seat: int, text: str) -> str:
    """What ``offered`` tells ``seat`` about ``text``: the action taken, or the error."""
    try:
        action = offered(state, seat, text)
    except (IllegalAction, InvalidActionText) as err:
        return f"{type(err).__name__}: {err}"
    except Exception as err:  # a crash, reported as a problem with its text
        return f"crash {type(err).__name__}: {err}"
    return f"accepted: {action}"


class Copy:
    """A copy of one world to ``apply`` texts on (d): kept while they are refused, which changes
    nothing (checked once at the end), made again after one is taken."""

    def __init__(self, world: State[Any]) -> None:
        self.world = world
        self.copy = world.clone()

    def applied(self, seat: int, action: Any) -> str:
        """What ``apply(action, seat)`` does: taken, or the refusal."""
        try:
            self.copy.apply(action, seat)
        except IllegalAction as err:
            return f"refused: {err}"
        except Exception as err:  # a crash
            self.copy = self.world.clone()
            return f"crash {type(err).__name__}: {err}"
        self.copy = self.world.clone()
        return "accepted"


class Texts:
    """The texts of one game: those seen legal along it, and what to change them with."""

    def __init__(self, game: Game[Any]) -> None:
        hooks = HOOKS.get(game.name)
        self.garbage = list(GARBAGE) + list(hooks.garbage_actions if hooks is not None else ())
        forged = hooks.forged_actions if hooks is not None else None
        self.forged = list(forged(game)) if forged is not None else []
        self.seen: dict[str, None] = {}  # in the order first seen

    def note(self, state: State[Any]) -> None:
        for seat in state.to_act():
            for action in state.legal_actions_for(seat):
                self.seen.setdefault(str(action), None)

    def words(self) -> list[str]:
        """Every word of the texts seen and forged, and a few numbers: what to change one with."""
        found = {w for text in [*self.seen, *self.forged] for w in SEPARATOR.split(text)}
        return sorted(w for w in found - {""} if not SEPARATOR.fullmatch(w)) + list(NUMBERS)

    def at(self, state: State[Any], rng: random.Random) -> list[str]:
        """The texts every seat sends at one position (the same in every world)."""
        seen = list(self.seen)
        here = [str(a) for seat in state.to_act() for a in state.legal_actions_for(seat)]
        texts = self.garbage + here + rng.sample(seen, min(SEEN, len(seen)))
        texts += rng.sample(self.forged, min(FORGED, len(self.forged)))
        words = self.words()  # (the game is played: nothing more is seen)
        for _ in range(CHANGED):
            parts = SEPARATOR.split(rng.choice(seen))
            which = [i for i, part in enumerate(parts) if part and not SEPARATOR.fullmatch(part)]
            parts[rng.choice(which)] = rng.choice(words)
            texts.append("".join(parts))
        for _ in range(RANDOM):
            texts.append("".join(rng.choice(RANDOM_CHARS) for _ in range(rng.randint(1, 12))))
        return list(dict.fromkeys(texts))


def refusal_problems(
    game: Game[Any], state: State[Any], texts: list[str], rng: random.Random, where: str
) -> list[str]:
    """The problems of (a)-(d) at one position, for every seat and text."""
    problems: list[str] = []
    parsed: dict[str, Any] = {}
    for text in texts:
        with contextlib.suppress(InvalidActionText):
            parsed[text] = game.parse_action(text)
    for seat in range(game.players):
        worlds = [state] + [state.sample_world(seat, rng) for _ in range(WORLDS)]
        before = [world.to_json() for world in worlds]
        choices = [{str(a) for a in world.legal_actions_for(seat)} for world in worlds]
        copies = [Copy(world) for world in worlds]
        for text in texts:
            at = f"{where}, seat {seat}, text {short(text)}"
            answers = [answer(world, seat, text) for world in worlds]
            for k, said in enumerate(answers):
                if said.startswith("crash"):
                    problems.append(f"{at}: offered crashed in world {k}: {said}")
                elif said.startswith("accepted: ") and said.removeprefix("accepted: ") not in choices[k]:
                    problems.append(f"{at}: offered took what is no choice of the seat ({said})")  # (b)
            if len(set(answers)) > 1:  # (a)
                problems.append(
                    f"{at}: offered answers differently in worlds it cannot tell apart: {told(answers)}"
                )
            # (d), with no exemption: no text a seat can send makes a game's apply depend on what
            # the seat cannot see by design.  (The first online table's MegaCorps ``swap`` did,
            # checking that the offerer still held what it offered; it is gone, and its texts no
            # longer parse: tests/server/test_trust.py.)
            if text in parsed:
                results = [copy.applied(seat, parsed[text]) for copy in copies]
                crashes = [r for r in results if r.startswith("crash")]
                if crashes:
                    problems.append(f"{at}: apply crashed: {crashes[0]}")
                if len(set(results)) > 1:
                    problems.append(
                        f"{at}: apply answers differently in worlds it cannot tell apart: {told(results)}"
                    )
        for k, world in enumerate(worlds):  # (c), once for all the texts; then which one
            if world.to_json() != before[k]:
                fresh = game.state_from_json(before[k])
                culprit = next((t for t in texts if changes(fresh, seat, t, before[k])), None)
                problems.append(f"{where}, seat {seat}: offered changed world {k} (text {culprit!r})")
            if copies[k].copy.to_json() != before[k]:
                problems.append(f"{where}, seat {seat}: apply refused a text but changed world {k}")
    return problems


def told(results: list[str]) -> str:
    return "; ".join(f"{'truth' if k == 0 else f'world {k}'}: {r}" for k, r in enumerate(results))


def changes(state: State[Any], seat: int, text: str, before: dict[str, Any]) -> bool:
    answer(state, seat, text)
    return state.to_json() != before


def check_refusals(name: str, players: int, chunk: int) -> None:
    game = make_game(name, players)
    hooks = HOOKS.get(name)
    problems: list[str] = []
    for index in range(chunk * GAMES, (chunk + 1) * GAMES):
        seed = game_seed(name, players, index, salt=60)
        texts = Texts(game)
        positions: list[State[Any]] = []

        def each(
            step: int, state: State[Any], legal: list[Any], texts: Texts = texts, at: list[Any] = positions
        ) -> None:
            texts.note(state)
            at.append(state.clone())

        play(game, seed, random_chooser(random.Random(seed)), hooks, thorough=False, each=each)
        rng = random.Random(seed + 1)
        last = len(positions) - 1
        steps = sorted({0, last, *rng.sample(range(1, last), min(POSITIONS, last - 1))})
        for step in steps:
            state = positions[step]
            where = describe(name, players, seed, step)
            problems += refusal_problems(game, state, texts.at(state, rng), rng, where)
    shown = "\n  ".join(problems[:SHOWN])
    more = f"\n  ... and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""
    assert not problems, f"{len(problems)} refusal problem(s):\n  {shown}{more}"


@cases(chunks=CHUNKS)
def test_refusals_depend_only_on_what_the_seat_sees(name: str, players: int, chunk: int) -> None:
    check_refusals(name, players, chunk)
