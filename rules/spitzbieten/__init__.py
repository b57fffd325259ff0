"""Spitzbieten after Schwaighofer 1927: Bieten mit dem Weli with the two Spitze as wild cards.

- :mod:`rules.spitzbieten.functions`: its rules (``spitzbieten.<function>``);
- :mod:`rules.spitzbieten.model`: the deal, the Bieten model with three wild cards;
- ``claims.toml``, ``transcripts.toml``, :mod:`rules.spitzbieten.adapter`.
"""

from rules.spitzbieten.functions import *  # noqa: F403
from rules.spitzbieten.functions import UNFORMALISED
from rules.spitzbieten.model import GAME

__all__ = ["GAME", "UNFORMALISED"]
