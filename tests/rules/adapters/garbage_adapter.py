"""Prints junk on standard output at import and on every call (that must not disturb the
protocol), and returns values that are not JSON or far too long for some vectors.

- sequence_value 3: a set; sequence_value 4: NaN; sequence_value 5: 2 MiB of text;
- everything else: the right answer.
"""

from __future__ import annotations

import os
from typing import Any

from rules import reference_adapter

print("garbage at import {not json")


def call(rule: str, input: dict[str, Any]) -> Any:
    print("garbage on stdout", rule)
    os.write(1, b"raw garbage on file descriptor 1\n")
    if rule == "piquet.sequence_value":
        length = input.get("length")
        if length == 3:
            return {3, 4}
        if length == 4:
            return float("nan")
        if length == 5:
            return "x" * (2 * 1024 * 1024)
    return reference_adapter.call(rule, input)
