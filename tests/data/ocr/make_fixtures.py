"""Write the small OCR fixtures of this folder (run from the repository root).

The line texts are OCR of Schwaighofer 1927 as it is in ``corpus/schwaighofer1927/raw.txt``
(gold passages g039, g063, g057 and g054 of ``tests/data/gold-dev/passages.jsonl``),
broken into lines by hand; the ground truth of each line is cut from the gold reading
text of the same passage, with a line-end hyphen kept where a word is broken. Three
words are broken across lines: ``zufammen-|ringen`` and ``wer:|den`` where the OCR has
them, ``Auffchrei-|bung`` added for the fixture. The coordinates are made up: a
line is 60 px high, a character 18 px wide.

    python tests/data/ocr/make_fixtures.py
"""

from __future__ import annotations

import json
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

HERE = Path(__file__).parent

# (region id, type, [(OCR line, ground-truth line)]), in reading order
REGIONS: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "r1",
        "paragraph",
        [
            (
                "CE wird dann feinen Eichelneuner, mit dem er",
                "C wird dann seinen Eichelneuner, mit dem er",
            ),
            (
                "fich doc) feinen Gtich verhofft, zugeben. U,",
                "sich doch keinen Stich verhofft, zugeben. A,",
            ),
            (
                "der mit dem Laub\ufffd zehner im Stich geblieben",
                "der mit dem Laubzehner im Stich geblieben",
            ),
            (
                "ift, fpieft nun, ohne etwas zu jagen, feinen",
                "ist, spielt nun, ohne etwas zu sagen, seinen",
            ),
            ("Schellfiebener aus, er hat ja Zeit, mit", "Schellsiebener aus, er hat ja Zeit, mit"),
            ("feinem Herzas zu paffen.", "seinem Herzas zu passen."),
        ],
    ),
    (
        "r2",
        "paragraph",
        [
            (
                "Wenn man eine fch\ufffdne Figur macht, oder mit",
                "Wenn man eine schöne Figur macht, oder mit",
            ),
            (
                "Hilfe von Perlaggen die eine oder die andere",
                "Hilfe von Perlaggen die eine oder die andere",
            ),
            ("Figur zufammen-", "Figur zusammen-"),
            (
                "ringen fann, fie aber nicht Natur hat, fr\ufffdgt",
                "bringen kann, sie aber nicht Natur hat, frägt",
            ),
            (
                "man zuerft den Partner und l\ufffd\ufffdt fie, wenn",
                "man zuerst den Partner und läßt sie, wenn",
            ),
            ("Diefer fie Natur hat, von ihm bieten.", "dieser sie Natur hat, von ihm bieten."),
        ],
    ),
    (
        "r3",
        "paragraph",
        [
            (
                "Es m\ufffdfjen beim Abheben mehrere Karten abgehoben wer:",
                "Es müssen beim Abheben mehrere Karten abgehoben wer-",
            ),
            (
                "den, um nicht den Anfchein zu erweden, da\ufffd",
                "den, um nicht den Anschein zu erwecken, daß",
            ),
            (
                "der betreffende Abheber auf leichte Art einen",
                "der betreffende Abheber auf leichte Art einen",
            ),
            ("Perlagg erringen will. 27 Werden beim", "Perlagg erringen will. Werden beim"),
            (
                "Abheberi Karten geftreut, wodurd) die Farbe",
                "Abheben Karten gestreut, wodurch die Farbe",
            ),
            (
                "erfichtlich wird, fo mu\ufffd neu ausgegeben",
                "ersichtlich wird, so muß neu ausgegeben",
            ),
            (
                "werden, in welchem Talle ein etwa hiebei",
                "werden, in welchem Falle ein etwa hiebei",
            ),
            (
                "abgehobener Perlagg nicht behalten werden",
                "abgehobener Perlagg nicht behalten werden",
            ),
            ("darf.", "darf."),
        ],
    ),
    (
        "r4",
        "paragraph",
        [
            ("Auf diefe Weife fann die Wette bis zu", "Auf diese Weise kann die Wette bis zu"),
            (
                "\ufffdSieben\ufffd, und als lebtes bis \ufffdSpiel aus\ufffd",
                "„Sieben“, und als letztes bis „Spiel aus“",
            ),
            ("gefteigert werden, in welhem Falle die", "gesteigert werden, in welchem Falle die"),
            (
                "Partei, die die umftrittene Figur macht, das",
                "Partei, die die umstrittene Figur macht, das",
            ),
            (
                "ganze Spiel gewinnt und ausgeht, auch wenn",
                "ganze Spiel gewinnt und ausgeht, auch wenn",
            ),
            ("fie in ihrer Auffchrei-", "sie in ihrer Aufschrei-"),
            ("bung erft einen oder noch gar feinen", "bung erst einen oder noch gar keinen"),
            ("Gutpunft gehabt h\ufffdtte.", "Gutpunkt gehabt hätte."),
        ],
    ),
]
PAGE_NUMBER = ("pn", "page-number", [("17", "17")])
WITH_WORDS = {"r1", "r2"}  # regions whose lines have Word elements (PAGE)
PAGE_NS = "http://schema.primaresearch.org/PAGE/gts/pagecontent/{v}"
LEFT, TOP, LINE, CHAR = 200, 300, 60, 18


