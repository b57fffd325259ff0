"""Claims: a verbatim quote of one paragraph's reading text, checked by executable cases.

A :class:`Claim` says "the source says *this* (``quote``, in ``paragraph``), and the rule
``rule`` computes *that*" (``cases``: JSON input and expected JSON output). Checking a
claim means two things, both reported by :func:`run_claims`:

1. the quote still stands in the edition's reading text of the paragraph (compared with
   all white space folded to single spaces), so text and code cannot drift apart;
2. every case, run through the reference adapter (:mod:`rules.reference_adapter`),
   gives exactly the expected JSON value.

The same cases are exported as language-agnostic vectors by :mod:`rules.vectors`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.errors import RulesError
from rules.registry import get_rule
from tei.normal import fold

__all__ = [
    "Case",
    "Claim",
    "all_claims",
    "check_case",
    "fold",
    "run_claims",
]

JSON = Any
CLAIM_MODULES: tuple[str, ...] = ("rules.piquet_claims",)
_ID = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")


@dataclass(frozen=True, slots=True)
class Case:
    """One executable case: JSON ``input`` for the rule and the ``expected`` JSON output."""

    input: Mapping[str, JSON]
    expected: JSON
    name: str = ""


@dataclass(frozen=True, slots=True)
class Claim:
    """A quote from one paragraph's reading text and the cases that make it executable."""

    id: str
    paragraph: str
    quote: str
    rule: str
    cases: tuple[Case, ...]
    note: str = ""

    def __post_init__(self) -> None:
        if not _ID.match(self.id):
            raise RulesError(
                f"claim id {self.id!r}: lower-case dotted words, e.g. piquet.point.tie"
            )
        if not self.cases:
            raise RulesError(f"claim {self.id}: needs at least one case")
        if not self.quote.strip():
            raise RulesError(f"claim {self.id}: empty quote")

    def case_ids(self) -> list[str]:
        """Stable ids of the cases: ``<claim id>.<case name or number>``."""
        return [f"{self.id}.{c.name or i + 1}" for i, c in enumerate(self.cases)]


def all_claims() -> list[Claim]:
    """Every claim of every game, in definition order; ids are unique."""
    import importlib

    claims: list[Claim] = []
    for module in CLAIM_MODULES:
        claims.extend(importlib.import_module(module).CLAIMS)
    seen: set[str] = set()
    for claim in claims:
        if claim.id in seen:
            raise RulesError(f"duplicate claim id {claim.id}")
        seen.add(claim.id)
    return claims


Adapter = Callable[[str, Mapping[str, JSON]], JSON]


def _reference() -> Adapter:
    from rules.reference_adapter import call

    return lambda rule, data: call(rule, dict(data))


def check_case(rule: str, case: Case, adapter: Adapter | None = None) -> str | None:
    """Run one case; ``None`` if it passes, else a one-line reason (expected vs got)."""
    call = adapter or _reference()
    try:
        got = call(rule, dict(case.input))
    except NotImplementedError:
        return f"rule {rule} is not implemented by the adapter"
    except Exception as error:  # an adapter may raise anything; report it, don't crash
        return f"{type(error).__name__}: {error}"
    got = json.loads(json.dumps(got))
    if got != case.expected:
        return (
            f"input {json.dumps(case.input, ensure_ascii=False)}: expected "
            f"{json.dumps(case.expected, ensure_ascii=False)}, got {json.dumps(got, ensure_ascii=False)}"
        )
    return None


def _load_paragraphs(tei_dir: Path, siglum: str) -> dict[str, Any]:
    path = Path(tei_dir) / f"{siglum}.xml"
    try:
        from tei.layers import load_paragraphs
    except ImportError as error:
        raise RulesError(
            f"cannot check quotes: the tei package is not available ({error})"
        ) from None
    if not path.exists():
        raise RulesError(f"{path} is missing: build the TEI first (`stichwort build`)")
    return load_paragraphs(path)


def evaluate(
    claims: Iterable[Claim],
    readings: Mapping[str, str],
    urns: Mapping[str, str] | None = None,
    adapter: Adapter | None = None,
) -> list[dict[str, JSON]]:
    """Check quotes against ``readings`` (paragraph id -> reading text) and run all cases."""
    results: list[dict[str, JSON]] = []
    for claim in claims:
        problems: list[str] = []
        reading = readings.get(claim.paragraph)
        if reading is None:
            problems.append(f"paragraph {claim.paragraph} is not in the edition")
        elif fold(claim.quote) not in fold(reading):
            problems.append(f"quote not found in the reading text of {claim.paragraph}")
        try:
            info = get_rule(claim.rule)
        except RulesError as error:
            problems.append(str(error))
            info = None
        cases = []
        for case_id, case in zip(claim.case_ids(), claim.cases, strict=True):
            reason = check_case(claim.rule, case, adapter)
            cases.append({"id": case_id, "status": "passed" if reason is None else "failed"})
            if reason:
                problems.append(f"{case_id}: {reason}")
        if info is not None and claim.paragraph not in info.paragraphs:
            problems.append(f"rule {claim.rule} does not cite {claim.paragraph}")
        notes = [claim.note] if claim.note else []
        if info is not None:
            notes += [e.describe() for e in info.emendations if e.paragraph == claim.paragraph]
        result: dict[str, JSON] = {
            "id": claim.id,
            "paragraph": claim.paragraph,
            "quote": claim.quote,
            "rules": [claim.rule],
            "status": "failed" if problems else "passed",
            "note": "; ".join(problems) if problems else " ".join(notes),
            "cases": cases,
        }
        if urns and urns.get(claim.paragraph):
            result["urn"] = urns[claim.paragraph]
        results.append(result)
    return results


def run_claims(tei_dir: Path, out: Path, adapter: Adapter | None = None) -> list[dict[str, JSON]]:
    """Check every claim against the TEI in ``tei_dir`` and the rules; write ``out`` as JSON.

    Each result is ``{"id", "paragraph", "quote", "rules", "status", "note", "cases",
    "urn"?}``; ``status`` is ``passed`` or ``failed``; ``note`` says why a claim failed,
    or carries the claim's note and the emendations its rule records for the paragraph.
    """
    from normalise.textio import atomic_write

    claims = all_claims()
    sigla = sorted({c.paragraph.split(".", 1)[0] for c in claims})
    readings: dict[str, str] = {}
    urns: dict[str, str] = {}
    for siglum in sigla:
        for pid, paragraph in _load_paragraphs(Path(tei_dir), siglum).items():
            readings[pid] = paragraph.reading
            urns[pid] = paragraph.urn
    results = evaluate(claims, readings, urns, adapter)
    atomic_write(Path(out), json.dumps(results, ensure_ascii=False, indent=2) + "\n")
    return results
