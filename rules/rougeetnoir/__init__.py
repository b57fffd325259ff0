"""Rouge et noir after the police handbook (c. 1905, § 11): rule functions, playable coup, claims.

- :mod:`rules.rougeetnoir.functions`: the pure rule functions (``rougeetnoir.<function>``);
- :mod:`rules.rougeetnoir.model`: the coup as a state machine on :mod:`rules.model`;
- ``claims.toml`` and ``transcripts.toml``: quotes of § 11 with executable cases;
- :mod:`rules.rougeetnoir.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.rougeetnoir.functions import *  # noqa: F403
from rules.rougeetnoir.functions import UNFORMALISED
from rules.rougeetnoir.model import GAME, RougeEtNoirGame, RougeEtNoirState

__all__ = ["GAME", "UNFORMALISED", "RougeEtNoirGame", "RougeEtNoirState"]
