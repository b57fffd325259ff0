"""Piquesept after Engelmann 1798: the rule functions, the playable deal and the claims.

- :mod:`rules.piquesept.functions`: the pure rule functions (``piquesept.<function>``);
- :mod:`rules.piquesept.model`: the deal as a state machine on :mod:`rules.model`;
- ``claims.toml`` and ``transcripts.toml``: quotes of the chapter with executable cases;
- :mod:`rules.piquesept.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.piquesept.functions import *  # noqa: F403
from rules.piquesept.functions import UNFORMALISED
from rules.piquesept.model import GAME, PiqueseptGame, PiqueseptState

__all__ = ["GAME", "UNFORMALISED", "PiqueseptGame", "PiqueseptState"]
