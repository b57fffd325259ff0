"""Downloads: copy the edition's data files next to the pages, with sizes and SHA-256."""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass
from pathlib import Path

from sitegen.dts import EDITION_ID, segments
from sitegen.inputs import ROOT, Edition
from sitegen.markup import link
from sitegen.templating import Markup, fragments, page

__all__ = ["ADAPTER_DOC", "Download", "copy_downloads", "downloads_page", "dts_api_links"]

SCHEMA = ROOT / "rules" / "schema" / "vectors.schema.json"
ADAPTER_DOC = ROOT / "rules" / "ADAPTER.md"
"""How to run the vectors against another implementation (shown as the conformance page)."""


@dataclass(frozen=True)
class Download:
    """A copied file: its path under ``downloads/``, what it is, size and checksum."""

    name: str
    what: str
    size: int
    sha256: str


def _sources(build_dir: Path) -> list[tuple[Path, str, str]]:
    files: list[tuple[Path, str, str]] = []
    for path in sorted((build_dir / "tei").glob("*.xml")):
        files.append((path, f"tei/{path.name}", f"TEI P5 of {path.stem}"))
    for path in sorted((build_dir / "vectors").glob("*.json")):
        what = (
            "JSON Schema of the vector files"
            if path.name.endswith(".schema.json")
            else f"Conformance vectors: {path.stem}"
        )
        files.append((path, f"vectors/{path.name}", what))
    if SCHEMA.exists() and not any(name == f"vectors/{SCHEMA.name}" for _p, name, _w in files):
        files.append((SCHEMA, f"vectors/{SCHEMA.name}", "JSON Schema of the vector files"))
    claims = build_dir / "claims.json"
    if claims.exists():
        files.append((claims, "claims.json", "Claim results of this build"))
    coverage = build_dir / "coverage.json"
    if coverage.exists():
        files.append(
            (coverage, "coverage.json", "Coverage of this build: what formalises each paragraph")
        )
    return files


def copy_downloads(build_dir: Path, docs_dir: Path) -> list[Download]:
    """Copy TEI, vectors, schema, claims and coverage into ``docs_dir/downloads``; write
    SHA256SUMS."""
    target = docs_dir / "downloads"
    if target.exists():
        shutil.rmtree(target)
    out = []
    for path, name, what in _sources(build_dir):
        dest = target / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
        data = dest.read_bytes()
        out.append(Download(name, what, len(data), hashlib.sha256(data).hexdigest()))
    target.mkdir(parents=True, exist_ok=True)
    (target / "SHA256SUMS").write_text(
        "".join(f"{d.sha256}  {d.name}\n" for d in out), encoding="utf-8"
    )
    return out


def _size(n: int) -> str:
    return f"{n / 1024:.1f} KiB" if n >= 1024 else f"{n} B"


def downloads_page(edition: Edition, files: list[Download], adapter_doc: bool = False) -> str:
    """Markdown of the downloads page (``adapter_doc``: a conformance page is written too)."""
    rows = [
        {"name": d.name, "what": d.what, "size": _size(d.size), "sha256": d.sha256} for d in files
    ]
    names = {d.name for d in files}
    return page(
        "downloads.md",
        version=edition.version,
        today=edition.today.isoformat(),
        files=rows,
        adapter_doc=adapter_doc,
        claims="claims.json" in names,
        coverage="coverage.json" in names,
        coverage_page=bool(edition.coverage),
        vectors=any(n.startswith("vectors/") for n in names),
        dts=dts_api_links(edition),
    )


def dts_api_links(edition: Edition) -> Markup:
    """The downloads page's links to the DTS API (``dts/``, written by ``stichwort dts``):
    entry point, edition, each source's navigation and full TEI; absolute with a base
    URL, else relative to the page."""

    def at(path: str) -> str:
        return link(edition.site_url, "downloads.md", path)  # the page at the root

    return fragments("dts.html").api(
        at("dts/entry.json"),
        at(f"dts/collection{segments(id=EDITION_ID)}.json"),
        [
            (
                doc.siglum,
                at(f"dts/navigation/{doc.siglum}{segments(down=1)}.json"),
                at(f"dts/document/{doc.siglum}.xml"),
            )
            for doc in edition.documents
        ],
    )
