"""The flow of a game: turns, the strike that ends a spell, Rebirth, Mana Surge, the Caster token,
the choice between rounds, victory.  Plain functions on the state, in the rulebook's order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.protocol import JSON, Event
from ...core.rng import shuffle
from .cards import SPELLS
from .phases import AGAIN, BETWEEN, COUNTER, DISCARD, GIVE, OPEN, OVER, PLAY
from .rules import has_valid, openings, valid_of

if TYPE_CHECKING:
    from .state import ManaSurgeState

# a caster with no numbered card performs a Rebirth and draws again at most this often before the
# token passes on (R-MS16)
FORCED_REBIRTHS = 3


# ---------------------------------------------------------------------- cards moving
def draw(
    s: ManaSurgeState,
    seat: int,
    count: int,
    why: str,
    events: list[Event],
    damage: bool = False,
    announce: bool = True,
) -> list[int]:
    """Up to ``count`` cards from the deck to ``seat``'s hand (or face down to its damage pile);
    the discard pile is shuffled into a new deck when the deck runs out (MS17); what cannot be
    drawn is not (R-MS23)."""
    pile = s.damage[seat] if damage else s.hands[seat]
    deck = s.deck
    size = len(deck)
    if count <= size:  # the usual case: the deck has enough
        drawn = deck[size - count :]
        del deck[size - count :]
        drawn.reverse()  # the top card (the last) is drawn first
    else:
        drawn = []
        while len(drawn) < count:
            if not deck:
                if not s.discard:
                    break
                deck = s.deck = sorted(s.discard)
                s.discard = []
                shuffle(s.rng(), deck)
                events.append(Event("reshuffle", {"cards": len(deck)}))
            take = min(count - len(drawn), len(deck))
            got = deck[len(deck) - take :]
            del deck[len(deck) - take :]
            got.reverse()
            drawn += got
    pile += drawn
    if count and not damage and not s.quiet:  # damage is told by the spell's end (spell-end)
        if announce:  # (Foresight's effect event tells its draw)
            events.append(Event("draw", {"seat": seat, "count": len(drawn), "why": why}))
        if drawn:
            texts = s.game.cards.card_text
            drawn_texts = []  # in the order drawn (a loop: cheaper than a comprehension in 3.11)
            for c in drawn:
                drawn_texts.append(texts[c])
            events.append(Event("drew", {"seat": seat, "cards": drawn_texts}, (seat,)))
    return drawn


def fill(s: ManaSurgeState, seat: int, why: str, events: list[Event]) -> None:
    """Draw up to the hand limit (MS21, MS54, MS61; R-MS30)."""
    missing = s.game.hand_limits[s.wizards[seat]] - len(s.hands[seat])
    if missing > 0:
        draw(s, seat, missing, why, events)


def rebirth(s: ManaSurgeState, seat: int, events: list[Event], forced: bool = False) -> None:
    """Lose a Shard (if any), discard the hand, take the damage cards as the new hand (MS55-MS58)."""
    game, shards = s.game, s.shards
    lost = 0
    if shards[seat] > 0 and game.wizard_effects[s.wizards[seat]] != "free_rebirth":
        lost = min(shards[seat], game.rebirth_shard_cost)
        shards[seat] -= lost
    discarded = s.hands[seat]
    s.discard += discarded
    hand = s.hands[seat] = s.damage[seat]
    s.damage[seat] = []
    if s.gifts:
        s.gifts = [g for g in s.gifts if g[1] != seat]
    cards = game.cards
    events.append(
        Event(
            "rebirth",
            {
                "seat": seat,
                "lost": lost,
                "discarded": cards.texts(discarded),
                "hand": len(hand),
                "forced": forced,
            },
        )
    )
    if hand:
        events.append(Event("drew", {"seat": seat, "cards": cards.texts(hand)}, (seat,)))


def check_surge(s: ManaSurgeState, seat: int, events: list[Event]) -> bool:
    """A Mana Surge if ``seat``'s hand just emptied by a valid play, a discard or a gift (MS59-MS61):
    2 Shards at once, the damage cards become the hand, then draw up to the hand limit."""
    if s.hands[seat]:
        return False
    gain = s.game.mana_surge_shards
    if s.wizard_effect(seat) == "surge_bonus":
        gain += s.wizard_amount(seat)
    s.shards[seat] += gain
    s.hands[seat] = s.damage[seat]
    s.damage[seat] = []
    events.append(
        Event(
            "surge",
            {"seat": seat, "shards": gain, "total": s.shards[seat], "from_damage": len(s.hands[seat])},
        )
    )
    if s.hands[seat]:
        events.append(Event("drew", {"seat": seat, "cards": s.game.cards.texts(s.hands[seat])}, (seat,)))
    fill(s, seat, "surge", events)
    return True


# ---------------------------------------------------------------------- turns
def proceed(s: ManaSurgeState, events: list[Event]) -> None:
    """Offer the player the next choice its play opened (a Counter-Spell, then the power), or end
    its turn.  A choice that cannot be taken is not offered."""
    seat, steps = s.turn, s.steps
    while steps:
        step = steps.pop(0)
        if step == COUNTER:
            s.phase = COUNTER
            s._legal = s.game.actions.counters  # (shared lists: legal_actions() hands out copies)
            return
        if step == AGAIN and has_valid(s, seat):
            s.phase = AGAIN
            s._legal = s.game.actions.agains
            return
        if step == GIVE and s.hands[seat]:
            s.phase = GIVE
            return
        if step == DISCARD and s.hands[seat] and s.discards_left > 0:
            s.phase = DISCARD
            return
    s.discards_left = 0
    end_turn(s, events)


def end_turn(s: ManaSurgeState, events: list[Event]) -> None:
    """Rebirth at 5 or more damage cards at the end of a turn (MS55), then the spell reaches the
    next player: it plays, or it is struck at once if it cannot (MS25, MS43)."""
    seat, game = s.turn, s.game
    if len(s.damage[seat]) >= game.rebirth_at[s.wizards[seat]]:
        rebirth(s, seat, events)
    seat = s.turn = (seat + s.direction) % s.n
    s.extra_play = False
    legal = valid_of(s, seat, game.actions.play)
    if legal:
        s.phase = PLAY
        if game.may_decline:
            legal.append(game.actions.yield_)
        s._legal = legal  # the legal actions are known now: spare legal_actions() the work
    else:
        strike(s, seat, events)


# ---------------------------------------------------------------------- the end of a spell
def strike(s: ManaSurgeState, struck: int, events: list[Event]) -> None:
    """The spell strikes ``struck`` and ends (MS43-MS49)."""
    sp, game, n = s.spell, s.game, s.n
    last = s.last_valid
    effects, amounts, wizards = game.wizard_effects, game.wizard_amounts, s.wizards
    bonus = game.last_play_bonus
    if effects[wizards[last]] == "last_bonus":
        bonus += amounts[wizards[last]]
    struck_effect, struck_amount = effects[wizards[struck]], amounts[wizards[struck]]
    shards = s.shards
    shards[last] += bonus
    # in one pass over the spell: 1a, the damage, counted from the Shards on spell cards in play
    # (R-MS3, R-MS4) as Spell.spell_shards counts them, less the struck player's own with the product
    # page's order (they go back first; kept ones stay); 1b, 2, the struck player's Shards go back
    # (unless a Sanctuary keeps them), the others keep theirs
    metamagic_damage = game.metamagic_damage
    safe = sp.sanctuary[struck]
    own_first = game.pnp_order and not safe
    damage = 0 if metamagic_damage else sp.counted_meta
    kept = [0] * n
    returned = 0
    keep = struck_amount if struck_effect == "keep_shards" else 0
    seats, ranks = sp.seats, sp.ranks
    for i, on_card in enumerate(sp.shards):
        if not on_card:
            continue  # (most cards carry none)
        who = seats[i]
        if (ranks[i] >= 0 or metamagic_damage) and not (own_first and who == struck):
            damage += on_card
        if who != struck or safe:
            kept[who] += on_card
            shards[who] += on_card
        elif keep:
            kept_here = min(keep, on_card)  # a wizard's own rule (keep_shards)
            keep -= kept_here
            returned += on_card - kept_here
            kept[who] += kept_here
            shards[who] += kept_here
        else:
            returned += on_card
    if sp.suit >= 0:
        damage += game.end_damage[sp.suit]  # Fireball
    damage += sp.extra_damage
    if struck_effect == "tough":
        damage = max(0, damage - struck_amount)
    damaged = len(draw(s, struck, damage, "damage", events, True)) if damage > 0 else 0
    # 1c, 2: every played card to the discard pile
    s.discard += sp.cards
    texts = game.cards.card_text
    played: list[JSON] = []
    for c in sp.cards:
        played.append(texts[c])
    entry: dict[str, JSON] = {  # the spell's summary: the event, and the state's history
        "round": s.round,
        "caster": s.caster,
        "struck": struck,
        "last": last,
        "bonus": bonus,
        "damage": damaged,
        "returned": returned,
        "kept": kept,
        "cards": played,
        "shards": list(shards),
    }
    events.append(Event("spell-end", entry))
    sp.clear()
    if s.steps:
        s.steps = []
    s.discards_left = 0
    # Rebirths, from the struck player round the table, before victory is checked (R-MS15)
    threshold, piles = game.rebirth_at, s.damage
    reborn = False
    for seat in game.rotations[struck]:
        if len(piles[seat]) >= threshold[wizards[seat]]:
            rebirth(s, seat, events)
            reborn = True
    s.history.append({**entry, "shards": list(shards)} if reborn else entry)
    if (max(shards) >= game.win_target or len(s.history) >= game.max_rounds) and check_victory(s, events):
        return
    pass_caster(s, events)


def check_victory(s: ManaSurgeState, events: list[Event]) -> bool:
    """At the end of a spell: a player at the target wins; most Shards, then fewest damage cards,
    then fewest cards in hand; a tie still standing is a shared win (MS62-MS65, R-MS19).  The
    option max_rounds ends a game that runs too long the same way among all (R-MS32)."""
    target = s.game.win_target
    if max(s.shards) < target and len(s.history) < s.game.max_rounds:
        return False
    reached = [seat for seat in range(s.n) if s.shards[seat] >= target]
    end_game(s, reached or list(range(s.n)), not reached, events)
    return True


def end_game(s: ManaSurgeState, pool: list[int], limit: bool, events: list[Event]) -> None:
    """The best of ``pool`` win (all of them when tied all the way)."""
    best = min(s.order_key(seat) for seat in pool)
    s.winners = [seat for seat in pool if s.order_key(seat) == best]
    s.phase = OVER
    data: dict[str, JSON] = {"winners": list(s.winners), "shards": list(s.shards), "limit": limit}
    data["ranking"] = s.ranking()
    events.append(Event("game-over", data))


def pass_caster(s: ManaSurgeState, events: list[Event]) -> None:
    """The token passes left (clockwise) to the first player with the fewest Shards, the Caster
    checked last (MS51-MS53); then the choice between rounds, from the new Caster (MS54)."""
    game, shards = s.game, s.shards
    low = min(shards)
    caster = s.caster
    for seat in game.rotations[(caster + 1) % s.n]:  # the Caster last
        if shards[seat] == low:
            caster = s.caster = seat
            break
    if not s.quiet:
        events.append(Event("caster", {"seat": caster}))
    limits, wizards, hands = game.hand_limits, s.wizards, s.hands
    between = []
    for seat in game.rotations[caster]:
        if len(hands[seat]) < limits[wizards[seat]]:
            between.append(seat)
    s.between = between
    if between:
        s.phase = BETWEEN
        s.turn = between[0]
        s._legal = game.actions.betweens
    else:
        begin_round(s, events)


def between_choice(s: ManaSurgeState, draws: bool, events: list[Event]) -> None:
    between = s.between
    seat = between.pop(0)
    if draws:
        fill(s, seat, "between", events)
    else:
        if not s.quiet:
            events.append(Event("hold", {"seat": seat, "hand": len(s.hands[seat])}))
    if between:
        s.turn = between[0]
        s._legal = s.game.actions.betweens
    else:
        begin_round(s, events)


def begin_round(s: ManaSurgeState, events: list[Event]) -> None:
    """A new spell: the Caster needs a numbered card (MS19-MS22, R-MS16)."""
    s.round += 1
    if not s.quiet:
        events.append(Event("round", {"round": s.round, "caster": s.caster}))
    s.direction = 1
    s.last_valid = -1
    seat = s.caster
    legal = openings(s, seat)
    if legal:  # it holds a numbered card: the usual case
        s.turn, s.phase = seat, OPEN
        s._legal = legal
        return
    fill(s, seat, "open", events)
    tries = 0
    while min(s.hands[seat], default=SPELLS) >= SPELLS and tries < FORCED_REBIRTHS:
        rebirth(s, seat, events, forced=True)
        fill(s, seat, "open", events)
        tries += 1
    for k in range(s.n):  # the Caster, else the next player to the left who holds a numbered card
        seat = (s.caster + k) % s.n
        if min(s.hands[seat], default=SPELLS) < SPELLS:
            if k:
                s.caster = seat
                events.append(Event("caster", {"seat": seat, "passed": True}))
            s.turn, s.phase = seat, OPEN
            return
    # nobody can open a spell: the game ends as it stands (R-MS16)
    end_game(s, list(range(s.n)), True, events)
