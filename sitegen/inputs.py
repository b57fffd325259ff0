"""Read what the edition is made of: TEI files, rules, claim results, metadata, glossary.

Everything the page writers need is gathered once into an :class:`Edition`. Missing
optional inputs (no rules registered yet, no claims file) give empty lists, so pages
can be generated at every stage of the build; a broken input raises.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from rules.registry import Emendation
from rules.registry import RuleInfo as Rule
from sitegen.markup import absolute_http_url, page_url
from sitegen.render_tei import Block, Section, TeiDocument, load_tei

if TYPE_CHECKING:
    from rules.model import Game

__all__ = [
    "BASE_URL_ENV",
    "ROOT",
    "Claim",
    "Coverage",
    "Edition",
    "Emendation",
    "InputError",
    "Rule",
    "base_url",
    "load_coverage",
    "load_edition",
    "site_config",
]

ROOT = Path(__file__).resolve().parent.parent
MKDOCS_YML = ROOT / "site" / "mkdocs.yml"
BASE_URL_ENV = "STICHWORT_BASE_URL"
"""Environment variable with the site's published base URL."""
COVERED_TYPES = frozenset({"rule", "example"})
"""Paragraph types that ``coverage.json`` maps (as ``rules.coverage``)."""


@dataclass(frozen=True)
class Claim:
    """One entry of ``claims.json``: a quote of a paragraph checked against rules."""

    id: str
    paragraph: str
    quote: str
    rules: tuple[str, ...]
    status: str
    note: str = ""
    cases: int = 0
    """Number of vector cases the claim's check ran."""

    @property
    def passed(self) -> bool:
        """The claim's check passed."""
        return self.status == "passed"


class InputError(RuntimeError):
    """A build output the site needs is missing or cannot be read."""


@dataclass(frozen=True)
class Coverage:
    """One entry of ``coverage.json``: what formalises a rule, law or example paragraph."""

    paragraph: str
    game: str
    type: str
    rules: tuple[str, ...]
    claims: int
    unformalised: str | None
    actions: tuple[str, ...]
    scores: tuple[str, ...]

    @property
    def source(self) -> str:
        """The siglum of the paragraph's source (first part of its id)."""
        return self.paragraph.split(".", 1)[0]

    @property
    def covered(self) -> bool:
        """Cited by a rule function or by the game model."""
        return bool(self.rules)


@dataclass
class Edition:
    """All inputs of the site plus the indexes the pages share."""

    build_dir: Path
    sources: dict[str, dict[str, Any]]
    documents: list[TeiDocument]
    rules: list[Rule]
    claims: list[Claim]
    site_url: str
    """The published base URL (ends in ``/``), or ``""`` when none is configured."""
    version: str
    today: dt.date
    coverage: dict[str, Coverage] = field(default_factory=dict)
    """Paragraph id -> its entry of ``coverage.json``."""
    models: dict[str, Game] = field(default_factory=dict)
    """Game name -> the game model (:class:`rules.model.Game`) of each game with rules."""
    pages: dict[str, str] = field(default_factory=dict)
    """Paragraph id -> Markdown page that shows it."""
    extra_pages: dict[str, str] = field(default_factory=dict)
    """Pages beyond the texts (example deals, comparisons) -> title; filled by the builder."""
    sections: dict[str, str] = field(default_factory=dict)
    """TEI id of a text division shown on a page -> that page."""
    titles: dict[str, str] = field(default_factory=dict)
    """Game page -> its title (``Engelmann 1798: Das Piquetspiel``)."""

    def __post_init__(self) -> None:
        for doc in self.documents:
            who = str(self.sources.get(doc.siglum, {}).get("label", "")) or doc.siglum
            for game in doc.games:
                self.titles[game_page_path(doc, game)] = f"{who}: {game.label}"
                self.sections[game.id] = game_page_path(doc, game)
                for block in game.blocks():
                    self.pages[block.id] = game_page_path(doc, game)

    def permalink(self, page: str, fragment: str = "") -> str:
        """The absolute address of a Markdown page (and fragment); ``""`` without a base URL."""
        if not self.site_url:
            return ""
        return self.site_url + page_url(page) + (f"#{fragment}" if fragment else "")

    def block(self, pid: str) -> Block | None:
        """The rendered block with this id, if the edition has it."""
        for doc in self.documents:
            if pid in doc.blocks:
                return doc.blocks[pid]
        return None

    def rules_for(self, pid: str) -> list[Rule]:
        """Rules that cite paragraph ``pid``."""
        return [r for r in self.rules if pid in r.paragraphs]

    def claims_for(self, pid: str) -> list[Claim]:
        """Claims that quote paragraph ``pid``."""
        return [c for c in self.claims if c.paragraph == pid]

    def claims_of_rule(self, name: str) -> list[Claim]:
        """Claims that exercise rule ``name``."""
        return [c for c in self.claims if name in c.rules]

    def emendations_at(self, pid: str) -> list[tuple[Rule, int, Emendation]]:
        """Every emendation of any rule at paragraph ``pid``: (rule, its index, emendation)."""
        return [
            (r, k, e) for r in self.rules for k, e in enumerate(r.emendations) if e.paragraph == pid
        ]

    def text_page_of(self, game: str) -> str | None:
        """The text page of the chapter a game model plays (``None`` when not encoded)."""
        model = self.models.get(game)
        chapter = model.chapter if model is not None else ""
        return self.sections.get(chapter)

    def bibl(self, siglum: str) -> dict[str, Any]:
        """The ``[bibl]`` table of a source's ``meta.toml`` (empty when unknown)."""
        return dict(self.sources.get(siglum, {}).get("bibl", {}))

    def games(self) -> list[tuple[TeiDocument, Section]]:
        """Every encoded game section with its document."""
        return [(doc, game) for doc in self.documents for game in doc.games]


