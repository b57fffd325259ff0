"""Where the bytes of a built TEI file go: header, body, back; tags, text and attributes.

Prints, for each file, the size of the header, body and back; in the body the bytes of
text, of tags (start and end tags without attributes) and of attributes by element and
name; and the floor of the body as encoded (its text plus the tags of every element, no
attribute at all), which no choice of attribute defaults can go below.

    .venv/bin/python benchmarks/tei_bytes.py [build/tei/schwaighofer1927.xml …] [--top 12]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from lxml import etree

from tei.body import TEI_NS
from tei.build import XML_NS
from tei.xmlsafe import read_xml


def _name(tag: str) -> str:
    return tag.replace(f"{{{XML_NS}}}", "xml:").replace(f"{{{TEI_NS}}}", "")


def breakdown(path: Path) -> dict[str, object]:
    """The byte counts of one TEI file (UTF-8, as serialised)."""
    data, tree = read_xml(path)
    root = tree.getroot()
    header = root.find(f"{{{TEI_NS}}}teiHeader")
    body = root.find(f"{{{TEI_NS}}}text/{{{TEI_NS}}}body")
    back = root.find(f"{{{TEI_NS}}}text/{{{TEI_NS}}}back")
    assert body is not None
    text = sum(len(t.encode()) for t in body.itertext())
    tags: Counter[str] = Counter()
    attributes: Counter[tuple[str, str]] = Counter()
    for element in body.iter():
        if not isinstance(element.tag, str):
            continue
        name = _name(element.tag)
        empty = not len(element) and element.text is None
        tags[name] += len(name) + 3 if empty else 2 * len(name) + 5
        for key, value in element.attrib.items():
            attributes[(name, _name(key))] += len(_name(key)) + len(value.encode()) + 4
    return {
        "total": len(data),
        "header": len(etree.tostring(header)) if header is not None else 0,
        "body": len(etree.tostring(body, with_tail=False)),
        "back": len(etree.tostring(back, with_tail=False)) if back is not None else 0,
        "text": text,
        "tags": tags,
        "attributes": attributes,
        "choices": sum(1 for _ in body.iter(f"{{{TEI_NS}}}choice")),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="TEI files (default: build/tei/*)")
    parser.add_argument("--top", type=int, default=12, help="attributes to list (default 12)")
    args = parser.parse_args(argv)
    files = args.files or sorted(Path("build/tei").glob("*.xml"))
    for path in files:
        b = breakdown(path)
        tags, attributes = b["tags"], b["attributes"]
        assert isinstance(tags, Counter) and isinstance(attributes, Counter)
        print(f"{path}: {b['total']:,} bytes")
        print(f"  header {b['header']:,}, body {b['body']:,}, back {b['back']:,}")
        print(
            f"  body: text {b['text']:,}, tags {sum(tags.values()):,} "
            f"(choice/sic/corr/orig/reg {sum(tags[n] for n in ('choice', 'sic', 'corr', 'orig', 'reg')):,}"
            f" for {b['choices']:,} choices), attributes {sum(attributes.values()):,}"
        )
        print(f"  body floor (text + tags, no attribute): {b['text'] + sum(tags.values()):,}")
        for (element, name), size in attributes.most_common(args.top):
            print(f"    {element}/@{name}: {size:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
