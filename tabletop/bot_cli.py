"""``tabletop bot run``: an agent playing online as a bot account (issue 32; docs/bots.md).

The token is read from a file, never from the command line (which every user of the machine may
see in the process list).  The process looks every few seconds for challenges (accepting those to
the games ``--accept`` names, declining the others with a reason) and for the bot's seats, plays
each with a new agent, and goes on after network failures; killed and started again, it resumes
its tables where the server is.  It stops on Ctrl-C, after ``--games`` games, or when the server
refuses the token.
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import sys
from pathlib import Path
from typing import Annotated

import typer

from .cli_common import USAGE, fail

bot_app = typer.Typer(help="Bots playing on a server with a bot account's API token (docs/bots.md).")

ServerOpt = Annotated[str, typer.Option(help="The server's address, such as https://play.example.org.")]
TokenFileOpt = Annotated[
    Path, typer.Option(help="A file holding the bot account's API token (made on the server: docs/bots.md).")
]
AgentOpt = Annotated[
    str,
    typer.Option(
        help="module:Factory, a callable making a tabletop.agents.Agent, or a policy (observation, "
        "mask) -> action index as in tabletop.envs, from (seat) or (seat, seed); the module is looked "
        "for in the current folder too."
    ),
]


AcceptOpt = Annotated[
    list[str] | None,
    typer.Option(
        metavar="GAME",
        help="The games whose challenges the bot accepts (repeat it, or separate them with commas; "
        "'none' for none); challenges to other games are declined with a reason.  Default: every game.",
    ),
]


def accepted_games(given: list[str] | None) -> set[str] | None:
    """The games named by ``--accept`` (None: every game); a usage error for an unknown one."""
    from .core.registry import names

    if not given:
        return None
    found = {name.strip() for item in given for name in item.split(",") if name.strip()}
    if found == {"none"}:
        return set()
    unknown = sorted(found - set(names()))
    if unknown:
        fail(f"--accept: no game {', '.join(unknown)} (the games: {', '.join(names())})", USAGE)
    return found


def read_token(path: Path) -> str:
    """The token in ``path`` (its first line); a warning when others may read the file."""
    try:
        text = path.read_text(encoding="utf-8")
        mode = path.stat().st_mode
    except OSError as err:
        fail(f"--token-file: {err.strerror or err}: {path}", USAGE)
    token = text.strip().splitlines()[0].strip() if text.strip() else ""
    if not token:
        fail(f"--token-file: {path} is empty", USAGE)
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        logging.getLogger("tabletop.client").warning(
            "%s may be read by other users of this machine: chmod 600 it", path
        )
    return token


@bot_app.command("run")
def run(
    server: ServerOpt,
    token_file: TokenFileOpt,
    agent: AgentOpt,
    poll: Annotated[
        float, typer.Option(min=0.2, help="Seconds between looks for challenges and new seats.")
    ] = 3.0,
    games: Annotated[
        int | None, typer.Option(min=1, help="Stop after this many games have ended (default: never).")
    ] = None,
    accept: AcceptOpt = None,
) -> None:
    """Play every seat the bot account holds on SERVER with the agent, answering challenges,
    reconnecting after failures."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    from .client import (
        Api,
        BadAgent,
        BotRunner,
        ClientError,
        Unauthorized,
        accept_games,
        agent_decider,
        load_factory,
    )

    judge = accept_games(accepted_games(accept))
    token = read_token(token_file)
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # a module beside the user, as `python -m` finds it
    try:
        factory = load_factory(agent)
        api = Api(server, token)
    except (BadAgent, ClientError) as err:
        fail(str(err), USAGE)
    runner = BotRunner(api, agent_decider(factory), poll=poll, games=games, judge=judge)

    async def main() -> None:
        try:
            name = await api.me()
            logging.getLogger("tabletop.client").info("playing as BOT %s on %s", name, api.server)
        except Unauthorized:
            raise
        except ClientError as err:  # the server may come later: the runner keeps asking
            logging.getLogger("tabletop.client").warning("%s", err)
        await runner.run()

    try:
        asyncio.run(main())
    except Unauthorized as err:
        fail(f"the server refused the token: {err}")
    except KeyboardInterrupt:
        fail("interrupted", 130)
