"""The corpus: raw OCR as received, its metadata, editorial structure and curated corrections.

Each source lives in ``corpus/<siglum>/``:

- ``raw.txt``: the seed file, byte-identical to what was received (checksum in meta);
- ``meta.toml``: bibliography, provenance, licence, digitisation, known damage;
- ``structure.toml``: divisions, blocks (head, paragraph, law) and page furniture,
  all as raw character offsets (see ``corpus/README.md``);
- ``corrections.toml``: the editor's curated corrections, a layer above automatic repair.
"""

from corpus.sources import (
    SIGLA,
    Block,
    CorpusError,
    Div,
    Furniture,
    Source,
    Structure,
    load_corrections,
    load_source,
    load_structure,
)

__all__ = [
    "SIGLA",
    "Block",
    "CorpusError",
    "Div",
    "Furniture",
    "Source",
    "Structure",
    "load_corrections",
    "load_source",
    "load_structure",
]
