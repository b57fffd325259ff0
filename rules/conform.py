"""Run the conformance vectors against any implementation through an adapter.

Adapter protocol (full text: ``rules/ADAPTER.md``)
--------------------------------------------------

*Python module.* ``stichwort conform my_package.my_adapter`` imports the module (a
path ending in ``.py`` is loaded from that file) and calls, for every vector::

    call(rule: str, input: dict) -> JSON value

``rule`` is a vector's rule name (``"piquet.sequence_value"``), ``input`` its JSON
input (cards as strings such as ``"AS"``, ``"10H"``). The return value must equal the
vector's ``expected`` after a JSON round trip. Raise ``NotImplementedError`` for a rule
the implementation does not support: its vectors are reported as *skipped*, not failed.
Any other exception fails the vector.

*Any program.* ``stichwort conform exec:"node my_adapter.js"`` starts the command once
and speaks JSON lines: for each vector one line ``{"rule": ..., "input": ...}`` is
written to its standard input, and it must answer with one line, either
``{"output": <value>}``, ``{"error": "<message>"}`` (the vector fails) or
``{"unsupported": true}`` (skipped). Its standard error passes through. When all
vectors are done its standard input is closed.

The report lists, per rule, passed/failed/skipped counts and every failing vector with
its paragraph id, expected value and what the adapter gave; the exit status is 1 if any
vector failed, else 0.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import select
import shlex
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from rules.errors import RulesError

JSON = Any
DEFAULT_VECTORS = Path("build") / "vectors"
ANSWER_TIMEOUT = 30.0


class Unsupported(Exception):
    """The adapter does not implement a rule."""


class Refused(Exception):
    """The implementation under test raised the project's own error for an input."""


# ---------------------------------------------------------------- adapters


def _load_module(spec: str) -> ModuleType:
    if spec.endswith(".py"):
        path = Path(spec)
        if not path.exists():
            raise RulesError(f"adapter file {path} not found")
        module_spec = importlib.util.spec_from_file_location(path.stem, path)
        if module_spec is None or module_spec.loader is None:
            raise RulesError(f"cannot load adapter file {path}")
        module = importlib.util.module_from_spec(module_spec)
        module_spec.loader.exec_module(module)
        return module
    try:
        return importlib.import_module(spec)
    except ImportError as error:
        raise RulesError(f"cannot import adapter module {spec!r}: {error}") from None


class ModuleAdapter:
    """A Python module exposing ``call(rule, input)``."""

    def __init__(self, spec: str) -> None:
        module = _load_module(spec)
        call = getattr(module, "call", None)
        if not callable(call):
            raise RulesError(f"adapter {spec}: has no function call(rule, input)")
        self._call: Callable[[str, dict[str, JSON]], JSON] = call

    def __call__(self, rule: str, input: Mapping[str, JSON]) -> JSON:
        try:
            return self._call(rule, json.loads(json.dumps(input)))
        except NotImplementedError as error:
            raise Unsupported(rule) from error
        except RulesError as error:  # the implementation refused: not a failure of the run
            raise Refused(f"{type(error).__name__}: {error}") from error

    def close(self) -> None:
        """Nothing to release."""


class ExecAdapter:
    """An external program speaking JSON lines on standard input and output."""

    def __init__(self, command: str, timeout: float = ANSWER_TIMEOUT) -> None:
        argv = shlex.split(command)
        if not argv:
            raise RulesError('exec: adapter needs a command, e.g. exec:"node adapter.js"')
        self.command = command
        self.timeout = timeout
        try:
            self._process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as error:
            raise RulesError(f"cannot start adapter {command!r}: {error}") from None

    def __call__(self, rule: str, input: Mapping[str, JSON]) -> JSON:
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        request = json.dumps({"rule": rule, "input": input}, ensure_ascii=False)
        try:
            process.stdin.write(request + "\n")
            process.stdin.flush()
        except BrokenPipeError:
            raise RulesError(f"adapter {self.command!r} exited (status {process.poll()})") from None
        ready, _, _ = select.select([process.stdout], [], [], self.timeout)
        if not ready:
            raise RulesError(f"adapter {self.command!r} gave no answer within {self.timeout:g} s")
        line = process.stdout.readline()
        if not line:
            raise RulesError(f"adapter {self.command!r} exited (status {process.wait()})")
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise ValueError(
                f"adapter answered with a line that is not JSON: {line[:80]!r}"
            ) from None
        if not isinstance(answer, dict):
            raise ValueError(f"adapter answer must be an object, got {line[:80]!r}")
        if answer.get("unsupported"):
            raise Unsupported(rule)
        if "error" in answer:
            raise ValueError(f"adapter error: {answer['error']}")
        if "output" not in answer:
            raise ValueError(f"adapter answer has neither 'output' nor 'error': {line[:80]!r}")
        return answer["output"]

    def close(self) -> None:
        """Close the program's input and wait for it to end."""
        process = self._process
        if process.stdin:
            process.stdin.close()
        try:
            process.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout:
            process.stdout.close()


