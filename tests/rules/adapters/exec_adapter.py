"""A JSON-lines adapter program with a chosen misbehaviour: ``exec_adapter.py MODE``.

It answers like ``rules.reference_adapter`` except on the Quinte (sequence_value of 5),
where MODE decides:

- ``good``: the right answer; ``hang``: no answer, ever; ``crash``: exits with status 3;
- ``exit0``: exits with status 0 on the third request, whatever it is;
- ``exit_at_start``: exits with status 0 before reading anything;
- ``error``: ``{"error": ...}`` for every sequence_value;
- ``garbage``: a line that is not JSON; also, on length 3, a JSON list, on length 4 an
  object with both ``output`` and ``error``, on length 6 bytes that are not UTF-8, and
  for every partie_units an answer nested 500 deep;
- ``huge``: a 20 MiB answer line; ``flood``: 1 GiB without a newline;
- ``two_lines``: two answer lines for one request (written at once);
- ``grandchild``: starts a sleeping grandchild that shares its standard output (pid
  appended to $GRANDCHILD_PIDS), then on the Quinte exits with status 0.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

from rules import reference_adapter


def answer(rule: str, data: dict[str, Any]) -> dict[str, Any]:
    try:
        return {"output": reference_adapter.call(rule, data)}
    except NotImplementedError:
        return {"unsupported": True}
    except Exception as error:
        return {"error": str(error)}


def send(line: bytes) -> None:
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


def main(mode: str) -> None:
    if mode == "exit_at_start":
        sys.exit(0)
    if mode == "grandchild":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1000)"])
        with open(os.environ["GRANDCHILD_PIDS"], "a", encoding="utf-8") as pids:
            pids.write(f"{child.pid}\n")
    requests = 0
    for line in sys.stdin.buffer:
        requests += 1
        request = json.loads(line)
        rule, data = request["rule"], request["input"]
        length = data.get("length") if rule == "piquet.sequence_value" else None
        if mode == "exit0" and requests == 3:
            sys.exit(0)
        if mode == "error" and rule == "piquet.sequence_value":
            send(b'{"error": "sequences are not implemented"}')
            continue
        if mode == "garbage" and length == 3:
            send(b"[15]")
            continue
        if mode == "garbage" and length == 4:
            send(b'{"output": 4, "error": "both"}')
            continue
        if mode == "garbage" and rule == "piquet.partie_units":
            send(b'{"output": ' + b"[" * 500 + b"]" * 500 + b"}")
            continue
        if mode == "garbage" and length == 6:
            send(b'{"output": "\xff\xfe"}')
            continue
        if length == 5 and mode != "good":
            if mode == "hang":
                time.sleep(1000)
            if mode == "crash":
                os._exit(3)
            if mode == "grandchild":
                sys.exit(0)
            if mode == "garbage":
                send(b"this is not JSON at all")
                continue
            if mode == "huge":
                send(b'{"output": "' + b"x" * (20 * 1024 * 1024) + b'"}')
                continue
            if mode == "flood":
                block = b"garbage " * 8192
                for _ in range((1 << 30) // len(block)):
                    sys.stdout.buffer.write(block)
                continue
            if mode == "two_lines":  # in one write, so both lines arrive together
                send(json.dumps(answer(rule, data)).encode() + b'\n{"output": "an extra line"}')
                continue
        send(json.dumps(answer(rule, data)).encode())


if __name__ == "__main__":
    main(sys.argv[1])
