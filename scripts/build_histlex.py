"""Build the historical German lexicon of normalise/data/ from a Dingler-Online git mirror.

Usage: ``python scripts/build_histlex.py MIRROR [--out normalise/data] [--min-word 3]
[--min-bigram 10]``

``MIRROR`` is a git directory of ``deutschestextarchiv/dingler`` (the Polytechnisches
Journal 1820-1931, TEI full text, CC BY-SA 4.0); the volumes are read from its HEAD
commit with ``git cat-file``, no work tree needed. The volumes are split by file before
anything is counted: every volume whose number ends in :data:`HELD_OUT_DIGIT` is held
out of the lexicon, and a sample of its paragraphs is written as clean text for the
synthetic-damage benchmark (``benchmarks/repair_quality.py``).

Text is folded as the repair engine folds it (superscript-e umlauts to umlauts, long s
to s, ligatures resolved, NFC); the spelling is kept as printed (``seyn``, ``Theil``).
Words are runs of letters, lower-cased. Bigrams are pairs of adjacent words inside a
sentence (a ``. ! ? ; :`` or a paragraph ends one). Written, all atomically:

- ``histlex-words.tsv.xz``: ``word<TAB>count``, words with count >= ``--min-word``;
- ``histlex-bigrams.tsv.xz``: ``first second<TAB>count``, pairs with count >=
  ``--min-bigram`` whose words are both in the word list;
- ``dingler-heldout.txt.xz``: held-out paragraphs, one per line;
- ``histlex.json``: the figures of the build (volumes, tokens, types, sizes).
"""

from __future__ import annotations

import argparse
import itertools
import json
import lzma
import os
import re
import subprocess
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from lxml import etree

from normalise.textio import atomic_write

TEI = "{http://www.tei-c.org/ns/1.0}"
HELD_OUT_DIGIT = "7"  # volumes pj007, pj017, ... are never counted
HELD_OUT_CHARS = 400_000  # clean held-out text kept for the benchmark
SEGMENTS = {f"{TEI}{t}" for t in ("p", "head", "item", "cell", "note", "label", "q", "l")}
SKIPPED = {f"{TEI}{t}" for t in ("sic", "figDesc", "formula", "teiHeader", "fw", "orig")}
_SUPER_E = re.compile(r"([aouAOU])\u0364")
_UMLAUT = {"a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö", "U": "Ü"}
_LIGATURES = str.maketrans({"ſ": "s", "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬅ": "st", "ﬆ": "st"})
_WORD = re.compile(r"[^\W\d_]+")
_SENTENCE_END = re.compile(r"[.!?;:]")


def fold(text: str) -> str:
    """Text as the engine reads it: umlauts composed, long s as s, no ligatures, NFC."""
    text = _SUPER_E.sub(lambda m: _UMLAUT[m.group(1)], text)
    return unicodedata.normalize("NFC", text.translate(_LIGATURES))


