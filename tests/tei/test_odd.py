"""The TEI Publisher ODD ``tei/stichwort.odd``: valid TEI, a processing model for every
element of the built edition, only TEI Publisher's documented behaviours, and XPath that
compiles and selects on the built files what each model is meant for.

TEI Publisher evaluates predicates and parameters as XPath 3.1 with TEI as the default
element namespace and its options in the map ``$parameters``. lxml has XPath 1.0 and no
default namespace, so the built files are checked on a copy without namespaces, and the
two XPath 3.1 forms the ODD uses are read the way TEI Publisher reads them:
``$parameters?name`` becomes the variable ``$name``, and ``let $v := A return B``
evaluates ``A`` and then ``B`` with ``$v`` bound. One test then evaluates every
predicate and parameter as XPath 3.1 with SaxonC, as TEI Publisher does, on the files as
built, and asks for the same results.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from lxml import etree, isoschematron

import tei
from tei.body import TEI_NS, XML_ID
from tei.validate import SCHEMA, run_jing
from tei.xmlsafe import read_xml

ODD = Path(tei.__file__).resolve().parent / "stichwort.odd"
T = f"{{{TEI_NS}}}"
SCH = "http://purl.oclc.org/dsdl/schematron"
SVRL = "{http://purl.oclc.org/dsdl/svrl}"

# TEI Publisher's standard behaviours and the parameters each takes besides ``content``,
# from its documentation: eeditiones/tei-publisher-app, data/doc/documentation.xml,
# section "Standard behaviours" (xml:id "behaviours-available"); the list is the same in
# the tags v7.0.0, v8.0.0 and v9.1.1 (TEI Publisher 7, 8 and 9). ``webcomponent`` passes
# any other parameter on as an attribute (None: any name).
BEHAVIOURS: dict[str, frozenset[str] | None] = {
    "alternate": frozenset({"default", "alternate", "persistent"}),
    "anchor": frozenset({"id"}),
    "block": frozenset(),
    "body": frozenset(),
    "break": frozenset({"type", "label"}),
    "cell": frozenset(),
    "cit": frozenset({"source"}),
    "document": frozenset(),
    "figure": frozenset({"title"}),
    "graphic": frozenset({"url", "width", "height", "scale", "title"}),
    "heading": frozenset({"level"}),
    "inline": frozenset(),
    "link": frozenset({"uri", "target"}),
    "list": frozenset({"type"}),
    "listItem": frozenset({"n"}),
    "metadata": frozenset(),
    "note": frozenset({"place", "label"}),
    "omit": frozenset(),
    "paragraph": frozenset(),
    "row": frozenset(),
    "section": frozenset(),
    "table": frozenset(),
    "text": frozenset(),
    "title": frozenset(),
    "webcomponent": None,
}
# The modes in which TEI Publisher calls the ODD: the reading view (no parameter), the
# document list (header=short) and the table of contents (mode=toc).
MODES = ({}, {"header": "short"}, {"mode": "toc"})
PARAMETER = re.compile(r"\$parameters\?([A-Za-z][\w-]*)")
LET = re.compile(r"\s*let\s+\$(\w+)\s*:=\s*(.+?)\s+return\s+(.+)", re.DOTALL)
#: Editorial notes in <back> (evidence notes target corrections, not blocks).
NOTE_TARGETS = "//back//note[not(parent::div[@type='evidence'])]/@target"


class XPathExpr:
    """One predicate or parameter of the ODD, compiled with lxml as described above."""

    def __init__(self, source: str) -> None:
        self.source = source
        text = PARAMETER.sub(r"$\1", source)
        self.variables = set(PARAMETER.findall(source))
        match = LET.fullmatch(text)
        if match:
            self.bound: str | None = match.group(1)
            self.first: etree.XPath | None = etree.XPath(match.group(2))
            self.body = etree.XPath(match.group(3))
        else:
            self.bound, self.first, self.body = None, None, etree.XPath(text)

    def __call__(self, context: etree._Element, mode: dict[str, str]) -> object:
        variables = {name: mode.get(name, "") for name in self.variables}
        if self.first is not None and self.bound:
            variables[self.bound] = self.first(context, **variables)
        return self.body(context, **variables)

    def holds(self, context: etree._Element, mode: dict[str, str]) -> bool:
        result = self(context, mode)
        return bool(result) if not isinstance(result, list) else len(result) > 0


@dataclass(frozen=True)
class Model:
    """A ``model`` or ``modelSequence`` directly in an ``elementSpec``."""

    ident: str
    index: int
    element: etree._Element
    predicate: XPathExpr | None

    @property
    def models(self) -> list[etree._Element]:
        """The model itself, or the models of the sequence in order."""
        if self.element.tag == T + "model":
            return [self.element]
        return self.element.findall(T + "model")

    @property
    def behaviours(self) -> list[str]:
        return [m.get("behaviour", "") for m in self.models]

    def param(self, name: str, model: int = 0) -> XPathExpr:
        (param,) = self.models[model].findall(f"{T}param[@name='{name}']")
        return XPathExpr(param.get("value", ""))

    def label(self) -> str:
        return f"{self.ident} model {self.index + 1} ({'+'.join(self.behaviours)})"


@cache
def odd() -> etree._ElementTree:
    return etree.parse(str(ODD))


def element_specs() -> list[etree._Element]:
    return odd().findall(f".//{T}schemaSpec/{T}elementSpec")


@cache
def models_by_ident() -> dict[str, list[Model]]:
    """Each element's models in the order TEI Publisher tries them."""
    found: dict[str, list[Model]] = {}
    for spec in element_specs():
        ident = spec.get("ident", "")
        children = [c for c in spec if c.tag in (T + "model", T + "modelSequence")]
        found[ident] = [
            Model(ident, k, c, XPathExpr(c.get("predicate")) if c.get("predicate") else None)
            for k, c in enumerate(children)
        ]
    return found


