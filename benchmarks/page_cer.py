"""Line-level CER of PAGE XML before and after ``stichwort repair``, against ground truth.

For each PAGE file, the main text of every line with ground truth (the OCR's, and the
repaired first ``TextEquiv``) is compared with the ground-truth line; the character
error rate is the summed Levenshtein distances over the summed ground-truth lengths.
Ground truth is either a JSON object ``{line id: text}`` or a directory of PAGE files
of the same names (OCR-D ground truth), matched by line id.

    .venv/bin/python benchmarks/page_cer.py                      # the fixtures of tests/data/ocr
    .venv/bin/python benchmarks/page_cer.py OCR_DIR/*.xml --gt GT_DIR
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rapidfuzz.distance import Levenshtein

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from normalise.formats import repair_document  # noqa: E402
from normalise.formats.page import main_text_equiv  # noqa: E402
from normalise.formats.xmlio import children, parse_xml  # noqa: E402

DATA = ROOT / "tests" / "data" / "ocr"


def line_texts(data: bytes, first: bool, name: str = "<PAGE>") -> dict[str, str]:
    """Line id -> its first TextEquiv (``first``) or its main (lowest index) one."""
    out = {}
    for line in parse_xml(data, name).getroot().iter("{*}TextLine"):
        equivs = children(line, "TextEquiv")
        equiv = equivs[0] if first and equivs else main_text_equiv(line)
        if equiv is not None:
            out[line.get("id") or ""] = equiv.findtext("{*}Unicode") or ""
    return out


def truth_for(path: Path, gt: Path) -> dict[str, str]:
    if gt.is_dir():
        return line_texts((gt / path.name).read_bytes(), first=False, name=str(gt / path.name))
    return json.loads(gt.read_text(encoding="utf-8"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="PAGE files (default: fixtures)")
    parser.add_argument("--gt", type=Path, help="ground truth: JSON or a directory of PAGE")
    args = parser.parse_args()
    files = args.files or [DATA / "page-2013.xml", DATA / "page-2019.xml"]
    gt = args.gt or DATA / "ground-truth.json"
    totals = [0, 0, 0]  # OCR distance, repaired distance, ground-truth characters
    for path in files:
        data = path.read_bytes()
        truth = truth_for(path, gt)
        ocr = line_texts(data, first=False, name=str(path))
        repaired = line_texts(repair_document(data, path.name).output, first=True, name=path.name)
        keys = [k for k in truth if k in ocr]
        before = sum(Levenshtein.distance(ocr[k], truth[k]) for k in keys)
        after = sum(Levenshtein.distance(repaired[k], truth[k]) for k in keys)
        chars = sum(len(truth[k]) for k in keys)
        totals = [totals[0] + before, totals[1] + after, totals[2] + chars]
        print(
            f"{path.name}: {len(keys)} lines, {chars} chars: line CER OCR "
            f"{before / chars:.2%} -> repaired {after / chars:.2%}"
        )
    before, after, chars = totals
    print(
        f"all: line CER OCR {before}/{chars} = {before / chars:.2%}, "
        f"repaired {after}/{chars} = {after / chars:.2%}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
