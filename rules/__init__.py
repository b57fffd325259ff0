"""Rules: the card model, one module per game, claims, JSON vectors and conformance.

- :mod:`rules.cards`: suits, ranks, cards, packs (French 32/52, German 32/33) and the card
  notation of the vectors (``"AS"``, ``"10H"``, ``"6B"``);
- :mod:`rules.registry`: ``@rule(paragraphs=...)``, :class:`~rules.registry.RuleInfo`,
  :class:`~rules.registry.Emendation`, ``all_rules``, ``get_rule``, ``rules_for_paragraph``;
- :mod:`rules.piquet`: Piquet after Engelmann 1798 (rules and the 17 Gesetze);
- :mod:`rules.claims` and :mod:`rules.piquet_claims`: quotes of the source with executable
  cases; ``run_claims`` (``stichwort check``) writes ``build/claims.json``;
- :mod:`rules.vectors`: ``export_vectors`` (``stichwort export``), schema in ``rules/schema/``;
- :mod:`rules.conform`: ``stichwort conform ADAPTER`` (protocol in ``rules/ADAPTER.md``);
  :mod:`rules.reference_adapter` is our own implementation behind that protocol.
"""

from rules.errors import RulesError
from rules.registry import (
    Emendation,
    RuleInfo,
    all_rules,
    get_rule,
    rule,
    rules_for_paragraph,
    unformalised,
)

__all__ = [
    "Emendation",
    "RuleInfo",
    "RulesError",
    "all_rules",
    "get_rule",
    "rule",
    "rules_for_paragraph",
    "unformalised",
]