def _geometry() -> dict[str, tuple[int, int, int, int]]:
    """x, y, width, height of every region and line (ids ``r1``, ``r1_l3`` ...)."""
    boxes: dict[str, tuple[int, int, int, int]] = {"pn": (1000, 150, 2 * CHAR, 50)}
    y = TOP
    for rid, _type, lines in REGIONS:
        top = y
        for k, (ocr, _gt) in enumerate(lines, 1):
            boxes[f"{rid}_l{k}"] = (LEFT, y, len(ocr) * CHAR, LINE - 10)
            y += LINE
        boxes[rid] = (LEFT, top, max(len(o) for o, _ in lines) * CHAR, y - top - 10)
        y += LINE
    boxes["pn_l1"] = boxes["pn"]
    return boxes


def _points(box: tuple[int, int, int, int]) -> str:
    x, y, w, h = box
    return f"{x},{y} {x + w},{y} {x + w},{y + h} {x},{y + h}"


def _words(ocr: str, box: tuple[int, int, int, int]) -> list[tuple[str, tuple[int, int, int, int]]]:
    x, y, _w, h = box
    out = []
    position = 0
    for word in ocr.split(" "):
        out.append((word, (x + position * CHAR, y, len(word) * CHAR, h)))
        position += len(word) + 1
    return out


