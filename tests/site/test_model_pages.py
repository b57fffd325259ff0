"""The formalisation pages on fixtures: coverage.json read and shown, the example deal, the
comparison pages, ``<gap>`` markers, game fragments and appendices of laws."""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pytest

from sitegen import inputs, model_pages
from sitegen.build import SiteError, build_site
from sitegen.cards import card_text, deal_rows, words
from sitegen.inputs import InputError, load_coverage
from sitegen.model_pages import coverage_totals, replay_steps, vector_variant
from sitegen.render_tei import load_tei, plain_text
from tests.conftest import built
from tests.site.conftest import COVERAGE, TODAY


def _pages(build: Path) -> Path:
    docs = build / "docs"
    build_site(build, docs, run_mkdocs=False, today=TODAY)
    return docs


def _block(text: str, pid: str) -> str:
    start = text.index(f'data-id="{pid}"')
    return text[start : text.index("</article>", start)]


# ---------------------------------------------------------------- coverage.json


def test_coverage_missing_or_broken_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "coverage.json"
    assert load_coverage(path, required=False) == {}
    with pytest.raises(InputError, match=str(path)):
        load_coverage(path, required=True)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(InputError, match=str(path)):
        load_coverage(path, required=False)
    path.write_text(json.dumps({"x.p1": {"game": "x"}}), encoding="utf-8")
    with pytest.raises(InputError, match="KeyError"):
        load_coverage(path, required=True)


