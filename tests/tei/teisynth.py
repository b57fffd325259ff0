"""Synthetic sources for the TEI tests: a fixed one covering every kind, and random ones."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from normalise.edits import KINDS, Edit
from tei.gaps import GAP_REASONS, GAP_UNITS

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "build" / "schema" / "tei_all.rng"


@dataclass(frozen=True)
class B:
    """A block of a synthetic source: its text, kind, division and attributes."""

    id: str
    kind: str
    div: str
    text: str
    type: str = ""
    n: str = ""
    note: str = ""


def _toml_value(value: object) -> str:
    return str(value) if isinstance(value, int) else json.dumps(str(value), ensure_ascii=False)


def _tables(name: str, rows: Sequence[dict[str, object]]) -> str:
    out = []
    for row in rows:
        out.append(f"[[{name}]]")
        out += [f"{k} = {_toml_value(v)}" for k, v in row.items() if v is not None]
        out.append("")
    return "\n".join(out)


def write_source(
    root: Path,
    siglum: str,
    *,
    before: str,
    blocks: Sequence[B],
    divs: Sequence[tuple[str, str, str]],
    after: str = "",
    furniture: Sequence[tuple[str, str, str]] = (),
    corrections: Sequence[tuple[str, str, str, str]] = (),
    meta: str = "",
    gaps: Sequence[tuple[str, dict[str, object]]] = (),
) -> str:
    """Write a synthetic source under ``root/siglum``; returns its raw text.

    ``divs`` are ``(id, type, parent)``; ``furniture`` is ``(kind, text, n)``, found
    in order in the raw text; ``corrections`` are ``(sic, corr, kind, cert)``, found in
    order as well; ``gaps`` are ``(after, fields)``: a ``[[gap]]`` entry with ``fields``
    placed right after the first ``after`` in the body.
    """
    raw = before
    spans: list[dict[str, object]] = []
    for block in blocks:
        start = len(raw)
        raw += block.text
        spans.append(
            {
                "id": block.id,
                "kind": block.kind,
                "div": block.div,
                "start": start,
                "end": len(raw),
                "type": block.type,
                "n": block.n,
                "note": block.note,
            }
        )
    raw += after
    div_rows: list[dict[str, object]] = []

    def extent(div_id: str) -> tuple[int, int]:
        own = [(s["start"], s["end"]) for s in spans if s["div"] == div_id]
        own += [extent(d) for d, _, parent in divs if parent == div_id]
        return min(a for a, _ in own), max(b for _, b in own)  # type: ignore[type-var]

    for div_id, div_type, parent in divs:
        start, end = extent(div_id)
        div_rows.append(
            {"id": div_id, "type": div_type, "parent": parent, "start": start, "end": end}
        )
    furniture_rows: list[dict[str, object]] = []
    position = len(before)
    for kind, text, n in furniture:
        start = raw.index(text, position)
        position = start + len(text)
        furniture_rows.append({"kind": kind, "start": start, "end": position, "n": n, "text": text})
    correction_rows: list[dict[str, object]] = []
    position = len(before)
    for sic, corr, kind, cert in corrections:
        start = raw.index(sic, position)
        position = start + len(sic)
        correction_rows.append(
            {
                "at": start,
                "sic": sic,
                "corr": corr,
                "kind": kind,
                "cert": cert,
                "note": f"editor: {sic} -> {corr}",
            }
        )
    gap_rows = [
        {"at": raw.index(after, len(before)) + len(after), "after": after, **fields}
        for after, fields in gaps
    ]
    write_files(root, siglum, raw, div_rows, spans, furniture_rows, correction_rows, meta, gap_rows)
    return raw


def write_files(
    root: Path,
    siglum: str,
    raw: str,
    divs: Sequence[dict[str, object]],
    blocks: Sequence[dict[str, object]],
    furniture: Sequence[dict[str, object]] = (),
    corrections: Sequence[dict[str, object]] = (),
    meta: str = "",
    gaps: Sequence[dict[str, object]] = (),
) -> None:
    """Write raw.txt, meta.toml, structure.toml (with ``[[gap]]`` entries) and
    corrections.toml of a source."""
    directory = root / siglum
    directory.mkdir(parents=True, exist_ok=True)
    data = raw.encode("utf-8")
    (directory / "raw.txt").write_bytes(data)
    (directory / "meta.toml").write_text(
        f'siglum = "{siglum}"\nwork = "regeln"\n{meta}\n[file]\n'
        f'sha256 = "{hashlib.sha256(data).hexdigest()}"\n\n'
        '[bibl]\nauthor = "Theodor Probe"\ntitle = "Synthetisches Regelbuch"\n'
        'place = "Berlin"\npublisher = "Testverlag"\ndate = "1798"\nlanguage = "de"\n\n'
        '[licence]\nstatement = "Public domain."\n',
        encoding="utf-8",
    )
    (directory / "structure.toml").write_text(
        _tables("div", divs)
        + _tables("block", blocks)
        + _tables("furniture", furniture)
        + _tables("gap", gaps),
        encoding="utf-8",
    )
    (directory / "corrections.toml").write_text(
        _tables("correction", corrections) if corrections else "# no corrections\n",
        encoding="utf-8",
    )


SYNTH_BLOCKS = (
    B("piquet.head", "head", "piquet", "Das Piquetſpiel. "),
    B(
        "piquet.p1",
        "p",
        "piquet",
        "Dieſes Spiel kann nur unter zwei Perſonen, aus wel⸗ chem die Zwei genom⸗ men "
        "werden, mit 32 Blaͤttern geſpielt. ",
        "rule",
    ),
    B(
        "piquet.p2",
        "p",
        "piquet",
        "Ehe man ſpielen will, 12 A 2 muß dem Juͤngern ꝛc. ausge⸗ macht werden, "
        "wer Karten Karten giebt. ",
        "rule",
    ),
    B("piquet.gesetze.head", "head", "piquet.gesetze", "Geſetze. "),
    B(
        "piquet.gesetze.1",
        "item",
        "piquet.gesetze",
        "1. Wer ſich vergiebt, verliert. ",
        "rule",
        "1",
    ),
    B(
        "piquet.gesetze.2",
        "item",
        "piquet.gesetze",
        "25. Wer zweimal giebt, zahlt. ",
        "rule",
        "2",
        "law number misread by OCR as 25.",
    ),
    B("piquet.p3", "p", "piquet", "Zum Schluß ein Satz mit xqzv# Müll darin.\n", "strategy"),
    B(
        "tresett.p1",
        "p",
        "tresett",
        "Vom Treſett. \ufffd   8    \ufffd Man ſpielet es zu vieren. ",
        "history",
    ),
    B("tresett.head", "head", "tresett", "Regeln. "),
    B("tresett.p2", "p", "tresett", "Die Farbe muß bekannt werden. ", "rule"),
)
#: The divisions of the synthetic source: two games, one with a laws division.
SYNTH_DIVS = (
    ("piquet", "game", ""),
    ("piquet.gesetze", "laws", "piquet"),
    ("tresett", "game", ""),
)

SYNTH_FURNITURE = (
    ("pageNum", "", "11"),
    ("pageNum", "12", "12"),
    ("sig", "A 2", ""),
    ("noise", "xqzv#", ""),
    ("marker", "\ufffd   8    \ufffd", "8"),
)
SYNTH_GAPS = (
    (
        "Die Farbe muß bekannt werden.",
        {
            "id": "tresett.gap1",
            "reason": "lost",
            "unit": "figure",
            "quantity": 2,
            "cert": "medium",
            "desc": "Two figures of <tricks> & trumps",
        },
    ),
)
"""One gap: a probable loss of two figures after the last rule (XML-special characters in
the description)."""
SYNTH_CORRECTIONS = (
    ("Karten Karten", "Karten", "ocr", "high"),
    ("25.", "2.", "editorial", "medium"),
)


def write_synth(root: Path, siglum: str = "synth1798") -> str:
    """The permanent synthetic fixture: every block kind, furniture kind and edit kind, a gap."""
    return write_source(
        root,
        siglum,
        before="Provided by a library. STAMP\n",
        blocks=SYNTH_BLOCKS,
        divs=SYNTH_DIVS,
        after="colour chart scan",
        furniture=SYNTH_FURNITURE,
        corrections=SYNTH_CORRECTIONS,
        gaps=SYNTH_GAPS,
    )


ALPHABET = ["a", "b", "e", "n", "ſ", "⸗", " ", " ", "\n", "\r", "<", "&", "u\u0364", "\ufffd", "Z"]


def random_gaps(
    seed: int, start: int, end: int, furniture: Sequence[dict[str, object]]
) -> list[dict[str, object]]:
    """Zero to three gaps in ``[start, end]``, none inside furniture, drawn from their own
    generator (so the rest of a random source does not depend on them)."""
    rng = random.Random(seed ^ 0x9A9)
    spans = [(int(f["start"]), int(f["end"])) for f in furniture]  # type: ignore[call-overload]
    rows: list[dict[str, object]] = []
    for k in range(rng.randint(0, 3)):
        at = rng.choice([rng.randint(start, end), end])
        if any(a < at < b for a, b in spans):
            continue
        row: dict[str, object] = {
            "at": at,
            "reason": rng.choice(GAP_REASONS),
            "unit": rng.choice(GAP_UNITS),
            "quantity": rng.randint(1, 3),
            "desc": "gap " + "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 9))),
        }
        if rng.random() < 0.5:
            row["cert"] = rng.choice(["high", "medium", "low"])
        if rng.random() < 0.5:
            row["id"] = f"gap{k}"
        rows.append(row)
    return rows


def random_source(root: Path, seed: int, siglum: str = "rand") -> list[Edit]:
    """Write a random source (blocks of every kind, furniture, corrections, gaps) under ``root``.

    Returns random automatic edits for it: sorted, disjoint, some crossing block or
    furniture boundaries (the edition must drop those). Gaps fall anywhere in the body
    but inside furniture, also at block boundaries, at the body's end and inside edits.
    """
    rng = random.Random(seed)

    def text(low: int, high: int) -> str:
        return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(low, high)))

    raw = text(0, 5)
    plan = [
        ("d1", rng.randint(0, 3)),
        ("d1.sub", rng.randint(1, 3)),
        ("d1", rng.randint(0, 2)),
        ("d2", rng.randint(1, 4)),
    ]
    blocks: list[dict[str, object]] = []
    for div, count in plan:
        for _ in range(count):
            kind = rng.choice(["head", "p", "p", "item", "item", "ab", "note"])
            start = len(raw)
            raw += text(1, 25)
            row: dict[str, object] = {
                "id": f"{div}.b{len(blocks)}",
                "kind": kind,
                "div": div,
                "start": start,
                "end": len(raw),
            }
            if kind in ("p", "item", "ab"):
                row["type"] = rng.choice(["rule", "example", "other"])
            if rng.random() < 0.2:
                row["note"] = "an editorial note"
            blocks.append(row)
    raw += text(0, 5)

    def extent(*divs: str) -> dict[str, object]:
        rows = [b for b in blocks if b["div"] in divs]
        return {"start": rows[0]["start"], "end": rows[-1]["end"]}

    div_rows = [
        {"id": "d1", "type": "game", **extent("d1", "d1.sub")},
        {"id": "d1.sub", "type": "laws", "parent": "d1", **extent("d1.sub")},
        {"id": "d2", "type": "section", **extent("d2")},
    ]
    furniture: list[dict[str, object]] = []
    corrections: list[dict[str, object]] = []
    for block in blocks:
        start, end = int(block["start"]), int(block["end"])  # type: ignore[call-overload]
        if end - start >= 3 and rng.random() < 0.5:
            a = rng.randrange(start, end - 1)
            b = rng.randint(a + 1, min(end, a + 6))
            kind = rng.choice(["pageNum", "marker", "sig", "catch", "header", "noise", "stamp"])
            furniture.append({"kind": kind, "start": a, "end": b, "n": rng.choice(["", "7"])})
        elif end - start >= 2 and rng.random() < 0.4:
            a = rng.randrange(start, end - 1)
            corrections.append(
                {
                    "at": a,
                    "sic": raw[a : a + 2],
                    "corr": text(0, 3),
                    "kind": rng.choice(["ocr", "hyphenation", "abbreviation"]),
                    "cert": rng.choice(["high", "medium", "low"]),
                }
            )
    body = [int(blocks[0]["start"]), int(blocks[-1]["end"])]  # type: ignore[call-overload]
    gaps = random_gaps(seed, body[0], body[1], furniture)
    write_files(root, siglum, raw, div_rows, blocks, furniture, corrections, gaps=gaps)
    edits: list[Edit] = []
    position = 0
    while True:
        position += rng.randint(0, 12)
        if position > len(raw):
            return edits
        end = min(len(raw), position + rng.choice([0, 1, 2, 3, 8]))
        kind = rng.choice(KINDS)
        edits.append(
            Edit(
                position,
                end,
                raw[position:end],
                text(0, 3),
                kind,
                rng.choice([1.0, 0.8, 0.3]),
                rng.choice(["", "why"]),
            )
        )
        position = end + (1 if end == position else 0)
