"""Serve a Python adapter module over the JSON-lines protocol of ``exec:`` adapters.

``stichwort conform`` never imports an implementation under test into its own process:
it runs ``python -m rules.adapter_host [--ready] SPEC`` as a child and talks to it like
to any ``exec:`` adapter. ``SPEC`` is an importable module name or a path ending in
``.py``; the module must define ``call(rule, input)``.

For each request line ``{"rule": ..., "input": ...}`` the host answers one line:
``{"output": value}``, ``{"unsupported": true}`` (``NotImplementedError``),
``{"error": "Type: message"}`` (any other exception: the implementation refused), or
``{"invalid": "..."}`` when the return value is not JSON (the vector fails whatever its
kind). With ``--ready`` it first answers ``{"ready": true}`` once the module is
loaded, or ``{"fatal": "..."}`` (and exits 3) when it cannot be loaded.

Anything the adapter prints goes to standard error, and its standard input is empty:
the host moves file descriptors 0 and 1 aside before loading the module, so stray
reads and prints cannot corrupt the protocol.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, BinaryIO

JSON = Any
EXIT_CANNOT_LOAD = 3


class LoadError(Exception):
    """The adapter module cannot be loaded; the message says why."""


def _describe(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


def load_adapter(spec: str) -> Callable[[str, dict[str, JSON]], JSON]:
    """The ``call`` function of the module named by ``spec`` (module name or ``.py`` path)."""
    module: ModuleType
    if spec.endswith(".py"):
        path = Path(spec)
        if not path.is_file():
            raise LoadError(f"adapter file {spec} not found")
        module_spec = importlib.util.spec_from_file_location(path.stem, path)
        if module_spec is None or module_spec.loader is None:
            raise LoadError(f"cannot load adapter file {spec}")
        module = importlib.util.module_from_spec(module_spec)
        sys.path.insert(0, str(path.resolve().parent))
        sys.modules.setdefault(path.stem, module)
        try:
            module_spec.loader.exec_module(module)
        except BaseException as error:
            raise LoadError(f"cannot load adapter file {spec}: {_describe(error)}") from None
    else:
        try:
            module = importlib.import_module(spec)
        except BaseException as error:
            raise LoadError(f"cannot import adapter module {spec!r}: {_describe(error)}") from None
    call = getattr(module, "call", None)
    if not callable(call):
        raise LoadError(f"adapter {spec}: has no function call(rule, input)")
    return call  # type: ignore[no-any-return]


def answer(call: Callable[[str, dict[str, JSON]], JSON], line: bytes) -> dict[str, JSON]:
    """The answer object to one request line."""
    try:
        request = json.loads(line)
        rule, data = request["rule"], request["input"]
    except (ValueError, KeyError, TypeError) as error:
        return {"invalid": f"bad request line: {_describe(error)}"}
    try:
        value = call(rule, data)
    except NotImplementedError:
        return {"unsupported": True}
    except Exception as error:  # the implementation under test may raise anything
        return {"error": _describe(error)}
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        return {"invalid": f"the adapter returned a value that is not JSON: {_describe(error)}"}
    return {"output": value}


def _send(stream: BinaryIO, message: dict[str, JSON]) -> None:
    stream.write(json.dumps(message, ensure_ascii=False, allow_nan=False).encode("utf-8") + b"\n")
    stream.flush()


def serve(spec: str, ready: bool) -> int:
    """Load the adapter and answer requests from standard input until it is closed."""
    protocol = os.fdopen(os.dup(1), "wb")
    requests = os.fdopen(os.dup(0), "rb")
    os.dup2(2, 1)  # the adapter's own prints (and its children's) go to standard error
    sys.stdout = sys.stderr
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)  # and it cannot read the requests meant for the host
    os.close(null)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115
    try:
        call = load_adapter(spec)
    except LoadError as error:
        if ready:
            _send(protocol, {"fatal": str(error)})  # the runner reports it
        else:
            print(f"adapter_host: {error}", file=sys.stderr)
        return EXIT_CANNOT_LOAD
    if ready:
        _send(protocol, {"ready": True})
    for line in requests:
        _send(protocol, answer(call, line))
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m rules.adapter_host [--ready] SPEC``."""
    args = list(sys.argv[1:] if argv is None else argv)
    ready = "--ready" in args
    args = [a for a in args if a != "--ready"]
    if len(args) != 1:
        print("usage: python -m rules.adapter_host [--ready] MODULE|FILE.py", file=sys.stderr)
        return 2
    return serve(args[0], ready)


if __name__ == "__main__":
    sys.exit(main())
