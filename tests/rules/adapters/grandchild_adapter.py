"""Starts a sleeping grandchild when loaded (its pid is appended to $GRANDCHILD_PIDS), then
hangs on the Quinte. The runner must kill the grandchild with the adapter's process
group, both on the timeout and when the run ends.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

from rules import reference_adapter

_child = subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(1000)"], stdout=subprocess.DEVNULL
)
with open(os.environ["GRANDCHILD_PIDS"], "a", encoding="utf-8") as pids:
    pids.write(f"{_child.pid}\n")


def call(rule: str, input: dict[str, Any]) -> Any:
    if rule == "piquet.sequence_value" and input.get("length") == 5:
        time.sleep(1000)
    return reference_adapter.call(rule, input)
