"""Boston after Engelmann 1798: the rule functions, the playable deal and the claims.

- :mod:`rules.boston.functions`: the pure rule functions (``boston.<function>``), with
  what the print leaves out supplied from Whist and l'Hombre, each as an emendation;
- :mod:`rules.boston.model`: the deal as a state machine on :mod:`rules.model`;
- ``claims.toml`` and ``transcripts.toml``: quotes of the chapter with executable cases;
- :mod:`rules.boston.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.boston.functions import *  # noqa: F403
from rules.boston.functions import UNFORMALISED
from rules.boston.model import GAME, BostonGame, BostonState

__all__ = ["GAME", "UNFORMALISED", "BostonGame", "BostonState"]
