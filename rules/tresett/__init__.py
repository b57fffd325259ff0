"""Tresett after Engelmann 1798: the rule functions, the playable deal and the claims.

- :mod:`rules.tresett.functions`: the pure rule functions (``tresett.<function>``);
- :mod:`rules.tresett.model`: the deal as a state machine on :mod:`rules.model`, with the
  Parthie (marks, Parthien, dealer) in its context;
- ``claims.toml`` and ``transcripts.toml``: quotes of the chapter with executable cases;
- :mod:`rules.tresett.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.tresett.functions import *  # noqa: F403
from rules.tresett.functions import UNFORMALISED
from rules.tresett.model import GAME, TresettGame, TresettState

__all__ = ["GAME", "UNFORMALISED", "TresettGame", "TresettState"]
