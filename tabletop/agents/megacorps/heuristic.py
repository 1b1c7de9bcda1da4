"""A MegaCorps baseline, from the seat's view only (``obs.view``, ``obs.legal``, the public board).

Everything is weighed in money.  A seat's **worth** is its money, plus what its companies will
still earn, plus a little for its mercenaries and event cards.  A company earns its industry's
rate (the payout table by competitors) at every payout still to come: the final one, and a share
of the Payout Actions of the rounds left, by how keen each player is to call that industry (its
gain there against its rivals').  A company in a country another player controls is discounted
by what an intervention there would cost (a Kleptocracy's owner may steal it, and counts part of
it as his).  A decision's score is the change in the seat's **standing**: its worth less half the
best rival's and half the rivals' mean (``utility``), so that feeding the leader costs.

The rules it plays by (each a few lines in the module named below):

- draft and buy the company that raises its standing most (one more company in an industry it is
  in removes a competitor: a near-monopoly pays most); pay out the industry that raises it most;
  intervene, play an event card, go to war or buy mercenaries when that does better;
- go to war only with a total above the defence by a margin (``WAR_MARGIN``), for a prize worth
  it; buy mercenaries when a few make such a war possible; sell them to players who are no threat;
- veto a purchase that would give a rival a near-monopoly (or cost it much standing);
- bid for a Kleptocracy up to its worth to it, with the bid that maximises the expected gain
  against rivals who bid up to theirs; vote for itself, or against the leader when it cannot win;
- answer an offer by the change in its standing (the offerer's gain counts against it); make at
  most one offer a turn: buy a rival's company in an industry it is already in, for a price the
  rival should accept, when that raises its own standing.

It uses no random numbers: a decision depends on the view alone.

The modules: position.py (the board as tables, the public position, what moves do), worth.py (the
worth and the standing), countries.py (wars, mercenaries, interventions, auctions, elections,
vetoes), cards.py (event cards and their targets), trades.py (offers and answers); this one holds
the bot and its decisions, one method per phase.
"""

from __future__ import annotations

from ...games.megacorps.actions import Action
from ...games.megacorps.game import MegaCorps
from ..base import Agent, Observation
from .decide import Decider
from .trades import ACCEPT_MIN, trade_worths

__all__ = ["Decider", "MegaCorpsHeuristic"]


class MegaCorpsHeuristic(Agent[Action]):
    """The MegaCorps baseline (see the module's text)."""

    name = "heuristic"

    def act(self, obs: Observation[Action]) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        game = obs.game
        assert isinstance(game, MegaCorps)
        return Decider(game, obs.view, obs.seat, obs.legal).decide()

    def explain(self, obs: Observation[Action], action: Action) -> str | None:
        """Why it declines an offer (the answer step), for the offer's maker: what the things in the
        offer are worth to it, from its view (trades.trade_worths), in words (words/megacorps/
        declines.py); None for any other action."""
        if action.text != "decline" or obs.view.get("phase") != "answer":
            return None
        game = obs.game
        assert isinstance(game, MegaCorps)
        decider = Decider(game, obs.view, obs.seat, obs.legal)
        decision = decider.decision
        give, ask = list(decision.get("give", [])), list(decision.get("ask", []))
        worths = trade_worths(decider.m, decider.judge, obs.seat, int(decision["from"]), give, ask)
        from ...words.megacorps.declines import decline_reason

        return decline_reason(give, ask, *worths, ACCEPT_MIN)
