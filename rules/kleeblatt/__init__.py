"""Das Kleeblatt after Engelmann 1798: the rule functions, the playable coup and the claims.

- :mod:`rules.kleeblatt.functions`: the pure rule functions (``kleeblatt.<function>``);
- :mod:`rules.kleeblatt.model`: the coup as a state machine on :mod:`rules.model`;
- ``claims.toml``: quotes of the chapter with executable cases;
- :mod:`rules.kleeblatt.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.kleeblatt.functions import *  # noqa: F403
from rules.kleeblatt.functions import UNFORMALISED
from rules.kleeblatt.model import GAME, KleeblattGame, KleeblattState

__all__ = ["GAME", "UNFORMALISED", "KleeblattGame", "KleeblattState"]
