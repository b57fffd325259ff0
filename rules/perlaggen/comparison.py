"""The Ordnungen of 1890 and 1924 side by side (filled in below)."""

from __future__ import annotations

from typing import Any

COMPARISONS: list[dict[str, Any]] = []
