"""Run the conformance vectors against any implementation through an adapter.

The protocol is described for engine authors in ``rules/ADAPTER.md``. In short:

*Any program.* ``exec:"node my_adapter.js"`` is started as a child process in a session
of its own and speaks JSON lines: one request ``{"rule": ..., "input": ...}`` per
vector on its standard input, one answer line on its standard output:
``{"output": <value>}``, ``{"error": "<message>"}`` (the implementation refuses the
input) or ``{"unsupported": true}`` (skipped).

*A Python module* (``my_package.my_adapter`` or ``path/to/adapter.py``) defining
``call(rule, input)`` is served by :mod:`rules.adapter_host` in a child process over the
same protocol; it is never imported into the runner.

Every vector ends passed, failed or skipped, whatever the adapter does: an answer must
come within the per-vector timeout and fit in the answer bound, otherwise the adapter's
whole process group is killed, the vector fails with the reason, and the adapter is
restarted for the remaining vectors (after :data:`MAX_CONSECUTIVE_DEATHS` deaths in a row
the rest fail as "adapter unusable"). Vector files are checked against
``rules/schema/vectors.schema.json`` before anything runs.

Exit status of :func:`conform_command`: 0 when no vector failed (skips allowed), 1 when
any failed; the vector files or the adapter being unusable raise :class:`RulesError`,
which the CLI turns into a one-line message and exit status 2.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import re
import selectors
import shlex
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rules.errors import RulesError

JSON = Any
DEFAULT_VECTORS = Path("build") / "vectors"
SCHEMA_PATH = Path(__file__).resolve().parent / "schema" / "vectors.schema.json"
PACKAGE_ROOT = Path(__file__).resolve().parent.parent

DEFAULT_TIMEOUT = 30.0
"""Seconds an adapter may take to answer one vector."""
DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024
"""The longest answer line read from an adapter, in bytes (newline excluded)."""
LOAD_TIMEOUT = 30.0
"""Seconds a Python adapter module may take to load (at least the per-vector timeout)."""
CLOSE_GRACE = 5.0
"""Seconds an adapter gets to exit after its standard input is closed."""
MAX_CONSECUTIVE_DEATHS = 5
"""After this many deaths in a row (crash, timeout, oversize answer) the adapter is given up."""
MAX_DEPTH = 256
"""Deepest nesting of arrays and objects accepted in an answer or a vector."""
KEEP_ANSWER_BYTES = 64 * 1024
"""Larger answers of failing vectors are reported by an excerpt, not kept whole."""
EXCERPT_CHARS = 400
CHUNK = 64 * 1024

_FORMAT_1 = re.compile(r"vectors format 1$")
_TRANSCRIPT = ".transcript"

Outcome = Literal["passed", "failed", "skipped"]


# ---------------------------------------------------------------- JSON helpers


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def parse_json(text: str) -> JSON:
    """Strict JSON: ``NaN`` and ``Infinity`` are refused (``ValueError``)."""
    return json.loads(text, parse_constant=_reject_constant)


def json_equal(a: JSON, b: JSON) -> bool:
    """Equality of JSON values: key order ignored, list order kept, ``true`` is not ``1``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def json_depth(value: JSON) -> int:
    """How deeply arrays and objects nest in ``value`` (a scalar is 0), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = (
            item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        )
        if children is None:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def _dump(value: JSON) -> str:
    return json.dumps(value, ensure_ascii=False)


def _clip(text: str, limit: int = EXCERPT_CHARS) -> str:
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit} more characters)"


# ---------------------------------------------------------------- vector files


def _json_path(parts: Iterable[str | int]) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _where(label: str, document: JSON, parts: list[str | int]) -> str:
    """``file: vector 'id' ($.vectors[3].input)`` for a place in a vector document."""
    if len(parts) >= 2 and parts[0] == "vectors" and isinstance(parts[1], int):
        vectors = document.get("vectors") if isinstance(document, dict) else None
        vector = vectors[parts[1]] if isinstance(vectors, list) else None
        if isinstance(vector, dict) and isinstance(vector.get("id"), str):
            return f"{label}: vector {vector['id']!r} ({_json_path(parts)})"
        return f"{label}: vector {parts[1]} ({_json_path(parts)})"
    return f"{label}: {_json_path(parts)}"


def _schema_message(error: Any) -> str:
    """A short message for a jsonschema error (instances are not repeated at length)."""
    if error.validator == "not" and error.validator_value == {"required": ["expected"]}:
        return "a vector of kind 'rejection' has 'rejects': true and no 'expected'"
    if error.validator == "not" and error.validator_value == {"required": ["rejects"]}:
        return "'rejects' belongs only to vectors of kind 'rejection'"
    if error.validator == "const" and error.path and error.path[-1] == "rejects":
        return "'rejects' must be true"
    return _clip(error.message, 300)


def _error_key(error: Any) -> list[tuple[int, str]]:
    return [(0, f"{p:09d}") if isinstance(p, int) else (1, str(p)) for p in error.absolute_path]


def _validator() -> Any:
    import jsonschema

    schema = parse_json(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _check_transcript(vector: dict[str, JSON]) -> tuple[list[str | int], str] | None:
    """Where a transcript's expected value contradicts its own actions, if anywhere."""
    actions = vector["input"]["actions"]
    legal = vector["expected"]["legal"]
    if len(legal) != len(actions):
        return ["expected", "legal"], (
            f"{len(legal)} lists of legal actions for {len(actions)} actions"
        )
    for i, (action, options) in enumerate(zip(actions, legal, strict=True)):
        if options != sorted(options):
            return ["expected", "legal", i], "legal actions not in Unicode code-point order"
        if action not in options:
            return ["input", "actions", i], f"action {action!r} is not among its legal actions"
    return None


