"""Guided first games (issue 28): tutorial tables, their guide, and the API that creates them.

A tutorial table is a table like any other (hub.py), made from the game's script
(tabletop/words/tutorials): the script's seed, options and fixed set-up, seat 0 a person, the
other seats the script's bots; never rated, private, untimed, and marked as a tutorial of its game
in its row (``game_tables.tutorial``).  While the script expects a move of the person, that move
is the only one the seat is offered (its view's ``legal``) and the only one the room accepts
(``Guide.check``: "In this guided game, the guide asks for one move now: ..."), a trade offer
included; the rules still judge that move.  Bots play as at any table, seeded from the table's
seed and step (bots.bot_seed), so the same script meets the same positions.  The guide's place is
counted from the record (the person's moves that were the script's, in order), so a restarted
server resumes a tutorial at its step; once the last expected move is made, or the person leaves
the guide (``tutorial_left``), or a move that is not the script's is played for the seat (a bot
for a player who left), the table is a normal game.

:func:`walk` replays a script as the server plays it (the same bots, seeds and order) and raises
:class:`TutorialBroken` when an expected move is not one of the person's choices when it comes;
tests/words/test_tutorials.py runs it on every game's script, and ``tabletop tutorial GAME`` prints
it (:func:`report`) for a script's author.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import Field

from ..core.errors import InvalidOptions
from ..core.protocol import JSON, Event, State
from ..core.registry import make, names
from ..words import labels, wording
from ..words.tutorials import SEAT, Tutorial, games, tutorial
from .bots import bot_seed, decide, levels
from .contract import (
    BOT_COOKIE,
    NO_TABLE,
    OPTIONAL,
    TABLE_LIMITS,
    TOKEN,
    Body,
    Game,
    TableId,
    declare,
    table_links,
)
from .refused import Refused

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Room

Decide = Callable[[State[Any], int, str, int], str]  # state, seat, level, seed -> the action's text


class TutorialBroken(Exception):
    """A script whose expected move is not the person's to make when it comes."""


# -- the guide of one table ---------------------------------------------------------------------
class Guide:
    """Where a tutorial table's script stands: the person's expected moves made so far (counted
    from the record as the room applies it), and whether the script still leads.  The room's hooks
    (rooms.py): ``note`` after each action, ``legal`` for the seat's view, ``check`` before a move
    of the seat, ``why`` for a "why not?" question, ``told`` in the welcome and the updates."""

    def __init__(self, script: Tutorial, left: bool = False) -> None:
        self.script = script
        self.moves = script.moves
        self.made = 0  # expected moves made, in order
        self.left = left  # the person left the guide: free play
        self.strayed = False  # a move that was not the script's was played for the seat

    @property
    def live(self) -> bool:
        """Whether the script still decides what the person may do."""
        return not self.left and not self.strayed and self.made < len(self.moves)

    def expected(self, seat: int | None) -> str | None:
        """The one move ``seat`` may make now (None: whatever the rules allow)."""
        return self.moves[self.made] if seat == SEAT and self.live else None

    def note(self, seat: int | None, text: str, answer: bool) -> None:
        """An action applied at the table: ``seat`` answered its question with ``text`` (``answer``),
        or made a move at any time (a trade offer's: the person's are refused while the guide leads,
        ``check``; the takeover bot's answer to an offer counts for nothing here)."""
        if seat != SEAT or not self.live or not answer:
            return
        if text == self.moves[self.made]:
            self.made += 1
        else:  # played for the seat by a bot (the person left the game): free play
            self.strayed = True

    def legal(self, seat: int | None, legal: list[str]) -> list[str]:
        """The choices ``seat`` is shown: only the expected move while the script leads."""
        wanted = self.expected(seat)
        return legal if wanted is None or wanted not in legal else [wanted]

    def refusal(self, seat: int | None, text: str, said: str | None = None) -> str | None:
        """Why ``seat`` may not make ``text`` now in this tutorial (None: it may, as far as the
        script goes; the rules still judge); ``said`` is the expected move in the table's words."""
        wanted = self.expected(seat)
        if wanted is None or text == wanted:
            return None
        return (
            f"In this guided game, the guide asks for one move now: {said or wanted}. "
            "Leave the guide to play as you like."
        )

    def check(self, room: Room, seat: int, text: str) -> None:
        """Refuse ``text`` from ``seat`` (the person) when the guide asks for another move."""
        reason = self.why(room, seat, text)
        if reason is not None:
            raise Refused("guide", reason)

    def why(self, room: Room, seat: int, text: str) -> str | None:
        """The guide's reason, in the table's words, that ``text`` is not ``seat``'s move now (None:
        it is, or the guide asks for nothing now).  A script whose move is not among the seat's
        choices when the table asks (the walk's tests catch it) holds nobody up: whatever the
        person plays then ends the guide (``note``)."""
        wanted = self.expected(seat)
        prompt = room.prompts.get(seat)
        if wanted is None or text == wanted or (prompt is not None and wanted not in prompt.legal):
            return None
        view = room.seat_view(seat, room.state.view(seat))
        return self.refusal(seat, text, labels(room.game.name, view, room.names()).get(wanted))

    def summary(self) -> dict[str, JSON]:
        """Where the guide stands: the script's step to show first (``step``: the one after the
        person's last expected move), and whether it still leads."""
        return {
            "game": self.script.game,
            "made": self.made,
            "moves": len(self.moves),
            "step": self.script.after(self.made),
            "steps": len(self.script.steps),
            "live": self.live,
            "left": self.left,
        }

    def told(self, seat: int | None) -> dict[str, JSON] | None:
        """What a connection of ``seat`` is told of the guide: the person's only (a spectator or
        another seat plays and watches as at any table)."""
        return self.summary() if seat == SEAT else None


