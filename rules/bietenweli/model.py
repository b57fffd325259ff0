"""Bieten mit dem Weli as a playable deal: the Bieten model (:mod:`rules.bieten.model`)
with the Weli (``6B``) as a wild card, played as ``play 6B=<card>``.

The cut comes first (``cut weli``: the player right of the dealer cut the Weli and keeps
it, bietenweli.p2); the Weli follows the binding and renouncing rules of
:mod:`rules.bietenweli.functions`.
"""

from __future__ import annotations

from rules.bieten.functions import WELI_WILDS
from rules.bieten.model import WILD_DEAL_FORMAT, BietenGame, Rules, standard_variants
from rules.bietenweli import functions as fns
from rules.bietenweli.functions import w
from rules.cards import GERMAN_33

RULES = Rules(
    wilds=WELI_WILDS,
    pack=GERMAN_33,
    fns=fns,
    wild_cites=(w(1), w(2)),
    cut_cites=(w(2),),
    bind_cites=(w(2), w(4)),
    renounce_cites=(w(6),),
)

GAME = BietenGame(
    "bietenweli",
    "Bieten mit dem Weli",
    "schwaighofer1927.bietenweli",
    RULES,
    standard_variants((w(1),)),
    WILD_DEAL_FORMAT,
)