def test_site_build_refuses_without_coverage(
    fake_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (fake_build / "coverage.json").unlink()
    monkeypatch.setattr(inputs, "load_sources", lambda: {})
    _pages(fake_build)  # no rule or example paragraph: nothing to cover
    (fake_build / "tei" / "y1900.xml").write_text(GAP_TEI, encoding="utf-8")
    with pytest.raises(SiteError, match=r"coverage\.json is missing"):
        _pages(fake_build)


def test_coverage_totals_like_the_cli(tmp_path: Path) -> None:
    from rules.coverage import summary

    path = tmp_path / "coverage.json"
    path.write_text(json.dumps(COVERAGE), encoding="utf-8")
    totals = coverage_totals(load_coverage(path, required=True))
    rows = summary(COVERAGE)
    assert totals["paragraphs"] == len(COVERAGE) == 3
    assert totals["covered"] == sum(r["covered"] for r in rows.values()) == 2
    assert totals["unformalised"] == sum(r["unformalised"] for r in rows.values()) == 1


def test_paragraph_shows_actions_scores_and_reason(fake_build: Path) -> None:
    text = (_pages(fake_build) / "x1800/piquet.md").read_text(encoding="utf-8")
    p1 = _block(text, "x1800.piquet.p1")
    assert '<p class="sw-formal">' in p1
    assert 'actions <span class="sw-formal__actions"><code>play</code>' in p1
    assert "<code>lead</code>" in p1
    # the model's pseudo-rule links to the game model's section of the rules page
    assert 'href="../rules/piquet.html#piquet.transcript"' in p1
    p2 = _block(text, "x1800.piquet.p2")
    assert '<div class="sw-unformalised" role="note"><strong>Not formalised:</strong>' in p2
    assert "advice &lt;b&gt;only&lt;/b&gt;, nothing to compute" in p2
    law = _block(text, "x1800.piquet.gesetze.1")
    assert "sw-unformalised" not in law and "sw-formal" not in law


def test_emendation_links_both_ways(fake_build: Path) -> None:
    docs = _pages(fake_build)
    block = _block((docs / "x1800/piquet.md").read_text(encoding="utf-8"), "x1800.piquet.p1")
    assert 'href="../rules/piquet.html#piquet.dame_value.emendation1"' in block
    rules = (docs / "rules/piquet.md").read_text(encoding="utf-8")
    start = rules.index('id="piquet.dame_value.emendation1"')
    note = rules[start : rules.index("</p>", start)]
    assert 'href="../x1800/piquet.html#x1800.piquet.p1"' in note


def test_rules_page_has_the_model_section(fake_build: Path) -> None:
    rules = (_pages(fake_build) / "rules/piquet.md").read_text(encoding="utf-8")
    section = rules[rules.index("{#piquet.transcript}") :]
    assert '<tr data-paragraph="x1800.piquet.p1">' in section
    assert 'href="../x1800/piquet.html#x1800.piquet.p1"' in section
    assert "x1800.piquet.p2" not in section.split("## ", 1)[0]


def test_coverage_page(fake_build: Path) -> None:
    docs = _pages(fake_build)
    text = (docs / "coverage.md").read_text(encoding="utf-8")
    assert 'data-paragraphs="3" data-covered="2" data-unformalised="1" data-missing="0"' in text
    assert "## x1800: piquet {#coverage-x1800-piquet}" in text
    table = lxml.html.fragment_fromstring(
        text[text.index('<div class="sw-table sw-coverage">') :].split("\n", 1)[0]
    )
    rows = {tr.get("data-paragraph"): tr for tr in table.iter("tr") if tr.get("data-paragraph")}
    assert set(rows) == set(COVERAGE)
    p1 = rows["x1800.piquet.p1"]
    assert next(a.get("href") for a in p1.iter("a")) == "x1800/piquet.html#x1800.piquet.p1"
    assert "rules/piquet.html#piquet.dame_value" in [a.get("href") for a in p1.iter("a")]
    assert "Not formalised: advice <b>only</b>" in rows["x1800.piquet.p2"].text_content()
    nav = json.loads((docs / ".nav.json").read_text(encoding="utf-8"))
    assert {"Coverage": "coverage.md"} in nav


# ---------------------------------------------------------------- example deal


def test_example_page_is_the_models_replay(fake_build: Path) -> None:
    from rules.registry import get_game

    docs = _pages(fake_build)
    text = (docs / "games/piquet-example.md").read_text(encoding="utf-8")
    game = get_game("piquet")
    transcript = model_pages.example_transcript(game)
    state, steps = replay_steps(game, transcript)
    assert state.is_over()  # a whole deal is preferred
    assert transcript.id in text
    html = lxml.html.fragment_fromstring(
        text[text.index('<div class="sw-table sw-steps">') :].split("\n", 1)[0]
    )
    rows = html.xpath('//tr[starts-with(@id, "step-")]')
    assert len(rows) == len(transcript.actions) == len(steps)
    for row, step, action in zip(rows, steps, transcript.actions, strict=True):
        cells = row.xpath("./td")
        assert cells[1].text_content() == step.seat
        assert [s.get("data-card") for s in cells[2].iter("span")] == [
            w for w in action.split() if card_text(w).is_card
        ]
        legal = cells[4].xpath(".//details/ul/li")
        assert len(legal) == (len(step.legal) if len(step.legal) > 1 else 0)
    assert dict(transcript.scores) == state.scores().totals()
    assert "Worked out by hand: elder" in text
    nav = json.loads((docs / ".nav.json").read_text(encoding="utf-8"))
    assert {"Example deals": [{"Piquet": "games/piquet-example.md"}]} in nav


def test_built_piquet_example_plays_twelve_tricks_each_decision_linked() -> None:
    """The edition's Piquet example (issue 7 §6): an ordinary whole deal (both exchange,
    both declare point, sequences and sets, the tricks split), twelve tricks shown, and
    every decision's cites cell links to its paragraph on the chapter's page."""
    from rules.registry import get_game

    page = built("docs/games/piquet-example.md")
    text = page.read_text(encoding="utf-8")
    game = get_game("piquet")
    transcript = model_pages.example_transcript(game)
    assert transcript.id == model_pages.EXAMPLES["piquet"] and transcript.id in text
    state, steps = replay_steps(game, transcript)
    by_seat = {(s.seat, s.action.split()[0], s.action.split()[-1]) for s in steps}
    for seat in ("elder", "younger"):
        assert any(s.seat == seat and s.action.startswith("buy ") for s in steps)
        for category in ("point", "sequences", "sets"):
            assert (seat, "declare", category) in by_seat
    items = {item.item for item in state.scores().items}
    assert "most_tricks" in items  # the tricks split unequally, not a Capot
    assert items.isdisjoint({"counts_nothing", "capot", "pic", "repic", "redeal"})
    assert {seat for seat, points in state.scores().totals().items() if points} == {
        "elder",
        "younger",
    }
    table = lxml.html.fragment_fromstring(
        text[text.index('<div class="sw-table sw-steps">') :].split("\n", 1)[0]
    )
    marks = [m.text_content() for m in table.xpath('//small[@class="sw-trick"]')]
    assert marks == [f"end of trick {n}" for n in range(1, 13)]
    assert "12 tricks in all" in text
    rows = table.xpath('//tr[starts-with(@id, "step-")]')
    assert len(rows) == len(steps) == len(transcript.actions)
    for row, step in zip(rows, steps, strict=True):
        cell = row.xpath("./td")[3]
        assert not cell.xpath('.//span[@class="sw-missing"]'), step.action
        links = [(a.get("title"), a.get("href")) for a in cell.iter("a")]
        assert [title for title, _ in links] == list(step.cites), step.action
        for pid, link in links:
            path, _, fragment = link.partition("#")
            assert fragment == pid, link
            target = (page.parent / path).with_suffix(".md")
            assert f' id="{pid}"' in target.read_text(encoding="utf-8"), link


def test_replay_steps_record_scoring_when_it_changes() -> None:
    from rules.registry import get_game

    game = get_game("piquet")
    transcript = model_pages.example_transcript(game)
    state, steps = replay_steps(game, transcript)
    assert any(step.new_items for step in steps)
    for step in steps:
        for item in step.new_items:
            assert item.cites
    assert steps[-1].totals == state.scores().totals()


def test_example_named_in_the_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.registry import get_game

    game = get_game("piquet")
    monkeypatch.setitem(model_pages.EXAMPLES, "piquet", "piquet.transcript.p10_four_aces")
    assert model_pages.example_transcript(game).id == "piquet.transcript.p10_four_aces"
    monkeypatch.setitem(model_pages.EXAMPLES, "piquet", "piquet.transcript.nonexistent")
    with pytest.raises(InputError, match="nonexistent"):
        model_pages.example_transcript(game)


def test_cards_readable() -> None:
    assert card_text("10H").short == "10♥" and card_text("10H").name == "Coeur-Zehn"
    assert card_text("AS").name == "Pique-Aß"
    assert card_text("OE").name == "Eichel-Ober" and card_text("6B").name == "Schellen-Sechser"
    assert not card_text("play").is_card and not card_text("3").is_card
    assert [w.text for w in words("discard 7C")] == ["discard", "7C"]
    rows = deal_rows({"hands": {"A": ["AS"], "B": ["7C"]}, "talon": ["KH"], "trump": "9E"})
    assert [where for where, _ in rows] == ["hands / A", "hands / B", "talon", "trump"]
    assert [where for where, _ in deal_rows({"hands": [["AS"], ["7C"]]})] == [
        "hands 1",
        "hands 2",
    ]


# ---------------------------------------------------------------- comparisons


COMPARE = [
    {
        "paragraph": "x1800.piquet.gesetze.1",
        "aspect": "a misdeal <i>here</i>",
        "variants": {"partie101": "loses the deal", "partie100": "deals again"},
        "vectors": ["piquet.v.a", "piquet.v.b"],
    }
]
VECTORS = {
    "variants": {
        "partie101": {"title": "Partie of 101", "params": {"target": 101}},
        "partie100": {"title": "Partie of 100", "params": {"target": 100}},
    },
    "vectors": [
        {"id": "piquet.v.a", "kind": "value", "rule": "piquet.misdeal",
         "paragraph": "x1800.piquet.gesetze.1", "input": {"target": 101}, "expected": True},
        {"id": "piquet.v.b", "kind": "rejection", "rule": "piquet.misdeal",
         "input": {"target": 100, "cards": "<x>"}, "rejects": True},
    ],
}  # fmt: skip


def _with_comparisons(fake_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (fake_build / "vectors" / "piquet.json").write_text(json.dumps(VECTORS), encoding="utf-8")
    monkeypatch.setattr(
        model_pages, "load_comparisons", lambda name: COMPARE if name == "piquet" else None
    )


def test_comparison_page(fake_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _with_comparisons(fake_build, monkeypatch)
    docs = _pages(fake_build)
    text = (docs / "compare/piquet.md").read_text(encoding="utf-8")
    assert '<span class="sw-law">§ 1</span>' in text
    assert "a misdeal &lt;i&gt;here&lt;/i&gt;" in text
    assert '<a href="../x1800/piquet.html#x1800.piquet.gesetze.1">' in text
    for ident in ("piquet.v.a", "piquet.v.b"):
        assert (
            f'<a href="#{ident}">' in text and f'<section class="sw-vector" id="{ident}">' in text
        )
    assert "Variant: <strong>partie101</strong>" in text
    assert "Variant: <strong>partie100</strong>" in text
    assert "{&#34;target&#34;:100,&#34;cards&#34;:&#34;&lt;x&gt;&#34;}" in text
    assert "must be refused" in text
    assert "(compare/piquet.md)" in (docs / "index.md").read_text(encoding="utf-8")
    assert 'href="../compare/piquet.html"' in (docs / "rules/piquet.md").read_text(encoding="utf-8")


def test_comparison_with_an_unknown_vector_fails(
    fake_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _with_comparisons(fake_build, monkeypatch)
    monkeypatch.setattr(
        model_pages,
        "load_comparisons",
        lambda name: [{**COMPARE[0], "vectors": ["piquet.v.gone"]}] if name == "piquet" else None,
    )
    with pytest.raises(SiteError, match=r"piquet\.v\.gone"):
        _pages(fake_build)


def test_vector_variant() -> None:
    params = {
        **VECTORS["variants"],
        "partie101": {**VECTORS["variants"]["partie101"], "paragraphs": ["x.p1"]},
    }
    names = ["partie101", "partie100"]
    assert vector_variant({"variant": "k32", "input": {}}, names, params) == ("k32", "named")
    assert vector_variant({"input": {"variant": "k33"}}, names, params) == ("k33", "named")
    assert vector_variant({"input": {"target": 100}}, names, params) == ("partie100", "input")
    assert vector_variant({"input": {"other": 1}}, names, params) == ("", "")
    assert vector_variant({"input": [1, 2]}, names, params) == ("", "")
    by_paragraph = {"input": {"other": 1}, "paragraph": "x.p1"}
    assert vector_variant(by_paragraph, names, params) == ("partie101", "paragraph")


def test_every_game_with_comparisons_has_one_shape() -> None:
    """The three packages export the same shape; the page reads each."""
    for name in ("watten", "kritischwatten", "perlaggen"):
        entries = model_pages.load_comparisons(name)
        assert entries, name
        for entry in entries:
            assert {"paragraph", "aspect", "variants", "vectors"} <= set(entry), name
    assert model_pages.load_comparisons("piquet") is None


# ---------------------------------------------------------------- TEI: gaps and fragments


GAP_TEI = """<?xml version="1.0" encoding="UTF-8"?>
<TEI xmlns="http://www.tei-c.org/ns/1.0">
  <teiHeader><fileDesc><titleStmt><title>Probe</title></titleStmt>
  <publicationStmt><p>x</p></publicationStmt><sourceDesc><p>x</p></sourceDesc></fileDesc>
  <encodingDesc><interpGrp><interp xml:id="y1900.ev1">a figure of counters, lost</interp>
  </interpGrp></encodingDesc></teiHeader>
  <text><body>
    <div type="game-fragment" xml:id="y1900.vorher" n="vorher">
      <p xml:id="y1900.vorher.p1" ana="#ptype.rule">der Bankier gewinnt.</p>
    </div>
    <div type="game" xml:id="y1900.spiel" n="spiel">
      <head xml:id="y1900.spiel.head">Das Spiel.</head>
      <p xml:id="y1900.spiel.p1" ana="#ptype.rule">Man marquirt so: <gap reason="lost" unit="figure"><desc>Zählmarken &lt;b&gt;"x"</desc></gap> und so fort.</p>
      <p xml:id="y1900.spiel.p2">Hier <gap reason="illegible" unit="word" quantity="2" ana="#y1900.ev1"/> fehlt.</p>
      <div type="laws" xml:id="y1900.spiel.gesetze" n="gesetze">
        <p xml:id="y1900.spiel.gesetze.1">Inner law.</p>
      </div>
    </div>
    <div type="laws" xml:id="y1900.anhang" n="anhang">
      <head xml:id="y1900.anhang.head">Anhang.</head>
      <p xml:id="y1900.anhang.1" ana="#ptype.rule">Ein Gesetz.</p>
    </div>
  </body></text>
</TEI>
"""


@pytest.fixture
def gap_doc(tmp_path: Path):
    path = tmp_path / "y1900.xml"
    path.write_text(GAP_TEI, encoding="utf-8")
    return load_tei(path)


def test_gap_marker_in_every_layer(gap_doc) -> None:
    block = gap_doc.blocks["y1900.spiel.p1"]
    for layer in ("reading", "diplomatic", "raw"):
        html = block.layers[layer]
        assert "[figure lost in our witness]" in plain_text(html), layer
        assert "in the print" not in html  # the witness lost it, not necessarily the print
        fragment = lxml.html.fragment_fromstring(f"<p>{html}</p>")
        mark = fragment.xpath('.//span[contains(@class, "sw-gap")]')[0]
        assert mark.get("tabindex") == "0"  # the tooltip opens on keyboard focus
        assert "sw-mark" in mark.get("class").split()
        assert mark.get("data-reason") == "lost" and mark.get("data-unit") == "figure"
        assert mark.get("data-tip") == (
            'gap: figure lost in our witness (reason: lost) — Zählmarken <b>"x"'
        )
        assert mark.get("aria-describedby") == "gap.y1900.spiel.p1.1"  # no xml:id in the TEI
    assert "<b>" not in block.layers["reading"]  # the description is escaped
    assert "Zählmarken" not in plain_text(block.layers["reading"])  # only in the tooltip
    (gap,) = block.gaps
    assert (gap.id, gap.reason, gap.cert, gap.desc) == (
        "gap.y1900.spiel.p1.1",
        "lost",
        "",
        'Zählmarken <b>"x"',
    )


def test_gap_quantity_and_description_from_ana(gap_doc) -> None:
    html = gap_doc.blocks["y1900.spiel.p2"].layers["reading"]
    assert "[2 words illegible in our witness]" in plain_text(html)
    assert (
        'data-tip="gap: 2 words illegible in our witness (reason: illegible)'
        ' — a figure of counters, lost"' in html
    )


def test_gap_certainty_id_and_resp(tmp_path: Path) -> None:
    tei = GAP_TEI.replace(
        '<gap reason="lost" unit="figure">',
        '<gap xml:id="y1900.spiel.gap1" reason="lost" unit="figure" cert="medium" resp="#editor">',
    )
    path = tmp_path / "y1900.xml"
    path.write_text(tei, encoding="utf-8")
    block = load_tei(path).blocks["y1900.spiel.p1"]
    (gap,) = block.gaps
    assert gap.id == "y1900.spiel.gap1" and gap.certainty == "certainty: medium"
    assert gap.marker == "[figure probably lost in our witness]"
    mark = lxml.html.fragment_fromstring(f"<p>{block.layers['reading']}</p>").xpath(
        './/span[contains(@class, "sw-gap")]'
    )[0]
    assert mark.get("data-cert") == "medium"
    assert mark.get("aria-describedby") == "y1900.spiel.gap1"
    assert mark.get("aria-label") == (
        "[figure probably lost in our witness] (reason: lost; certainty: medium)"
    )
    assert mark.get("data-tip").startswith(
        "gap: figure probably lost in our witness (reason: lost; certainty: medium; resp: editor)"
    )


def test_game_fragment_and_standalone_laws_get_pages(gap_doc) -> None:
    kinds = {section.id: section.type for section in gap_doc.games}
    assert kinds == {"y1900.vorher": "game-fragment", "y1900.spiel": "game", "y1900.anhang": "laws"}
    fragment = next(s for s in gap_doc.games if s.id == "y1900.vorher")
    assert fragment.title == "Fragment of a preceding game"
    assert [b.id for b in fragment.blocks()] == ["y1900.vorher.p1"]
    anhang = next(s for s in gap_doc.games if s.id == "y1900.anhang")
    assert anhang.title == "Anhang."


def test_game_fragment_page_written(fake_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (fake_build / "tei" / "y1900.xml").write_text(GAP_TEI, encoding="utf-8")
    monkeypatch.setattr(inputs, "load_sources", lambda: {})
    docs = _pages(fake_build)
    text = (docs / "y1900/vorher.md").read_text(encoding="utf-8")
    assert 'data-id="y1900.vorher.p1"' in text and "sw-fragment-note" in text
    assert 'data-id="y1900.anhang.1"' in (docs / "y1900/anhang.md").read_text(encoding="utf-8")
