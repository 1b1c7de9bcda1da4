"""Advice for people: hints at the table, and a review of a finished game (issue 28).

One estimator, :func:`chances`: the chance each seat wins from a position, as one seat sees it.
Each playout draws a world that seat cannot tell from the real one (``State.sample_world``: the
hidden cards and the future deals vary, nothing unseen is used), and the game is played to its end
by every seat's heuristic bot, each from its own view (``observe``); the seats placed first share
the win.  Playout ``i`` draws its world and seeds its bots from ``derive(seed, i)`` alone, so the
estimate is deterministic for a seed, and two estimates with the same seed play from the same
worlds with the same bots: the difference between two actions (:func:`hint`, the turning points
of :func:`review`) is measured on common random numbers, far less noisy than two independent runs.

- :func:`hint`: a seat's top three choices (the ``normal`` search's most visited actions at its
  root, from the seat's own observation) and the chance after each.
- :func:`review`: every seat's chance after each decision of a finished game, from the point of
  view of the seat that decided, and its turning points: where the decider's chance moved most
  since its own previous decision, with the move the ``normal`` bot preferred there and the chance
  after it instead.

The costs per game and the defaults (:data:`BUDGETS`) are in docs/benchmarks.md ("Hints and
reviews").  Labels in words come from :mod:`tabletop.words`, on the seat's own view.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.protocol import JSON, State
from ..core.record import Record, parse_entry
from ..core.rng import derive
from .base import Agent, make_agent, observe

__all__ = [
    "BUDGETS",
    "Budget",
    "Decision",
    "Reading",
    "budget",
    "chances",
    "decisions",
    "finish",
    "hint",
    "review",
    "review_points",
    "review_seed",
    "turning_points",
]

HINT_CHOICES = 3  # the choices a hint shows
TURNING_POINTS = 3  # the turning points a review shows
REVIEW_VERSION = 1  # stored with a review: a change of the method makes older ones stale
REVIEW_STREAM = 0x7E71E3  # a review's default seed: this stream of the record's seed
_WORLDS, _BOTS, _SEARCH, _POINTS = 1, 2, 3, 4  # streams of a seed


@dataclass(frozen=True)
class Budget:
    """How much a game's advice may cost (docs/benchmarks.md, "Hints and reviews")."""

    hint_playouts: int  # playouts per choice of a hint
    review_playouts: int  # playouts per point of a review
    review_points: int  # decisions a review evaluates at most (evenly spaced beyond)
    policy: str = "heuristic"  # who plays the playouts: "heuristic", or "rollout" (see play_out)


# A playout of a whole game, compiled, by the heuristic bots: Summon 7 about 1 ms, ManaSurge 3, the
# clan game 6, Megalomania 12, MegaCorps 230 (its heuristic weighs every Action of a turn); from a
# position, about half that.  MegaCorps' playouts are its search's rollout policy's instead: 2 ms.
BUDGETS: dict[str, Budget] = {
    "summon7": Budget(hint_playouts=200, review_playouts=100, review_points=400),
    "manasurge": Budget(hint_playouts=100, review_playouts=48, review_points=400),
    "clan": Budget(hint_playouts=64, review_playouts=32, review_points=300),
    "megalomania": Budget(hint_playouts=24, review_playouts=16, review_points=240),
    "megacorps": Budget(hint_playouts=100, review_playouts=48, review_points=300, policy="rollout"),
}
DEFAULT_BUDGET = Budget(hint_playouts=32, review_playouts=16, review_points=200)


def budget(game: str) -> Budget:
    return BUDGETS.get(game, DEFAULT_BUDGET)


# -- the estimator ------------------------------------------------------------------------------
def outcome(state: State[Any]) -> list[float]:
    """Each seat's share of the win in a finished game: the seats placed first share 1."""
    ranks = state.ranking()
    first = [s for s, r in enumerate(ranks) if r == 1]
    return [1.0 / len(first) if s in first else 0.0 for s in range(len(ranks))]


