"""Reading text files in the encodings OCR arrives in, and writing outputs atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class InputError(Exception):
    """An input file cannot be used; the message names the file and the place."""


def decode_text(data: bytes, name: str) -> tuple[str, str]:
    """Decode bytes as UTF-8 (with or without BOM), else cp1252, else Latin-1.

    Returns the text and the encoding used. Empty or binary input raises
    :class:`InputError` naming ``name``.
    """
    if not data:
        raise InputError(f"{name}: file is empty")
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        position = data.index(b"\x00")
        raise InputError(f"{name}: looks binary (NUL byte at offset {position})")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="strict"), "utf-8-sig"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def read_text(path: Path) -> tuple[str, str]:
    """Read a text file in any supported encoding; see :func:`decode_text`."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a file") from None
    return decode_text(data, str(path))


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