def volumes(mirror: Path) -> list[tuple[str, str]]:
    """(name, blob id) of every volume file at HEAD, in order."""
    out = subprocess.run(
        ["git", "--git-dir", str(mirror), "ls-tree", "HEAD", "sources/volumes/"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found = []
    for line in out.splitlines():
        meta, path = line.split("\t", 1)
        name = path.rsplit("/", 1)[-1]
        if re.fullmatch(r"pj\d{3}\.xml", name):
            found.append((name, meta.split()[2]))
    return sorted(found)


def blobs(mirror: Path, ids: list[str]) -> Iterator[bytes | None]:
    """The contents of ``ids``, in order, through one ``git cat-file --batch`` (``None``
    for a blob the mirror lacks: a snapshot may leave out its largest files)."""
    proc = subprocess.Popen(
        ["git", "--git-dir", str(mirror), "cat-file", "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for blob in ids:
            proc.stdin.write(blob.encode() + b"\n")
            proc.stdin.flush()
            header = proc.stdout.readline().split()
            if len(header) != 3:
                yield None
                continue
            size = int(header[2])
            data = proc.stdout.read(size)
            proc.stdout.read(1)
            yield data
    finally:
        proc.stdin.close()
        proc.wait()


def paragraphs(xml: bytes) -> Iterator[str]:
    """The folded text of each paragraph-like element of a volume's ``<text>``."""
    root = etree.fromstring(xml, etree.XMLParser(huge_tree=True, resolve_entities=False))
    parts: list[str] = []

    def flush() -> Iterator[str]:
        text = " ".join("".join(parts).split())
        parts.clear()
        if text:
            yield fold(text)

    def walk(node: etree._Element) -> Iterator[str]:
        if node.tag in SKIPPED:
            return
        segment = node.tag in SEGMENTS
        if segment:
            yield from flush()
        if node.text:
            parts.append(node.text)
        for child in node:
            if isinstance(child.tag, str):
                yield from walk(child)
            if child.tail:
                parts.append(child.tail)
        if segment:
            yield from flush()

    for text in root.iter(f"{TEI}text"):
        if text.getparent() is not None and text.getparent().tag == f"{TEI}group":
            continue  # the volume's own <text> holds the rest
        yield from walk(text)
        yield from flush()


def count(paragraph: str, words: Counter[str], bigrams: Counter[str]) -> None:
    """Add the words and in-sentence word pairs of one paragraph."""
    for sentence in _SENTENCE_END.split(paragraph):
        tokens = [t.lower() for t in _WORD.findall(sentence)]
        words.update(tokens)
        bigrams.update(f"{a} {b}" for a, b in itertools.pairwise(tokens))


def write_xz(path: Path, lines: Iterator[str]) -> int:
    """Write ``lines`` xz-compressed, atomically; return the compressed size."""
    tmp = path.with_suffix(path.suffix + f".{os.getpid()}.tmp")
    with lzma.open(tmp, "wt", encoding="utf-8", preset=9) as handle:
        for line in lines:
            handle.write(line + "\n")
    os.replace(tmp, path)
    return path.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mirror", type=Path, help="git directory of deutschestextarchiv/dingler")
    parser.add_argument("--out", type=Path, default=Path("normalise/data"))
    parser.add_argument("--min-word", type=int, default=3)
    parser.add_argument("--min-bigram", type=int, default=10)
    parser.add_argument("--limit", type=int, default=0, help="only the first N volumes (tests)")
    args = parser.parse_args(argv)

    try:
        found = volumes(args.mirror)
    except (subprocess.CalledProcessError, FileNotFoundError) as error:
        print(f"{args.mirror}: not a readable git directory: {error}", file=sys.stderr)
        return 1
    if args.limit:
        found = found[: args.limit]
    if not found:
        print(f"{args.mirror}: no sources/volumes/pjNNN.xml at HEAD", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    words: Counter[str] = Counter()
    bigrams: Counter[str] = Counter()
    held: list[str] = []
    held_chars = 0
    trained = held_out = 0
    missing: list[str] = []
    for k, ((name, _), xml) in enumerate(
        zip(found, blobs(args.mirror, [b for _, b in found]), strict=True)
    ):
        print(f"\r{k + 1}/{len(found)} {name}", end="", file=sys.stderr, flush=True)
        if xml is None:
            print(f"\n{args.mirror}: {name}: skipped, blob missing", file=sys.stderr)
            missing.append(name)
            continue
        try:
            paras = list(paragraphs(xml))
        except etree.XMLSyntaxError as error:
            print(f"\n{args.mirror}: {name}: skipped, not well-formed: {error}", file=sys.stderr)
            continue
        if name[:-4].endswith(HELD_OUT_DIGIT):
            held_out += 1
            for p in paras:
                if held_chars < HELD_OUT_CHARS and len(p) >= 200:
                    held.append(p)
                    held_chars += len(p)
            continue
        trained += 1
        for p in paras:
            count(p, words, bigrams)
        if len(bigrams) > 30_000_000:  # keep memory bounded: drop the pairs seen once so far
            bigrams = Counter({b: c for b, c in bigrams.items() if c > 1})
    print(file=sys.stderr)
    kept = {w: c for w, c in words.items() if c >= args.min_word}
    pairs = {
        b: c
        for b, c in bigrams.items()
        if c >= args.min_bigram and all(w in kept for w in b.split(" "))
    }
    sizes = {
        "histlex-words.tsv.xz": write_xz(
            args.out / "histlex-words.tsv.xz",
            (f"{w}\t{c}" for w, c in sorted(kept.items(), key=lambda x: (-x[1], x[0]))),
        ),
        "histlex-bigrams.tsv.xz": write_xz(
            args.out / "histlex-bigrams.tsv.xz",
            (f"{b}\t{c}" for b, c in sorted(pairs.items(), key=lambda x: (-x[1], x[0]))),
        ),
        "dingler-heldout.txt.xz": write_xz(args.out / "dingler-heldout.txt.xz", iter(held)),
    }
    figures = {
        "source": "deutschestextarchiv/dingler (Dingler-Online, Polytechnisches Journal)",
        "licence": "CC BY-SA 4.0",
        "volumes_counted": trained,
        "volumes_held_out": held_out,
        "held_out_rule": f"volume number ends in {HELD_OUT_DIGIT}",
        "volumes_missing_in_mirror": missing,
        "tokens": sum(words.values()),
        "types": len(words),
        "words_kept": len(kept),
        "bigrams_kept": len(pairs),
        "min_word": args.min_word,
        "min_bigram": args.min_bigram,
        "held_out_paragraphs": len(held),
        "held_out_chars": held_chars,
        "compressed_bytes": sizes,
    }
    atomic_write(
        args.out / "histlex.json", json.dumps(figures, indent=2, ensure_ascii=False) + "\n"
    )
    print(json.dumps(figures, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
