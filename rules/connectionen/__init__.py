"""Connectionen after Engelmann 1798: the rule functions, the playable deal and the claims.

- :mod:`rules.connectionen.functions`: the pure rule functions (``connectionen.<function>``);
- :mod:`rules.connectionen.model`: the deal as a state machine on :mod:`rules.model`;
- ``claims.toml`` and ``transcripts.toml``: quotes of the Regeln with executable cases;
- :mod:`rules.connectionen.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.connectionen.functions import *  # noqa: F403
from rules.connectionen.functions import UNFORMALISED
from rules.connectionen.model import GAME, ConnectionenGame, ConnectionenState

__all__ = ["GAME", "UNFORMALISED", "ConnectionenGame", "ConnectionenState"]
