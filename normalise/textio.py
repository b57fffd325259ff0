"""Reading text files in the encodings OCR arrives in, and writing outputs atomically.

An input is decoded only where its encoding is certain: a byte order mark (UTF-8,
UTF-16 LE/BE, UTF-32 LE/BE) names it, else it must be valid UTF-8, else the caller
names the encoding. Nothing is guessed: an input that is neither is refused with its
file name and the offset of the first byte that does not decode. The byte order mark
stays in the decoded text (as U+FEFF), so encoding the text gives the bytes back.
"""

from __future__ import annotations

import codecs
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path


class InputError(Exception):
    """An input file cannot be used; the message names the file and the place."""


MAX_INPUT_BYTES = 64 * 2**20
"""Larger inputs are refused (repair needs up to 40 bytes of memory per character)."""
BINARY_PREFIX = 4096  # a NUL byte this early (without a byte order mark) means binary
BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE, whose mark it begins with
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


@dataclass(frozen=True, slots=True)
class Decoded:
    """A decoded input: its text (a byte order mark kept as U+FEFF), the codec that
    gives the bytes back from it, and whether the codec was named by a BOM."""

    text: str
    encoding: str
    bom: bool


def _codec(name: str) -> str:
    """The canonical name of a codec (``InputError`` for an unknown one)."""
    try:
        return codecs.lookup(name).name
    except LookupError:
        raise InputError(f"unknown encoding {name!r}") from None


def not_valid(name: str, encoding: str, why: str, error: UnicodeDecodeError, at: int) -> InputError:
    """The error for bytes that do not decode: ``error``'s first bad byte, which is at
    offset ``at`` of the file (``why``: what named the encoding)."""
    bad = error.object[error.start : error.start + 1].hex().upper()
    return InputError(
        f"{name}: not valid {encoding} ({why}): byte 0x{bad} at offset {at} "
        f"does not decode ({error.reason})"
    )


def _strict(data: bytes, encoding: str, name: str, why: str) -> str:
    """``data`` decoded strictly; ``InputError`` with the offset of the first bad byte."""
    try:
        return data.decode(encoding, errors="strict")
    except UnicodeDecodeError as error:
        raise not_valid(name, encoding, why, error, error.start) from None


BY_BOM = "byte order mark"
BY_ENCODING = "the encoding given"


def named_codec(head: bytes, name: str, encoding: str | None) -> tuple[str, str] | None:
    """The codec named for an input that starts with ``head``, and what named it: its
    byte order mark (:data:`BY_BOM`; ``InputError`` if ``encoding`` names another) or
    ``encoding`` (:data:`BY_ENCODING`). ``None`` when neither names one."""
    for mark, codec in BOMS:
        if head.startswith(mark):
            if encoding is not None and _codec(encoding) not in (codec, _codec(codec)):
                raise InputError(
                    f"{name}: starts with the byte order mark of {codec}, "
                    f"not of the encoding given ({encoding})"
                )
            return codec, BY_BOM
    if encoding is not None:
        return _codec(encoding), BY_ENCODING
    return None


def decode_text(data: bytes, name: str, encoding: str | None = None) -> Decoded:
    """Decode an input; see the module docstring. ``encoding`` names the codec of an
    input without a byte order mark that is not UTF-8 (``cp1252``, ``latin-1`` ...)."""
    if not data:
        raise InputError(f"{name}: file is empty")
    named = named_codec(data, name, encoding)
    if named is not None:
        codec, why = named
        return Decoded(_strict(data, codec, name, why), codec, why == BY_BOM)
    nul = data.find(b"\x00", 0, BINARY_PREFIX)
    if nul >= 0:
        if nul < len(data) - 1 and (
            data[1::2].count(0) > len(data) // 4 or data[0::2].count(0) > len(data) // 4
        ):
            raise InputError(
                f"{name}: looks like UTF-16 or UTF-32 without a byte order mark "
                f"(NUL byte at offset {nul}); give its encoding with --encoding"
            )
        raise InputError(f"{name}: looks binary (NUL byte at offset {nul})")
    try:
        return Decoded(data.decode("utf-8", errors="strict"), "utf-8", False)
    except UnicodeDecodeError as error:
        bad = data[error.start : error.start + 1].hex().upper()
        raise InputError(
            f"{name}: not UTF-8 and no byte order mark: byte 0x{bad} at offset "
            f"{error.start} does not decode; its encoding is not certain (cp1252? "
            "latin-1? another?), so give it with --encoding"
        ) from None


def read_bytes(path: Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (``InputError`` else).

    The file is opened without blocking and checked before it is read, so a device
    (``/dev/zero``), a pipe or a directory is refused, never read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise InputError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a file") from None
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(f"{path}: is a directory, not a file")
        raise InputError(f"{path}: is not a regular file (a device, pipe or socket is not read)")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > limit:
            raise InputError(
                f"{path}: too large ({info.st_size:,} bytes; at most {limit:,} are read)"
            )
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"{path}: too large (more than {limit:,} bytes)")
    return data


def read_text(path: Path, encoding: str | None = None) -> Decoded:
    """Read and decode a text file; see :func:`read_bytes` and :func:`decode_text`."""
    return decode_text(read_bytes(path), str(path), encoding)


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file and rename: never half-written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
