"""Load and check a source: raw text, metadata, editorial structure, curated corrections."""

from __future__ import annotations

import hashlib
import itertools
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from normalise.edits import KINDS, Edit

CORPUS_DIR = Path(__file__).resolve().parent
SIGLA: tuple[str, ...] = ("engelmann1798", "schwaighofer1927", "polizei472", "pierer1861")

BLOCK_KINDS = ("head", "p", "item", "ab", "note")
PARAGRAPH_TYPES = (
    "rule",
    "example",
    "strategy",
    "history",
    "commentary",
    "front",
    "title",
    "other",
)
FURNITURE_KINDS = ("pageNum", "sig", "catch", "header", "marker", "noise", "stamp", "scan")
PAGE_KINDS = ("pageNum", "marker")
ED_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
"""An ``ed`` value: it becomes part of the page break's ``xml:id``."""
CERT_CONFIDENCE = {"high": 0.95, "medium": 0.75, "low": 0.5}


class CorpusError(Exception):
    """A corpus file is missing, damaged or inconsistent; the message names file and place."""


@dataclass(frozen=True, slots=True)
class Div:
    """A division (game, section, laws, front matter, commentary) as a raw span."""

    id: str
    type: str
    start: int
    end: int
    parent: str = ""
    n: str = ""
    title: str = ""


@dataclass(frozen=True, slots=True)
class Block:
    """A head, paragraph, numbered law (``item``) or other block; ends where the next begins."""

    id: str
    kind: str
    div: str
    start: int
    end: int
    type: str = ""
    n: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Furniture:
    """Page furniture or noise inside the text: page number, signature, catchword, garbage.

    ``n`` on a ``pageNum`` (or ``marker``) is the printed page that begins there; ``ed``
    names a separately paginated print whose page it is (empty: the source's own pages).
    """

    kind: str
    start: int
    end: int
    n: str = ""
    note: str = ""
    ed: str = ""


@dataclass(frozen=True, slots=True)
class Structure:
    """The editorial structure of one source, checked against its raw text."""

    siglum: str
    divs: tuple[Div, ...]
    blocks: tuple[Block, ...]
    furniture: tuple[Furniture, ...]
    body_start: int
    body_end: int


@dataclass(frozen=True, slots=True)
class Source:
    """One source text of the corpus."""

    siglum: str
    directory: Path
    raw: str
    meta: dict[str, Any] = field(hash=False, compare=False)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise CorpusError(f"{path}: file not found") from None
    except UnicodeDecodeError as error:
        raise CorpusError(f"{path}: not UTF-8 at byte {error.start}") from None
    except tomllib.TOMLDecodeError as error:
        raise CorpusError(f"{path}: broken TOML: {error}") from None
    except OSError as error:
        raise CorpusError(f"{path}: cannot read: {error.strerror or error}") from None


