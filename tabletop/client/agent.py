"""Any :class:`~tabletop.agents.Agent`, or a trained policy, as an online bot: ``tabletop bot run
--agent module:Factory``.

A *factory* makes the player of one seat at one table: ``Factory(seat)`` or ``Factory(seat, seed)``
(any callable; a two-argument one gets a seed fixed by the table and the seat, so a bot process
started again makes the same agent).  It returns an agent, or a *policy* of the environments
(``policy(observation, mask) -> index``, tabletop.envs), which plays as a
:class:`~tabletop.envs.agent.PolicyAgent` from the same vector and mask it was trained on.

Each of the seat's questions becomes the same :class:`~tabletop.agents.Observation` the server's
bots get (observe.py), and the agent's action is sent as its text.  The agent thinks in a worker
thread: the connection stays answered meanwhile.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import inspect
from collections.abc import Callable
from typing import Any

from ..agents import Agent
from ..core.errors import TabletopError
from .api import SeatInfo
from .observe import observation
from .table import Decide, Turn

Factory = Callable[..., Any]  # making an Agent, or a policy (see above)


class BadAgent(TabletopError):
    """``--agent`` names nothing that makes agents."""


def load_factory(spec: str) -> Factory:
    """The callable ``module:name`` (``package.module:Name``) names."""
    module_name, sep, attribute = spec.partition(":")
    if not sep or not module_name or not attribute:
        raise BadAgent(f"--agent takes module:Factory (such as mybot:make), not {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise BadAgent(f"--agent: the module {module_name!r} cannot be imported: {err}") from None
    found: Any = module
    for part in attribute.split("."):
        found = getattr(found, part, None)
        if found is None:
            raise BadAgent(f"--agent: {module_name} has no {attribute!r}")
    if not callable(found):
        raise BadAgent(f"--agent: {spec} is not callable")
    return found  # type: ignore[no-any-return]


def takes_seed(factory: Factory) -> bool:
    """Whether the factory takes ``(seat, seed)`` rather than ``(seat)``."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return True
    return len(positional) >= 2 and all(p.default is p.empty for p in positional[:2])


def seat_seed(table: str, seat: int) -> int:
    """A seed fixed by the table and the seat."""
    return int.from_bytes(hashlib.sha256(f"{table}/{seat}".encode()).digest()[:4], "big")


def make_agent(factory: Factory, table: str, seat: int) -> Agent[Any]:
    seed = seat_seed(table, seat)
    agent = factory(seat, seed) if takes_seed(factory) else factory(seat)
    if isinstance(agent, Agent):
        return agent
    if callable(agent):  # a policy of the environments: observation and mask in, an index out
        from ..envs.agent import PolicyAgent

        return PolicyAgent(agent, seed)
    raise BadAgent(
        f"the factory made {type(agent).__name__}, neither a tabletop.agents.Agent nor a policy "
        "(a callable taking an observation and a mask)"
    )


def agent_decider(factory: Factory) -> Callable[[SeatInfo], Decide]:
    """For :class:`~tabletop.client.runner.BotRunner`: each seat's ``decide``, by its own agent
    (made at its first question)."""

    def for_seat(seat: SeatInfo) -> Decide:
        agents: list[Agent[Any]] = []

        async def decide(turn: Turn) -> str:
            if not agents:
                agents.append(make_agent(factory, seat.table, seat.seat))
            obs = observation(turn)
            action = await asyncio.to_thread(agents[0].act, obs)
            return str(action)

        return decide

    return for_seat
