"""ManaSurge as a registered game: options, metadata, fixed set-ups, parsing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import InvalidActionText, InvalidOptions
from ...core.fields import checked_setup, setup_counts, setup_seat
from ...core.protocol import JSON, Game, Metadata, OptionSpec
from ...core.rng import shuffle
from .actions import Action, ActionTable
from .cards import CARDS, Cards
from .data import WIZARDS, ManaData, Power, load_data
from .flow import begin_round
from .phases import AGAIN, GIVE
from .rules import suit_mode
from .serialize import state_from_json
from .state import ManaSurgeState

SETUP_KEYS = ("caster", "hands", "deck", "shards", "damage", "wizards")


class ManaSurge(Game[Action]):
    name = "manasurge"
    title = "ManaSurge"
    option_specs = (
        OptionSpec("players", int, 4, "number of players", minimum=3, maximum=5),
        OptionSpec("wizards", bool, False, "deal each player a wizard with a rule-breaking power"),
        OptionSpec("data", str, "", "path of a ManaSurge cards TOML file to use instead of the packaged one"),
        OptionSpec(
            "damage_order",
            str,
            "rulebook",
            "rulebook: the struck player's damage counts its own Shards; pnp: they go back first",
            choices=("rulebook", "pnp"),
            advanced=True,
        ),
        OptionSpec(
            "may_decline",
            bool,
            False,
            "a player holding a valid card may choose to be struck",
            advanced=True,
        ),
        OptionSpec(
            "metamagic_damage", bool, False, "Shards on metamagic cards count as damage too", advanced=True
        ),
        OptionSpec(
            "max_rounds",
            int,
            200,
            "a safety limit: the game also ends after this many spells (not in the rules)",
            minimum=1,
            maximum=10000,
            advanced=True,
        ),
    )

    def __init__(self, **options: Any) -> None:
        self.check_players(options)
        super().__init__(**options)
        self.data: ManaData = load_data(self.options["data"])
        self.cards = Cards(self.data)
        self.actions = ActionTable(self.cards, self.players)
        rebirth = self.data.constants.rebirth_damage
        # per wizard index, with one more entry at the end for "no wizard" (index -1)
        wizards = self.data.wizards
        limit = self.data.constants.hand_limit
        self.wizard_effects: tuple[str, ...] = (*(w.effect for w in wizards), "")
        self.wizard_amounts: tuple[int, ...] = (*(w.amount for w in wizards), 0)
        # the damage count that forces each wizard's holder to a Rebirth
        self.rebirth_at: tuple[int, ...] = (
            *(max(1, w.amount) if w.effect == "rebirth_at" else rebirth for w in wizards),
            rebirth,
        )
        self.hand_limits: tuple[int, ...] = (
            *(w.amount if w.effect == "hand_limit" else limit for w in wizards),
            limit,
        )
        constants = self.data.constants
        self.opening_shard = constants.opening_shard
        self.mana_surge_shards = constants.mana_surge_shards
        self.rebirth_shard_cost = constants.rebirth_shard_cost
        n = self.players
        # the seats round the table (clockwise) from each seat, that seat first
        self.rotations: tuple[tuple[int, ...], ...] = tuple(
            tuple((first + k) % n for k in range(n)) for first in range(n)
        )
        self.may_decline = bool(self.options["may_decline"])
        self.resonate_shard = self.data.constants.resonate_shard
        self.last_play_bonus = self.data.constants.last_play_bonus
        self.win_target = self.data.constants.win_shards[self.players]
        self.max_rounds = int(self.options["max_rounds"])
        self.metamagic_damage = bool(self.options["metamagic_damage"])
        self.pnp_order = self.options["damage_order"] == "pnp"
        # damage a suit adds at the end of its spell (Fireball)
        self.end_damage: tuple[int, ...] = tuple(
            p.amount if p.effect == "extra_damage" and p.trigger == "end" else 0 for p in self.data.suits
        )
        self.meta_effects: tuple[str, ...] = tuple(m.effect for m in self.data.metamagic)
        self.meta_amounts: tuple[int, ...] = tuple(m.amount for m in self.data.metamagic)
        # the choice a resonating play of each suit opens (AGAIN, GIVE), -1 for none
        self.resonate_steps: tuple[int, ...] = tuple(resonate_step(p) for p in self.data.suits)
        self.suit_modes: tuple[int, ...] = tuple(suit_mode(s.effect) for s in self.data.suits)

    @property
    def metadata(self) -> Metadata:
        n = self.players
        # a spell is at most every card played once, each with a few choices, and a choice each
        per_round = 4 * CARDS + n + 4
        return self.carried_rng_metadata(
            hidden_information=True, max_decisions=self.options["max_rounds"] * per_round
        )

    def parse_action(self, text: str) -> Action:
        found = self.actions.parse(text)
        if found is None:
            shown = text if isinstance(text, str) else type(text).__name__
            raise InvalidActionText(f"{shown!r} is not a ManaSurge action (see docs/notation.md)")
        return found

    def new_state(self, seed: int, setup: Mapping[str, JSON] | None = None) -> ManaSurgeState:
        """A new game.  ``setup`` may fix: ``caster`` (the first Caster), ``hands`` (card texts per
        seat, e.g. ``[["5L", "mirror"], ...]``), ``deck`` (card texts on top of the deck, the first
        drawn first), ``shards`` and ``damage`` (damage card texts per seat), ``wizards`` (codes per
        seat, with the option wizards).  Cards not placed are shuffled into the deck under them."""
        setup = checked_setup(seed, setup, SETUP_KEYS)
        n = self.players
        state = ManaSurgeState(self)
        state.seed = seed
        rng = state.rng()
        deck = list(range(CARDS))
        shuffle(rng, deck)
        if "hands" in setup or "deck" in setup or "damage" in setup:
            fixed_deal(self, state, setup, deck)
        else:
            deal = self.data.constants.deal
            for _ in range(deal):
                for seat in range(n):
                    state.hands[seat].append(deck.pop())
            state.deck = deck
        state.caster = state.turn = setup_seat(setup, "caster", n, lambda: rng)
        state.shards = setup_counts(setup.get("shards", [0] * n), n, "shards", "counts")
        if self.options["wizards"]:
            state.wizards = choose_wizards(self, setup.get("wizards"), rng)
        elif "wizards" in setup:
            raise InvalidOptions("set-up wizards needs the option wizards=true")
        state.round = 0
        begin_round(state, [])
        return state

    def state_from_json(self, data: Mapping[str, JSON]) -> ManaSurgeState:
        return state_from_json(self, data)


def resonate_step(suit: Power) -> int:
    if suit.trigger != "resonate":
        return -1
    return {"play_again": AGAIN, "give_card": GIVE}.get(suit.effect, -1)


def choose_wizards(game: ManaSurge, given: Any, rng: Any) -> list[int]:
    codes = [w.code for w in game.data.wizards]
    if given is None:
        order = list(range(WIZARDS))
        shuffle(rng, order)
        return order[: game.players]
    if not isinstance(given, list) or len(given) != game.players or not all(g in codes for g in given):
        raise InvalidOptions(f"set-up wizards needs one wizard per seat, from {', '.join(codes)}")
    if len(set(given)) != len(given):
        raise InvalidOptions("set-up wizards: each wizard is dealt once")
    return [codes.index(g) for g in given]


def fixed_deal(game: ManaSurge, state: ManaSurgeState, setup: dict[str, Any], shuffled: list[int]) -> None:
    """Hands, damage piles and the deck's top from card texts; the rest shuffled under the deck."""
    cards, n = game.cards, game.players
    free = {k: sorted(ids) for k, ids in enumerate(cards.ids_of_kind)}

    def ids(texts: Any, what: str) -> list[int]:
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise InvalidOptions(f"set-up {what} must list card texts such as 5L or mirror")
        out = []
        for text in texts:
            kind = cards.kind_of_text.get(text)
            if kind is None:
                raise InvalidOptions(f"set-up {what}: {text!r} is not a ManaSurge card")
            if not free[kind]:
                raise InvalidOptions(f"set-up {what}: no {text} is left to place")
            out.append(free[kind].pop(0))
        return out

    for key, target in (("hands", state.hands), ("damage", state.damage)):
        given = setup.get(key)
        if given is None:
            continue
        if not isinstance(given, list) or len(given) != n:
            raise InvalidOptions(f"set-up {key} needs one list per seat")
        for seat in range(n):
            target[seat] = ids(given[seat], f"{key} of seat {seat}")
    top = ids(setup.get("deck", []), "deck")
    placed = {c for h in state.hands for c in h} | {c for d in state.damage for c in d} | set(top)
    rest = [c for c in shuffled if c not in placed]
    if setup.get("hands") is None:  # deal the usual hands from the rest
        for _ in range(game.data.constants.deal):
            for seat in range(n):
                state.hands[seat].append(rest.pop())
    state.deck = rest + list(reversed(top))
