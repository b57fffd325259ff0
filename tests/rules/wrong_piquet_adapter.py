"""A deliberately wrong Piquet implementation for the conformance tests.

It is the reference implementation with two errors a careless engine might make: a
Quinte worth 14 (instead of 15) and a last trick worth 1 (instead of 3). It also does
not implement the deal, so those vectors must be reported as skipped.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

from rules import reference_adapter
from rules.piquet import functions as piquet

_sequence_value = piquet.sequence_value


def _wrong_sequence_value(length: int, tierce: int = 3) -> int:
    return 14 if length == 5 else _sequence_value(length, tierce)


def call(rule: str, input: dict[str, Any]) -> Any:
    if rule == "piquet.deal":
        raise NotImplementedError(rule)
    with (
        mock.patch.object(piquet, "sequence_value", _wrong_sequence_value),
        mock.patch.object(piquet, "last_trick_value", lambda: 1),
    ):
        return reference_adapter.call(rule, input)
