"""A trained policy as a player: the environments' observation and mask in, an action's index out.

A *policy* is what a learner trains in these environments: ``policy(observation, mask)`` returns
the index of one of the game's actions (the encoding's fixed enumeration, docs/envs.md), where
``observation`` is the seat's vector and ``mask`` marks the legal indexes, exactly as
``info["action_mask"]`` does in the Gymnasium and PettingZoo environments.  :class:`PolicyAgent`
wraps one as a :class:`~tabletop.agents.Agent`, so that it plays anywhere an agent plays: in the
arena, in ``tabletop play``, and online as a bot account (``tabletop bot run``, docs/bots.md).  It
encodes the agent's own view (``obs.view``, never the state), so it sees what the seat sees.

An index outside the mask is the policy's mistake: the agent raises :class:`IllegalChoice`
rather than playing something the policy did not choose.  Where the enumeration gives several
legal actions one index (MegaCorps' large bids), the agent plays the one the environments play
for that index when it is legal, else the first legal one of that index.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..agents import Agent, Observation
from ..core.errors import TabletopError
from .encoding import Mask, Vector
from .registry import encoding_for

Policy = Callable[[Vector, Mask], int]


class IllegalChoice(TabletopError):
    """The policy returned an index its mask did not mark."""


class PolicyAgent(Agent[Any]):
    """Plays ``policy``'s choice from the observation and mask of its own view."""

    name = "policy"

    def __init__(self, policy: Policy, seed: int = 0) -> None:
        super().__init__(seed)
        self.policy = policy

    def act(self, obs: Observation[Any]) -> Any:
        encoding = encoding_for(obs.game)
        texts = [str(action) for action in obs.legal]
        first: dict[int, Any] = {}
        for text, action in zip(texts, obs.legal, strict=True):
            first.setdefault(encoding.index_of(text), action)
        index = int(self.policy(encoding.observation(obs.view), encoding.mask(texts)))
        if index not in first:
            raise IllegalChoice(
                f"the policy chose action {index}, which its mask did not mark; "
                f"the legal ones now: {sorted(first)}"
            )
        usual = str(encoding.action(index))
        return next((a for text, a in zip(texts, obs.legal, strict=True) if text == usual), first[index])

    def __repr__(self) -> str:
        return f"PolicyAgent({getattr(self.policy, '__qualname__', type(self.policy).__name__)})"