def guide_for(game: str | None, left: bool) -> Guide | None:
    """The guide of a table marked as a tutorial of ``game`` (None: not a tutorial)."""
    if game is None:
        return None
    return Guide(tutorial(game), left)


async def leave_guide(room: Room) -> None:
    """The person leaves the guide: free play from now on, stored (a restart keeps it), and the
    seat's full choices sent."""
    guide = room.guide
    assert guide is not None
    async with room.lock:
        if not guide.left:
            guide.left = room.row.tutorial_left = True
            hub = room.hub
            await hub.writer.call(hub.storage.update_table, room.id, {"tutorial_left": True})
        room.broadcast([])


# -- replaying a script as the server plays it --------------------------------------------------
@dataclass
class Moment:
    """The person's expected move ``text`` (the script's step ``step``), made at table step
    ``index``, and what the bots did before it (their actions, and the events the person saw)."""

    step: int
    text: str
    index: int
    before: list[tuple[int, str]] = field(default_factory=list)  # (seat, text) of the bots' moves
    events: list[Event] = field(default_factory=list)  # what the person saw since its last move


@dataclass
class Walk:
    script: Tutorial
    moments: list[Moment]
    record: list[str]  # every action's text, in order
    by: list[int]  # the seat of each
    state: State[Any]  # where the table stands once the person is asked again after the script
    after: list[tuple[int, str]]  # the bots' moves after the last expected one
    seen: list[Event]  # what the person saw after its last expected move