def play_out(state: State[Any], seed: int, policy: str = "heuristic") -> list[float]:
    """Play ``state`` (changed in place) to the end; each seat's share of the win.  Every seat is
    played by its heuristic bot, each from its own view; or, ``policy`` "rollout", by the game's
    search rollout policy (ismcts.PLUGINS), which reads the whole state: cheaper where a game's
    heuristic is slow (MegaCorps), and it reads only the world the playout drew from the point of
    view taken, never the real one."""
    game = state.get_game()
    limit = game.metadata.max_decisions
    if policy == "rollout":
        from .ismcts import plugins_for

        rollout, rng = plugins_for(game.name)[0], random.Random(seed)
        for _ in range(limit):
            if state.is_terminal():
                return outcome(state)
            state.advance(rollout(state, rng))
        raise RuntimeError(f"a playout did not end within {limit} decisions")
    bots: dict[int, Agent[Any]] = {}
    for _ in range(limit):
        if state.is_terminal():
            return outcome(state)
        seat = state.current_seat
        assert seat is not None
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = make_agent("heuristic", derive(seed, seat))
        state.advance(bot.act(observe(state, seat)))
    raise RuntimeError(f"a playout did not end within {limit} decisions")


def chances(state: State[Any], seat: int, playouts: int, seed: int, action: Any = None) -> list[float]:
    """Each seat's chance of winning from ``state`` as ``seat`` sees it: the mean of ``playouts``
    playouts, each from a world ``state.sample_world(seat, ...)`` (after ``seat`` plays
    ``action`` in it, when given).  A finished game gives its outcome.  ``state`` is unchanged."""
    if state.is_terminal():
        return outcome(state)
    game = state.get_game()
    policy = budget(game.name).policy
    total = [0.0] * game.players
    for i in range(playouts):
        stream = derive(seed, i)
        world = state.sample_world(seat, random.Random(derive(stream, _WORLDS)))
        if action is not None:
            world.advance(action, seat)
        for s, share in enumerate(play_out(world, derive(stream, _BOTS), policy)):
            total[s] += share
    return [t / playouts for t in total]


def _search(state: State[Any], seat: int, seed: int) -> tuple[list[Any], list[tuple[Any, int, float]]]:
    """The ``normal`` bot's search from ``seat``'s observation: its legal actions and its root's
    statistics, best first (just the one action when there is no choice)."""
    from .ismcts import ISMCTS, ranked
    from .levels import agent_for

    obs = observe(state, seat)
    bot = agent_for("normal", derive(seed, _SEARCH))
    chosen = bot.act(obs)
    root = bot.last_root if isinstance(bot, ISMCTS) else None
    if root is None:
        return obs.legal, [(chosen, 0, 0.0)]
    return obs.legal, ranked(root, obs.legal)


def _label(game: str, state: State[Any], seat: int, text: str, names: Sequence[str] | None) -> str:
    """``text`` in words, as ``seat`` would read it among its choices in ``state``."""
    from ..words import wording

    view = {**state.view(seat), "legal": [str(a) for a in state.legal_actions_for(seat)]}
    return str(wording(game).describe_action(text, view, names))


# -- hints ----------------------------------------------------------------------------------------
def hint(
    state: State[Any],
    seat: int,
    seed: int,
    playouts: int | None = None,
    names: Sequence[str] | None = None,
    choices: int = HINT_CHOICES,
) -> list[dict[str, JSON]]:
    """``seat``'s top choices now (it must be asked): the ``normal`` search's most visited
    actions, from the seat's own observation, each with its label in words and the seat's chance of
    winning after it (``playouts`` each, the game's default when None; common random numbers).
    Depends only on what ``seat`` may see, and on ``seed``."""
    game = state.get_game().name
    count = budget(game).hint_playouts if playouts is None else playouts
    _, stats = _search(state, seat, seed)
    found: list[dict[str, JSON]] = []
    for action, visits, _ in stats[:choices]:
        after = chances(state, seat, count, seed, action)
        found.append(
            {
                "action": str(action),
                "label": _label(game, state, seat, str(action), names),
                "chance": round(after[seat], 4),
                "visits": visits,
            }
        )
    return found


