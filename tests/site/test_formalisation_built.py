"""The built site (``make edition``) against coverage.json, claims.json and the vectors:
every paragraph links to its rules, claims and emendations and each links back; the
coverage page, example deals and comparison pages show what the build computed."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html
import pytest

from sitegen.cards import card_text
from sitegen.text_page import read_page_data
from tests.conftest import built

SITE_PAGES = "site/index.html"


def _site() -> Path:
    return built(SITE_PAGES).parent


@cache
def _tree(page: str) -> lxml.html.HtmlElement:
    return lxml.html.parse(str(_site() / page)).getroot()


def _target(page: str, link: str) -> tuple[str, str]:
    """The page (relative to the site) and fragment a link on ``page`` points to."""
    parts = urlsplit(link)
    base = Path(page).parent
    path = (base / unquote(parts.path)).as_posix() if parts.path else page
    normal: list[str] = []
    for piece in path.split("/"):
        if piece == "..":
            normal.pop()
        elif piece not in (".", ""):
            normal.append(piece)
    return "/".join(normal), unquote(parts.fragment)


def _links(page: str, element: lxml.html.HtmlElement) -> set[tuple[str, str]]:
    return {_target(page, a.get("href", "")) for a in element.iter("a") if a.get("href")}


@cache
def _page_data(page: str) -> dict[str, dict]:
    """The data file of a text page (the parts its script shows on demand), by block id."""
    holder = _tree(page).xpath("//*[@data-sw-data]")
    if not holder:
        return {}
    path = _site() / Path(page).parent / holder[0].get("data-sw-data")
    text = path.read_text(encoding="utf-8").strip()
    assert text.startswith("window.swPageData(") and text.endswith(");"), path
    return read_page_data(text)


def _shown_links(page: str, pid: str, article: lxml.html.HtmlElement) -> set[tuple[str, str]]:
    """The links of a paragraph: in its article, and in its claims box (from the data file)."""
    links = _links(page, article)
    box = _page_data(page).get(pid, {}).get("claims-box")
    if box:
        links |= _links(page, lxml.html.fragment_fromstring(box, create_parent="div"))
    return links


def _rule_section(page: str, anchor: str) -> list[lxml.html.HtmlElement]:
    """The heading with id ``anchor`` and what follows it up to the next heading of its level."""
    tree = _tree(page)
    found = tree.xpath(f'//*[@id="{anchor}"]')
    assert found, f"{page}: no element with id {anchor}"
    head = found[0]
    if head.tag not in ("h2", "h3"):
        return [head]
    out = [head]
    for sibling in head.itersiblings():
        if sibling.tag == head.tag:
            break
        out.append(sibling)
    return out


@cache
def _coverage() -> dict[str, dict]:
    return json.loads(built("coverage.json").read_text(encoding="utf-8"))


@cache
def _text_pages() -> dict[str, str]:
    """Paragraph id -> the built page (relative to the site) whose article shows it."""
    pages: dict[str, str] = {}
    for html in sorted(_site().rglob("*.html")):
        page = html.relative_to(_site()).as_posix()
        if page.startswith(("rules/", "games/", "compare/", "downloads/")):
            continue
        text = html.read_text(encoding="utf-8")
        if "sw-block" not in text:
            continue
        for article in _tree(page).iter("article"):
            if article.get("data-id"):
                pages[article.get("data-id")] = page
    return pages


def _article(pid: str) -> tuple[str, lxml.html.HtmlElement]:
    page = _text_pages().get(pid)
    assert page is not None, f"{pid}: on no page of the site"
    return page, _tree(page).xpath(f'//article[@data-id="{pid}"]')[0]


def _chapter_page(name: str) -> str:
    """The text page of the chapter a game model plays."""
    from rules.registry import get_game

    chapter = get_game(name).chapter + "."
    return next(p for pid, p in _text_pages().items() if pid.startswith(chapter))


def test_every_covered_paragraph_has_a_page() -> None:
    missing = sorted(set(_coverage()) - set(_text_pages()))
    assert not missing, missing


def test_all_games_have_covered_paragraphs_on_the_site() -> None:
    from rules.registry import games

    shown = {pid.split(".")[1] for pid in _coverage() if pid in _text_pages()}
    for name, game in games().items():
        chapter = game.chapter.split(".")[1]
        assert chapter in shown or name in shown, name


def test_paragraph_to_rules_and_back() -> None:
    """Each covered paragraph links to every rule of coverage.json; each rule (or the game
    model's section) links back to the paragraph."""
    from rules.registry import all_rules

    registered = {r.name: r for r in all_rules()}
    for pid, entry in _coverage().items():
        page, article = _article(pid)
        links = _links(page, article)
        for name in entry["rules"]:
            if name in registered:
                target = (f"rules/{registered[name].game}.html", name)
            else:
                assert name.endswith(".transcript"), (pid, name)
                target = (f"rules/{name.removesuffix('.transcript')}.html", name)
            assert target in links, (pid, name)
            back = set()
            for element in _rule_section(target[0], name):
                back |= _links(target[0], element)
            assert (page, pid) in back, (name, pid)


def test_paragraph_to_claims_and_back() -> None:
    claims = json.loads(built("claims.json").read_text(encoding="utf-8"))
    by_paragraph: dict[str, list[str]] = {}
    for claim in claims:
        by_paragraph.setdefault(claim["paragraph"], []).append(claim["id"])
    rows = {tr.get("id"): tr for tr in _tree("claims.html").iter("tr") if tr.get("id")}
    checked = 0
    for pid in _coverage():
        page, article = _article(pid)
        links = _shown_links(page, pid, article)
        for cid in by_paragraph.get(pid, []):
            assert ("claims.html", cid) in links, (pid, cid)
            assert (page, pid) in _links("claims.html", rows[cid]), (cid, pid)
            checked += 1
    assert checked > 0


def test_paragraph_to_emendations_and_back() -> None:
    from rules.registry import all_rules

    checked = 0
    for rule in all_rules():
        for index, emendation in enumerate(rule.emendations):
            pid = emendation.paragraph
            if pid not in _coverage():
                continue
            page, article = _article(pid)
            anchor = f"{rule.name}.emendation{index + 1}"
            rules_page = f"rules/{rule.game}.html"
            assert (rules_page, anchor) in _links(page, article), (pid, anchor)
            note = _tree(rules_page).xpath(f'//*[@id="{anchor}"]')
            assert note, (rules_page, anchor)
            assert (page, pid) in _links(rules_page, note[0]), (anchor, pid)
            checked += 1
    assert checked > 0


def test_actions_scores_and_reasons_shown() -> None:
    for pid, entry in _coverage().items():
        _page, article = _article(pid)
        aside = article.xpath('.//div[contains(@class, "sw-aside")]')[0]
        if entry["actions"] or entry["scores"]:
            formal = aside.xpath('.//p[@class="sw-formal"]')
            assert formal, pid
            codes = {c.text_content() for c in formal[0].iter("code")}
            assert set(entry["actions"]) | set(entry["scores"]) <= codes, pid
        if entry["unformalised"]:
            box = aside.xpath('.//*[@class="sw-unformalised"]')
            assert box and entry["unformalised"] in box[0].text_content(), pid


def test_coverage_page_totals_equal_the_cli() -> None:
    from rules.coverage import summary

    rows = summary(_coverage())
    totals = _tree("coverage.html").xpath('//*[@id="coverage-totals"]')[0]
    assert int(totals.get("data-paragraphs")) == len(_coverage())
    assert int(totals.get("data-covered")) == sum(r["covered"] for r in rows.values())
    assert int(totals.get("data-unformalised")) == sum(r["unformalised"] for r in rows.values())
    listed = {tr.get("data-paragraph") for tr in _tree("coverage.html").iter("tr")}
    assert set(_coverage()) <= listed
    for tr in _tree("coverage.html").xpath("//tr[@data-paragraph]"):
        pid = tr.get("data-paragraph")
        assert (_text_pages()[pid], pid) in _links("coverage.html", tr), pid


def test_coverage_page_totals_equal_what_the_cli_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    from stichwort.cli import main

    assert main(["coverage", "--tei", str(built("tei")), "--out", str(tmp_path / "c.json")]) == 0
    printed = capsys.readouterr().out
    match = re.search(
        r"(\d+) rule, law and example paragraphs: (\d+) cited by a rule, "
        r"(\d+) not formalisable with a reason",
        printed,
    )
    assert match, printed
    totals = _tree("coverage.html").xpath('//*[@id="coverage-totals"]')[0]
    shown = [totals.get(f"data-{k}") for k in ("paragraphs", "covered", "unformalised")]
    assert [int(x) for x in shown] == [int(x) for x in match.groups()]


def test_coverage_page_in_the_navigation() -> None:
    nav = json.loads(built("docs/.nav.json").read_text(encoding="utf-8"))
    assert {"Coverage": "coverage.md"} in nav


@pytest.mark.parametrize("game", ["piquet"])
def test_required_example_deal(game: str) -> None:
    assert (_site() / "games" / f"{game}-example.html").exists()


def test_example_deals_replay_the_model() -> None:
    from rules.registry import games
    from sitegen.model_pages import example_transcript, replay_steps

    for name, game in games().items():
        transcript = example_transcript(game)
        if transcript is None:
            continue
        page = f"games/{name}-example.html"
        tree = _tree(page)
        state, steps = replay_steps(game, transcript)
        rows = tree.xpath('//tr[starts-with(@id, "step-")]')
        assert len(rows) == len(transcript.actions), name
        for row, step in zip(rows, steps, strict=True):
            cells = row.xpath("./td")
            assert cells[1].text_content() == step.seat
            shown = [span.get("data-card") for span in cells[2].iter("span")]
            assert shown == [w for w in step.action.split() if card_text(w).is_card], name
            cited = _links(page, cells[3])
            for pid in step.cites:
                if pid in _text_pages():
                    assert (_text_pages()[pid], pid) in cited, (name, step.number, pid)
            if len(step.legal) > 1:
                assert len(cells[4].xpath(".//details//li")) == len(step.legal)
        final = tree.xpath('//div[@class="sw-final"]')[0]
        assert len(final.xpath(".//li")) == len(state.scores().items), name
        for item, li in zip(state.scores().items, final.xpath(".//li"), strict=True):
            for pid in item.cites:
                if pid in _text_pages():
                    assert (_text_pages()[pid], pid) in _links(page, li), (name, pid)
        for back in ("rules/", _text_pages().get(transcript.paragraph, "")):
            assert any(p.startswith(back) for p, _f in _links(page, tree)), (name, back)
        text_page = _chapter_page(name)
        assert (page, "") in _links(text_page, _tree(text_page)), name
        assert (page, "") in _links(f"rules/{name}.html", _tree(f"rules/{name}.html")), name


COMPARED = ("watten", "kritischwatten", "perlaggen")


@pytest.mark.parametrize("game", COMPARED)
def test_comparison_page(game: str) -> None:
    from sitegen.model_pages import load_comparisons

    page = f"compare/{game}.html"
    tree = _tree(page)
    vectors = {
        v["id"] for v in json.loads(built(f"vectors/{game}.json").read_text("utf-8"))["vectors"]
    }
    entries = load_comparisons(game)
    assert entries
    rows = tree.xpath('//div[contains(@class, "sw-compare")]//tbody/tr')
    assert len(rows) == len(entries)
    for entry, row in zip(entries, rows, strict=True):
        pid = entry["paragraph"]
        assert (_text_pages()[pid], pid) in _links(page, row), pid
        for ident in entry["vectors"]:
            assert ident in vectors, ident
            assert (page, ident) in _links(page, row), ident
            section = tree.xpath(f'//section[@id="{ident}"]')
            assert section, ident
            assert section[0].xpath('.//pre[@class="sw-vector__input"]'), ident
        for text in dict(entry["variants"]).values():
            assert text in row.text_content()
    for source in ("index.html", f"rules/{game}.html"):
        assert (page, "") in _links(source, _tree(source)), source
    text_page = _chapter_page(game)
    assert (page, "") in _links(text_page, _tree(text_page))


def test_game_fragment_and_appendix_pages() -> None:
    assert _text_pages().get("polizei472.vorher.p1") == "polizei472/vorher.html"
    assert _text_pages().get("schwaighofer1927.anhang1890.29", "").startswith("schwaighofer1927/")


def test_piquet_example_is_a_whole_deal_of_twelve_tricks() -> None:
    """Issue 7 §6: one replayable deal a reader can follow to its end: exchange,
    declarations and twelve tricks, every decision linked to the paragraph it cites."""
    from rules.registry import get_game
    from sitegen.model_pages import EXAMPLES, example_transcript, replay_steps

    game = get_game("piquet")
    transcript = example_transcript(game)
    assert transcript is not None and transcript.id == EXAMPLES["piquet"]
    state, steps = replay_steps(game, transcript)
    assert state.is_over()
    verbs = {step.action.split()[0] for step in steps}
    assert {"discard", "buy", "declare", "play"} <= verbs
    page = "games/piquet-example.html"
    tree = _tree(page)
    marks = [" ".join(m.text_content().split()) for m in tree.xpath('//*[@class="sw-trick"]')]
    assert marks == [f"end of trick {n}" for n in range(1, 13)]
    assert "12 tricks in all" in tree.text_content()
    plays = [s for s in steps if s.action.startswith("play ") and s.action != "play on"]
    assert len(plays) == 24  # twelve tricks of two cards
    rows = tree.xpath('//tr[starts-with(@id, "step-")]')
    assert len(rows) == len(steps)
    for row, step in zip(rows, steps, strict=True):
        cited = {
            (p, f)
            for p, f in _links(page, row.xpath("./td")[3])
            if p == "engelmann1798/piquet.html"
        }
        assert cited, (step.number, step.action)
        assert {f for _p, f in cited} == set(step.cites), step.number
