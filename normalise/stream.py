"""Reading a plain-text file of any size in segments cut at paragraph breaks.

:func:`segments` decodes a file block by block (the same rules as
:func:`normalise.textio.decode_text`: a byte order mark names the encoding, else the
one given, else strict UTF-8; nothing is guessed) and yields :class:`Segment`\\ s of at
most ``size`` characters, cut where :func:`normalise.chunks.chunk_spans` would cut
(preferably at a paragraph break). The white space at a cut belongs to no segment; it
is kept as the segment's ``gap``, so the segments' texts and gaps, joined, are the
decoded file. At most about ``size`` characters plus one block are held at a time.

A file that does not decode raises :class:`~normalise.textio.InputError` naming the
file and the byte offset, when the reader reaches that byte.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from normalise.chunks import chunk_spans
from normalise.textio import BINARY_PREFIX, InputError, named_codec, not_valid

SEGMENT_CHARS = 2_000_000
"""Characters of one segment: a whole book of a few hundred pages is one segment."""
BLOCK_BYTES = 1 << 20  # bytes read at a time
LOOKAHEAD = 4096  # characters past a segment's end that the cut may look at
_WHITE = re.compile(r"\s*")
_LINE_BREAK = re.compile(r"\r\n?|\n")


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of a decoded file: its text, the white space after it (``""`` after the
    last one or at a cut inside a token), its number and its first byte in the file."""

    index: int
    text: str
    gap: str
    start_byte: int


def joint(gap: str) -> str:
    """What the white space between two segments becomes in the reading text: a
    paragraph break for two line breaks or more, a space for other white space, and
    nothing where a segment was cut inside a token."""
    if not gap:
        return ""
    return "\n\n" if len(_LINE_BREAK.findall(gap)) >= 2 else " "


def _choose_codec(head: bytes, name: str, encoding: str | None) -> tuple[str, str]:
    """The codec for a file that starts with ``head``, and why (for error messages)."""
    named = named_codec(head, name, encoding)
    if named is not None:
        return named
    nul = head.find(b"\x00", 0, BINARY_PREFIX)
    if nul >= 0:
        raise InputError(
            f"{name}: looks binary or UTF-16/32 without a byte order mark "
            f"(NUL byte at offset {nul}); give its encoding with --encoding"
        )
    return "utf-8", "no byte order mark"


class _Decoder:
    """Strict incremental decoding that names the offset of a byte that does not decode."""

    def __init__(self, codec: str, why: str, name: str) -> None:
        self.codec, self.why, self.name = codec, why, name
        self.decoder = codecs.getincrementaldecoder(codec)("strict")
        self.consumed = 0  # bytes passed to the decoder so far

    def decode(self, block: bytes, final: bool) -> str:
        pending = len(self.decoder.getstate()[0])
        try:
            text = self.decoder.decode(block, final)
        except UnicodeDecodeError as error:
            at = self.consumed - pending + error.start
            raise not_valid(self.name, self.codec, self.why, error, at) from None
        self.consumed += len(block)
        return text


def segments(
    path: Path,
    size: int = SEGMENT_CHARS,
    encoding: str | None = None,
    block_bytes: int = BLOCK_BYTES,
) -> Iterator[Segment]:
    """The segments of the text file ``path``; see the module docstring."""
    name = str(path)
    with open(path, "rb") as handle:
        head = handle.read(block_bytes)
        if not head:
            raise InputError(f"{name}: file is empty")
        codec, why = _choose_codec(head, name, encoding)
        decoder = _Decoder(codec, why, name)
        buffer = decoder.decode(head, False)
        eof = False
        index = 0
        start_byte = 0
        while True:
            while not eof and len(buffer) < size + LOOKAHEAD:
                block = handle.read(block_bytes)
                eof = not block
                buffer += decoder.decode(block, eof)
            if len(buffer) <= size and eof:
                yield Segment(index, buffer, "", start_byte)
                return
            cut = chunk_spans(buffer[: size + LOOKAHEAD], size)[0][1]
            after = _WHITE.match(buffer, cut).end()
            while after == len(buffer) and not eof:  # the white space may go on
                block = handle.read(block_bytes)
                eof = not block
                buffer += decoder.decode(block, eof)
                after = _WHITE.match(buffer, cut).end()
            if after == len(buffer):  # only white space after the cut: one segment
                yield Segment(index, buffer[:cut], buffer[cut:], start_byte)
                return
            text, gap = buffer[:cut], buffer[cut:after]
            yield Segment(index, text, gap, start_byte)
            start_byte += len((text + gap).encode(codec))
            buffer = buffer[after:]
            index += 1
