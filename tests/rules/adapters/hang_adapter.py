"""Hangs for ever on the Quinte (sequence_value of 5); answers everything else correctly."""

from __future__ import annotations

import time
from typing import Any

from rules import reference_adapter


def call(rule: str, input: dict[str, Any]) -> Any:
    if rule == "piquet.sequence_value" and input.get("length") == 5:
        while True:
            time.sleep(3600)
    return reference_adapter.call(rule, input)
