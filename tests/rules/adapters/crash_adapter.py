"""Dies (os._exit(3), no clean-up) on the Quinte; answers everything else correctly."""

from __future__ import annotations

import os
from typing import Any

from rules import reference_adapter


def call(rule: str, input: dict[str, Any]) -> Any:
    if rule == "piquet.sequence_value" and input.get("length") == 5:
        os._exit(3)
    return reference_adapter.call(rule, input)
