"""Preference after Pierer's Universal-Lexikon (1861): rule functions, playable deal, claims.

- :mod:`rules.preference.functions`: the pure rule functions (``preference.<function>``);
- :mod:`rules.preference.model`: the deal as a state machine on :mod:`rules.model`;
- ``claims.toml`` and ``transcripts.toml``: quotes of the entry with executable cases;
- :mod:`rules.preference.adapter`: the JSON form of every rule for the conformance kit.
"""

from rules.preference.functions import *  # noqa: F403
from rules.preference.functions import UNFORMALISED
from rules.preference.model import GAME, PreferenceGame, PreferenceState

__all__ = ["GAME", "UNFORMALISED", "PreferenceGame", "PreferenceState"]
