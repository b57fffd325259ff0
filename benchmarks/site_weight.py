"""Weight of every page of the built site: bytes of HTML, CSS and JS fetched when the page
opens (search index excluded), DOM elements, and the data fetched on demand.

Run after ``make edition``::

    .venv/bin/python benchmarks/site_weight.py [build/site] [--top N]

Prints one line per page, heaviest first, then the Piquet and Perlaggen pages again.
``--pdf PAGE`` prints PAGE to PDF (A4) in the system Chromium and prints its number of
pages instead.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitegen.weight import page_weight, site_pages  # noqa: E402

WATCHED = ("engelmann1798/piquet.html", "schwaighofer1927/perlaggen.html")


def _kb(n: int) -> str:
    return f"{n / 1000:8.1f}"


def printed_pages(path: Path) -> int:
    """Pages of ``path`` printed to an A4 PDF by Chromium (print stylesheet applied)."""
    import io

    from playwright.sync_api import sync_playwright
    from pypdf import PdfReader

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless=new", "--no-sandbox"]
        )
        page = browser.new_page()
        page.goto(path.resolve().as_uri())
        pdf = page.pdf(format="A4")
        browser.close()
    return len(PdfReader(io.BytesIO(pdf)).pages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--top", type=int, default=0, help="print only the N heaviest pages")
    parser.add_argument("--pdf", metavar="PAGE", help="print PAGE to A4 PDF; print its pages")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"{args.site}: no built site (run make edition)", file=sys.stderr)
        return 1
    if args.pdf:
        if not (args.site / args.pdf).is_file():
            print(f"{args.site / args.pdf}: no such page", file=sys.stderr)
            return 1
        print(f"{args.pdf}: {printed_pages(args.site / args.pdf)} A4 pages")
        return 0
    weights = sorted(
        (page_weight(args.site, p) for p in site_pages(args.site)), key=lambda w: -w.total
    )
    head = f"{'total kB':>8} {'html kB':>8} {'css kB':>8} {'js kB':>8} {'nodes':>7} {'lazy kB':>8}  page"
    print(head)
    for w in weights[: args.top or None]:
        print(
            f"{_kb(w.total)} {_kb(w.html)} {_kb(w.css)} {_kb(w.js)} {w.nodes:7d} {_kb(w.lazy)}  {w.page}"
        )
    print()
    byname = {w.page: w for w in weights}
    for page in WATCHED:
        w = byname.get(page)
        if w is None:
            print(f"{page}: not built")
            continue
        print(
            f"{page}: {w.total} bytes at load (HTML {w.html}, CSS {w.css}, JS {w.js}), "
            f"{w.nodes} DOM elements, {w.lazy} bytes on demand"
        )
        print("  files: " + ", ".join(w.files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
