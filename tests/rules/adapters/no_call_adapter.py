"""Imports fine but defines no call(rule, input)."""

from __future__ import annotations

ANSWER = 42