def walk(script: Tutorial, choose: Decide = decide, limit: int = 5000) -> Walk:
    """Play ``script`` as a tutorial table does: the bots at its level, seeded with the table's seed
    and step (bots.bot_seed), several asked at once deciding on the same position, the person's
    expected moves in order; then the bots on until the person is asked again (or the game ends).
    Raises :class:`TutorialBroken` naming the step whose move is not the person's when it comes,
    and when the bots' answers would depend on whether the person answered first (a question put
    to the person and bots at once)."""
    if script.bots not in levels():
        raise TutorialBroken(
            f"{script.game}: the bots' level {script.bots!r} is none of {', '.join(levels())}"
        )
    game = make(script.game, **script.options)
    state = game.new_state(script.seed, script.setup)
    steps = [k for k, s in enumerate(script.steps) if s.expect is not None]
    moments: list[Moment] = []
    record: list[str] = []
    by: list[int] = []
    before: list[tuple[int, str]] = []
    seen: list[Event] = []
    made = 0

    def apply(seat: int, text: str) -> None:
        events = state.apply(game.parse_action(text), seat)
        record.append(text)
        by.append(seat)
        seen.extend(e for e in events if e.visible(SEAT))

    while True:
        if len(record) >= limit:
            raise TutorialBroken(f"{script.game}: still no end after {limit} moves")
        if state.is_terminal():
            if made < len(steps):
                step = steps[made] + 1
                raise TutorialBroken(
                    f"{script.game}: the game ends before step {step}'s move {script.moves[made]!r}"
                )
            break
        asked = sorted(state.to_act())
        bots = [s for s in asked if s != SEAT]
        if made == len(steps) and SEAT in asked:
            break  # the script is over and the person is asked: free play
        if bots:
            index = len(record)
            texts = [choose(state.clone(), s, script.bots, bot_seed(script.seed, index, s)) for s in bots]
            if SEAT in asked and made < len(steps):
                # the person may answer before the bots have: they then decide a step later
                other = state.clone()
                other.apply(game.parse_action(script.moves[made]), SEAT)
                again = [
                    choose(other.clone(), s, script.bots, bot_seed(script.seed, index + 1, s)) for s in bots
                ]
                if again != texts:
                    raise TutorialBroken(
                        f"{script.game}: at step {steps[made] + 1} the bots asked with the person would "
                        f"answer {texts} or {again} depending on who answers first"
                    )
            for seat, text in zip(bots, texts, strict=True):
                if text not in {str(a) for a in state.legal_actions_for(seat)}:
                    break  # the question changed under it: the server asks again
                apply(seat, text)
                before.append((seat, text))
            continue
        wanted = script.moves[made]
        legal = [str(a) for a in state.legal_actions_for(SEAT)]
        if wanted not in legal:
            shown = ", ".join(legal[:12]) + (" ..." if len(legal) > 12 else "")
            raise TutorialBroken(
                f"{script.game}: step {steps[made] + 1} expects {wanted!r}, which is not one of the "
                f"person's choices then ({shown})"
            )
        moments.append(Moment(steps[made], wanted, len(record), before, list(seen)))
        before = []
        seen.clear()
        apply(SEAT, wanted)
        made += 1
    return Walk(script, moments, record, by, state, before, seen)


def report(found: Walk) -> list[str]:
    """The walk in words, for a script's author (``tabletop tutorial GAME``): each step, and before
    each move of the person's what the person saw happen since its last one."""
    script = found.script
    names = ["You"] + [f"Bot {seat}" for seat in range(1, len(found.state.scores()))]
    describe = wording(script.game).describe_event

    def told(events: list[Event]) -> list[str]:
        lines = (describe(e.kind, e.data, SEAT, names) for e in events)
        return [f"      | {line.plain()}" for line in lines if line is not None]

    players = len(names)
    out = [
        f"{script.title} ({script.game}, {players} players, {script.bots} bots, seed {script.seed}): "
        f"{len(script.steps)} steps, {len(script.moves)} moves of yours"
    ]
    # what the person saw after each of its moves: until its next move, or after the last one
    later = [m.events for m in found.moments[1:]] + [found.seen]
    after = {m.step: events for m, events in zip(found.moments, later, strict=True)}
    for index, step in enumerate(script.steps):
        text = step.text.plain()
        shown = text if len(text) <= 72 else text[:69] + "..."
        what = f"you: {step.expect}" if step.expect is not None else "Next"
        out.append(f"  {index + 1:2}. {what:<28} {shown}")
        out += told(after.get(index, []))
    ending = "the game is over" if found.state.is_terminal() else "then free play"
    out.append(f"  {len(found.record)} moves in all, {ending}")
    return out


