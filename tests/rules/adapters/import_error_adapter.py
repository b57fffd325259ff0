"""Fails while it is imported."""

from __future__ import annotations

RATIO = 1 / 0


def call(rule: str, input: dict[str, object]) -> object:
    return RATIO
