"""Bieten mit dem Weli after Schwaighofer 1927: the Weli as a wild card on Bieten's rules.

- :mod:`rules.bietenweli.functions`: the Weli's rules (``bietenweli.<function>``);
- :mod:`rules.bietenweli.model`: the deal, the Bieten model with the Weli;
- ``claims.toml``, ``transcripts.toml``, :mod:`rules.bietenweli.adapter`.
"""

from rules.bietenweli.functions import *  # noqa: F403
from rules.bietenweli.functions import UNFORMALISED
from rules.bietenweli.model import GAME

__all__ = ["GAME", "UNFORMALISED"]
