"""Casino after Engelmann 1798: the rule functions, the playable deal and the claims.

- :mod:`rules.casino.functions`: the pure rule functions (``casino.<function>``);
- :mod:`rules.casino.model`: the deal as a state machine on :mod:`rules.model`;
- ``claims.toml``: quotes of the chapter with executable cases;
- :mod:`rules.casino.adapter`: the JSON form of every rule for the conformance kit.

The rule functions are re-exported here, so ``rules.casino.valid_capture`` works.
"""

from rules.casino.functions import *  # noqa: F403
from rules.casino.functions import UNFORMALISED
from rules.casino.model import GAME, CasinoGame, CasinoState

__all__ = ["GAME", "UNFORMALISED", "CasinoGame", "CasinoState"]