def all_models() -> Iterator[etree._Element]:
    yield from odd().iterfind(f".//{T}schemaSpec//{T}model")


def applied(element: etree._Element, mode: dict[str, str]) -> Model | None:
    """The model TEI Publisher applies to ``element`` (without namespace): the first whose
    predicate holds."""
    for model in models_by_ident().get(str(element.tag), []):
        if model.predicate is None or model.predicate.holds(element, mode):
            return model
    return None


def without_namespaces(path: Path) -> etree._Element:
    """A built file's root, read anew, with the TEI namespace taken off element names."""
    root = etree.parse(str(path)).getroot()
    for element in root.iter(etree.Element):
        element.tag = etree.QName(element).localname
    etree.cleanup_namespaces(root)
    return root


@pytest.fixture(scope="module")
def built(real_tei: dict[str, Path]) -> dict[str, etree._Element]:
    return {siglum: without_namespaces(path) for siglum, path in sorted(real_tei.items())}


@pytest.fixture(scope="module")
def usage(built: dict[str, etree._Element]) -> Counter[tuple[str, int]]:
    """How often each model is applied to the built files, over the three modes."""
    used: Counter[tuple[str, int]] = Counter()
    for root in built.values():
        for element in root.iter(etree.Element):
            for mode in MODES:
                model = applied(element, mode)
                if model is not None:
                    used[(model.ident, model.index)] += 1
    return used


# --- the ODD as a TEI document ------------------------------------------------------


def test_odd_is_valid_against_tei_all() -> None:
    assert run_jing({ODD: ODD.read_bytes()}) == []


def tei_all_schematron(documents: dict[str, bytes]) -> dict[str, list[str]]:
    """The messages of the Schematron rules embedded in tei_all.rng (TEI's constraints,
    in XPath 2: compiled with lxml's ISO skeleton and run with SaxonC, as for DTABf)."""
    from saxonche import PySaxonProcessor

    rng = etree.parse(str(SCHEMA))
    schema = etree.Element(f"{{{SCH}}}schema", queryBinding="xslt1", nsmap={"sch": SCH})
    declared = set()
    for ns in rng.iter(f"{{{SCH}}}ns"):
        if (ns.get("prefix"), ns.get("uri")) not in declared:
            declared.add((ns.get("prefix"), ns.get("uri")))
            schema.append(copy.deepcopy(ns))
    for pattern in rng.iter(f"{{{SCH}}}pattern"):
        schema.append(copy.deepcopy(pattern))
    assert len(schema) > 50
    expanded = isoschematron.iso_abstract_expand(etree.ElementTree(schema))
    compiled = isoschematron.iso_svrl_for_xslt1(expanded)
    compiled.getroot().set("version", "2.0")  # Saxon runs the XPath 2 tests
    messages: dict[str, list[str]] = {}
    with PySaxonProcessor(license=False) as processor:
        stylesheet = etree.tostring(compiled).decode()
        executable = processor.new_xslt30_processor().compile_stylesheet(stylesheet_text=stylesheet)
        for name, data in documents.items():
            document = processor.parse_xml(xml_text=data.decode("utf-8"))
            svrl = etree.fromstring(executable.transform_to_string(xdm_node=document).encode())
            assert len(svrl.findall(f"{SVRL}fired-rule")) > 50
            messages[name] = [
                " ".join("".join(m.itertext()).split())
                for kind in ("failed-assert", "successful-report")
                for m in svrl.iter(SVRL + kind)
            ]
    return messages