def _entries(path: Path, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The array of tables ``[[key]]`` of a TOML file (empty when absent)."""
    entries = data.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CorpusError(f"{path}: '{key}' must be an array of tables ([[{key}]])")
    return entries


def _text(
    path: Path, where: str, entry: dict[str, Any], key: str, default: str | None = None
) -> str:
    """A string value; ``default`` None makes it required."""
    if key not in entry:
        if default is None:
            raise CorpusError(f"{path}: {where}: '{key}' is missing")
        return default
    value = entry[key]
    if not isinstance(value, str):
        raise CorpusError(
            f"{path}: {where}: '{key}' must be a string, not {type(value).__name__} {value!r}"
        )
    return value


def _integer(path: Path, where: str, entry: dict[str, Any], key: str) -> int:
    """A required integer value (a TOML integer, not a boolean, float or string)."""
    if key not in entry:
        raise CorpusError(f"{path}: {where}: '{key}' is missing")
    value = entry[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise CorpusError(
            f"{path}: {where}: '{key}' must be an integer, not {type(value).__name__} {value!r}"
        )
    return value


def _ident(path: Path, where: str, entry: dict[str, Any]) -> str:
    ident = _text(path, where, entry, "id")
    if not ident.strip():
        raise CorpusError(f"{path}: {where}: 'id' is empty")
    return ident


def _source_dir(siglum: str, root: Path | None) -> Path:
    if siglum not in SIGLA and root is None:
        raise CorpusError(f"unknown siglum {siglum!r}; known: {', '.join(SIGLA)}")
    return (root or CORPUS_DIR) / siglum


@cache
def load_source(siglum: str, root: Path | None = None) -> Source:
    """Read ``raw.txt`` and ``meta.toml`` of a source and verify the raw file's checksum."""
    directory = _source_dir(siglum, root)
    meta = _read_toml(directory / "meta.toml")
    raw_path = directory / "raw.txt"
    try:
        data = raw_path.read_bytes()
    except FileNotFoundError:
        raise CorpusError(f"{raw_path}: file not found") from None
    table = meta.get("file", {})
    if not isinstance(table, dict):
        raise CorpusError(f"{directory / 'meta.toml'}: [file] must be a table")
    expected = _text(directory / "meta.toml", "[file]", table, "sha256", "")
    for key in ("siglum", "label", "work", "original_file"):
        if key in meta and not isinstance(meta[key], str):
            raise CorpusError(f"{directory / 'meta.toml'}: '{key}' must be a string")
    actual = hashlib.sha256(data).hexdigest()
    if expected != actual:
        raise CorpusError(f"{raw_path}: sha256 {actual} does not match meta.toml ({expected})")
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CorpusError(f"{raw_path}: not UTF-8 at byte {error.start}") from None
    return Source(siglum, directory, raw, meta)


def _span(path: Path, where: str, entry: dict[str, Any], raw: str) -> tuple[int, int]:
    start, end = _integer(path, where, entry, "start"), _integer(path, where, entry, "end")
    if not 0 <= start <= end <= len(raw):
        raise CorpusError(
            f"{path}: {where}: span {start}..{end} outside the raw text (0..{len(raw)})"
        )
    return start, end


def _check_quote(path: Path, where: str, entry: dict[str, Any], key: str, text: str) -> None:
    quote = _text(path, where, entry, key, "") if key in entry else None
    if quote is not None and not text.startswith(quote):
        raise CorpusError(f"{path}: {where}: {key} {quote!r} does not match raw {text[:40]!r}")


@cache
def load_structure(siglum: str, root: Path | None = None) -> Structure:
    """Read ``structure.toml``, check every span and quote against the raw text.

    Blocks and child divisions must tile each division without gap or overlap;
    furniture must lie inside one block.
    """
    source = load_source(siglum, root)
    raw = source.raw
    path = source.directory / "structure.toml"
    data = _read_toml(path)
    divs: list[Div] = []
    for i, entry in enumerate(_entries(path, data, "div")):
        where = f"div #{i + 1} ({entry.get('id', 'no id')})"
        ident = _ident(path, where, entry)
        start, end = _span(path, where, entry, raw)
        _check_quote(path, where, entry, "begins", raw[start:end])
        divs.append(
            Div(
                id=ident,
                type=_text(path, where, entry, "type", ""),
                start=start,
                end=end,
                parent=_text(path, where, entry, "parent", ""),
                n=_text(path, where, entry, "n", ""),
                title=_text(path, where, entry, "title", ""),
            )
        )
    if not divs:
        raise CorpusError(
            f"{path}: no [[div]] entries: an empty structure would give an empty body"
        )
    div_by_id = {d.id: d for d in divs}
    if len(div_by_id) != len(divs):
        raise CorpusError(f"{path}: duplicate div ids")
    for d in divs:
        if d.parent and d.parent not in div_by_id:
            raise CorpusError(f"{path}: div {d.id}: unknown parent {d.parent!r}")
    blocks: list[Block] = []
    for i, entry in enumerate(_entries(path, data, "block")):
        where = f"block #{i + 1} ({entry.get('id', 'no id')})"
        ident = _ident(path, where, entry)
        kind = _text(path, where, entry, "kind")
        if kind not in BLOCK_KINDS:
            raise CorpusError(f"{path}: {where}: kind must be one of {BLOCK_KINDS}")
        div = _text(path, where, entry, "div")
        if div not in div_by_id:
            raise CorpusError(f"{path}: {where}: unknown div {div!r}")
        ptype = _text(path, where, entry, "type", "")
        if kind in ("p", "item", "ab") and ptype not in PARAGRAPH_TYPES:
            raise CorpusError(f"{path}: {where}: type must be one of {PARAGRAPH_TYPES}")
        start, end = _span(path, where, entry, raw)
        _check_quote(path, where, entry, "begins", raw[start:end])
        blocks.append(
            Block(
                id=ident,
                kind=kind,
                div=div,
                start=start,
                end=end,
                type=ptype,
                n=_text(path, where, entry, "n", ""),
                note=_text(path, where, entry, "note", ""),
            )
        )
    if not blocks:
        raise CorpusError(f"{path}: no [[block]] entries: the divisions would be empty")
    ids = [b.id for b in blocks] + [d.id for d in divs]
    duplicates = {x for x in ids if ids.count(x) > 1}
    if duplicates:
        raise CorpusError(f"{path}: duplicate ids: {', '.join(sorted(duplicates))}")
    _check_tiling(path, divs, blocks)
    furniture: list[Furniture] = []
    block_spans = sorted((b.start, b.end, b.id) for b in blocks)
    for i, entry in enumerate(_entries(path, data, "furniture")):
        where = f"furniture #{i + 1} at {entry.get('start', '?')}"
        kind = _text(path, where, entry, "kind")
        if kind not in FURNITURE_KINDS:
            raise CorpusError(f"{path}: {where}: kind must be one of {FURNITURE_KINDS}")
        start, end = _span(path, where, entry, raw)
        text = _text(path, where, entry, "text", "") if "text" in entry else None
        if text is not None and raw[start:end] != text:
            raise CorpusError(f"{path}: {where}: text {text!r} != raw {raw[start:end]!r}")
        if not any(s <= start and end <= e for s, e, _ in block_spans):
            raise CorpusError(f"{path}: {where}: not inside a single block")
        ed = _text(path, where, entry, "ed", "")
        if ed and (kind not in PAGE_KINDS or not ED_NAME.fullmatch(ed)):
            raise CorpusError(
                f"{path}: {where}: ed {ed!r} must be a name (letter, then letters, digits, "
                f"'_', '-') on a page ({' or '.join(PAGE_KINDS)})"
            )
        furniture.append(
            Furniture(
                kind=kind,
                start=start,
                end=end,
                n=_text(path, where, entry, "n", ""),
                note=_text(path, where, entry, "note", ""),
                ed=ed,
            )
        )
    furniture.sort(key=lambda f: (f.start, f.end))  # an empty page break first at its offset
    for a, b in itertools.pairwise(furniture):
        if b.start < a.end:
            raise CorpusError(f"{path}: furniture at {a.start} and {b.start} overlap")
    tops = [d for d in divs if not d.parent]
    body_start = min((d.start for d in tops), default=0)
    body_end = max((d.end for d in tops), default=0)
    return Structure(siglum, tuple(divs), tuple(blocks), tuple(furniture), body_start, body_end)


def _check_tiling(path: Path, divs: list[Div], blocks: list[Block]) -> None:
    """Each division is covered exactly by its blocks and child divisions, in order."""
    tops = sorted((d for d in divs if not d.parent), key=lambda d: d.start)
    for a, b in itertools.pairwise(tops):
        if a.end != b.start:
            raise CorpusError(f"{path}: top-level divs {a.id} and {b.id} leave a gap or overlap")
    for div in divs:
        parts = sorted(
            [(b.start, b.end, b.id) for b in blocks if b.div == div.id]
            + [(d.start, d.end, d.id) for d in divs if d.parent == div.id]
        )
        position = div.start
        for start, end, ident in parts:
            if start != position:
                raise CorpusError(
                    f"{path}: div {div.id}: {ident} starts at {start}, expected {position} "
                    "(blocks and child divs must tile their div)"
                )
            position = end
        if position != div.end:
            raise CorpusError(f"{path}: div {div.id}: content ends at {position}, div at {div.end}")


@cache
def load_corrections(siglum: str, root: Path | None = None) -> tuple[Edit, ...]:
    """The editor's curated corrections as edits (``source="editor"``), checked against raw."""
    source = load_source(siglum, root)
    path = source.directory / "corrections.toml"
    try:
        said = path.read_bytes().strip()
    except FileNotFoundError:
        raise CorpusError(
            f"{path}: file not found (a source without corrections says so in an empty "
            "one: a comment or 'correction = []')"
        ) from None
    except OSError as error:
        raise CorpusError(f"{path}: cannot read: {error.strerror or error}") from None
    if not said:
        raise CorpusError(
            f"{path}: file is empty: say that there are no corrections with a comment or "
            "'correction = []' (an empty file may be a truncated one)"
        )
    data = _read_toml(path)
    raw = source.raw
    edits: list[Edit] = []
    for i, entry in enumerate(_entries(path, data, "correction")):
        where = f"correction #{i + 1}"
        start = _integer(path, where, entry, "at")
        sic = _text(path, where, entry, "sic")
        corr = _text(path, where, entry, "corr")
        end = start + len(sic)
        if not 0 <= start <= end <= len(raw):
            raise CorpusError(
                f"{path}: {where}: offset {start}..{end} outside the raw text (0..{len(raw)})"
            )
        if raw[start:end] != sic:
            raise CorpusError(
                f"{path}: {where}: sic {sic!r} is not at raw offset {start} "
                f"(found {raw[start:end]!r})"
            )
        kind = _text(path, where, entry, "kind", "ocr")
        if kind not in KINDS:
            raise CorpusError(f"{path}: {where}: unknown kind {kind!r}")
        cert = _text(path, where, entry, "cert", "high")
        if cert not in CERT_CONFIDENCE:
            raise CorpusError(f"{path}: {where}: cert must be high, medium or low")
        edits.append(
            Edit(
                start,
                end,
                sic,
                corr,
                kind,
                CERT_CONFIDENCE[cert],
                _text(path, where, entry, "note", ""),
                "editor",
            )
        )
    edits.sort(key=lambda e: (e.start, e.end))
    for a, b in itertools.pairwise(edits):
        if b.start < a.end:
            raise CorpusError(f"{path}: corrections at {a.start} and {b.start} overlap")
    return tuple(edits)
