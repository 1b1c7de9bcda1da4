"""Playing a game on the terminal: the person's turns, the bots' turns, saving and resuming.

The person sees only ``state.view(seat)`` and the events their seat may see.
Every action is appended to a Record that is saved after each step, so a game
can always be resumed.  Bots are reseeded for every decision from
(seed, seat, decision index): a resumed game plays on exactly as the
uninterrupted one would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from ..agents.base import Agent, make_agent, observe
from ..core.errors import CorruptRecord, TabletopError
from ..core.protocol import Game, State
from ..core.record import Record, parse_entry
from ..core.registry import make
from .journal import Journal
from .prompt import Choice, Command, Invalid, interpret, why_not_megalomania
from .render import render_round_result, render_view
from .rules import with_rules
from .saving import Seating, bot_seed, load_game, save_game
from .summary import render_final, render_help

SUPPORTED = ("megalomania", "summon7", "clan", "manasurge", "megacorps")  # but the first: screens.py
WIDE = 110  # columns from which the screen is drawn in two columns


class Quit(Exception):
    """The person asked to stop (q, end of input or Ctrl-C)."""


class Session:
    def __init__(
        self,
        game: Game[Any],
        record: Record,
        seating: Seating,
        save_path: Path,
        console: Console,
        input_fn: Callable[[str], str] | None,
    ) -> None:
        n = game.players
        if not 0 <= seating.seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seating.seat}")
        bots = seating.bots * (n - 1) if len(seating.bots) == 1 else seating.bots
        if len(bots) != n - 1:
            raise ValueError(f"{n} players need {n - 1} bots (one per other seat), not {len(bots)}")
        self.game, self.record, self.save_path = game, record, save_path
        self.seating = Seating(seating.seat, tuple(bots), seating.difficulty)
        self.seat = seating.seat
        others = [s for s in range(n) if s != self.seat]
        self.agents: dict[int, Agent[Any]] = {s: make_agent(b, 0) for s, b in zip(others, bots, strict=True)}
        self.console, self.input_fn = console, input_fn
        self.labels = ["You" if s == self.seat else f"Seat {s}" for s in range(n)]
        missions = getattr(game, "missions", {})
        self.missions = {number: m.to_json() for number, m in missions.items()}
        self.journal = Journal(self.seat, self.labels, self.missions)
        self.state: State[Any] = record.initial_state(game)
        self._greet()
        for index, text in enumerate(record.actions):  # resuming: replay, rebuilding the log
            try:
                self._apply(text)
            except TabletopError as err:
                raise CorruptRecord(f"action {index} ({text!r}) does not replay: {err}") from None

    # ------------------------------------------------------------ playing
    def play(self) -> None:
        self.save()
        try:
            while not self.state.is_terminal():
                if self.state.current_seat == self.seat:
                    self._person_turn()
                else:
                    self._bot_turn()
        except Quit:
            self.save()
            self.console.print(
                f"Game saved to {self.save_path}; resume it with: tabletop play --resume {self.save_path}"
            )
            return
        self.save()
        self._draw_final()

    def _apply(self, text: str) -> None:
        """Apply the record's entry ``text`` (``@seat action`` for a seat other than the one to act:
        an offer made at any time, or its answer)."""
        written, action = parse_entry(text)
        if self.state.current_seat == self.seat and written is None:
            self.journal.new_decision()
        self.journal.add(self.state.apply(self.game.parse_action(action), written))

    def _step(self, text: str) -> None:
        """A new action: play it, record it, save."""
        self._apply(text)
        self.record.actions.append(text)
        self.save()

    def _bot_turn(self) -> None:
        seat = self.state.current_seat
        assert seat is not None
        agent = self.agents[seat]
        agent.rng.seed(bot_seed(self.record.seed, seat, len(self.record.actions)))
        self._step(str(agent.act(observe(self.state, seat))))

    def _person_turn(self) -> None:
        view = self.state.view(self.seat)
        self.console.clear()
        self.console.print(self._render(view, self.console.width >= WIDE))
        while True:
            answer = self._interpret(self._ask("Your choice: "), view)
            if isinstance(answer, Choice):
                self._step(answer.action)
                return
            if isinstance(answer, Invalid):
                self.console.print(Text(answer.message, style="bold red"))
            elif isinstance(answer, Command):
                if answer.name == "quit":
                    raise Quit
                if answer.name == "save":
                    self.save()
                    self.console.print(f"Saved to {self.save_path}.", style="green")
                else:
                    self.console.print(self._help())

    # what a game's screen supplies (ScreenSession overrides these for the other games)
    def _render(self, view: dict[str, Any], wide: bool) -> RenderableType:
        return render_view(view, self.labels, self.journal.lines, self.journal.last_round, wide=wide)

    def _interpret(self, raw: str, view: dict[str, Any]) -> Choice | Command | Invalid | None:
        return interpret(raw, view, why_not_megalomania)

    def _help(self) -> RenderableType:
        return with_rules(self.game.name, render_help())  # the rules in short, then the keys

    def _ask(self, prompt: str) -> str:
        try:
            if self.input_fn is None:
                return self.console.input(Text(prompt, style="bold green"))
            self.console.print(prompt, end="", style="bold green")
            answer = self.input_fn(prompt)
            self.console.print(answer, highlight=False)
            return answer
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Quit from None

    # ------------------------------------------------------------ showing
    def _greet(self) -> None:
        """The start of the game in the log: the first deal is reported by the state, not by an action."""
        bots = ", ".join(sorted(set(self.seating.bots)))
        self.journal.lines.append(Text(f"You are seat {self.seat}; the other seats are bots ({bots})."))
        opening = getattr(self.state, "opening_events", None)
        self.journal.add(opening() if callable(opening) else [])

    def _draw_final(self) -> None:
        view = self.state.view(self.seat)
        self.console.clear()
        tasks = {number: str(m.get("task", "")) for number, m in self.missions.items()}
        if self.journal.last_round is not None:
            self.console.print(render_round_result(self.journal.last_round, self.labels, self.seat))
        self.console.print(render_final(view, self.labels, tasks))
        self.console.print(f"The game is saved in {self.save_path}.")

    def save(self) -> None:
        save_game(self.save_path, self.record, self.seating)


def run_game(
    game_name: str,
    options: dict[str, Any],
    seat: int,
    bots: Sequence[str],
    seed: int,
    difficulty: str,
    save_path: Path,
    resume: Path | None,
    console: Console | None = None,
    input_fn: Callable[[str], str] | None = None,
) -> None:
    """Play ``game_name`` on the terminal as ``seat`` against ``bots``; save to ``save_path`` as you go.

    With ``resume``, the saved game there (its options, seed, seat and bots) is
    replayed and continued; the other arguments are used only where the save
    lacks them.
    """
    seating = Seating(seat, tuple(bots), difficulty)
    if resume is not None:
        record, saved = load_game(Path(resume))
        seating = saved or seating
        game_name = record.game
    if game_name.lower() not in SUPPORTED:
        raise ValueError(f"the terminal plays {', '.join(SUPPORTED)} only, not {game_name!r}")
    if resume is not None:
        game = record.make_game()
    else:
        game = make(game_name, **options)
        record = Record(game.name, dict(game.options), seed)
    session = Session
    if game.name != "megalomania":
        from .screens import ScreenSession

        session = ScreenSession
    session(game, record, seating, Path(save_path), console or Console(), input_fn).play()
