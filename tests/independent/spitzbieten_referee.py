"""An independent referee for Spitzbieten (Schwaighofer 1927), written from the text of
schwaighofer1927.spitzbieten.p1 and rules/spitzbieten/README.md only: Bieten mit dem Weli
(tests/independent/bietenweli_referee.py) with the two "Spitze" as further wild cards.
"""

from __future__ import annotations

from tests.independent.bieten_referee import Refused, adapter

__all__ = ["RULE", "WILDS", "Refused", "call"]

#: spitzbieten.p1: "Die Rangfolge dieser drei wandelbaren Universalkarten ist unter sich:
#: Weli, Schellsiebener, Eichelsiebener."
WILDS: dict[str, int] = {"6B": 2, "7B": 1, "7E": 0}
RULE = "spitzbieten.transcript"
call = adapter("spitzbieten", WILDS)