# -- reviews ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """Action ``index`` of a record (step ``index + 1`` is the position after it): the seat that
    decided, the action's text, and how many choices it had."""

    index: int
    seat: int
    action: str
    options: int


def _replay(record: Record) -> Iterator[tuple[Decision, State[Any]]]:
    """Each action of ``record`` with the position before it (the same object, moved on after)."""
    game = record.make_game()
    state = record.initial_state(game)
    for index, text in enumerate(record.actions):
        written, action_text = parse_entry(text)
        seat = state.current_seat if written is None else written
        assert seat is not None
        options = len(state.legal_actions_for(seat))
        yield Decision(index, seat, action_text, options), state
        state.advance(game.parse_action(action_text), written)


def _replay_at(record: Record, wanted: Collection[int]) -> Iterator[tuple[Decision, State[Any]]]:
    """The actions of ``record`` at the indices ``wanted``, each with the position before it; the
    replay stops after the last of them (and checks every action when none is wanted)."""
    left = len(wanted)
    for decision, state in _replay(record):
        if decision.index in wanted:
            yield decision, state
            left -= 1
            if left == 0:
                return


def decisions(record: Record) -> list[Decision]:
    """Every action of ``record``, checked by the rules as it is replayed."""
    return [d for d, _ in _replay(record)]


def review_seed(record: Record) -> int:
    """The seed a review of ``record`` uses unless told: the server's and `tabletop review`'s."""
    return derive(record.seed, REVIEW_STREAM)


@dataclass(frozen=True)
class Reading:
    """What a review's numbers depend on: the record, the playouts per point and the seed.  The
    same reading gives the same numbers, however its points are shared out (server/reviews.py
    computes them in parts, in worker processes)."""

    record: Record
    playouts: int
    seed: int

    @classmethod
    def of(cls, record: Record, playouts: int | None = None, seed: int | None = None) -> Reading:
        """``record``'s reading, with the game's playouts per point (:data:`BUDGETS`) and
        :func:`review_seed` where they are not given."""
        count = budget(record.game).review_playouts if playouts is None else playouts
        return cls(record, count, review_seed(record) if seed is None else seed)


def review_points(record: Record, most: int | None = None) -> tuple[list[int], bool]:
    """The actions a review evaluates: every decision with a choice, at most ``most`` of them
    (the game's default when None), evenly spaced with the first and the last among them; and
    whether some were left out (sampled)."""
    limit = budget(record.game).review_points if most is None else most
    chosen = [d.index for d in decisions(record) if d.options > 1]
    if len(chosen) <= limit:
        return chosen, False
    if limit <= 1:
        return (chosen[-limit:] if limit else []), True
    return [chosen[round(k * (len(chosen) - 1) / (limit - 1))] for k in range(limit)], True


def _point_seed(seed: int, index: int) -> int:
    """The seed of the point after action ``index``: its own, whatever else is evaluated."""
    return derive(derive(seed, _POINTS), index)


def evaluate(reading: Reading, indices: Sequence[int]) -> dict[int, list[float]]:
    """Every seat's chance after each action ``indices`` of the reading's record, from the point
    of view of the seat that took it: playouts from worlds it could not tell apart, drawn before the
    action (so the action's own luck, a card it draws, is part of the estimate, not known).  Each
    point depends only on the reading and its index: a review computed in parts gives the same
    numbers."""
    record, wanted = reading.record, set(indices)
    found: dict[int, list[float]] = {}
    game = record.make_game()
    for decision, before in _replay_at(record, wanted):
        action = game.parse_action(decision.action)
        point_seed = _point_seed(reading.seed, decision.index)
        found[decision.index] = chances(before, decision.seat, reading.playouts, point_seed, action)
    return found


