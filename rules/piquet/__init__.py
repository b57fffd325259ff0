"""Piquet after Engelmann 1798: the rule functions, the playable deal and the claims.

- :mod:`rules.piquet.functions`: the pure rule functions (``piquet.<function>``);
- :mod:`rules.piquet.model`: the deal as a state machine on :mod:`rules.model`;
- ``claims.toml``: quotes of the chapter with executable cases;
- :mod:`rules.piquet.adapter`: the JSON form of every rule for the conformance kit.

The rule functions are re-exported here, so ``rules.piquet.sequence_value`` works.
"""

from rules.piquet.functions import *  # noqa: F403
from rules.piquet.functions import UNFORMALISED
from rules.piquet.model import GAME, PiquetGame, PiquetState

__all__ = ["GAME", "UNFORMALISED", "PiquetGame", "PiquetState"]
