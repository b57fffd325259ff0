"""Raises the project's own RulesError for every sequence_value, whatever the input."""

from __future__ import annotations

from typing import Any

from rules import reference_adapter
from rules.errors import RulesError


def call(rule: str, input: dict[str, Any]) -> Any:
    if rule == "piquet.sequence_value":
        raise RulesError(f"sequences are not implemented for {input}")
    return reference_adapter.call(rule, input)