def page(version: str) -> str:
    boxes = _geometry()
    modern = version != "2013-07-15"
    index = ' index="1"' if modern else ""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<PcGts xmlns="{PAGE_NS.format(v=version)}">',
        "  <Metadata>",
        "    <Creator>ABBYY FineReader Engine 12 (fixture written for Stichwort)</Creator>",
        "    <Created>2026-12-03T08:00:00</Created>",
        "    <LastChange>2026-12-03T08:00:00</LastChange>",
        "  </Metadata>",
        '  <Page imageFilename="schwaighofer1927-017.png" imageWidth="2000" imageHeight="3000">',
        "    <ReadingOrder>",
        '      <OrderedGroup id="ro1">',
    ]
    for n, rid in enumerate(["r1", "r2", "r3", "r4", "pn"]):
        lines.append(f'        <RegionRefIndexed index="{n}" regionRef="{rid}"/>')
    lines += ["      </OrderedGroup>", "    </ReadingOrder>"]
    order = [PAGE_NUMBER, REGIONS[1], REGIONS[0], REGIONS[2], REGIONS[3]]  # not reading order
    for rid, rtype, rlines in order:
        lines.append(f'    <TextRegion id="{rid}" type="{rtype}">')
        lines.append(f'      <Coords points="{_points(boxes[rid])}"/>')
        for k, (ocr, _gt) in enumerate(rlines, 1):
            lid = f"{rid}_l{k}"
            box = boxes[lid]
            lines.append(f'      <TextLine id="{lid}">')
            lines.append(f'        <Coords points="{_points(box)}"/>')
            x, y, w, h = box
            lines.append(f'        <Baseline points="{x},{y + h - 8} {x + w},{y + h - 8}"/>')
            if rid in WITH_WORDS:
                for m, (word, wbox) in enumerate(_words(ocr, box), 1):
                    lines.append(f'        <Word id="{lid}_w{m}">')
                    lines.append(f'          <Coords points="{_points(wbox)}"/>')
                    lines.append(f'          <TextEquiv{index} conf="0.91">')
                    lines.append(f"            <Unicode>{escape(word)}</Unicode>")
                    lines.append("          </TextEquiv>")
                    lines.append("        </Word>")
            lines.append(f'        <TextEquiv{index} conf="0.87">')
            lines.append(f"          <Unicode>{escape(ocr)}</Unicode>")
            lines.append("        </TextEquiv>")
            lines.append("      </TextLine>")
        text = "\n".join(o for o, _ in rlines)
        lines.append(f"      <TextEquiv{index}>")
        lines.append(f"        <Unicode>{escape(text)}</Unicode>")
        lines.append("      </TextEquiv>")
        lines.append('      <TextStyle fontFamily="Fraktur" fontSize="10"/>')
        lines.append("    </TextRegion>")
    lines += ["  </Page>", "</PcGts>", ""]
    return "\n".join(lines)


ALTO_NS = {
    2: "http://www.loc.gov/standards/alto/ns-v2#",
    3: "http://www.loc.gov/standards/alto/ns-v3#",
    4: "http://www.loc.gov/standards/alto/ns-v4#",
}


def alto(version: int) -> str:
    boxes = _geometry()
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<alto xmlns="{ALTO_NS[version]}" xmlns:xlink="http://www.w3.org/1999/xlink">',
        "  <Description>",
        "    <MeasurementUnit>pixel</MeasurementUnit>",
        "    <sourceImageInformation>",
        "      <fileName>schwaighofer1927-017.png</fileName>",
        "    </sourceImageInformation>",
        "  </Description>",
        "  <Styles>",
        '    <TextStyle ID="font0" FONTFAMILY="Fraktur" FONTSIZE="10"/>',
        "  </Styles>",
        "  <Layout>",
        '    <Page ID="page17" PHYSICAL_IMG_NR="17" PRINTED_IMG_NR="17" HEIGHT="3000" WIDTH="2000">',
        '      <TopMargin ID="tm" HPOS="0" VPOS="0" WIDTH="2000" HEIGHT="250">',
        '        <TextBlock ID="pn" HPOS="1000" VPOS="150" WIDTH="36" HEIGHT="50">',
        '          <TextLine ID="pn_l1" HPOS="1000" VPOS="150" WIDTH="36" HEIGHT="50">',
        '            <String ID="pn_l1_w1" HPOS="1000" VPOS="150" WIDTH="36" HEIGHT="50" CONTENT="17" WC="0.95"/>',
        "          </TextLine>",
        "        </TextBlock>",
        "      </TopMargin>",
        '      <PrintSpace HPOS="150" VPOS="250" WIDTH="1700" HEIGHT="2700">',
    ]
    for rid, _type, rlines in REGIONS:
        x, y, w, h = boxes[rid]
        out.append(
            f'        <TextBlock ID="{rid}" HPOS="{x}" VPOS="{y}" WIDTH="{w}" HEIGHT="{h}" STYLEREFS="font0">'
        )
        for k, (ocr, _gt) in enumerate(rlines, 1):
            lid = f"{rid}_l{k}"
            x, y, w, h = boxes[lid]
            out.append(
                f'          <TextLine ID="{lid}" HPOS="{x}" VPOS="{y}" WIDTH="{w}" HEIGHT="{h}">'
            )
            words = _words(ocr, boxes[lid])
            for m, (word, (wx, wy, _ww, wh)) in enumerate(words, 1):
                hyp = m == len(words) and word.endswith("-") and len(word) > 1
                content = word[:-1] if hyp else word
                if m > 1:
                    out.append(f'            <SP HPOS="{wx - CHAR}" VPOS="{wy}" WIDTH="{CHAR}"/>')
                out.append(
                    f'            <String ID="{lid}_w{m}" HPOS="{wx}" VPOS="{wy}" WIDTH="{len(content) * CHAR}" '
                    f'HEIGHT="{wh}" CONTENT={quoteattr(content)} WC="0.9"/>'
                )
                if hyp:
                    out.append(
                        f'            <HYP HPOS="{wx + len(content) * CHAR}" VPOS="{wy}" WIDTH="{CHAR}" CONTENT="-"/>'
                    )
            out.append("          </TextLine>")
        out.append("        </TextBlock>")
    out += ["      </PrintSpace>", "    </Page>", "  </Layout>", "</alto>", ""]
    return "\n".join(out)


