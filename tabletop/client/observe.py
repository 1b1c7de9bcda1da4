"""The :class:`~tabletop.agents.Observation` an online bot gets: the one the server's own bots get.

The server gives its bots ``agents.observe(state, seat)``: the seat's view, its legal actions, the
game, and ``sample_world(rng)``, a full state the seat cannot tell from the real one.  An online
bot has only its view, so the client rebuilds the rest from it:

- the view is the server's ``view`` without the ``previews`` it adds for front ends
  (``core.protocol.with_previews``);
- the legal actions are the view's ``legal`` texts parsed by the game (the same objects, in the
  same order, as ``legal_actions_for(seat)``);
- the game is made from the table's name and options;
- ``sample_world`` needs a state: the client builds one from the view (a *world*: the package ``worlds``)
  and checks that its view is exactly the one received; a game's samples depend only on the
  seat's view and the generator (docs/architecture.md, "Bots and search"), so the samples drawn
  from that world are the ones the server's bots would draw.  Games without a world builder yet
  raise :class:`NoWorlds` from ``sample_world``: bots that decide from the view and the legal
  actions alone (the heuristics, a random bot, a trained policy) play every game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..agents import Observation
from ..core.errors import TabletopError
from ..core.protocol import JSON, Game, State
from ..core.registry import make
from .table import Turn
from .worlds import world_builder


class NoWorlds(TabletopError):
    """The client cannot build a state from this game's views (see the module's docstring)."""


@lru_cache(maxsize=16)
def _game(name: str, options: str) -> Game[Any]:
    return make(name, **json.loads(options))


def game_of(name: str, options: Mapping[str, JSON]) -> Game[Any]:
    """The table's game (made once per name and options)."""
    return _game(name, json.dumps(dict(options), sort_keys=True))


def plain_view(view: Mapping[str, JSON]) -> dict[str, JSON]:
    """The game's view of the seat, without what the server adds for front ends."""
    return {key: value for key, value in view.items() if key != "previews"}


def world(game: Game[Any], seat: int, view: Mapping[str, JSON]) -> State[Any]:
    """A state whose view for ``seat`` is exactly ``view``; :class:`NoWorlds` when the client
    cannot build one for this game (yet)."""
    build = world_builder(game.name)
    if build is None:
        raise NoWorlds(
            f"the client cannot sample worlds of {game.name} from a view yet: an online bot of this "
            "game decides from obs.view and obs.legal (docs/bots.md)"
        )
    state = build(game, view)
    if json.dumps(state.view(seat), sort_keys=True) != json.dumps(dict(view), sort_keys=True):
        raise NoWorlds(f"the {game.name} world built from seat {seat}'s view does not show that view")
    return state


def observation(turn: Turn) -> Observation[Any]:
    """The observation of the turn's seat, as ``agents.observe`` makes it on the server."""
    game = game_of(turn.game, turn.options)
    view = plain_view(turn.view)
    built: list[State[Any]] = []  # made at the first sample only: many bots never sample

    def sample(rng: random.Random) -> State[Any]:
        if not built:
            built.append(world(game, turn.seat, view))
        return built[0].sample_world(turn.seat, rng)

    return Observation(
        seat=turn.seat,
        view=view,
        legal=[game.parse_action(text) for text in turn.legal],
        game=game,
        _sampler=sample,
    )
