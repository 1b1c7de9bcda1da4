"""Terminal play for games other than Megalomania: a session that draws with a per-game *screen*.

A screen is a module (registered in :data:`SCREENS`) with three functions that read a seat's view,
never the state:

- ``render_view(view, labels, log, wide)``: the whole screen for the seat to act;
- ``render_final(view, labels)`` and ``render_help()``.

and, if it needs them: ``interpret(raw, view)`` (its own reading of answers); ``seat_labels(view,
labels)`` (how seats are named); ``MENUS = True`` when its choices are grouped in menus (then
``render_view`` and ``interpret`` take the open menu's name last, and ``interpret`` may answer
:class:`Open` to open one); ``LEAVE = True`` when the game has a ``leave`` action (the ``leave``
command, and ``q``, then offer it after a confirmation).  A view without ``legal`` gets the seat's
legal actions added (games where several seats may be asked at once keep them out of the view).

The words of the log and of the choices are the game's, from :mod:`tabletop.words`, as in the browser.

:class:`ScreenSession` reuses the Megalomania session's playing, saving and resuming, and swaps its
drawing, its log and its reading of the person's answers for the screen's.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ..agents.base import observe
from ..core.errors import TabletopError
from ..core.protocol import Event
from ..core.record import entry
from ..core.trading import Trading
from ..words import labels, wording
from .app import WIDE, Session
from .lines import rich_line
from .prompt import Choice, Command, Invalid, interpret
from .rules import with_rules
from .saving import bot_seed

SCREENS: dict[str, str] = {
    "summon7": "tabletop.terminal.summon7",
    "clan": "tabletop.terminal.clan",
    "manasurge": "tabletop.terminal.manasurge",
    "megacorps": "tabletop.terminal.megacorps",
}
YES = ("y", "yes")
MOVES = ("propose", "withdraw")  # a person's moves about offers made at any time (Trading games)


@dataclass(frozen=True)
class Open:
    """A screen's answer that opens one of its menus ("" for the main one) instead of choosing."""

    menu: str


def screen_for(game_name: str) -> ModuleType:
    return importlib.import_module(SCREENS[game_name])


@dataclass
class ScreenJournal:
    """What the person has seen happen since their last decision (the lines of the log)."""

    seat: int
    labels: Sequence[str]
    words: ModuleType
    lines: list[Text] = field(default_factory=list)
    last_round: Any = None  # the Megalomania session asks for it; screens show rounds in the log

    def new_decision(self) -> None:
        self.lines.clear()

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.visible(self.seat):
                line = self.words.describe_event(event.kind, event.data, self.seat, self.labels)
                if line is not None:
                    self.lines.append(rich_line(line))


