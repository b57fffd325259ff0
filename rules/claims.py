"""Claims: a verbatim quote of one paragraph's reading text, checked by executable cases.

Claims are data: each game package holds ``claims.toml`` (schema:
``rules/schema/claims.schema.json``), which an editor can extend without Python.

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
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.errors import RulesError
from rules.registry import game_packages, get_rule
from tei.normal import fold

__all__ = [
    "Case",
    "Claim",
    "all_claims",
    "check_case",
    "claims_file",
    "fold",
    "load_claims",
    "run_claims",
]

JSON = Any
_ID = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")
SCHEMA_PATH = Path(__file__).resolve().parent / "schema" / "claims.schema.json"


@dataclass(frozen=True, slots=True)
class Case:
    """One executable case: JSON ``input`` and the ``expected`` output, or ``rejects``.

    A case that ``rejects`` says the rule must refuse the input (raise an error).
    """

    input: Mapping[str, JSON]
    expected: JSON
    name: str = ""
    rejects: bool = False


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


def claims_file(package: str) -> Path:
    """The claims file of a game package (``rules.piquet`` -> ``rules/piquet/claims.toml``)."""
    return Path(__file__).resolve().parent / package.split(".")[-1] / "claims.toml"


def _json_field(entry: Mapping[str, JSON], key: str, where: str) -> JSON:
    if key in entry:
        return entry[key]
    try:
        return json.loads(entry[f"{key}_json"])
    except json.JSONDecodeError as error:
        raise RulesError(f"{where}: {key}_json is not JSON: {error}") from None


def load_claims(path: Path) -> list[Claim]:
    """The claims of one TOML file, checked against the claims schema."""
    import jsonschema

    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise RulesError(f"{path}: cannot read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{path}: not TOML: {error}") from None
    validator = jsonschema.Draft202012Validator(_claims_schema())
    problem = next(iter(sorted(validator.iter_errors(data), key=lambda e: list(e.path))), None)
    if problem is not None:
        place = "/".join(str(p) for p in problem.path) or "top level"
        raise RulesError(f"{path}: {place}: {problem.message}")
    claims: list[Claim] = []
    for number, entry in enumerate(data.get("claim", []), 1):
        where = f"{path}: claim {number} ({entry['id']})"
        cases = tuple(
            Case(
                input=_json_field(case, "input", where),
                expected=None if case.get("rejects") else _json_field(case, "expected", where),
                name=case.get("name", ""),
                rejects=bool(case.get("rejects", False)),
            )
            for case in entry["case"]
        )
        claims.append(
            Claim(
                id=entry["id"],
                paragraph=entry["paragraph"],
                quote=entry["quote"],
                rule=entry["rule"],
                cases=cases,
                note=entry.get("note", ""),
            )
        )
    return claims


@cache
def _claims_schema() -> dict[str, JSON]:
    schema: dict[str, JSON] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


def all_claims() -> list[Claim]:
    """Every claim of every game package, in file order; ids are unique."""
    claims: list[Claim] = []
    for package in game_packages():
        path = claims_file(package)
        if path.exists():
            claims.extend(load_claims(path))
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
        if case.rejects:
            return None
        return f"{type(error).__name__}: {error}"
    if case.rejects:
        return (
            f"input {json.dumps(case.input, ensure_ascii=False)}: must be refused, "
            f"got {json.dumps(got, ensure_ascii=False, default=str)}"
        )
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


def evaluate_transcripts(
    readings: Mapping[str, str], urns: Mapping[str, str] | None = None
) -> list[dict[str, JSON]]:
    """Check the worked transcripts of every game: quote in the paragraph, scores by hand."""
    from rules.registry import games
    from rules.transcripts import check_worked, load_worked

    results: list[dict[str, JSON]] = []
    for game in games().values():
        for transcript in load_worked(game):
            problems: list[str] = []
            reading = readings.get(transcript.paragraph)
            if reading is None:
                problems.append(f"paragraph {transcript.paragraph} is not in the edition")
            elif fold(transcript.quote) not in fold(reading):
                problems.append(f"quote not found in the reading text of {transcript.paragraph}")
            try:
                check_worked(game, transcript)
            except RulesError as error:
                problems.append(str(error))
            status = "failed" if problems else "passed"
            result: dict[str, JSON] = {
                "id": transcript.id,
                "paragraph": transcript.paragraph,
                "quote": transcript.quote,
                "rules": [f"{game.name}.transcript"],
                "status": status,
                "note": "; ".join(problems) if problems else transcript.note,
                "cases": [{"id": transcript.id, "status": status}],
            }
            if urns and urns.get(transcript.paragraph):
                result["urn"] = urns[transcript.paragraph]
            results.append(result)
    return results


def run_claims(tei_dir: Path, out: Path, adapter: Adapter | None = None) -> list[dict[str, JSON]]:
    """Check every claim against the TEI in ``tei_dir`` and the rules; write ``out`` as JSON.

    Each result is ``{"id", "paragraph", "quote", "rules", "status", "note", "cases",
    "urn"?}``; ``status`` is ``passed`` or ``failed``; ``note`` says why a claim failed,
    or carries the claim's note and the emendations its rule records for the paragraph.
    """
    from normalise.textio import atomic_write
    from rules.registry import games

    claims = all_claims()
    sigla = sorted(
        {c.paragraph.split(".", 1)[0] for c in claims} | {g.siglum for g in games().values()}
    )
    readings: dict[str, str] = {}
    urns: dict[str, str] = {}
    for siglum in sigla:
        for pid, paragraph in _load_paragraphs(Path(tei_dir), siglum).items():
            readings[pid] = paragraph.reading
            urns[pid] = paragraph.urn
    results = evaluate(claims, readings, urns, adapter)
    results += evaluate_transcripts(readings, urns)
    atomic_write(Path(out), json.dumps(results, ensure_ascii=False, indent=2) + "\n")
    return results
