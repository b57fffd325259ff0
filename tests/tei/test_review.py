"""The editor's re-read listing (``stichwort review changes``, ``tei.review``)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

from tei.body import encoded_edits
from tei.edition import edition_log, edition_proposals
from tei.review import Entry, render, review_entries, summary


def test_every_automatic_change_is_listed_once(real_tei: dict[str, Path]) -> None:
    """Applied (as the TEI encodes them), proposed and replaced: each automatic change of
    the edition log is one entry, with the block that holds it."""
    for siglum in real_tei:
        log = edition_log(siglum)
        entries = review_entries(siglum, {})
        by_status = Counter(e.status for e in entries)
        applied = [e for e in encoded_edits(log) if e.source == "auto"]
        assert by_status["applied"] == len(applied), siglum
        assert by_status["proposal"] == len(edition_proposals(siglum)), siglum
        assert by_status["replaced"] == len(log.replaced), siglum
        blocks = {b.id: b for b in log.structure.blocks}
        raw = log.source.raw
        for entry in entries:
            assert entry.block in blocks, (siglum, entry)
            block = blocks[entry.block]
            assert block.start <= entry.at < block.end, (siglum, entry)
            assert raw[entry.at : entry.at + len(entry.sic)] == entry.sic, (siglum, entry)
            assert entry.context.count("[[") == 1, (siglum, entry)
        assert [e.at for e in entries] == sorted(e.at for e in entries)


def test_applied_entries_are_what_the_reading_says(real_tei: dict[str, Path]) -> None:
    """An applied change shows its reading in the context; a replaced one names the
    curated correction that overrules it."""
    entries = review_entries("schwaighofer1927")
    applied = [e for e in entries if e.status == "applied"]
    assert applied
    for entry in applied:
        marked = entry.context.split("[[", 1)[1].split("]]", 1)[0]
        assert " ".join(entry.corr.split()) == marked or not entry.corr.strip(), entry
    replaced = [e for e in entries if e.status == "replaced"]
    assert replaced and all(e.editor for e in replaced)
    assert any(e.realword == "accept" for e in applied)  # decisions.toml shown


def test_perlaggen_fid_is_replaced_by_the_editor(real_tei: dict[str, Path]) -> None:
    """Raw 'fid' (the print: 'sich'; the engine once read 'fick'): whatever the engine
    reads there, the editor's correction overrules it, and each entry says so."""
    entries = [
        e
        for e in review_entries("schwaighofer1927")
        if e.sic == "fid" and e.block == "perlaggen.regelwerk.p4"
    ]
    assert entries
    for entry in entries:
        assert entry.status == "replaced"
        assert "'sich'" in entry.editor and "[[sich]]" in entry.context


def test_render_gives_a_summary_and_three_lines_per_entry(real_tei: dict[str, Path]) -> None:
    entries = review_entries("polizei472")
    text = render("polizei472", entries)
    lines = text.splitlines()
    counts = summary(entries)
    assert lines[0] == f"# polizei472: {len(entries)} automatic changes of a word, in raw order"
    assert f"proposal: {counts['proposal']}" in lines[1]
    body = lines[5:]
    assert len(body) == 3 * len(entries)
    for head, context, evidence in zip(body[::3], body[1::3], body[2::3], strict=True):
        assert head.split(" ", 1)[0] in {e.block for e in entries}
        assert context.startswith("    ") and "[[" in context
        assert evidence.startswith("    evidence: ")


def test_summary_counts_by_cert_and_rereads_rules() -> None:
    def entry(status: str, cert: str, type_: str) -> Entry:
        return Entry("b", type_, 0, "ift", "ist", status, cert, "long-s", 0.8, "", "", "", "")

    counts = summary(
        [
            entry("applied", "medium", "rule"),
            entry("applied", "high", "history"),
            entry("proposal", "low", "example"),
        ]
    )
    assert counts["applied medium"] == 1 and counts["applied high"] == 1
    assert counts["rule/example: applied medium"] == 1
    assert counts["rule/example: proposal"] == 1 and "rule/example: applied high" not in counts


def test_cli_writes_the_listing(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "stichwort", "review", "changes"]
    command += ["--siglum", "polizei472", "--out", str(tmp_path)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "polizei472.txt").read_text(encoding="utf-8")
    assert text.startswith("# polizei472: ")
    assert "review: polizei472: " in result.stderr
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically
