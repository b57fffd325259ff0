"""Dreisatz after the police handbook (c. 1905, § 10): rule functions, playable deal, claims.

- :mod:`rules.dreisatz.functions`: the pure rule functions (``dreisatz.<function>``);
- :mod:`rules.dreisatz.model`: the deal as a state machine on :mod:`rules.model`;
- ``claims.toml`` and ``transcripts.toml``: quotes of § 10 with executable cases;
- :mod:`rules.dreisatz.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.dreisatz.functions import *  # noqa: F403
from rules.dreisatz.functions import UNFORMALISED
from rules.dreisatz.model import GAME, DreisatzGame, DreisatzState

__all__ = ["GAME", "UNFORMALISED", "DreisatzGame", "DreisatzState"]
