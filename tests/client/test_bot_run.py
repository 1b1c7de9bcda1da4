"""`tabletop bot run` against a live `tabletop serve` (issue 32): a bot process plays a whole
Summon 7 game against a built-in bot; killed mid-game and started again, it resumes its table; the
server killed and started again, the same bot process reconnects and plays on.

Each table is untimed, so no takeover bot ever plays the bot account's seat: the game ends only if
the bot process plays every one of its turns."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.core.record import Record
from tests.server.helpers import free_port, serve_process

from .helpers import bot_run

AGENT = """
import os
import time

from tabletop.agents.ismcts import ISMCTS

MOVES = []


class Search(ISMCTS):
    \"\"\"A small search: it samples worlds, as the server's own search bots do.  With STALL_AFTER
    set, it thinks after so many moves until the file "go" appears (a bot stopped mid-game).\"\"\"

    def act(self, obs):
        MOVES.append(obs.seat)
        if len(MOVES) > int(os.environ.get("STALL_AFTER", "1000000")):
            while not os.path.exists("go"):
                time.sleep(0.05)
        return super().act(obs)


def make(seat, seed):
    return Search(seed, iterations=30)
"""
# the first to 100 wins, and a round brings at most 0 + 1 + ... + 12 = 78: every game has two
# rounds at least, and the bot is asked in each, so a bot stopped after its first move stops mid-game
GAME = {"game": "summon7", "options": {"players": 2, "target": 100}, "clock": {"mode": "none"}}
WAIT = 90.0  # seconds before a test gives up waiting (a guard against hanging, not a measure)


@dataclass
class Site:
    url: str
    db: str
    port: int
    folder: Path
    person: httpx2.Client  # logged in as "ana", who creates the tables
    server: subprocess.Popen[bytes]
    owner: httpx2.Client  # logged in as "zeta", the bot account, with its password


def wait_for(what: str, check: Callable[[], Any]) -> Any:
    deadline = time.monotonic() + WAIT
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what}")
        time.sleep(0.2)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'tabletop.db'}"
    with serve_process(db, port, tmp_path / "server.log") as server:
        url = f"http://127.0.0.1:{port}"
        with httpx2.Client(base_url=url) as owner, httpx2.Client(base_url=url) as ana:
            # zeta's owner makes it a bot account and a token, kept in a file only its user reads
            assert owner.post("/api/account/signup", json={"name": "zeta", "password": "p" * 10}).is_success
            assert owner.post("/api/account/bot").json()["bot"] is True
            token = owner.post("/api/account/tokens", json={"name": "test"}).json()["token"]
            (tmp_path / "token").write_text(token + "\n")
            (tmp_path / "token").chmod(0o600)
            (tmp_path / "mybot.py").write_text(AGENT)
            assert ana.post("/api/account/signup", json={"name": "ana", "password": "p" * 10}).is_success
            yield Site(url, db, port, tmp_path, ana, server, owner)


def bot_process(
    site: Site,
    log: str,
    stall_after: int | None = None,
    accept: list[str] | None = None,
    agent: str = "mybot:make",
) -> AbstractContextManager[subprocess.Popen[bytes]]:
    """The site's bot program (killed at the end, as a crash would stop it)."""
    env = None if stall_after is None else {"STALL_AFTER": str(stall_after)}
    return bot_run(site.url, site.folder, log, agent, accept or (), env, signal.SIGKILL)


def new_table(site: Site) -> str:
    """A table the bot's program makes for itself, against a built-in level (a bot plays only the
    tables it agreed to: docs/bots.md)."""
    token = (site.folder / "token").read_text().strip()
    with httpx2.Client(base_url=site.url, headers={"Authorization": f"Bearer {token}"}) as program:
        made = program.post("/api/tables", json={**GAME, "seats": ["@zeta", "easy"]})
    assert made.status_code == 201, made.text
    return str(made.json()["table"]["id"])


def summary(site: Site, table: str) -> dict[str, Any]:
    found: dict[str, Any] = site.person.get(f"/api/tables/{table}").json()
    return found


def finished(site: Site, table: str) -> dict[str, Any] | None:
    found = summary(site, table)
    return found if found["status"] == "finished" else None


def played_by_the_bot(site: Site, table: str) -> int:
    """The record's actions of seat 0, the bot account's (no other player may make them here)."""
    record = Record.from_json(site.person.get(f"/api/tables/{table}/record").json())
    state = record.initial_state()
    game, mine = state.get_game(), 0
    for text in record.actions:
        mine += state.current_seat == 0
        state.apply(game.parse_action(text))
    return mine