def hocr() -> str:
    boxes = _geometry()

    def bbox(box: tuple[int, int, int, int]) -> str:
        x, y, w, h = box
        return f"bbox {x} {y} {x + w} {y + h}"

    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"',
        '    "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
        '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="de" lang="de">',
        " <head>",
        "  <title></title>",
        '  <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>',
        "  <meta name='ocr-system' content='tesseract 5.3.0 (fixture written for Stichwort)'/>",
        "  <meta name='ocr-capabilities' content='ocr_page ocr_carea ocr_par ocr_line ocrx_word'/>",
        " </head>",
        " <body>",
        "  <div class='ocr_page' id='page_1' title='image \"schwaighofer1927-017.png\"; bbox 0 0 2000 3000; ppageno 0'>",
    ]
    for rid, _type, rlines in REGIONS:
        out.append(f"   <div class='ocr_carea' id='block_{rid}' title='{bbox(boxes[rid])}'>")
        out.append(f"    <p class='ocr_par' id='par_{rid}' lang='deu' title='{bbox(boxes[rid])}'>")
        for k, (ocr, _gt) in enumerate(rlines, 1):
            lid = f"{rid}_l{k}"
            out.append(
                f"     <span class='ocr_line' id='line_{lid}' title='{bbox(boxes[lid])}; baseline 0 -8'>"
            )
            for m, (word, wbox) in enumerate(_words(ocr, boxes[lid]), 1):
                inner = f"<strong>{escape(word)}</strong>" if (k, m) == (1, 1) else escape(word)
                out.append(
                    f"      <span class='ocrx_word' id='word_{lid}_{m}' title='{bbox(wbox)}; x_wconf 91'>{inner}</span>"
                )
            out.append("     </span>")
        out.append("    </p>")
        out.append("   </div>")
    out += ["  </div>", " </body>", "</html>", ""]
    return "\n".join(out)


def ground_truth() -> dict[str, str]:
    return {
        f"{rid}_l{k}": gt
        for rid, _t, rl in [*REGIONS, PAGE_NUMBER]
        for k, (_o, gt) in enumerate(rl, 1)
    }


def main() -> None:
    (HERE / "page-2019.xml").write_text(page("2019-07-15"), encoding="utf-8")
    (HERE / "page-2013.xml").write_text(page("2013-07-15"), encoding="utf-8")
    (HERE / "page-2024.xml").write_text(page("2024-07-15"), encoding="utf-8")
    for version in (2, 3, 4):
        (HERE / f"alto-v{version}.xml").write_text(alto(version), encoding="utf-8")
    (HERE / "hocr.html").write_text(hocr(), encoding="utf-8")
    text = json.dumps(ground_truth(), ensure_ascii=False, indent=1) + "\n"
    (HERE / "ground-truth.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