def test_odd_meets_the_constraints_of_tei_all() -> None:
    data = ODD.read_bytes()
    twice = data.replace(b'<model behaviour="omit"/>', b'<model behaviour="omit"/>' * 2, 1)
    messages = tei_all_schematron({"odd": data, "two defaults": twice})
    assert messages["odd"] == []
    assert any("2 (or more) 'model' elements" in m for m in messages["two defaults"])


def test_jing_would_notice_a_broken_model(tmp_path: Path) -> None:
    broken = ODD.read_bytes().replace(b'<model behaviour="omit"/>', b"<model/>", 1)
    problems = run_jing({tmp_path / "broken.odd": broken})
    assert any('"model" missing required attribute "behaviour"' in p for p in problems), problems


def test_one_change_spec_with_a_reason_per_element() -> None:
    idents = [spec.get("ident") for spec in element_specs()]
    assert len(idents) == len(set(idents)), Counter(idents).most_common(3)
    schema = SCHEMA.read_text(encoding="utf-8")
    for spec in element_specs():
        ident = spec.get("ident")
        assert spec.get("mode") == "change", ident
        assert f'<element name="{ident}">' in schema, f"{ident} is not a TEI element"
        desc = spec.find(T + "desc")
        assert desc is not None and len(" ".join(desc.itertext()).split()) >= 5, ident


def test_each_element_ends_with_one_unconditional_model() -> None:
    """TEI Publisher applies the first model whose predicate holds: one unconditional
    model, last, so that no model is unreachable and none is missing (the TEI's own rule
    forbids two unconditional models for the same output)."""
    for ident, models in models_by_ident().items():
        assert models, f"{ident}: no model"
        assert models[-1].predicate is None, f"{ident}: the last model has a predicate"
        assert all(m.predicate is not None for m in models[:-1]), ident
        assert all(not m.element.get("output") for m in models), f"{ident}: @output"


def test_behaviours_and_parameters_are_tei_publishers() -> None:
    for model in all_models():
        behaviour = model.get("behaviour", "")
        assert behaviour in BEHAVIOURS, behaviour
        allowed = BEHAVIOURS[behaviour]
        names = [p.get("name") for p in model.findall(T + "param")]
        assert len(names) == len(set(names)), names
        for name in names:
            assert allowed is None or name in allowed | {"content"}, (behaviour, name)
        if behaviour == "break":
            # the HTML function of TEI Publisher's library takes `$type as xs:string`
            assert "type" in names


def test_every_css_class_has_a_rule_and_every_rule_a_class() -> None:
    classes = {c for m in all_models() for c in m.get("cssClass", "").split()}
    selectors = " ".join(r.get("selector", "") for r in odd().iterfind(f".//{T}rendition"))
    styled = set(re.findall(r"\.([A-Za-z][\w-]*)", selectors))
    assert classes and classes == styled


def test_every_xpath_compiles() -> None:
    expressions = [m.get("predicate") for m in all_models() if m.get("predicate")]
    expressions += [
        s.get("predicate") for s in odd().iterfind(f".//{T}modelSequence") if s.get("predicate")
    ]
    expressions += [p.get("value", "") for p in odd().iterfind(f".//{T}param")]
    assert len(expressions) > 40
    for source in expressions:
        try:
            XPathExpr(source)
        except etree.XPathSyntaxError as error:
            raise AssertionError(f"{source!r}: {error}") from None


# --- the ODD against the built edition ---------------------------------------------


def test_every_element_of_the_text_has_a_model(built: dict[str, etree._Element]) -> None:
    """Every element name in <text> (body and back) has its own models; the header is
    covered by teiHeader's unconditional omit, whose other model reads only a string."""
    specs = models_by_ident()
    for siglum, root in built.items():
        (text,) = root.findall("text")
        names = {str(e.tag) for e in text.iter(etree.Element)} | {"TEI", "teiHeader"}
        missing = sorted(names - set(specs))
        assert not missing, f"{siglum}: no processing model for {missing}"
    header = specs["teiHeader"]
    assert header[-1].behaviours == ["omit"]
    for model in header[:-1]:
        assert model.param("content").source.startswith("string(")