def test_a_bot_process_plays_a_whole_game_against_a_built_in_bot(site: Site) -> None:
    table = new_table(site)
    with bot_process(site, "bot.log") as bot:
        over = wait_for("the game's end", lambda: finished(site, table))
        said = site.folder / "bot.log"
        wait_for("the bot's word that the game is over", lambda: f"table {table}: over" in said.read_text())
        assert bot.poll() is None  # it goes on, waiting for more seats
        # its token revoked, the process is refused at its next look for seats, and says why
        (token,) = site.owner.get("/api/account/tokens").json()["tokens"]
        assert site.owner.delete(f"/api/account/tokens/{token['id']}").json()["ok"]
        assert bot.wait(WAIT) == 1
    assert over["seats"][0]["user"] == "zeta" and over["seats"][0]["bot"] is True
    assert played_by_the_bot(site, table) > 0
    log = (site.folder / "bot.log").read_text()
    assert f"table {table} (summon7): playing seat 0" in log and f"table {table}: over" in log
    assert "the server refused the token" in log
    assert site.person.get("/api/players/zeta").json()["bot"] is True


def test_the_command_reads_the_token_from_a_file_and_the_agent_from_a_module(tmp_path: Path) -> None:
    empty, token = tmp_path / "empty", tmp_path / "token"
    empty.write_text("\n")
    token.write_text("tbot.x\n")
    for arguments, words in (
        (["--token-file", str(tmp_path / "missing"), "--agent", "mybot:make"], "--token-file"),
        (["--token-file", str(empty), "--agent", "mybot:make"], "is empty"),
        (["--token-file", str(token), "--agent", "nosuchmodule:make"], "cannot be imported"),
        (["--token-file", str(token), "--agent", "tabletop.agents"], "module:Factory"),
    ):
        result = CliRunner().invoke(app, ["bot", "run", "--server", "http://127.0.0.1:9", *arguments])
        assert result.exit_code == 2 and words in result.output, result.output
    # never on the command line, where every user of the machine may read it
    given = ["bot", "run", "--server", "http://127.0.0.1:9", "--token", "tbot.x", "--agent", "mybot:make"]
    assert CliRunner().invoke(app, given).exit_code == 2


def test_a_killed_bot_process_started_again_resumes_its_table(site: Site) -> None:
    table = new_table(site)
    with bot_process(site, "first.log", stall_after=1):  # one move, then it thinks until killed
        waiting = wait_for("the bot's second turn", lambda: asked_after(site, table, 1))
    assert waiting["status"] == "running" and waiting["asked"] == [0]
    with bot_process(site, "second.log"):
        over = wait_for("the game's end", lambda: finished(site, table))
    assert over["step"] > waiting["step"]
    assert played_by_the_bot(site, table) > 1
    assert f"table {table} (summon7): playing seat 0" in (site.folder / "second.log").read_text()


def asked_after(site: Site, table: str, moves: int) -> dict[str, Any] | None:
    """The table's summary once it asks the bot's seat after it has made ``moves`` moves."""
    found = summary(site, table)
    if found["asked"] != [0] or found["status"] != "running":
        return None
    return found if played_so_far(site, table, found["step"]) >= moves else None


def played_so_far(site: Site, table: str, step: int) -> int:
    """Seat 0's moves among the first ``step`` (the replay says who made each)."""
    movers = [
        site.person.get(f"/api/tables/{table}/replay", params={"step": k}).json()["action"]["seat"]
        for k in range(1, step + 1)
    ]
    return movers.count(0)


def test_the_bot_reconnects_when_the_server_is_killed_and_started_again(site: Site) -> None:
    table = new_table(site)
    with bot_process(site, "bot.log", stall_after=1) as bot:
        wait_for("the bot's second turn", lambda: asked_after(site, table, 1))
        os.killpg(site.server.pid, signal.SIGKILL)
        site.server.wait(10)
        with serve_process(site.db, site.port, site.folder / "server2.log"):
            (site.folder / "go").touch()  # the bot answers now: the server it asked is gone
            over = wait_for("the game's end", lambda: finished(site, table))
            assert bot.poll() is None
    assert over["seats"][0]["user"] == "zeta"
    assert "connection lost" in (site.folder / "bot.log").read_text()


def test_the_trained_policy_of_docs_bots_md_plays_a_whole_game_online(site: Site) -> None:
    """docs/bots.md's "A trained policy", as written: train.py trains and saves the policy,
    mypolicy.py's factory returns it, and `bot run` plays it (a PolicyAgent) to the game's end."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()
    section = text.split("### A trained policy", 1)[1].split("\n## ", 1)[0]
    train, policy = (block.split("```", 1)[0] for block in section.split("```python\n")[1:3])
    (site.folder / "train.py").write_text(train)
    (site.folder / "mypolicy.py").write_text(policy)
    trained = subprocess.run([sys.executable, "train.py"], cwd=site.folder, capture_output=True, text=True)
    assert trained.returncode == 0, trained.stderr
    assert (site.folder / "summon7-table.npz").is_file() and "mean return" in trained.stdout
    table = new_table(site)
    with bot_process(site, "policy.log", agent="mypolicy:make"):
        over = wait_for("the game's end", lambda: finished(site, table))
    assert over["seats"][0]["user"] == "zeta" and played_by_the_bot(site, table) > 0
    assert "IllegalChoice" not in (site.folder / "policy.log").read_text()
