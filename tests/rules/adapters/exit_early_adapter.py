"""Answers two vectors correctly, then ends its process with status 0 on the third call."""

from __future__ import annotations

import sys
from typing import Any

from rules import reference_adapter

calls = 0


def call(rule: str, input: dict[str, Any]) -> Any:
    global calls
    calls += 1
    if calls == 3:
        sys.exit(0)
    return reference_adapter.call(rule, input)