def make_adapter(spec: str) -> ModuleAdapter | ExecAdapter:
    """The adapter named by ``spec``: ``exec:COMMAND``, a module name, or a ``.py`` file."""
    if spec.startswith("exec:"):
        return ExecAdapter(spec[len("exec:") :])
    return ModuleAdapter(spec)


# ---------------------------------------------------------------- vectors


def load_vectors(paths: list[Path] | None) -> list[dict[str, JSON]]:
    """Vectors from files (default ``build/vectors/*.json``; generated in memory if absent)."""
    if paths is None:
        paths = sorted(
            p for p in DEFAULT_VECTORS.glob("*.json") if not p.name.endswith(".schema.json")
        )
        if not paths:
            from rules.vectors import vectors_documents

            return [v for doc in vectors_documents().values() for v in doc["vectors"]]
    vectors: list[dict[str, JSON]] = []
    for path in paths:
        try:
            document = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise RulesError(f"{path}: vector file not found") from None
        except json.JSONDecodeError as error:
            raise RulesError(f"{path}: not JSON: {error}") from None
        if not isinstance(document, dict) or not isinstance(document.get("vectors"), list):
            raise RulesError(f"{path}: not a vector file (no 'vectors' list)")
        vectors.extend(document["vectors"])
    if not vectors:
        raise RulesError("no vectors to run")
    return vectors


# ---------------------------------------------------------------- running and reporting


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


def run_vectors(
    adapter: Callable[[str, Mapping[str, JSON]], JSON], vectors: list[dict[str, JSON]]
) -> list[RuleReport]:
    """Run every vector through ``adapter``; one report per rule, sorted by rule name."""
    reports: dict[str, RuleReport] = {}
    for vector in vectors:
        rule = str(vector["rule"])
        report = reports.setdefault(rule, RuleReport(rule))
        rejects = bool(vector.get("rejects"))
        failure: dict[str, JSON] = {
            "id": vector["id"],
            "paragraph": vector.get("paragraph", ""),
            "input": vector["input"],
            "expected": "a refusal" if rejects else vector["expected"],
        }
        try:
            got = json.loads(json.dumps(adapter(rule, vector["input"])))
        except Unsupported:
            report.skipped += 1
            continue
        except RulesError:
            raise
        except Exception as error:  # the implementation under test may raise anything
            if rejects:
                report.passed += 1
                continue
            failure["error"] = f"{type(error).__name__}: {error}"
            report.failed += 1
            report.failures.append(failure)
            continue
        if not rejects and got == vector["expected"]:
            report.passed += 1
        else:
            failure["got"] = got
            report.failed += 1
            report.failures.append(failure)
    return [reports[name] for name in sorted(reports)]


def _dump(value: JSON) -> str:
    return json.dumps(value, ensure_ascii=False)


def format_report(spec: str, reports: list[RuleReport]) -> str:
    """The human-readable report: a table per rule, then every failing vector."""
    total = {k: sum(getattr(r, k) for r in reports) for k in ("passed", "failed", "skipped")}
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
            lines.append("")
            lines.append(f"FAILED {f['id']} ({f['paragraph']}) rule {r.rule}")
            lines.append(f"  input    {_dump(f['input'])}")
            lines.append(f"  expected {_dump(f['expected'])}")
            lines.append(
                f"  got      {_dump(f['got'])}" if "got" in f else f"  error    {f['error']}"
            )
    return "\n".join(lines) + "\n"


def conform_command(module: str, vectors: list[Path] | None, as_json: bool) -> int:
    """``stichwort conform``: run the vectors through an adapter, print a report.

    Returns 1 if any vector failed, else 0 (skipped vectors do not fail).
    """
    loaded = load_vectors(vectors)
    adapter = make_adapter(module)
    try:
        reports = run_vectors(adapter, loaded)
    finally:
        adapter.close()
    failed = sum(r.failed for r in reports)
    if as_json:
        summary = {k: sum(getattr(r, k) for r in reports) for k in ("passed", "failed", "skipped")}
        payload = {
            "adapter": module,
            "vectors": len(loaded),
            "summary": summary,
            "rules": [r.to_json() for r in reports],
        }
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(format_report(module, reports))
    return 1 if failed else 0
