"""Validation of PAGE XML and ALTO v4 documents against the vendored official schemas.

See ``schema/README.md`` for where the schemas come from and their licences. ALTO's
import of XLink is pointed at the local ``schema/alto/xlink.xsd``, so validation never
touches the network.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lxml import etree

HERE = Path(__file__).parent / "schema"
SCHEMAS = {
    "http://schema.primaresearch.org/PAGE/gts/pagecontent/2013-07-15": "page/pagecontent-2013-07-15.xsd",
    "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15": "page/pagecontent-2019-07-15.xsd",
    "http://schema.primaresearch.org/PAGE/gts/pagecontent/2024-07-15": "page/pagecontent-2024-07-15.xsd",
    "http://www.loc.gov/standards/alto/ns-v4#": "alto/alto-4-4.xsd",
}
XSD = "{http://www.w3.org/2001/XMLSchema}"


@cache
def schema_for(namespace: str) -> etree.XMLSchema:
    """The schema of a document namespace (``KeyError`` if none is vendored)."""
    path = HERE / SCHEMAS[namespace]
    document = etree.parse(str(path), etree.XMLParser(no_network=True))
    for imported in document.getroot().iter(f"{XSD}import"):
        if imported.get("namespace") == "http://www.w3.org/1999/xlink":
            imported.set("schemaLocation", (HERE / "alto" / "xlink.xsd").as_uri())
    return etree.XMLSchema(document)


def validation_errors(data: bytes) -> list[str]:
    """Every schema error of a PAGE or ALTO v4 document, as ``line: message``."""
    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    schema = schema_for(etree.QName(root).namespace or "")
    if schema.validate(etree.ElementTree(root)):
        return []
    return [f"{e.line}: {e.message}" for e in schema.error_log]
