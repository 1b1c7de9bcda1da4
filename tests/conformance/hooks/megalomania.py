"""Megalomania's hooks: cards as bits of hands, piles and tricks, and a round replayed with sampled cards."""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import IllegalAction
from tabletop.core.protocol import JSON, Game
from tabletop.games.megalomania import actions as mm_actions
from tabletop.games.megalomania import knowledge as mm_knowledge
from tabletop.games.megalomania import state as mm_state
from tabletop.games.megalomania import view as mm_view

from .base import GameHooks


def _mm_bits(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _mm_places(state: Any) -> list[tuple[str, list[int]]]:
    """Where each of the 32 cards is: the places serialize._check counts.  (An Explorer's find
    waiting for its return is in the explorer's hand only, no longer in the previous trick.)"""
    places = [(f"hand of seat {i}", _mm_bits(h)) for i, h in enumerate(state.hands)]
    places += [(f"face-down cards of seat {i}", _mm_bits(m)) for i, m in enumerate(state.down)]
    places += [(f"cards set aside by seat {i}", _mm_bits(m)) for i, m in enumerate(state.out)]
    places.append(("undealt stock", _mm_bits(state.stock)))
    places.append(("turned cards", list(state.turned)))
    places.append(("trick in play", list(state.t_cards)))
    for k, (winner, cards) in enumerate(state.round_tricks):
        places.append((f"trick {k + 1} of the round (taken by seat {winner})", list(cards)))
    return places


def _mm_quick_conserved(state: Any) -> bool:
    seen = state.stock
    count = state.stock.bit_count()
    for mask in (*state.hands, *state.down, *state.out):
        seen |= mask
        count += mask.bit_count()
    played = list(state.t_cards) + list(state.turned)
    for _, cards in state.round_tricks:
        played += cards
    for c in played:
        seen |= 1 << c
    return seen == 0xFFFFFFFF and count + len(played) == 32


def _mm_hidden(state: Any, seat: int) -> int:
    """The cards of ``seat``'s hand that no other seat can place (a seat knows what it handed on)."""
    told = 0
    for row in state.told:
        told |= row[seat]
    return int(state.hands[seat] & ~state.known[seat] & ~state.open[seat] & ~told)


def _mm_private_leaks(view: dict[str, JSON], other: int) -> list[str]:
    if view.get("phase") == "over":
        return []
    entry = view["seats"][other]
    return [f"seats[{other}][{key!r}]" for key in mm_view.PRIVATE if key in entry]


def _mm_mid_round(state: Any) -> bool:
    """After the first trick, in a round where a hand is not known to its giver (22, 20, 21)."""
    return (
        state.phase == mm_state.PLAY
        and len(state.round_tricks) == 1
        and not state.t_cards
        and state.mission_data.deal not in ("pass-right", "swap-opposite")
    )


def _mm_sample_problems(world: Any, true: Any, seat: int) -> list[str]:
    problems = []
    for o in range(true.n):
        seen = mm_knowledge.visible(world, seat, o)
        unknown = world.hands[o] & ~seen
        if o != seat and unknown & world.forbidden[o]:
            problems.append(f"seat {o} got cards it showed out of: {_mm_bits(unknown & world.forbidden[o])}")
        if world.hands[o].bit_count() != true.hands[o].bit_count():
            problems.append(
                f"seat {o} holds {world.hands[o].bit_count()} cards, not {true.hands[o].bit_count()}"
            )
        if world.known[o] != true.known[o] or world.hands[o] & world.known[o] != world.known[o]:
            problems.append(f"seat {o}'s publicly known cards changed")
        if world.open[o] != true.open[o] or world.told[seat][o] != true.told[seat][o]:
            problems.append(f"seat {o}'s face-up cards, or what seat {seat} knows of its hand, changed")
        if o != seat and world.hands[o] & seen != true.hands[o] & seen:
            problems.append(f"seat {o}'s cards that seat {seat} can place changed")
        for name in ("down", "out", "split", "handing"):
            if getattr(world, name)[o].bit_count() != getattr(true, name)[o].bit_count():
                problems.append(f"seat {o}'s {name} holds another number of cards")
        if len(world.laid[o]) != len(true.laid[o]) or len(world.scrolls[o]) != len(true.scrolls[o]):
            problems.append(f"seat {o}'s laid-out cards or scrolls changed in number")
    if world.hands[seat] != true.hands[seat] or world.out[seat] != true.out[seat]:
        problems.append("the sampling seat's own hand or set-aside cards changed")
    if world.laid[seat] != true.laid[seat] or world.scrolls[seat] != true.scrolls[seat]:
        problems.append("the sampling seat's own laid-out cards or scrolls changed")
    if sorted(world.mission_deck) != sorted(true.mission_deck):
        problems.append("the mission deck holds other missions")
    if world.turned != true.turned or world.used != true.used:
        problems.append("the turned cards or the used scrolls changed")
    return problems


_MM_REPLAYABLE = ("plain", "open-three", "swap-opposite", "split-piles", "hand-three-right")


def _mm_replay_problems(world: Any, true: Any, round_start: Any, actions: list[str], seat: int) -> list[str]:
    """Put the sampled unknown cards of the other seats back into the hands at the start of the
    round's play, replay the actions since: each must be legal, and the replay must end in the
    sampled world.  Only where no card moves unseen between seats during play (the deals in
    _MM_REPLAYABLE), and only within one round's play."""
    if round_start.round != true.round or true.mission_data.deal not in _MM_REPLAYABLE:
        return []
    if true.phase not in (
        mm_state.PLAY,
        mm_state.AFTER,
        mm_state.RETURN,
        mm_state.ASSIST,
        mm_state.TRICK_END,
    ):
        return []
    start = round_start.clone()
    for o in range(true.n):
        if o != seat:
            true_unknown = true.hands[o] & ~mm_knowledge.visible(true, seat, o)
            sampled_unknown = world.hands[o] & ~mm_knowledge.visible(world, seat, o)
            start.hands[o] = (start.hands[o] & ~true_unknown) | sampled_unknown
    start.stock = world.stock
    start.out = list(world.out)
    start._legal = None
    if not _mm_quick_conserved(start):
        return ["the sampled cards do not fit back into the round's deal"]
    for k, text in enumerate(actions):
        try:
            start.apply(start.game.parse_action(text))
        except IllegalAction as err:
            return [f"with the sampled cards, the round's action {k} ({text}) would be illegal: {err}"]
    problems = []
    for name in ("hands", "stock", "forbidden", "must", "known", "round_tricks", "t_cards"):
        if getattr(start, name) != getattr(world, name):
            problems.append(f"replaying the round with the sampled cards gives other {name}")
    return problems


_MM_GARBAGE = (
    "play", "lead=", "take=", "take=gold", "lead=9", "lead=-1", "lead=x", "colour=", "colour=purple",
    "colour=bb", "return=", "return=Zz", "Zz", "Zz!", "K", "Kuu", "Ku!!", "Ku?", "cube", "cube+1",
    "power!", "Done", "DONE", "take=Scroll", "scroll=0", "scroll=21", "scroll=x", "echo=", "keep=99",
    "power=F", "power=A", "power=O", "power=Q", "swap=4", "leader=-1", "decide=maybe", "declare=",
    "give=", "lay=Zz", "pile=K", "PASS", "steal!", "last=1",
)  # fmt: skip


def _mm_forged(game: Game[Any]) -> tuple[str, ...]:
    """Every Megalomania action: each card, seat, colour, resource and scroll in each kind."""
    a = mm_actions
    groups = (
        a.PLAY, a.PLAY_POWER, a.RETURN, a.GIVE, a.LAY, a.PILE, a.LEAD, a.SWAP, a.LEADER, a.COLOUR,
        a.DOMINANT, a.CALL, a.DECLARE, a.TAKE, a.DECIDE, a.USE[1:], a.ECHO[1:], a.KEEP[1:],
        tuple(a.POWER_AS.values()), (a.POWER, a.CUBE_UP, a.CUBE_DOWN, a.DONE, a.PASS, a.LAST, a.STEAL),
    )  # fmt: skip
    return tuple(str(action) for group in groups for action in group)


MEGALOMANIA = GameHooks(
    all_cards=frozenset(range(32)),
    card_places=_mm_places,
    hidden_holding=_mm_hidden,
    hidden_count=lambda state, seat: _mm_hidden(state, seat).bit_count(),
    private_leaks=_mm_private_leaks,
    mid_round=_mm_mid_round,
    sample_problems=_mm_sample_problems,
    quick_conserved=_mm_quick_conserved,
    replay_problems=_mm_replay_problems,
    replay_from=lambda state: state.phase == mm_state.PLAY and not state.round_tricks and not state.t_cards,
    garbage_actions=_MM_GARBAGE,
    forged_actions=_mm_forged,
    extra_options=({"players": 4, "pairs": True},),
)
