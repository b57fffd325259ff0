"""Downloads: copy the edition's data files next to the pages, with sizes and SHA-256."""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass
from pathlib import Path

from sitegen.inputs import ROOT, Edition

__all__ = ["ADAPTER_DOC", "Download", "copy_downloads", "downloads_page"]

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
        files.append((path, f"tei/{path.name}", f"TEI P5 of `{path.stem}`"))
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
    return files


def copy_downloads(build_dir: Path, docs_dir: Path) -> list[Download]:
    """Copy TEI, vectors, schema and claims into ``docs_dir/downloads``; write SHA256SUMS."""
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
    out = [
        "# Downloads",
        "",
        f"Data of this build (edition version {edition.version}, built {edition.today.isoformat()}). "
        "Checksums are SHA-256; all of them are in [SHA256SUMS](downloads/SHA256SUMS).",
        "",
        "| File | What | Size | SHA-256 |",
        "| --- | --- | ---: | --- |",
    ]
    for d in files:
        out.append(
            f"| [{d.name}](downloads/{d.name}) | {d.what} | {_size(d.size)} | `{d.sha256}` |"
        )
    if not files:
        out.append("| — | nothing built yet | | |")
    out += [
        "",
        "## Conformance kit",
        "",
        "The vectors state, language-neutrally, what the rules of each game say: every case "
        "names a rule, its input and the expected result, and the claim, quote and paragraph "
        "it comes from. To test another implementation, write a small adapter and run:",
        "",
        "```sh",
        "pip install -e .                                  # in a checkout of Stichwort",
        "stichwort conform rules.reference_adapter         # the edition's own rules",
        "stichwort conform my_adapter --json               # yours: all of build/vectors/",
        "stichwort conform my_adapter --vectors build/vectors/piquet.json",
        "```",
        "",
        (
            "The adapter protocol, card notation and report are described on the "
            "[conformance kit](conformance.md) page; the vector format in the JSON Schema above."
            if adapter_doc
            else "The vector format is described by the JSON Schema above."
        ),
        "",
    ]
    return "\n".join(out)