def check(game: str) -> Walk:
    """The game's script loaded and walked (InvalidOptions or TutorialBroken when it is wrong)."""
    return walk(tutorial(game))


# -- the API --------------------------------------------------------------------------------------
NO_GUIDE = {404: "no such game, or no guided game of it yet"}


class Leave(Body):
    token: str | None = Field(None, max_length=128)


def router(hub: Hub) -> APIRouter:
    from .accounts import current_user
    from .clocks import time_control
    from .lobby import admit, counted, links

    api = APIRouter(prefix="/api")

    def script_of(game: str) -> Tutorial:
        if game not in games():
            known = ", ".join(g for g in names() if g in games())
            if game in names():
                raise HTTPException(404, f"{game} has no guided game yet; there are guided games of {known}")
            raise HTTPException(
                404, f"there is no game called {game[:40]!r}; there are guided games of {known}"
            )
        try:
            return tutorial(game)
        except InvalidOptions as err:  # a broken file: the tests catch it, a server says so
            raise HTTPException(500, f"the guided game of {game} cannot be read: {err}") from None

    @api.get("/tutorials")
    async def listing() -> dict[str, JSON]:
        """The games with a guided game, in the registry's order."""
        found: list[JSON] = []
        for game in names():
            if game in games():
                script = script_of(game)
                found.append({"game": game, "title": script.title, "steps": len(script.steps)})
        return {"games": found}

    @api.get("/tutorials/{game}", **declare(NO_GUIDE))
    async def script(game: Game) -> dict[str, JSON]:
        return script_of(game).to_json()

    @api.post(
        "/tutorials/{game}",
        status_code=201,
        **declare(NO_GUIDE, TOKEN, BOT_COOKIE, TABLE_LIMITS, security=OPTIONAL, links={201: table_links()}),
    )
    async def create(game: Game, request: Request) -> dict[str, JSON]:
        """A new tutorial table of ``game``: its link, as the lobby's create answers."""
        script = script_of(game)
        account = await current_user(hub, request, hub.settings.clock)
        ticket = admit(hub, request, False)
        players = make(game, **script.options).players
        room, tokens = await counted(
            hub,
            ticket,
            lambda: hub.create(
                game,
                script.options,
                ["person"] + [script.bots] * (players - 1),
                creator=account,
                control=time_control({"mode": "none"}),
                rated=False,
                private=True,
                takeover=script.bots,
                seed=script.seed,
                setup=script.setup,
                tutorial=game,
            ),
        )
        shown = links(request, room, tokens)
        seats = shown["seats"]
        assert isinstance(seats, list) and isinstance(seats[0], dict)
        return {"table": room.summary(), "links": shown, "url": seats[0]["url"]}

    @api.post(
        "/tables/{table_id}/guide/leave",
        **declare(
            TOKEN,
            BOT_COOKIE,
            NO_TABLE,
            {403: "only the player of the tutorial can leave its guide", 409: "this table is not a tutorial"},
            security=OPTIONAL,
        ),
    )
    async def leave(table_id: TableId, body: Leave, request: Request) -> dict[str, JSON]:
        """The person leaves the guide: the table is a normal game from now on."""
        room = await hub.get(table_id)
        if room is None:
            raise HTTPException(404, f"no table {table_id!r}")
        if room.guide is None:
            raise HTTPException(409, "this table is not a tutorial")
        account = await current_user(hub, request, hub.settings.clock)
        seated = (body.token is not None and room.seat_for(body.token) == SEAT) or (
            account is not None and room.seat_of(account) == SEAT
        )
        if not seated:
            raise HTTPException(403, "only the player of the tutorial can leave its guide")
        await leave_guide(room)
        return {"tutorial": room.guide.summary()}

    return api
