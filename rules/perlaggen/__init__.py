"""Perlaggen after Schwaighofer 1927: Ordnung 1890 and Ordnung 1924 as variants of one game.

- :mod:`rules.perlaggen.functions`: the pure rule functions (``perlaggen.<function>``);
- :mod:`rules.perlaggen.model`: the deal for four as a state machine on :mod:`rules.model`;
- :mod:`rules.perlaggen.comparison`: :data:`COMPARISONS`, the laws of 1890 and 1924 side
  by side with the vectors that give different answers;
- ``claims.toml`` and ``transcripts.toml``: quotes with executable cases, worked deals;
- :mod:`rules.perlaggen.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.perlaggen.comparison import COMPARISONS
from rules.perlaggen.functions import *  # noqa: F403
from rules.perlaggen.model import GAME, PerlaggenGame, PerlaggenState
from rules.perlaggen.unformalised import UNFORMALISED

__all__ = ["COMPARISONS", "GAME", "UNFORMALISED", "PerlaggenGame", "PerlaggenState"]
