"""Watten after Schwaighofer 1927 (zu zweit and zu viert): rule functions, playable deal, claims.

- :mod:`rules.watten.functions`: the pure rule functions (``watten.<function>``);
- :mod:`rules.watten.model`: the deal as a state machine on :mod:`rules.model`;
- :mod:`rules.watten.adapter`: the JSON form of every rule for the conformance kit;
- ``claims.toml`` and ``transcripts.toml``: quotes with executable cases, worked deals;
- :data:`COMPARISONS`: Watten zu zweit against zu viert, rule by rule, with the vectors
  that give different answers under the two variants (for the edition's comparison page).
"""

from rules.watten.comparisons import COMPARISONS
from rules.watten.functions import *  # noqa: F403
from rules.watten.functions import UNFORMALISED
from rules.watten.model import GAME, WattenGame, WattenState

__all__ = ["COMPARISONS", "GAME", "UNFORMALISED", "WattenGame", "WattenState"]