def turning_points(
    reading: Reading, curve: Mapping[int, Sequence[float]], names: Sequence[str] | None = None
) -> list[dict[str, JSON]]:
    """The :data:`TURNING_POINTS` decisions of ``curve`` (each action's chances, :func:`evaluate`)
    where the decider's chance moved most since its own point before (its previous decision's, from
    its own point of view: another seat's, which knows other cards, would make a jump of what each
    knows; at its first, an equal share), each with the move the ``normal`` bot preferred there
    (from the decider's observation) and the decider's chance after that move instead (on the same
    playouts' worlds as the curve's point)."""
    record, indices = reading.record, sorted(curve)
    seats = {d.index: d for d in decisions(record)}
    moves: list[tuple[float, int, float]] = []
    last: dict[int, float] = {}  # each seat's chance at its own last point
    for index in indices:
        now = curve[index]
        seat = seats[index].seat
        before = last.get(seat, 1.0 / len(now))
        moves.append((abs(now[seat] - before), index, before))
        last[seat] = now[seat]
    moves.sort(key=lambda m: (-m[0], m[1]))
    picked = {index: before for _, index, before in moves[:TURNING_POINTS]}
    found: list[dict[str, JSON]] = []
    game = record.make_game()
    for decision, state in _replay_at(record, picked):
        point_seed = _point_seed(reading.seed, decision.index)
        _, stats = _search(state, decision.seat, point_seed)
        preferred = stats[0][0]
        same = str(preferred) == decision.action
        instead = (
            curve[decision.index]
            if same
            else chances(state, decision.seat, reading.playouts, point_seed, preferred)
        )
        found.append(
            {
                "step": decision.index + 1,
                "seat": decision.seat,
                "action": decision.action,
                "label": _label(game.name, state, decision.seat, decision.action, names),
                "before": round(picked[decision.index], 4),
                "after": round(curve[decision.index][decision.seat], 4),
                "preferred": str(preferred),
                "preferred_label": _label(game.name, state, decision.seat, str(preferred), names),
                "instead": round(instead[decision.seat], 4),
            }
        )
    return found


def finish(
    reading: Reading, curve: Mapping[int, Sequence[float]], sampled: bool, names: Sequence[str] | None = None
) -> dict[str, JSON]:
    """A review's JSON from its curve (:func:`evaluate`): the points, then the turning points."""
    record = reading.record
    final = record.replay()
    steps = len(record.actions)
    seats = {d.index: d for d in decisions(record)}
    points: list[JSON] = [
        {
            "step": index + 1,
            "seat": seats[index].seat,
            "action": seats[index].action,
            "chances": [round(c, 4) for c in curve[index]],
        }
        for index in sorted(curve)
    ]
    if final.is_terminal():
        points.append({"step": steps, "seat": None, "action": None, "chances": outcome(final)})
    turning = turning_points(reading, curve, names)
    return {
        "version": REVIEW_VERSION,
        "game": record.game,
        "players": record.make_game().players,
        "steps": steps,
        "finished": final.is_terminal(),
        "ranking": final.ranking() if final.is_terminal() else None,
        "playouts": reading.playouts,
        "seed": reading.seed,
        "sampled": sampled,
        "points": points,
        "turning": turning,
    }


def review(
    record: Record,
    playouts: int | None = None,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    most: int | None = None,
) -> dict[str, JSON]:
    """A finished game's review: ``points`` (every seat's chance after each decision with a
    choice, from the decider's point of view, at most ``most`` of them evenly spaced, then the
    outcome) and ``turning`` (:func:`turning_points`), with ``playouts`` per point (the game's
    default when None) and ``seed`` (:func:`review_seed` when None).  The same record and seed give
    the same numbers; the server computes the same in parts (server/reviews.py)."""
    reading = Reading.of(record, playouts, seed)
    indices, sampled = review_points(record, most)
    return finish(reading, evaluate(reading, indices), sampled, names)