class ScreenSession(Session):
    """A terminal game drawn by a screen module (see the module docstring)."""

    def _greet(self) -> None:
        # called by Session.__init__ right after it made its (Megalomania) journal and before any
        # event is logged: this game's journal takes its place
        self.screen = screen_for(self.game.name)
        self.menu = ""  # the screen's open menu (screens with MENUS)
        relabel = getattr(self.screen, "seat_labels", None)
        if relabel is not None:
            self.labels = list(relabel(self.state.view(self.seat), self.labels))
        self.journal = ScreenJournal(self.seat, self.labels, wording(self.game.name))  # type: ignore[assignment]
        bots = ", ".join(sorted(set(self.seating.bots)))
        self.journal.lines.append(Text(f"You are seat {self.seat}; the other seats are bots ({bots})."))
        self.journal.add(self.state.opening_events())

    def _complete(self, view: dict[str, Any]) -> dict[str, Any]:
        if "legal" not in view:
            view["legal"] = [str(a) for a in self.state.legal_actions_for(self.seat)]
        return view

    def _render(self, view: dict[str, Any], wide: bool) -> RenderableType:
        self._complete(view)
        extra = (self.menu,) if getattr(self.screen, "MENUS", False) else ()
        rendered: RenderableType = self.screen.render_view(
            view, self.labels, self.journal.lines, wide, *extra
        )
        return rendered

    def _interpret(self, raw: str, view: dict[str, Any]) -> Choice | Command | Invalid | None:
        # a screen may read answers its own way (ManaSurge takes a card's text alone)
        self._complete(view)
        if isinstance(self.state, Trading) and raw.split()[:1] and raw.split()[0].lower() in MOVES:
            return self._move(" ".join(raw.split()).lower(), view)
        custom = getattr(self.screen, "interpret", None)
        if custom is None:
            return interpret(raw, view)
        extra = (self.menu,) if getattr(self.screen, "MENUS", False) else ()
        answer: Choice | Command | Invalid | Open | None = custom(raw, view, *extra)
        if isinstance(answer, Open):
            self.menu = answer.menu
            self.console.clear()
            self.console.print(self._render(view, self.console.width >= WIDE))
            return None
        if (
            isinstance(answer, Command)
            and answer.name in ("leave", "quit")
            and getattr(self.screen, "LEAVE", False)
        ):
            return self._leave_or_stop(answer.name)
        if isinstance(answer, Choice):
            self.menu = ""
        return answer

    def _leave_or_stop(self, command: str) -> Choice | Command | None:
        """``leave`` after a confirmation; ``q`` asks whether to save and stop or to leave."""
        if command == "leave":
            reply = self._ask(
                "Leave the game for good? Your companies, countries, cards and money are lost (yes/no): "
            )
            if reply.strip().lower() in YES:
                self.menu = ""
                return Choice("leave")
        else:
            reply = self._ask(
                "Save and stop here (s: resume later with --resume), leave the game for good (leave), "
                "or go on (Enter)? "
            )
            answer = reply.strip().lower()
            if answer in ("s", "save", *YES):
                return Command("quit")
            if answer == "leave":  # typed at this question, it is its own confirmation
                self.menu = ""
                return Choice("leave")
        self.console.print(Text("You stay in the game.", style="green"))
        return None

    def _help(self) -> RenderableType:
        rendered: RenderableType = self.screen.render_help()
        return with_rules(self.game.name, rendered)  # the rules in short, then the screen's help

    # -- offers made at any time (games whose state is ``Trading``: MegaCorps) -----------------------
    def _move(self, text: str, view: dict[str, Any]) -> Invalid | None:
        """The person's move about an offer (``propose 2 5/jpn``, ``withdraw 3``), at any prompt:
        judged by the rules like any, recorded ``@seat``; each bot offered something answers at
        once, from its own view of the question."""
        try:
            self._record_move(self.game.parse_action(text), self.seat)
        except TabletopError as err:
            return Invalid(f"{err}.")
        self._bots_answer()
        view.clear()  # the question's choices may have changed (a card promised, holdings traded)
        view.update(self._complete(self.state.view(self.seat)))
        self.console.clear()
        self.console.print(self._render(view, self.console.width >= WIDE))
        return None

    def _record_move(self, action: Any, seat: int) -> None:
        written = entry(self.state, action, seat)
        self.journal.add(self.state.apply(action, seat))  # refused: nothing changes
        self.record.actions.append(written)
        self.save()

    def _bots_answer(self) -> None:
        state = self.state
        assert isinstance(state, Trading)
        for offer in state.open_offers(self.seat):
            to, number = int(offer["to"]), int(offer["id"])
            if to == self.seat or offer["status"] != "open":
                continue
            agent = self.agents[to]
            agent.rng.seed(bot_seed(self.record.seed, to, len(self.record.actions)))
            answer = agent.act(observe(state.trade_question(number), to))
            self._record_move(state.answer_action(number, str(answer) == "accept"), to)

    def _draw_final(self) -> None:
        view = self.state.view(self.seat)
        self.console.clear()
        for line in self.journal.lines[-12:]:
            self.console.print(line)
        self.console.print(self.screen.render_final(view, self.labels))
        self.console.print(f"The game is saved in {self.save_path}.")


def your_turn(game: str, view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
    """When the seat is to act: a heading and the numbered choices in the game's words
    (``1. hit  Hit: one more card``); nothing otherwise."""
    if not view["legal"]:
        return []
    out = [Text("Your turn:", style="bold green")]
    for number, (text, words) in enumerate(labels(game, view, names).items(), start=1):
        line = Text(f"{number:>2}. ", style="bold")
        line.append(text, style="bold cyan")
        line.append(f"  {words}")
        out.append(line)
    return out
