"""Size and contents of the site's search index, and what a page loads before a search.

Usage: ``python benchmarks/search_index.py [--build build]``

Reads ``build/site/search/index.json`` (written by ``make edition``) and prints its size
(as stored and gzip-compressed, as a server would send it), the number of entries,
keys and words posted under a modern spelling, and the size of the search script and
styles that every page loads instead.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build", help="build directory")
    args = parser.parse_args()
    site = args.build / "site"
    path = site / "search" / "index.json"
    try:
        data = path.read_bytes()
        index = json.loads(data)
    except (OSError, ValueError) as err:
        sys.exit(f"{path}: cannot read ({err}); run 'make edition' first")
    docs = index["docs"]
    glossary = sum(1 for d in docs if str(d[1]).startswith("term-"))
    print(f"index: {len(data):,} bytes, {len(gzip.compress(data, 9)):,} gzip-compressed")
    print(f"entries: {len(docs)} ({len(docs) - glossary} blocks, {glossary} glossary terms)")
    print(f"pages: {len(index['pages'])}, keys: {len(index['terms']):,}")
    parts = {
        "docs": len(json.dumps(docs, ensure_ascii=False, separators=(",", ":")).encode()),
        "terms": len(json.dumps(index["terms"], separators=(",", ":")).encode()),
    }
    print("of which: " + ", ".join(f"{k} {v:,} bytes" for k, v in parts.items()))
    for name in ("search.js", "search.css"):
        asset = site / "assets" / name
        if asset.exists():
            print(f"assets/{name}: {asset.stat().st_size:,} bytes (loaded by every page)")
    mkdocs = site / "search" / "search_index.json"
    print(f"mkdocs search_index.json: {'present' if mkdocs.exists() else 'absent'}")


if __name__ == "__main__":
    main()