def game_page_path(doc: TeiDocument, game: Section) -> str:
    """Markdown path of a game's page, named by the division's id: ``<siglum>/<game>.md``
    (``polizei472.dreisatz`` -> ``polizei472/dreisatz.md``)."""
    return f"{doc.siglum}/{game.id.rsplit('.', 1)[-1]}.md"


def rules_page_path(game: str) -> str:
    """Markdown path of the rules page of a game."""
    return f"rules/{game}.md"


def site_config(path: Path = MKDOCS_YML) -> dict[str, Any]:
    """The mkdocs configuration (``!!python`` tags are read as ``None``)."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    with path.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=Loader) or {}


def base_url(explicit: str | None = None, config: dict[str, Any] | None = None) -> str:
    """The site's published base URL, ending in ``/``; ``""`` when none is configured.

    In this order: ``explicit`` (``stichwort site --base-url``), ``$STICHWORT_BASE_URL``,
    ``site_url`` of ``site/mkdocs.yml``. An address that is not absolute http(s) without
    query or fragment raises :class:`InputError` naming where it came from.
    """
    settings = config if config is not None else site_config()
    for value, origin in (
        (explicit, "--base-url"),
        (os.environ.get(BASE_URL_ENV), f"${BASE_URL_ENV}"),
        (settings.get("site_url"), f"site_url in {MKDOCS_YML}"),
    ):
        if not value or not str(value).strip():
            continue
        url = str(value).strip()
        if not absolute_http_url(url):
            raise InputError(f"{origin}: {url!r} is not an absolute http(s) URL without query")
        return url if url.endswith("/") else url + "/"
    return ""


def load_sources() -> dict[str, dict[str, Any]]:
    """The metadata (``meta.toml``) of every source, by siglum, checksum verified."""
    from corpus import SIGLA, load_source

    return {siglum: load_source(siglum).meta for siglum in SIGLA}


def load_rules() -> list[Rule]:
    """Every registered rule function."""
    from rules.registry import all_rules

    return all_rules()


def relative_path(file: str) -> str:
    """A path relative to the project root where possible (for display)."""
    try:
        return Path(file).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return file


def load_claims(path: Path) -> list[Claim]:
    """The claim results of ``claims.json``; empty when the file does not exist."""
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    return [
        Claim(
            id=str(c["id"]),
            paragraph=str(c.get("paragraph", "")),
            quote=str(c.get("quote", "")),
            rules=tuple(c.get("rules", ())),
            status=str(c.get("status", "unknown")),
            note=str(c.get("note", "") or ""),
            cases=len(c.get("cases", ()) or ()),
        )
        for c in data
    ]


def load_coverage(path: Path, required: bool) -> dict[str, Coverage]:
    """The entries of ``coverage.json`` by paragraph id.

    A file that cannot be read or parsed raises :class:`InputError` naming it; so does a
    missing file when ``required`` (once rules are registered, ``stichwort coverage``
    must have run).
    """
    if not path.exists():
        if required:
            raise InputError(f"{path} is missing: run `stichwort coverage` (make coverage) first")
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {
            str(pid): Coverage(
                paragraph=str(pid),
                game=str(entry["game"]),
                type=str(entry["type"]),
                rules=tuple(str(r) for r in entry["rules"]),
                claims=int(entry["claims"]),
                unformalised=str(entry["unformalised"]) if entry["unformalised"] else None,
                actions=tuple(str(a) for a in entry.get("actions", ())),
                scores=tuple(str(s) for s in entry.get("scores", ())),
            )
            for pid, entry in data.items()
        }
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise InputError(f"{path}: not a coverage map ({type(error).__name__}: {error})") from None


def load_models(names: set[str]) -> dict[str, Game]:
    """The game models (``rules.registry.games()``) of the games named in ``names``."""
    from rules.registry import games

    return {name: game for name, game in games().items() if name in names}


def edition_version() -> str:
    """The installed version of the ``stichwort`` package."""
    try:
        return metadata.version("stichwort")
    except metadata.PackageNotFoundError:
        return "0"


def load_edition(
    build_dir: Path, today: dt.date | None = None, site_url: str | None = None
) -> Edition:
    """Gather the TEI files of ``build_dir/tei``, rules, claims, metadata and config
    (``site_url``: the base URL given on the command line, see :func:`base_url`)."""
    tei_files = sorted((build_dir / "tei").glob("*.xml"))
    config = site_config()
    rules = load_rules()
    documents = [load_tei(path) for path in tei_files]
    # the map is required once there are rules and paragraphs for them to cover
    covered = any(
        b.type in COVERED_TYPES and b.kind != "head" for d in documents for b in d.blocks.values()
    )
    return Edition(
        build_dir=build_dir,
        sources=load_sources(),
        documents=documents,
        rules=rules,
        claims=load_claims(build_dir / "claims.json"),
        coverage=load_coverage(build_dir / "coverage.json", required=bool(rules) and covered),
        models=load_models({r.game for r in rules}),
        site_url=base_url(site_url, config),
        version=edition_version(),
        today=today or dt.datetime.now(dt.UTC).date(),
    )
