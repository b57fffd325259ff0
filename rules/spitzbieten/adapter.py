"""The JSON form of every rule of Spitzbieten (see :mod:`rules.bieten.adapter`).

Wild cards (``6B``, ``7B``, ``7E``) played as another card are written ``"7B=AR"``.
"""

from __future__ import annotations

from rules.bieten.adapter import Adapter, make_adapters
from rules.bieten.functions import SPITZ_WILDS
from rules.spitzbieten import functions

ADAPTERS: dict[str, Adapter] = make_adapters("spitzbieten", functions, SPITZ_WILDS)
