"""Spitzbieten as a playable deal: the Bieten model (:mod:`rules.bieten.model`) with three
wild cards, the Weli (``6B``), the Schellsiebener (``7B``) and the Eichelsiebener
(``7E``), each played as ``play <wild>=<card>``; only the Weli is kept when cut.
"""

from __future__ import annotations

from rules.bieten.functions import SPITZ_WILDS
from rules.bieten.model import WILD_DEAL_FORMAT, BietenGame, Rules, standard_variants
from rules.bietenweli.functions import w
from rules.cards import GERMAN_33
from rules.spitzbieten import functions as fns
from rules.spitzbieten.functions import P1

RULES = Rules(
    wilds=SPITZ_WILDS,
    pack=GERMAN_33,
    fns=fns,
    wild_cites=(P1,),
    cut_cites=(w(2),),
    bind_cites=(P1, w(2)),
    renounce_cites=(P1, w(6)),
)

GAME = BietenGame(
    "spitzbieten",
    "Spitzbieten",
    "schwaighofer1927.spitzbieten",
    RULES,
    standard_variants((P1,)),
    WILD_DEAL_FORMAT,
)
