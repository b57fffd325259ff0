"""Load and check a source: raw text, metadata, editorial structure, curated corrections."""

from __future__ import annotations

import hashlib
import itertools
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

    ``n`` on a ``pageNum`` (or ``marker``) is the printed page that begins there.
    """

    kind: str
    start: int
    end: int
    n: str = ""
    note: str = ""


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
    except tomllib.TOMLDecodeError as error:
        raise CorpusError(f"{path}: broken TOML: {error}") from None


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
    expected = meta.get("file", {}).get("sha256", "")
    actual = hashlib.sha256(data).hexdigest()
    if expected != actual:
        raise CorpusError(f"{raw_path}: sha256 {actual} does not match meta.toml ({expected})")
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CorpusError(f"{raw_path}: not UTF-8 at byte {error.start}") from None
    return Source(siglum, directory, raw, meta)


def _span(path: Path, where: str, entry: dict[str, Any], raw: str) -> tuple[int, int]:
    try:
        start, end = int(entry["start"]), int(entry["end"])
    except (KeyError, TypeError, ValueError):
        raise CorpusError(f"{path}: {where}: needs integer 'start' and 'end'") from None
    if not 0 <= start <= end <= len(raw):
        raise CorpusError(f"{path}: {where}: span {start}..{end} outside the raw text")
    return start, end


def _check_quote(path: Path, where: str, entry: dict[str, Any], key: str, text: str) -> None:
    quote = entry.get(key)
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
    for i, entry in enumerate(data.get("div", [])):
        where = f"div #{i + 1} ({entry.get('id', '?')})"
        start, end = _span(path, where, entry, raw)
        _check_quote(path, where, entry, "begins", raw[start:end])
        divs.append(
            Div(
                id=str(entry["id"]),
                type=str(entry.get("type", "")),
                start=start,
                end=end,
                parent=str(entry.get("parent", "")),
                n=str(entry.get("n", "")),
                title=str(entry.get("title", "")),
            )
        )
    div_by_id = {d.id: d for d in divs}
    if len(div_by_id) != len(divs):
        raise CorpusError(f"{path}: duplicate div ids")
    for d in divs:
        if d.parent and d.parent not in div_by_id:
            raise CorpusError(f"{path}: div {d.id}: unknown parent {d.parent!r}")
    raw_blocks = data.get("block", [])
    blocks: list[Block] = []
    for i, entry in enumerate(raw_blocks):
        where = f"block #{i + 1} ({entry.get('id', '?')})"
        if entry.get("kind") not in BLOCK_KINDS:
            raise CorpusError(f"{path}: {where}: kind must be one of {BLOCK_KINDS}")
        if entry.get("div") not in div_by_id:
            raise CorpusError(f"{path}: {where}: unknown div {entry.get('div')!r}")
        if entry["kind"] in ("p", "item", "ab") and entry.get("type") not in PARAGRAPH_TYPES:
            raise CorpusError(f"{path}: {where}: type must be one of {PARAGRAPH_TYPES}")
        start, end = _span(path, where, entry, raw)
        _check_quote(path, where, entry, "begins", raw[start:end])
        blocks.append(
            Block(
                id=str(entry["id"]),
                kind=str(entry["kind"]),
                div=str(entry["div"]),
                start=start,
                end=end,
                type=str(entry.get("type", "")),
                n=str(entry.get("n", "")),
                note=str(entry.get("note", "")),
            )
        )
    ids = [b.id for b in blocks] + [d.id for d in divs]
    duplicates = {x for x in ids if ids.count(x) > 1}
    if duplicates:
        raise CorpusError(f"{path}: duplicate ids: {', '.join(sorted(duplicates))}")
    _check_tiling(path, divs, blocks)
    furniture: list[Furniture] = []
    block_spans = sorted((b.start, b.end, b.id) for b in blocks)
    for i, entry in enumerate(data.get("furniture", [])):
        where = f"furniture #{i + 1} at {entry.get('start', '?')}"
        if entry.get("kind") not in FURNITURE_KINDS:
            raise CorpusError(f"{path}: {where}: kind must be one of {FURNITURE_KINDS}")
        start, end = _span(path, where, entry, raw)
        text = entry.get("text")
        if text is not None and raw[start:end] != text:
            raise CorpusError(f"{path}: {where}: text {text!r} != raw {raw[start:end]!r}")
        if not any(s <= start and end <= e for s, e, _ in block_spans):
            raise CorpusError(f"{path}: {where}: not inside a single block")
        furniture.append(
            Furniture(
                kind=str(entry["kind"]),
                start=start,
                end=end,
                n=str(entry.get("n", "")),
                note=str(entry.get("note", "")),
            )
        )
    furniture.sort(key=lambda f: f.start)
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
    if not path.exists():
        return ()
    data = _read_toml(path)
    edits: list[Edit] = []
    for i, entry in enumerate(data.get("correction", [])):
        where = f"correction #{i + 1}"
        try:
            start = int(entry["at"])
            sic = str(entry["sic"])
            corr = str(entry["corr"])
        except (KeyError, TypeError, ValueError):
            raise CorpusError(f"{path}: {where}: needs 'at', 'sic' and 'corr'") from None
        end = start + len(sic)
        if source.raw[start:end] != sic:
            raise CorpusError(
                f"{path}: {where}: sic {sic!r} is not at raw offset {start} "
                f"(found {source.raw[start:end]!r})"
            )
        kind = str(entry.get("kind", "ocr"))
        if kind not in KINDS:
            raise CorpusError(f"{path}: {where}: unknown kind {kind!r}")
        cert = str(entry.get("cert", "high"))
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
                str(entry.get("note", "")),
                "editor",
            )
        )
    edits.sort(key=lambda e: (e.start, e.end))
    for a, b in itertools.pairwise(edits):
        if b.start < a.end:
            raise CorpusError(f"{path}: corrections at {a.start} and {b.start} overlap")
    return tuple(edits)
