"""What the client's tests share: random games' positions, a position's question as the server sends
it, the two comparisons of an online bot with the server's (its sampled worlds, and a search's
decision), and a `tabletop bot run` process (the browser tests start theirs here too)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tabletop import make
from tabletop.agents import observe
from tabletop.agents.ismcts import ISMCTS
from tabletop.client import Turn, observation
from tabletop.client.observe import world
from tabletop.core.protocol import State, with_previews

Position = tuple[State[Any], int, int]  # a state (cloned), the seat asked, the step


def turn_of(state: State[Any], seat: int, step: int) -> Turn:
    """The question as the server sends it to the seat's socket (its view with any previews)."""
    game = state.get_game()
    view = with_previews(state, seat, state.view(seat))
    legal = [str(a) for a in view["legal"]]
    return Turn("t1", game.name, dict(game.options), seat, step, view, legal, {})


def random_game(
    game_name: str, seed: int, every: int = 1, **options: Any
) -> tuple[list[Position], State[Any]]:
    """Every ``every``-th position of a game played at random (the current seat's choices, from a
    generator seeded with ``seed``), and its end."""
    state = make(game_name, **options).new_state(seed=seed)
    rng, found, step = random.Random(seed), [], 0
    while not state.is_terminal():
        seat = state.current_seat
        assert seat is not None
        if step % every == 0:
            found.append((state.clone(), seat, step))
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    return found, state


def positions(game_name: str, players: int, seed: int, every: int = 1, **options: Any) -> list[Position]:
    """:func:`random_game`'s positions alone."""
    return random_game(game_name, seed, every, players=players, **options)[0]


def samples_alike(
    state: State[Any], seat: int, step: int, canonical: Callable[[State[Any]], str], samples: int = 2
) -> bool:
    """The world built from the seat's question shows its view exactly (asserted); whether its
    samples are the true state's too (``samples`` generators: ``canonical`` forms and every seat's
    view)."""
    obs, theirs = observation(turn_of(state, seat, step)), observe(state, seat)
    assert obs.view == theirs.view and obs.legal == theirs.legal and obs.game.options == theirs.game.options
    assert world(obs.game, seat, obs.view).view(seat) == state.view(seat)
    players = range(state.get_game().players)
    for k in range(samples):
        ours, true = obs.sample_world(random.Random(k)), theirs.sample_world(random.Random(k))
        if canonical(ours) != canonical(true) or [ours.view(s) for s in players] != [
            true.view(s) for s in players
        ]:
            return False
    return True


def search_alike(state: State[Any], seat: int, step: int, iterations: int = 30) -> bool:
    """Whether a small search decides the same online (from the question) as in the server."""
    online = ISMCTS(5, iterations=iterations).act(observation(turn_of(state, seat, step)))
    return bool(online == ISMCTS(5, iterations=iterations).act(observe(state, seat)))


@contextmanager
def bot_run(
    server: str,
    folder: Path,
    log: str = "bot.log",
    agent: str = "mybot:make",
    accept: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    stop: signal.Signals = signal.SIGTERM,
) -> Iterator[subprocess.Popen[bytes]]:
    """`tabletop bot run` on ``server``, run in ``folder`` (its token in the file ``token``, the
    agent's module beside it), logging to ``folder / log``; stopped with ``stop`` at the end."""
    command = [sys.executable, "-c", "from tabletop.cli import main; main()", "bot", "run"]
    command += ["--server", server, "--token-file", "token", "--agent", agent, "--poll", "0.3"]
    command += [option for game in accept for option in ("--accept", game)]
    environment = None if env is None else {**os.environ, **env}
    with (folder / log).open("wb") as sink:
        process = subprocess.Popen(command, cwd=folder, stderr=sink, start_new_session=True, env=environment)
    try:
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, stop)
        process.wait(10)