def test_no_model_is_dead(
    usage: Counter[tuple[str, int]], built: dict[str, etree._Element]
) -> None:
    """Each model applies to some element of the built files in some mode, except the
    specs for elements the build does not (yet) write and two fallbacks kept for markup
    the build does not write (a choice of another kind, a gap without unit or reason)."""
    present = {str(e.tag) for root in built.values() for e in root.iter(etree.Element)}
    fallbacks = {("choice", len(models_by_ident()["choice"]) - 1)}
    fallbacks.add(("gap", len(models_by_ident()["gap"]) - 1))
    dead = [
        model.label()
        for ident, models in models_by_ident().items()
        if ident in present
        for model in models
        if not usage[(ident, model.index)] and (ident, model.index) not in fallbacks
    ]
    assert not dead, dead


def test_page_furniture_is_never_running_text(built: dict[str, etree._Element]) -> None:
    furniture = [fw for root in built.values() for fw in root.iter("fw")]
    assert len(furniture) > 100
    for mode in MODES:
        assert {applied(fw, mode).behaviours[0] for fw in furniture} == {"omit"}


def test_page_breaks_are_markers_with_the_page_number(
    built: dict[str, etree._Element],
) -> None:
    labels: dict[str, list[str]] = {}
    for siglum, root in built.items():
        for pb in root.iter("pb"):
            model = applied(pb, {})
            assert model.behaviours == ["break"]
            assert model.param("type")(pb, {}) == "page"
            label = model.param("label")(pb, {})
            label = label[0] if isinstance(label, list) else label
            assert pb.get("n") in str(label), (siglum, pb.get("n"), label)
            labels.setdefault(siglum, []).append(str(label))
            assert applied(pb, {"mode": "toc"}).behaviours == ["omit"]
    assert "[67]" in labels["schwaighofer1927"]  # supplied by the editor
    assert any(re.fullmatch(r"\d+ \(\w+\)", label) for label in labels["schwaighofer1927"])
    assert "4" in labels["engelmann1798"]


def _choice_kinds(built: dict[str, etree._Element]) -> Counter[str]:
    kinds: Counter[str] = Counter()
    for root in built.values():
        for choice in root.iter("choice"):
            model = applied(choice, {})
            kinds[f"{model.behaviours[0]}:{model.element.get('cssClass', '')}"] += 1
    return kinds


def test_corrections_show_the_corrected_reading_with_the_witness_on_demand(
    built: dict[str, etree._Element],
) -> None:
    checked = 0
    for root in built.values():
        for choice in root.xpath("//choice[sic][normalize-space(corr)]"):
            model = applied(choice, {})
            assert model.behaviours == ["alternate"], etree.tostring(choice)
            (default,) = model.param("default")(choice, {})
            assert default.tag == "corr"
            alternate = model.param("alternate")(choice, {})
            tags = sorted(e.tag for e in alternate)  # a union: the header's category comes first
            if choice.find("corr").get("ana"):
                assert tags == ["category", "sic"], etree.tostring(choice)
            else:
                assert tags == ["sic"], etree.tostring(choice)
            checked += 1
    assert checked > 1000
    kinds = _choice_kinds(built)
    assert kinds["alternate:stw-correction"] == checked


def test_noise_and_hyphenation_show_the_reading_and_nothing_else(
    built: dict[str, etree._Element],
) -> None:
    for root in built.values():
        for choice in root.xpath("//choice[sic][not(normalize-space(corr))]"):
            model = applied(choice, {})
            assert model.behaviours == ["inline"]
            assert [e.tag for e in model.param("content")(choice, {})] == ["corr"]
        for choice in root.xpath("//choice[reg/@type='hyphenation']"):
            model = applied(choice, {})
            assert model.behaviours == ["inline"]
            assert [e.tag for e in model.param("content")(choice, {})] == ["reg"]
        for choice in root.xpath("//choice[orig][not(reg/@type='hyphenation')]"):
            assert applied(choice, {}).element.get("cssClass") == "stw-regularisation"
    kinds = _choice_kinds(built)
    assert kinds["inline:"] > 300 and kinds["alternate:stw-regularisation"] > 0
    assert sum(kinds.values()) == sum(len(r.xpath("//choice")) for r in built.values())


def test_editorial_notes_are_attached_to_their_targets(
    built: dict[str, etree._Element],
) -> None:
    """The blocks that pull in a margin note are exactly the targets of the notes in
    <back>, and each pulls in exactly the notes that target it."""
    attached = 0
    for siglum, root in built.items():
        targets = Counter(t.lstrip("#") for t in root.xpath(NOTE_TARGETS))
        beside = {}
        for element in root.find("text").find("body").iter(etree.Element):
            model = applied(element, {})
            if model is not None and model.behaviours[0] == "note":
                notes = model.param("content")(element, {})
                assert {n.get("target") for n in notes} == {"#" + element.get(XML_ID)}
                beside[element.get(XML_ID)] = len(notes)
                assert all(applied(n, {}).element.get("cssClass") for n in notes)
        assert beside == dict(targets), siglum
        attached += sum(beside.values())
        back = root.find("text").find("back")
        if back is not None:
            assert applied(back, {}).behaviours == ["omit"]
    assert attached > 30


