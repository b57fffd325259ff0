"""Kritisch-Watten after Schwaighofer 1927: Watten zu viert with the Kritische, 33 or 32 cards.

- :mod:`rules.kritischwatten.functions`: the rule functions (``kritischwatten.<function>``);
- :mod:`rules.kritischwatten.model`: the deal (a :class:`~rules.watten.model.WattenGame`
  with the cut, the Kritische and their rule of following);
- :mod:`rules.kritischwatten.adapter`, ``claims.toml``, ``transcripts.toml``;
- :data:`COMPARISONS`: 32 against 33 cards, rule by rule, with the vectors that differ.
"""

from rules.kritischwatten.comparisons import COMPARISONS
from rules.kritischwatten.functions import *  # noqa: F403
from rules.kritischwatten.functions import UNFORMALISED
from rules.kritischwatten.model import GAME, KritischWattenGame

__all__ = ["COMPARISONS", "GAME", "UNFORMALISED", "KritischWattenGame"]
