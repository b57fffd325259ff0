"""Paragraphs of the Perlaggen chapter that no rule function or model action cites."""

from __future__ import annotations

UNFORMALISED: dict[str, str] = {}
