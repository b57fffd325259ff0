"""The edition's website: TEI, rule registry and claim results -> Markdown pages -> mkdocs.

One module per job:

- ``inputs``: read the build outputs, rule registry, claims and metadata (``Edition``);
- ``render_tei``: TEI -> HTML fragments of every block in the three text layers;
- ``highlight``: mark the quotes of claims inside rendered text;
- ``cite``: citations of a paragraph (text, BibTeX, CSL-JSON, RIS);
- ``markup`` and ``links``: HTML helpers and fragments shared by the pages;
- ``text_page``, ``rules_pages``, ``front_pages``, ``glossary``, ``downloads``: the pages;
- ``build``: write pages, navigation and downloads, run ``mkdocs build --strict``.
- ``dts``: the static DTS 1.0 API of the TEI files (``stichwort dts``, after ``build``).

The theme layer in ``site/`` only styles what these write.
"""
