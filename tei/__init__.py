"""TEI P5 edition: corpus + repair + curated corrections -> one TEI file per source.

- :mod:`tei.edition`: the edition's edit log and reading text of a source;
- :mod:`tei.build`: writes ``build/tei/<siglum>.xml``;
- :mod:`tei.layers`: raw, diplomatic and reading text read back from a TEI file;
- :mod:`tei.validate`: jing (tei_all) plus the project's Schematron and raw rule.
"""