def check_document(document: JSON, label: str, validator: Any = None) -> list[dict[str, JSON]]:
    """The vectors of one vector document, after checking it; raises :class:`RulesError`.

    The schema comes first; then what it cannot say: every rule belongs to the file's
    game, a vector's variant is declared, a transcript's legal lists match its actions
    and are sorted. Format 1 vectors (no ``kind``) are read as value vectors.
    """
    if not isinstance(document, dict) or not isinstance(document.get("vectors"), list):
        raise RulesError(f"{label}: not a vector file (an object with a 'vectors' list)")
    validator = validator or _validator()
    errors = sorted(validator.iter_errors(document), key=_error_key)
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        place = _where(label, document, list(first.absolute_path))
        raise RulesError(f"{place}: {_schema_message(first)}{more}")
    game = document["game"]
    variants = document.get("variants")
    vectors: list[dict[str, JSON]] = []
    format_1 = bool(_FORMAT_1.search(document["version"]))
    for i, vector in enumerate(document["vectors"]):
        where = _where(label, document, ["vectors", i])
        if not vector["rule"].startswith(f"{game}."):
            raise RulesError(f"{where}: rule {vector['rule']!r} is not a rule of game {game!r}")
        if variants is not None and "variant" in vector and vector["variant"] not in variants:
            raise RulesError(f"{where}: variant {vector['variant']!r} is not declared")
        if json_depth(vector) > MAX_DEPTH:
            raise RulesError(f"{where}: nested deeper than {MAX_DEPTH} levels")
        if vector.get("kind") == "transcript":
            problem = _check_transcript(vector)
            if problem:
                parts, message = problem
                raise RulesError(f"{_where(label, document, ['vectors', i, *parts])}: {message}")
        vectors.append({**vector, "kind": "value"} if format_1 else vector)
    return vectors


