"""Bieten after Schwaighofer 1927: the rule functions, the playable deal and the claims.

- :mod:`rules.bieten.functions`: the pure rule functions (``bieten.<function>``), shared
  with Bieten mit dem Weli and Spitzbieten through their wild cards;
- :mod:`rules.bieten.model`: the deal as a state machine on :mod:`rules.model` (one
  class for the three games);
- ``claims.toml``, ``transcripts.toml``: quotes with executable cases, worked examples;
- :mod:`rules.bieten.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.bieten.functions import *  # noqa: F403
from rules.bieten.functions import UNFORMALISED
from rules.bieten.model import GAME, BietenGame, BietenState

__all__ = ["GAME", "UNFORMALISED", "BietenGame", "BietenState"]
