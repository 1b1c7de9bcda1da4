"""A client for bots playing on a tabletop server with a bot account's API token (issue 32).

``tabletop bot run`` (tabletop/bot_cli.py) is this package run from the command line; docs/bots.md
tells how to make a bot account and a token, with a complete example.  From Python::

    import asyncio
    from tabletop.client import Api, BotRunner, agent_decider
    from tabletop.agents.heuristics import Heuristic

    api = Api("http://localhost:8000", token)         # the token from the account's page
    runner = BotRunner(api, agent_decider(lambda seat, seed: Heuristic(seed)))
    asyncio.run(runner.run())                         # plays every seat the bot holds, for ever

Or one table, with a function of your own choosing each action's text::

    from tabletop.client import TableClient, Turn

    async def decide(turn: Turn) -> str:              # or a plain function
        return turn.legal[0]                          # one of the texts the seat may send now

    finished = asyncio.run(TableClient(api, "TABLEID", decide).play())

- :mod:`~tabletop.client.api`: the HTTP API (``/api/bot/me``, ``/api/bot/seats``, the challenges:
  ``challenges()``, ``accept()``, ``decline()``) and the errors;
- :mod:`~tabletop.client.table`: one seat over the table's WebSocket, reconnecting;
- :mod:`~tabletop.client.runner`: every seat of the account, polled, and its challenges answered;
- :mod:`~tabletop.client.observe`: the ``Observation`` the server's own bots get, from a view;
- :mod:`~tabletop.client.agent`: any ``tabletop.agents.Agent`` as the ``decide`` of each seat.

The bot sees its seat's view only, may send only what the view's ``legal`` offers (anything else
is refused as anyone's is), and its clock runs like a person's.
"""

from .agent import BadAgent, agent_decider, load_factory, make_agent
from .api import (
    Api,
    Challenge,
    ClientError,
    Forbidden,
    Gone,
    RateLimited,
    SeatInfo,
    Unauthorized,
    Unreachable,
)
from .observe import NoWorlds, observation
from .runner import BotRunner, Judge, accept_games
from .table import Decide, Finished, NotSeated, TableClient, Turn

__all__ = [
    "Api",
    "BadAgent",
    "BotRunner",
    "Challenge",
    "ClientError",
    "Decide",
    "Finished",
    "Forbidden",
    "Gone",
    "Judge",
    "NoWorlds",
    "NotSeated",
    "RateLimited",
    "SeatInfo",
    "TableClient",
    "Turn",
    "Unauthorized",
    "Unreachable",
    "accept_games",
    "agent_decider",
    "load_factory",
    "make_agent",
    "observation",
]
