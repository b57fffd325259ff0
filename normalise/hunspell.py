"""Expand a Hunspell ``.dic``/``.aff`` pair into its full word forms (affix rules only).

Only what the German dictionaries use is implemented: single-character flags,
``PFX``/``SFX`` rules with strip/add/condition, and prefix-suffix cross products.
Compounding flags are ignored (compounds are judged by :mod:`normalise.lexicon`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class _Affix:
    strip: str
    add: str
    condition: re.Pattern[str] | None
    cross: bool


def _parse_aff(path: Path) -> tuple[dict[str, list[_Affix]], dict[str, list[_Affix]], set[str]]:
    prefixes: dict[str, list[_Affix]] = {}
    suffixes: dict[str, list[_Affix]] = {}
    skip: set[str] = set()
    cross: dict[str, bool] = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split("#", 1)[0].split()
        if not parts:
            continue
        if parts[0] in ("FORBIDDENWORD", "ONLYINCOMPOUND", "NEEDAFFIX") and len(parts) > 1:
            skip.add(parts[1])
            continue
        if parts[0] not in ("PFX", "SFX") or len(parts) < 4:
            continue
        kind, flag = parts[0], parts[1]
        if len(parts) == 4 and parts[3].isdigit():
            cross[flag] = parts[2] == "Y"
            continue
        strip = "" if parts[2] == "0" else parts[2]
        add = "" if parts[3] == "0" else parts[3].split("/", 1)[0]
        cond = parts[4] if len(parts) > 4 else "."
        pattern = None
        if cond != ".":
            pattern = re.compile(("^" + cond) if kind == "PFX" else (cond + "$"))
        table = prefixes if kind == "PFX" else suffixes
        table.setdefault(flag, []).append(_Affix(strip, add, pattern, cross.get(flag, False)))
    return prefixes, suffixes, skip


def _apply_suffix(word: str, affix: _Affix) -> str | None:
    if affix.condition is not None and not affix.condition.search(word):
        return None
    if affix.strip and not word.endswith(affix.strip):
        return None
    stem = word[: len(word) - len(affix.strip)] if affix.strip else word
    return stem + affix.add


def _apply_prefix(word: str, affix: _Affix) -> str | None:
    if affix.condition is not None and not affix.condition.search(word):
        return None
    if affix.strip and not word.startswith(affix.strip):
        return None
    return affix.add + word[len(affix.strip) :]


def expand(dic: Path, aff: Path) -> Iterator[str]:
    """Yield every word form the dictionary accepts without compounding."""
    prefixes, suffixes, skip = _parse_aff(aff)
    lines = dic.read_text(encoding="utf-8", errors="replace").splitlines()
    for line in lines[1:]:
        entry = line.split("\t", 1)[0].strip()
        if not entry or entry.startswith("#"):
            continue
        word, _, flags = entry.partition("/")
        if not skip.intersection(flags):
            yield word
        suffixed: list[tuple[str, bool]] = []
        for flag in flags:
            for affix in suffixes.get(flag, ()):
                form = _apply_suffix(word, affix)
                if form is not None:
                    suffixed.append((form, affix.cross))
                    yield form
        for flag in flags:
            for affix in prefixes.get(flag, ()):
                form = _apply_prefix(word, affix)
                if form is None:
                    continue
                yield form
                if affix.cross:
                    for sform, scross in suffixed:
                        if scross:
                            pform = _apply_prefix(sform, affix)
                            if pform is not None:
                                yield pform