def read_document(path: Path) -> JSON:
    """A vector file's JSON; a one-line :class:`RulesError` if it is missing, not UTF-8 or not JSON."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise RulesError(f"{path}: vector file not found") from None
    except OSError as error:
        raise RulesError(f"{path}: cannot read: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise RulesError(
            f"{path}: not UTF-8: byte 0x{data[error.start]:02x} at offset {error.start} "
            f"(line {line})"
        ) from None
    try:
        return parse_json(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise RulesError(
            f"{path}: not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except (ValueError, RecursionError) as error:
        raise RulesError(
            f"{path}: not JSON: {_clip(str(error) or 'nested too deeply', 200)}"
        ) from None


def _expand(paths: Iterable[Path]) -> list[Path]:
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found = sorted(p for p in path.glob("*.json") if not p.name.endswith(".schema.json"))
            if not found:
                raise RulesError(f"{path}: no vector files (*.json) in this folder")
            files.extend(found)
        else:
            files.append(path)
    return files


def load_vectors(paths: Iterable[Path] | None) -> list[dict[str, JSON]]:
    """Checked vectors from files or folders (default ``build/vectors/*.json``).

    Without files the vectors are generated in memory. Raises :class:`RulesError` naming
    the file, the vector and the place for anything unusable, and for duplicate ids.
    """
    validator = _validator()
    documents: list[tuple[str, JSON]] = []
    if paths is None:
        files = sorted(
            p for p in DEFAULT_VECTORS.glob("*.json") if not p.name.endswith(".schema.json")
        )
        if not files:
            from rules.vectors import vectors_documents

            documents = [
                (f"<generated {game} vectors>", doc) for game, doc in vectors_documents().items()
            ]
    else:
        files = _expand(paths)
    documents += [(str(path), read_document(path)) for path in files]
    vectors: list[dict[str, JSON]] = []
    seen: dict[str, str] = {}
    for label, document in documents:
        for vector in check_document(document, label, validator):
            if vector["id"] in seen:
                raise RulesError(
                    f"{label}: vector {vector['id']!r} repeats an id of {seen[vector['id']]}"
                )
            seen[vector["id"]] = label
            vectors.append(vector)
    if not vectors:
        raise RulesError("no vectors to run")
    return vectors


# ---------------------------------------------------------------- adapters


@dataclass(frozen=True)
class Answer:
    """What an adapter gave for one vector.

    ``status``: ``output`` (``value`` is the answer), ``error`` (the adapter refused;
    ``message`` says why), ``unsupported``, or ``broken`` (no usable answer; ``problem``
    is ``timeout``, ``died``, ``too-long``, ``garbage`` or ``unusable`` and ``message``
    says more). ``excerpt`` replaces ``value`` in reports when the answer was longer
    than :data:`KEEP_ANSWER_BYTES`.
    """

    status: Literal["output", "error", "unsupported", "broken"]
    value: JSON = None
    message: str = ""
    size: int = 0
    excerpt: str | None = None
    problem: str = ""


class _Death(Exception):
    """The adapter process is gone or had to be killed; the message says why."""

    def __init__(self, message: str, problem: str = "died") -> None:
        super().__init__(message)
        self.problem = problem


def _exit_description(code: int | None) -> str:
    if code is None:
        return "stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"was killed by {name}"
    return f"exited with status {code}"


class AdapterProcess:
    """An adapter running as a child process in its own session, spoken to in JSON lines.

    :meth:`ask` never raises for anything the adapter does: it returns an
    :class:`Answer`. A dead, hung or flooding adapter is killed with its whole process
    group and restarted on the next request, until it has died
    :data:`MAX_CONSECUTIVE_DEATHS` times in a row.
    """

    def __init__(
        self,
        argv: list[str],
        label: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES,
        handshake: bool = False,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.argv = argv
        self.label = label
        self.timeout = timeout
        self.max_answer_bytes = max_answer_bytes
        self.handshake = handshake
        self.env = dict(env) if env is not None else None
        self.answered = 0
        self.deaths = 0
        self.unusable: str | None = None
        self._consecutive = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = bytearray()

    # -- life cycle

    def start(self) -> None:
        """Start the program (and, for a Python module, wait until it is loaded).

        Raises :class:`RulesError` when it cannot be started or loaded.
        """
        try:
            self._spawn()
        except _Death as error:
            message = str(error)
            if self.label not in message:
                message = f"adapter {self.label}: {message}"
            raise RulesError(message) from None

    def _spawn(self) -> None:
        try:
            self._process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                start_new_session=True,
                env=self.env,
                bufsize=0,
            )
        except OSError as error:
            raise _Death(f"cannot start adapter {self.label}: {error}") from None
        assert self._process.stdin is not None
        os.set_blocking(self._process.stdin.fileno(), False)
        self._buffer.clear()
        if self.handshake:
            self._await_ready()

    def _await_ready(self) -> None:
        try:
            line = self._exchange(b"", max(self.timeout, LOAD_TIMEOUT), loading=True)
        except _Death:
            self.kill()
            raise
        try:
            message = parse_json(line.decode("utf-8"))
        except (ValueError, RecursionError):
            message = None
        if isinstance(message, dict) and message.get("ready") is True:
            return
        self.kill()
        if isinstance(message, dict) and isinstance(message.get("fatal"), str):
            raise _Death(message["fatal"])
        raise _Death(f"adapter {self.label}: unexpected first line {_clip(repr(line), 80)}")

    def kill(self) -> None:
        """Kill the adapter's whole process group at once and reap the adapter."""
        process, self._process = self._process, None
        if process is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=CLOSE_GRACE)
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def close(self) -> None:
        """Close the adapter's input, give it a moment to exit, then kill what is left."""
        process = self._process
        if process is None:
            return
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=min(self.timeout, CLOSE_GRACE))
        self.kill()  # also any grandchild still in the adapter's process group

    def __enter__(self) -> AdapterProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- one request

    def _exchange(self, request: bytes, timeout: float, loading: bool = False) -> bytes:
        """Write ``request``, read one answer line within ``timeout``; raises :class:`_Death`."""
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        out_fd, in_fd = process.stdout.fileno(), process.stdin.fileno()
        pending = memoryview(request)
        deadline = time.monotonic() + timeout
        scanned = 0
        with selectors.DefaultSelector() as selector:
            selector.register(out_fd, selectors.EVENT_READ)
            writing = False
            while True:
                newline = self._buffer.find(b"\n", scanned)
                if newline < 0:
                    scanned = len(self._buffer)
                limit = newline if newline >= 0 else len(self._buffer)
                if limit > self.max_answer_bytes:
                    self.kill()
                    raise _Death(
                        f"answer longer than {self.max_answer_bytes} bytes "
                        "(--max-answer-bytes); adapter killed",
                        "too-long",
                    )
                if newline >= 0:
                    if pending:
                        self.kill()
                        raise _Death("adapter answered before reading the whole request; killed")
                    with memoryview(self._buffer) as view:
                        line = bytes(view[:newline])  # one copy, even of a 16 MiB line
                    del self._buffer[: newline + 1]
                    return line.removesuffix(b"\r")
                if pending and not writing:
                    selector.register(in_fd, selectors.EVENT_WRITE)
                    writing = True
                elif not pending and writing:
                    selector.unregister(in_fd)
                    writing = False
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self.kill()
                    what = "did not load" if loading else "gave no answer"
                    raise _Death(
                        f"timeout: adapter {what} within {timeout:g} s; adapter killed", "timeout"
                    )
                events = selector.select(min(remaining, 0.25))
                if not events and process.poll() is not None:
                    raise _Death(self._ended())  # even if a grandchild keeps the pipe open
                for key, _events in events:
                    if key.fd == in_fd and pending:
                        try:
                            written = os.write(in_fd, pending[:CHUNK])
                            pending = pending[written:]
                        except BlockingIOError:
                            pass
                        except (BrokenPipeError, ConnectionResetError):
                            pending = memoryview(b"")  # it died: the read side will tell
                    elif key.fd == out_fd:
                        chunk = os.read(out_fd, CHUNK)
                        if not chunk:
                            raise _Death(self._ended())
                        self._buffer += chunk

    def _ended(self) -> str:
        """Why the adapter's output ended; the adapter is killed and reaped."""
        process = self._process
        assert process is not None
        try:
            code: int | None = process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        self.kill()
        if code is None:
            return f"adapter closed its output and {_exit_description(code)}; adapter killed"
        return f"adapter {_exit_description(code)} before answering"

    def _died(self, reason: str, problem: str = "died") -> Answer:
        self.deaths += 1
        self._consecutive += 1
        if self._consecutive >= MAX_CONSECUTIVE_DEATHS:
            self.unusable = (
                f"adapter unusable: it died on {self._consecutive} vectors in a row "
                f"(last: {reason})"
            )
        return Answer("broken", message=reason, problem=problem)

    def ask(self, rule: str, input: Mapping[str, JSON]) -> Answer:
        """The adapter's answer to one vector; never raises for anything the adapter does."""
        if self.unusable:
            return Answer("broken", message=self.unusable, problem="unusable")
        if self._process is None or self._process.poll() is not None:
            if self._process is not None:
                reason = self._ended()
                return self._died(reason)
            try:
                self._spawn()
            except _Death as error:
                return self._died(str(error))
        self._drain()
        request = _dump({"rule": rule, "input": input}).encode("utf-8") + b"\n"
        try:
            line = self._exchange(request, self.timeout)
        except _Death as error:
            return self._died(str(error), error.problem)
        self._consecutive = 0
        self.answered += 1
        return self._decode(line)

    def _drain(self) -> None:
        """Drop output nobody asked for (say, two lines for one request) before a request."""
        process = self._process
        assert process is not None and process.stdout is not None
        dropped = len(self._buffer)
        self._buffer.clear()
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while dropped <= self.max_answer_bytes and selector.select(0):
                chunk = os.read(fd, CHUNK)
                if not chunk:
                    break  # the output ended: the request will find out
                dropped += len(chunk)
        if dropped:
            sys.stderr.write(
                f"conform: adapter {self.label} wrote {dropped} bytes nobody asked for; ignored\n"
            )

    def _decode(self, line: bytes) -> Answer:
        size = len(line)
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as error:
            return Answer(
                "broken",
                problem="garbage",
                message=f"answer is not UTF-8 (byte {error.start})",
                size=size,
            )
        try:
            answer = parse_json(text)
        except (ValueError, RecursionError) as error:
            return Answer(
                "broken",
                message=f"answer is not JSON ({_clip(str(error) or type(error).__name__, 120)}): "
                f"{_clip(repr(text), 120)}",
                size=size,
            )
        if not isinstance(answer, dict):
            return Answer(
                "broken",
                problem="garbage",
                message=f"answer is not a JSON object: {_clip(text, 120)}",
            )
        keys = [k for k in ("output", "error", "unsupported") if k in answer]
        if "invalid" in answer and not keys:
            return Answer("broken", problem="garbage", message=str(answer["invalid"]), size=size)
        if len(keys) != 1 or ("unsupported" in keys and answer["unsupported"] is not True):
            return Answer(
                "broken",
                message="answer must have exactly one of 'output', 'error', "
                f"'unsupported': true; got {_clip(text, 120)}",
                size=size,
            )
        if keys == ["unsupported"]:
            return Answer("unsupported", size=size)
        if json_depth(answer) > MAX_DEPTH:
            return Answer(
                "broken", problem="garbage", message=f"answer nested deeper than {MAX_DEPTH} levels"
            )
        if keys == ["error"]:
            error = answer["error"]
            text = error if isinstance(error, str) else _dump(error)
            return Answer("error", message=_clip(text, 2000))
        if size > KEEP_ANSWER_BYTES:
            return Answer("output", answer["output"], size=size, excerpt=_clip(text, EXCERPT_CHARS))
        return Answer("output", answer["output"], size=size)


def make_adapter(
    spec: str,
    timeout: float = DEFAULT_TIMEOUT,
    max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES,
) -> AdapterProcess:
    """Start the adapter named by ``spec``: ``exec:COMMAND``, a module name or a ``.py`` file.

    Raises :class:`RulesError` (one line) when the spec cannot be parsed, the file is
    missing, the program cannot be started or the module cannot be loaded.
    """
    if spec.startswith("exec:"):
        command = spec[len("exec:") :]
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise RulesError(f"adapter {spec!r}: cannot parse the command: {error}") from None
        if not argv:
            raise RulesError('exec: adapter needs a command, e.g. exec:"node adapter.js"')
        adapter = AdapterProcess(argv, spec, timeout=timeout, max_answer_bytes=max_answer_bytes)
    else:
        if not spec or spec.startswith("-"):
            raise RulesError(
                f"adapter {spec!r}: expected a module name, a .py file or exec:COMMAND"
            )
        if spec.endswith(".py") and not Path(spec).is_file():
            raise RulesError(f"adapter file {spec} not found")
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p] + [str(PACKAGE_ROOT)]
        )
        adapter = AdapterProcess(
            [sys.executable, "-m", "rules.adapter_host", "--ready", spec],
            spec,
            timeout=timeout,
            max_answer_bytes=max_answer_bytes,
            handshake=True,
            env=env,
        )
    adapter.start()
    return adapter


# ---------------------------------------------------------------- judging and running


def vector_paragraphs(vector: Mapping[str, JSON]) -> list[str]:
    """The paragraph ids a vector checks: ``paragraph`` first, then ``paragraphs``."""
    out: list[str] = []
    for pid in [vector.get("paragraph"), *vector.get("paragraphs", [])]:
        if isinstance(pid, str) and pid not in out:
            out.append(pid)
    return out


def _first_difference(expected: JSON, got: JSON) -> str | None:
    """For a transcript: the first action whose legal actions differ, or the scores."""
    if not isinstance(expected, dict) or not isinstance(got, dict):
        return None
    legal, got_legal = expected.get("legal"), got.get("legal")
    if isinstance(legal, list) and isinstance(got_legal, list):
        for i, options in enumerate(legal):
            if i >= len(got_legal) or not json_equal(options, got_legal[i]):
                return f"legal actions before action {i} differ first"
        if len(got_legal) != len(legal):
            return f"{len(got_legal)} lists of legal actions for {len(legal)} actions"
    if not json_equal(expected.get("scores"), got.get("scores")):
        return "scores differ"
    return None


def judge(vector: Mapping[str, JSON], answer: Answer) -> tuple[Outcome, dict[str, JSON] | None]:
    """The outcome of one vector given the adapter's answer, and the failure record."""
    if answer.status == "unsupported":
        return "skipped", None
    rejects = vector.get("rejects") is True
    paragraphs = vector_paragraphs(vector)
    failure: dict[str, JSON] = {
        "id": vector["id"],
        "kind": vector.get("kind", "value"),
        "paragraph": paragraphs[0] if paragraphs else "",
        "paragraphs": paragraphs,
        "input": vector["input"],
    }
    if rejects:
        failure["rejects"] = True
    else:
        failure["expected"] = vector["expected"]
    if answer.status == "broken":
        failure["problem"] = answer.problem
        failure["reason"] = answer.message
        return "failed", failure
    if answer.status == "error":
        if rejects:
            return "passed", None
        failure["problem"] = "error"
        failure["error"] = answer.message
        return "failed", failure
    if not rejects and json_equal(answer.value, vector["expected"]):
        return "passed", None
    if answer.excerpt is not None:
        failure["got_excerpt"] = f"(an answer of {answer.size} bytes) {answer.excerpt}"
    else:
        failure["got"] = answer.value
    failure["problem"] = "not-refused" if rejects else "mismatch"
    if rejects:
        failure["reason"] = "the input must be refused, but the adapter answered a value"
    elif failure["kind"] == "transcript":
        detail = _first_difference(vector["expected"], answer.value)
        if detail:
            failure["detail"] = detail
    return "failed", failure


@dataclass
class Result:
    """One vector's outcome."""

    vector: Mapping[str, JSON]
    outcome: Outcome
    failure: dict[str, JSON] | None
    seconds: float


@dataclass
class RuleReport:
    """The outcome of one rule's vectors."""

    rule: str
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    failures: list[dict[str, JSON]] = field(default_factory=list)

    def to_json(self) -> dict[str, JSON]:
        """As a JSON-ready dict."""
        return {
            "rule": self.rule,
            "passed": self.passed,
            "failed": self.failed,
            "skipped": self.skipped,
            "failures": self.failures,
        }


Progress = Callable[[int, int, int, str], None]


def progress_printer(stream: Any = None, every: int = 100, seconds: float = 5.0) -> Progress:
    """A progress callback writing ``conform: 100/151 vectors (piquet), 2 failed`` lines."""
    state = {"last": time.monotonic(), "game": ""}

    def report(done: int, total: int, failed: int, game: str) -> None:
        now = time.monotonic()
        if (
            game != state["game"]
            or done % every == 0
            or done == total
            or now - state["last"] >= seconds
        ):
            state["game"], state["last"] = game, now
            out = stream or sys.stderr
            out.write(f"conform: {done}/{total} vectors ({game}), {failed} failed\n")
            out.flush()

    return report


def run_all(
    adapter: AdapterProcess, vectors: list[dict[str, JSON]], progress: Progress | None = None
) -> list[Result]:
    """Every vector through ``adapter``, in order; nothing the adapter does ends the run."""
    results: list[Result] = []
    failed = 0
    for done, vector in enumerate(vectors, 1):
        started = time.monotonic()
        answer = adapter.ask(vector["rule"], vector["input"])
        outcome, failure = judge(vector, answer)
        failed += outcome == "failed"
        results.append(Result(vector, outcome, failure, time.monotonic() - started))
        if progress:
            progress(done, len(vectors), failed, vector["rule"].split(".", 1)[0])
    return results


def rule_reports(results: Iterable[Result]) -> list[RuleReport]:
    """One report per rule, sorted by rule name."""
    reports: dict[str, RuleReport] = {}
    for result in results:
        rule = str(result.vector["rule"])
        report = reports.setdefault(rule, RuleReport(rule))
        setattr(report, result.outcome, getattr(report, result.outcome) + 1)
        if result.failure is not None:
            report.failures.append(result.failure)
    return [reports[name] for name in sorted(reports)]


def run_vectors(
    adapter: AdapterProcess, vectors: list[dict[str, JSON]], progress: Progress | None = None
) -> list[RuleReport]:
    """Run every vector through ``adapter``; one report per rule, sorted by rule name."""
    return rule_reports(run_all(adapter, vectors, progress))


# ---------------------------------------------------------------- reports


def _totals(reports: list[RuleReport]) -> dict[str, int]:
    return {k: sum(getattr(r, k) for r in reports) for k in ("passed", "failed", "skipped")}


def failure_lines(f: Mapping[str, JSON]) -> list[str]:
    """The indented lines describing one failure (input, expected, got or reason)."""
    lines = [f"  input    {_clip(_dump(f['input']), 2000)}"]
    if f.get("rejects"):
        lines.append('  expected a refusal (an exception, or {"error": ...})')
    else:
        lines.append(f"  expected {_clip(_dump(f['expected']), 2000)}")
    if "got" in f:
        lines.append(f"  got      {_clip(_dump(f['got']), 2000)}")
    if "got_excerpt" in f:
        lines.append(f"  got      {f['got_excerpt']}")
    if "error" in f:
        lines.append(f"  error    {f['error']}")
    if "detail" in f:
        lines.append(f"  where    {f['detail']}")
    if "reason" in f:
        lines.append(f"  problem  {f['reason']}")
    return lines


def format_report(spec: str, reports: list[RuleReport], unusable: str | None = None) -> str:
    """The human-readable report: a table per rule, then every failing vector."""
    total = _totals(reports)
    count = sum(total.values())
    width = max([len(r.rule) for r in reports] + [4])
    lines = [
        f"conform {spec}: {count} vectors, {total['passed']} passed, "
        f"{total['failed']} failed, {total['skipped']} skipped",
        "",
        f"{'rule':<{width}}  passed  failed  skipped",
    ]
    for r in reports:
        lines.append(f"{r.rule:<{width}}  {r.passed:>6}  {r.failed:>6}  {r.skipped:>7}")
    for r in reports:
        for f in r.failures:
            paragraphs = ", ".join(f["paragraphs"]) or "no paragraph"
            lines.append("")
            lines.append(f"FAILED {f['id']} ({paragraphs}) rule {r.rule}")
            lines.extend(failure_lines(f))
    if unusable:
        lines += ["", unusable]
    return "\n".join(lines) + "\n"


_XML_BAD = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str) -> str:
    """``text`` with the characters XML 1.0 cannot carry written as ``\\uXXXX``."""
    return _XML_BAD.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def junit_xml(spec: str, results: list[Result]) -> bytes:
    """JUnit XML: one testsuite per game, one testcase per vector (classname = rule)."""
    by_game: dict[str, list[Result]] = {}
    for result in results:
        by_game.setdefault(str(result.vector["rule"]).split(".", 1)[0], []).append(result)

    def counts(items: list[Result]) -> dict[str, str]:
        return {
            "tests": str(len(items)),
            "failures": str(sum(r.outcome == "failed" for r in items)),
            "errors": "0",
            "skipped": str(sum(r.outcome == "skipped" for r in items)),
            "time": f"{sum(r.seconds for r in items):.3f}",
        }

    root = ET.Element(
        "testsuites", {"name": _xml_text(f"stichwort conform {spec}"), **counts(results)}
    )
    for game, items in by_game.items():
        suite = ET.SubElement(root, "testsuite", {"name": game, **counts(items)})
        props = ET.SubElement(suite, "properties")
        ET.SubElement(props, "property", {"name": "adapter", "value": _xml_text(spec)})
        for r in items:
            case = ET.SubElement(
                suite,
                "testcase",
                {
                    "classname": str(r.vector["rule"]),
                    "name": str(r.vector["id"]),
                    "time": f"{r.seconds:.3f}",
                },
            )
            if r.outcome == "skipped":
                ET.SubElement(
                    case, "skipped", {"message": "the adapter does not support this rule"}
                )
            elif r.failure is not None:
                f = r.failure
                paragraphs = ", ".join(f["paragraphs"]) or "no paragraph"
                summary = f.get("reason") or f.get("detail") or f.get("error")
                if not summary:
                    got = _dump(f["got"]) if "got" in f else f.get("got_excerpt", "")
                    summary = f"expected {_clip(_dump(f['expected']), 100)}, got {_clip(got, 100)}"
                body = [f"paragraphs: {paragraphs}"]
                if r.vector.get("urn"):
                    body.append(f"urn: {r.vector['urn']}")
                if r.vector.get("quote"):
                    body.append(f"quote: {r.vector['quote']}")
                body.extend(line.strip() for line in failure_lines(f))
                failure = ET.SubElement(
                    case,
                    "failure",
                    {
                        "message": _xml_text(_clip(f"{paragraphs}: {summary}", 500)),
                        "type": str(f["problem"]),
                    },
                )
                failure.text = _xml_text("\n".join(body))
    ET.indent(root)
    buffer = io.BytesIO()
    ET.ElementTree(root).write(buffer, encoding="utf-8", xml_declaration=True)
    return buffer.getvalue() + b"\n"


# ---------------------------------------------------------------- the command


def conform_command(
    module: str,
    vectors: list[Path] | None,
    as_json: bool = False,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES,
    junit: Path | None = None,
    progress: bool | None = None,
) -> int:
    """``stichwort conform``: run the vectors through an adapter, print a report.

    Returns 1 if any vector failed, else 0 (skipped vectors do not fail). Raises
    :class:`RulesError` when the vector files or the adapter cannot be used at all (the
    report and the JUnit file are still written when the run took place).
    """
    if not (timeout > 0 and math.isfinite(timeout)):
        raise RulesError(f"--timeout must be a positive number of seconds, not {timeout}")
    if max_answer_bytes < 1:
        raise RulesError(f"--max-answer-bytes must be positive, not {max_answer_bytes}")
    loaded = load_vectors(vectors)
    show = sys.stderr.isatty() if progress is None else progress
    adapter = make_adapter(module, timeout=timeout, max_answer_bytes=max_answer_bytes)
    try:
        results = run_all(adapter, loaded, progress_printer() if show else None)
    except BaseException:  # interrupted: no grace for the adapter
        adapter.kill()
        raise
    adapter.close()
    reports = rule_reports(results)
    unusable = adapter.unusable if adapter.answered == 0 else None
    if as_json:
        payload = {
            "adapter": module,
            "vectors": len(loaded),
            "summary": _totals(reports),
            "adapter_unusable": adapter.unusable,
            "rules": [r.to_json() for r in reports],
        }
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(format_report(module, reports, adapter.unusable))
    sys.stdout.flush()
    if junit is not None:
        from normalise.textio import atomic_write

        atomic_write(Path(junit), junit_xml(module, results))
    if unusable:
        raise RulesError(f"adapter {module} never answered: {unusable}")
    return 1 if any(r.failed for r in reports) else 0