def test_gaps_are_visible_editorial_marks(built: dict[str, etree._Element]) -> None:
    gaps = [gap for root in built.values() for gap in root.iter("gap")]
    assert gaps
    for gap in gaps:
        model = applied(gap, {})
        assert model.behaviours == ["alternate"]
        assert model.param("default")(gap, {}) == "[figure lost]"
        assert [e.tag for e in model.param("alternate")(gap, {})] == ["desc"]


def test_the_document_list_shows_the_title_and_the_reading_view_no_header(
    built: dict[str, etree._Element],
) -> None:
    for root in built.values():
        (header,) = root.findall("teiHeader")
        assert applied(header, {}).behaviours == ["omit"]
        short = applied(header, {"header": "short"})
        assert short.behaviours == ["link"]
        title = short.param("content")(header, {"header": "short"})
        assert title and title == root.findtext("teiHeader/fileDesc/titleStmt/title[@type='main']")


# --- the same in XPath 3.1 -----------------------------------------------------------


def _value(result: object) -> str:
    """An lxml result as the XPath 3.1 side below writes it."""
    items = result if isinstance(result, list) else [result]
    out = []
    for item in items:
        if isinstance(item, etree._Element):
            out.append(str(item.tag))
        elif isinstance(item, float) and item.is_integer():
            out.append(str(int(item)))
        else:
            out.append(str(item))
    return "|".join(out)


def _chain(models: list[Model]) -> str:
    """TEI Publisher's choice of model as an XPath 3.1 expression: the model's number."""
    chain = str(len(models))
    for model in reversed(models[:-1]):
        chain = f"if ({model.element.get('predicate')}) then {model.index + 1} else ({chain})"
    return chain


def test_xpath_3_1_agrees_with_lxml(
    real_tei: dict[str, Path], built: dict[str, etree._Element]
) -> None:
    """SaxonC evaluates the predicates and parameters as TEI Publisher does (XPath 3.1,
    TEI as default element namespace, ``$parameters`` a map) on the built files: for
    every element and mode the same model applies as with lxml, and every parameter of
    the applied model gives the same nodes or string."""
    from saxonche import PySaxonProcessor

    compared = 0
    with PySaxonProcessor(license=False) as processor:
        for siglum, path in sorted(real_tei.items()):
            data, _ = read_xml(path)
            document = processor.parse_xml(xml_text=data.decode("utf-8"))
            root = built[siglum]
            for mode in MODES:
                xpath = processor.new_xpath_processor()
                xpath.declare_namespace("", TEI_NS)
                xpath.set_context(xdm_item=document)
                entries = ", ".join(f"'{k}': '{v}'" for k, v in mode.items())
                parameters = xpath.evaluate(f"map {{ {entries} }}")
                xpath.declare_variable("parameters")
                xpath.set_parameter("parameters", parameters)
                for ident, models in models_by_ident().items():
                    elements = list(root.iter(ident))
                    if not elements:
                        continue
                    chosen = [applied(e, mode) for e in elements]
                    expected = ",".join(str(m.index + 1) for m in chosen if m)
                    result = xpath.evaluate(
                        f"string-join(//{ident} ! string({_chain(models)}), ',')"
                    )
                    assert str(result) == expected, (siglum, mode, ident)
                    for model in models:
                        here = [e for e, m in zip(elements, chosen, strict=True) if m == model]
                        for k, inner in enumerate(model.models):
                            for param in inner.findall(T + "param"):
                                name, value = param.get("name", ""), param.get("value", "")
                                lxml_side = "~".join(
                                    _value(model.param(name, k)(e, mode)) for e in here
                                )
                                show = (
                                    "(if (. instance of element()) then local-name(.) "
                                    "else string(.))"
                                )
                                saxon_side = xpath.evaluate(
                                    f"string-join(//{ident}[({_chain(models)}) = "
                                    f"{model.index + 1}] ! string-join(({value}) ! {show}, '|'),"
                                    " '~')"
                                )
                                assert str(saxon_side or "") == lxml_side, (siglum, ident, name)
                                compared += len(here)
    assert compared > 10000
