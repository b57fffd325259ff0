"""Keyboard reach of built pages: how many Tab presses walk through a page, and how many
of them land on repair marks, in headless Chromium (``/usr/bin/chromium``).

    .venv/bin/python benchmarks/tab_stops.py [--site build/site] [PAGE ...]

Prints one line per page: tab stops in all, of which repair marks and paragraph
headings. Defaults to the Piquet page and the longest chapter (Perlaggen).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from sitegen.serve import serve

CHROMIUM = "/usr/bin/chromium"
PAGES = ["engelmann1798/piquet.html", "schwaighofer1927/perlaggen.html"]
COUNT = """() => {
  // the sequential focus order: tabindex >= 0, rendered, not inert, not in closed <details>
  const sel = 'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]';
  const stops = [...document.querySelectorAll(sel)].filter(e => {
    if (e.tabIndex < 0 || e.disabled || e.closest('[inert]')) return false;
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') return false;
    const d = e.parentElement && e.parentElement.closest('details:not([open])');
    return !d || (e.tagName === 'SUMMARY' && e.parentElement === d);
  });
  return [stops.length, stops.filter(e => e.classList.contains('sw-mark')).length,
          stops.filter(e => e.closest('.sw-label')).length];
}"""



def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=Path("build/site"))
    parser.add_argument("pages", nargs="*", default=PAGES)
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        print(f"error: {args.site}/index.html missing: run make edition", file=sys.stderr)
        return 2
    with serve(args.site) as base, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--headless=new", "--no-sandbox"]
        )
        page = browser.new_page()
        for name in args.pages:
            page.goto(base + name)
            total, marks, headings = page.evaluate(COUNT)
            print(
                f"{name}: {total} tab stops, {marks} on repair marks, {headings} on paragraph headings"
            )
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
