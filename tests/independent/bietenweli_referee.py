"""An independent referee for Bieten mit dem Weli (Schwaighofer 1927), written from the
text of schwaighofer1927.bietenweli.p1-p7 and rules/bietenweli/README.md only: Bieten
(tests/independent/bieten_referee.py) with the Weli, the Schellsechser, as a wild card.
"""

from __future__ import annotations

from tests.independent.bieten_referee import Refused, adapter

__all__ = ["RULE", "WILDS", "Refused", "call"]

#: bietenweli.p1: "Es sind dann statt 32 Karten 33 im Spiel"; the Weli may become any card.
WILDS: dict[str, int] = {"6B": 2}
RULE = "bietenweli.transcript"
call = adapter("bietenweli", WILDS)
