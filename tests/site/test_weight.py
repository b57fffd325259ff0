"""The weight of the built pages (sitegen.weight) and the budget of the Piquet page:
HTML + CSS + JS fetched when it opens, without the search index, at most 300 KB."""

from __future__ import annotations

from pathlib import Path

from sitegen.weight import page_weight, site_pages
from tests.conftest import built

PIQUET = "engelmann1798/piquet.html"
BUDGET = 300_000


def test_piquet_page_within_budget() -> None:
    site = built(f"site/{PIQUET}").parent.parent
    weight = page_weight(site, PIQUET)
    assert weight.html > 10_000 and weight.css > 0 and weight.js > 0  # really measured
    assert any(f.endswith(".css") for f in weight.files)
    assert weight.total <= BUDGET, (
        f"{PIQUET}: {weight.total} bytes at load (HTML {weight.html}, CSS {weight.css}, "
        f"JS {weight.js}: {', '.join(weight.files)})"
    )


def test_weight_counts_every_stylesheet_and_script(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "s.css").write_text("x" * 100)
    (tmp_path / "p.css").write_text("y" * 50)
    (tmp_path / "j.js").write_text("z" * 30)
    (tmp_path / "w.js").write_text("w" * 7)
    (tmp_path / "bundle.1.js").write_text("b" * 5)
    (tmp_path / "d.data.js").write_text("d" * 1000)
    html = (
        '<html><head><link rel="stylesheet" href="a/s.css">'
        '<link rel="stylesheet" href="p.css" media="print"><link rel="icon" href="p.css">'
        '<link rel="stylesheet" href="https://elsewhere.example/x.css"></head>'
        '<body><div data-sw-data="d.data.js"><p>text</p></div>'
        '<script id="__config" type="application/json">{"search": "w.js"}</script>'
        '<script src="j.js"></script><script src="./bundle.1.js"></script></body></html>'
    )
    (tmp_path / "index.html").write_text(html)
    weight = page_weight(tmp_path, "index.html")
    assert weight.html == len(html)
    assert weight.css == 150  # print stylesheets are fetched too; icons are not CSS
    assert weight.js == 30 + 5 + 7  # the worker, since the bundle that starts it loads
    assert weight.lazy == 1000
    assert weight.nodes == 12  # html, head, 4 links, body, div, p, 3 scripts
    assert site_pages(tmp_path) == ["index.html"]
