"""axe-core's WCAG 2.2 AA violations on every page of the built site, per theme and rule.

    .venv/bin/python benchmarks/axe_report.py [--site build/site]

Needs ``npm ci`` in ``tests/site/axe`` (``make axe``). Prints, for the light
(``default``) and dark (``slate``) palettes, the number of failing elements per axe rule
and the number of pages with a violation. The test suite asserts zero
(``tests/site/test_axe.py``); this script says how far from zero a build is.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from sitegen.serve import serve

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "tests" / "site" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
RUN = """async tags => (await axe.run(document, {runOnly: {type: 'tag', values: tags},
    resultTypes: ['violations']})).violations.map(v => [v.id, v.nodes.length])"""



def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=Path("build/site"))
    args = parser.parse_args()
    if not AXE.is_file():
        print(f"error: {AXE} missing: run make axe", file=sys.stderr)
        return 2
    pages = sorted(p.relative_to(args.site).as_posix() for p in args.site.rglob("*.html"))
    if not pages:
        print(f"error: no pages under {args.site}: run make edition", file=sys.stderr)
        return 2
    source = AXE.read_text(encoding="utf-8")
    with serve(args.site) as base, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless=new", "--no-sandbox"]
        )
        page = browser.new_page(
            viewport={"width": 1280, "height": 900}, reduced_motion="reduce"
        )
        for scheme in ("default", "slate"):
            rules: collections.Counter[str] = collections.Counter()
            failing = 0
            for k, name in enumerate(pages, 1):
                page.goto(base + name)
                page.evaluate(
                    "s => document.body.setAttribute('data-md-color-scheme', s)", scheme
                )
                page.add_script_tag(content=source)
                found = page.evaluate(RUN, TAGS)
                failing += bool(found)
                rules.update(dict(found))
                print(f"\r{scheme}: {k}/{len(pages)} pages", end="", file=sys.stderr)
            print(file=sys.stderr)
            detail = ", ".join(f"{n} {rule}" for rule, n in rules.most_common())
            print(
                f"{scheme}: {sum(rules.values())} violations on {failing} of "
                f"{len(pages)} pages" + (f" ({detail})" if detail else "")
            )
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
