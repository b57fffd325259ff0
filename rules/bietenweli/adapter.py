"""The JSON form of every rule of Bieten mit dem Weli (see :mod:`rules.bieten.adapter`).

A wild card played as another card is written ``"6B=AR"``; a player's cards as far as
the Weli is concerned (``hand``) are ``{"natural": [...], "unplayed": [...], "fixed":
["6B=9R"], "free": ["6B"], "renounced": ["E"], "bound": ["herz"]}``.
"""

from __future__ import annotations

from rules.bieten.adapter import Adapter, make_adapters
from rules.bieten.functions import WELI_WILDS
from rules.bietenweli import functions

ADAPTERS: dict[str, Adapter] = make_adapters("bietenweli", functions, WELI_WILDS)
