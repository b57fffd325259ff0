"""Goodhope after Engelmann 1798: the rule functions, the playable game and the claims.

- :mod:`rules.goodhope.functions`: the pure rule functions (``goodhope.<function>``);
- :mod:`rules.goodhope.model`: the game as a state machine on :mod:`rules.model`;
- ``claims.toml``: quotes of the chapter with executable cases;
- :mod:`rules.goodhope.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.goodhope.functions import *  # noqa: F403
from rules.goodhope.functions import UNFORMALISED
from rules.goodhope.model import GAME, GoodhopeGame, GoodhopeState

__all__ = ["GAME", "UNFORMALISED", "GoodhopeGame", "GoodhopeState"]
