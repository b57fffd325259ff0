"""Fixtures of the site tests: a tiny TEI file, claims and rules in a temporary build dir;
the built site served on a local port and the system Chromium (``browser``, ``server``)."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from sitegen import inputs
from sitegen.inputs import Emendation, Rule
from sitegen.serve import serve
from tests.conftest import built

FIXTURES = Path(__file__).parent / "fixtures"
TEI = FIXTURES / "x1800.xml"
TODAY = dt.date(2026, 12, 2)

CLAIMS = [
    {
        "id": "x1800.c1",
        "paragraph": "x1800.piquet.p1",
        "quote": "die Dame gilt 30",
        "rules": ["piquet.dame_value"],
        "status": "passed",
        "note": "",
    },
    {
        "id": "x1800.c2",
        "paragraph": "x1800.piquet.gesetze.1",
        "quote": "Wer falsch giebt",
        "rules": ["piquet.misdeal"],
        "status": "failed",
        "note": "expected the deal to be lost",
    },
]

COVERAGE = {
    "x1800.piquet.p1": {
        "game": "piquet",
        "type": "rule",
        "rules": ["piquet.dame_value", "piquet.transcript"],
        "claims": 1,
        "unformalised": None,
        "actions": ["play"],
        "scores": ["lead"],
    },
    "x1800.piquet.p2": {
        "game": "piquet",
        "type": "rule",
        "rules": [],
        "claims": 0,
        "unformalised": "advice <b>only</b>, nothing to compute",
        "actions": [],
        "scores": [],
    },
    "x1800.piquet.gesetze.1": {
        "game": "piquet",
        "type": "rule",
        "rules": ["piquet.misdeal"],
        "claims": 1,
        "unformalised": None,
        "actions": [],
        "scores": [],
    },
}

RULES = [
    Rule(
        name="piquet.dame_value",
        game="piquet",
        module="rules.piquet",
        paragraphs=("x1800.piquet.p1",),
        summary="The Queen counts 30.",
        doc="The Queen counts 30.\n\nAs the fixture says.",
        emendations=(Emendation("x1800.piquet.p1", "30", "z0", "digits misread", "low"),),
        function=lambda: 30,
        source='def dame_value() -> int:\n    """The Queen counts 30."""\n    return 30\n',
        file="rules/piquet.py",
        line=1,
    ),
    Rule(
        name="piquet.misdeal",
        game="piquet",
        module="rules.piquet",
        paragraphs=("x1800.piquet.gesetze.1", "x1800.piquet.p99"),
        summary="A misdeal loses the deal.",
        doc="A misdeal loses the deal.",
        emendations=(),
        function=lambda: True,
        source="def misdeal() -> bool:\n    return True\n",
        file="rules/piquet.py",
        line=5,
    ),
]


@pytest.fixture
def fake_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A build directory with the fixture TEI, claims.json, coverage.json and a vector
    file; fixture rules."""
    build = tmp_path / "build"
    (build / "tei").mkdir(parents=True)
    shutil.copy(TEI, build / "tei" / TEI.name)
    (build / "claims.json").write_text(json.dumps(CLAIMS), encoding="utf-8")
    (build / "coverage.json").write_text(json.dumps(COVERAGE), encoding="utf-8")
    (build / "vectors").mkdir()
    (build / "vectors" / "piquet.json").write_text('{"cases": []}', encoding="utf-8")
    monkeypatch.setattr(inputs, "load_rules", lambda: list(RULES))
    return build


CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, driven through Playwright (no browser is ever downloaded)."""
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """Base URL of build/site served over HTTP on a free local port."""
    with serve(built("site/index.html").parent) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium for the module's tests."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing (Debian package chromium)")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
