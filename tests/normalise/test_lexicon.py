"""The lexicon: Hunspell expansion, compounds, graceful degradation, the cache."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

from normalise import lexicon
from normalise.channel import variants
from normalise.hunspell import expand


def test_hunspell_affixes_expand(tmp_path: Path) -> None:
    aff = tmp_path / "x.aff"
    dic = tmp_path / "x.dic"
    aff.write_text(
        "SET UTF-8\nPFX G N 1\nPFX G 0 ge .\nSFX E Y 2\nSFX E 0 en [^e]\nSFX E 0 n e\n",
        encoding="utf-8",
    )
    dic.write_text("2\nSpiel/E\nKarte/EG\n", encoding="utf-8")
    assert set(expand(dic, aff)) == {"Spiel", "Spielen", "Karte", "Karten", "geKarte"}


def test_missing_dictionaries_only_warn(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(lexicon, "HUNSPELL", tmp_path / "none")
    monkeypatch.setattr(lexicon, "WORDLIST", tmp_path / "none" / "ogerman")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        paths = lexicon._sources()
    assert all("none" not in str(p) for p in paths)
    assert any("missing" in str(w.message) for w in caught)


def test_loaded_lexicon_knows_old_and_new_forms() -> None:
    lex = lexicon.load()
    for word in ("daß", "Spiel", "Karten", "schreibt", "Fluß", "muß"):
        assert lex.zipf(word) is not None, word
    assert lex.zipf("ift") is None and lex.zipf("fchreibt") is None
    assert lex.zipf("Laubzehner") is not None  # a compound of known words
    assert lex.zipf("muß") > 4  # frequency taken over from wordfreq's "muss"


def test_historical_spellings_are_dictionary_words() -> None:
    lex = lexicon.load()
    for word in ("seyn", "Theil", "Theile", "vortheilhaft"):
        assert lex.in_dictionary(word), word
    counts = lexicon.historical_counts()
    assert counts["seyn"] >= lexicon.HISTORICAL_MIN


def test_short_historical_forms_add_no_word(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = lexicon.historical_counts()
    short = [w for w in counts if len(w) < lexicon.HISTORICAL_MIN_LENGTH and w.isalpha()]
    monkeypatch.setitem(sys.modules, "wordfreq", None)  # the historical layer alone
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table, demoted = lexicon.build([lexicon.HISTORICAL])
    assert short and not any(w in table for w in short)
    assert "vortheilhaft" in table and "vortheilhaft" not in demoted


def test_lexicon_is_cached() -> None:
    lexicon.load()
    files = list(lexicon.cache_dir().glob("lexicon-*.pickle"))
    assert files, "load() writes its cache"


def test_a_value_fits_a_type_or_a_tuple_of_types() -> None:
    assert lexicon.fits({}, dict) and not lexicon.fits((), dict)
    assert lexicon.fits(({}, frozenset()), (dict, frozenset))
    assert not lexicon.fits(({}, frozenset(), 1), (dict, frozenset))  # one item too many
    assert not lexicon.fits((frozenset(), {}), (dict, frozenset))  # items out of order
    assert not lexicon.fits([{}, frozenset()], (dict, frozenset))  # a list is no tuple


def test_a_cache_of_another_shape_is_made_anew(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A cache file another version of the code left under the same name (a tuple of
    three where two are read now) is neither returned nor a crash: it is made anew."""
    import pickle

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    source = tmp_path / "words.txt"
    source.write_text("Spiel\n", encoding="utf-8")
    path = lexicon.cache_dir() / f"index-{lexicon.cache_key([source])}.pickle"
    path.parent.mkdir(parents=True)
    path.write_bytes(pickle.dumps(({}, frozenset(), "left by another version")))
    made = lexicon.cached("index", [source], lambda: ({"spiel": 1}, frozenset()), (dict, frozenset))
    assert made == ({"spiel": 1}, frozenset())
    assert pickle.loads(path.read_bytes()) == made  # and written in its place
    again = lexicon.cached("index", [source], lambda: ({}, frozenset()), (dict, frozenset))
    assert again == made  # read back from the cache, not made


def test_old_caches_of_a_kind_are_deleted_when_one_is_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each clone keys its caches anew: writing one deletes all but the most recently
    used of its kind (any version), and reading one marks it used."""
    import os

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = lexicon.cache_dir()
    folder.mkdir(parents=True)
    old = [folder / f"index{k % 2 + 1}-{k:016x}.pickle" for k in range(6)]
    for k, path in enumerate(old):
        path.write_bytes(b"")
        os.utime(path, (1000 + k, 1000 + k))  # the later, the more recently used
    other = folder / "bigrams-00000000000000aa.pickle"  # another kind: left alone
    other.write_bytes(b"")
    os.utime(other, (1, 1))
    source = tmp_path / "words.txt"
    source.write_text("Spiel\n", encoding="utf-8")
    lexicon.cached("index3", [source], lambda: ({}, frozenset()), (dict, frozenset))
    new = folder / f"index3-{lexicon.cache_key([source])}.pickle"
    kept = sorted(p.name for p in folder.glob("index*.pickle"))
    assert kept == sorted([new.name] + [p.name for p in old[-(lexicon.CACHES_KEPT - 1) :]])
    assert other.exists()
    os.utime(new, (5, 5))
    lexicon.cached("index3", [source], lambda: ({1: 2}, frozenset()), (dict, frozenset))
    assert new.stat().st_mtime > 1000  # read back (not made) and marked used


def test_channel_generates_fraktur_confusions() -> None:
    texts = {v.text for v in variants("fchreibt")}
    assert "schreibt" in texts
    assert "auch" in {v.text for v in variants("aud)")}
    fills = {v.text for v in variants("mu\ufffd")}
    assert "muß" in fills and "muÜ" not in fills
    first = next(iter(variants("Spiel")))
    assert first.text == "Spiel" and first.cost == 0


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("Brufthöhe", "Brusthöhe"),  # "brusth" begins no word: the whole is not read
        ("Haarjeite", "Haarseite"),
        ("Rangfarten", "Rangkarten"),  # Schwaighofer's "Rangkarten", printed with f
        ("Herztarte", "Herzkarte"),
    ],
)
def test_a_compound_is_read_through_its_intact_part(token: str, expected: str) -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    corrector = Corrector(lexicon.load(), Counter())
    assert expected in corrector.readings(token, 0.3)
    found = corrector.correct(token, 0.3)
    assert found is not None and found.text == expected


def test_a_compound_read_by_parts_has_two_dictionary_words_of_four_letters() -> None:
    from collections import Counter

    from normalise.corrector import PART_MIN, Corrector

    corrector = Corrector(lexicon.load(), Counter())
    lex = corrector.lexicon
    for token in ("Brufthöhe", "Rangfarten", "meittens", "auffihelfen", "Uustragen"):
        for text, _, _ in corrector._split_readings(token, 1):
            low = text.lower()
            splits = [
                (low[:i], low[i:])
                for i in range(3, len(low) - 3)
                if len(lex.compound_left(low[:i])) >= PART_MIN
                and lex.in_dictionary(lex.compound_left(low[:i]))
                and lex.compound_right(low[i:])
                and lex.in_dictionary(low[i:])
            ]
            assert splits, f"{token} -> {text}: no split into two dictionary words"
    # a part of three letters is too short: "uns" + "tragen" is not offered
    assert corrector._split_readings("Uustragen", 1) == []


def test_a_compound_is_read_through_a_part_only_the_document_knows() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    # Schwaighofer's card names: "siebener" and "Perlagger" are in no dictionary, but
    # the document uses them often; "Eichel", "Trumpf", "streit" are dictionary words
    document = Counter({"siebener": 14, "eichel": 13, "perlagger": 14, "perlaggen": 30})
    corrector = Corrector(lexicon.load(), document)
    for token, expected in (
        ("Eicheljiebener", "Eichelsiebener"),
        ("Trumpffiebener", "Trumpfsiebener"),
        ("Perlaggerftreit", "Perlaggerstreit"),
    ):
        found = corrector.correct(token, 0.3)
        assert found is not None and found.text == expected, (token, found)
    # a token that is itself such a compound is as likely as the readings of its parts:
    # "Perlaggerregeln" is not read "Perlaggenregeln" although "perlaggen" is frequent
    itself, _ = corrector._document_compounds("Perlaggerregeln", 1)
    assert itself is not None
    assert corrector.correct("Perlaggerregeln", 0.3) is None
    # twice is not enough to make a word of the document a part
    rare = Corrector(lexicon.load(), Counter({"siebener": 2, "eichel": 13}))
    assert rare.correct("Trumpffiebener", 0.3) is None
    assert rare.correct("Eicheljiebener", 0.3) is None


def test_a_dictionary_compound_gains_nothing_from_the_documents_counts() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    # "unser" is a dictionary word: a frequent "unser" does not make "unsereinander"
    # (f read for long s) beat "untereinander"
    corrector = Corrector(lexicon.load(), Counter({"unser": 40, "einander": 5}))
    assert corrector._document_compounds("unfereinander", 1) == (None, [])
    found = corrector.correct("unfereinander", 0.1)
    assert found is not None and found.text == "untereinander"


def test_a_decision_through_a_document_part_is_revised_when_its_count_changes() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    document = Counter({"siebener": 14})
    corrector = Corrector(lexicon.load(), document)
    first = corrector.correct_cached("Trumpffiebener", 0.3)
    assert first is not None and first.text == "Trumpfsiebener"
    corrector.document = Counter({"siebener": 2})
    assert corrector.correct_cached("Trumpffiebener", 0.3) is None
    corrector.document = document
    again = corrector.correct_cached("Trumpffiebener", 0.3)
    assert again is not None and again.text == "Trumpfsiebener"


def test_a_repeated_misreading_is_explained_by_a_far_more_frequent_word() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    # Schwaighofer prints "Perlagg" 47 times and OCR reads 11 of them "Berlagg": the
    # token's own repetitions do not protect it; "Perlagg" is in no lexicon, so only
    # the document's frequent words can reach it
    document = Counter({"berlagg": 11, "perlagg": 47, "perlagger": 14, "perlaggen": 75})
    corrector = Corrector(lexicon.load(), document)
    found = corrector.correct("Berlagg", 0.1)
    assert found is not None and found.text == "Perlagg"
    # an inflection is no misreading: "Perlagger" is not read "Perlaggen"
    assert corrector.correct("Perlagger", 0.1) is None
    # not twice as frequent: two readings of the document stand side by side
    even = Corrector(lexicon.load(), Counter({"berlagg": 11, "perlagg": 21}))
    assert even.correct("Berlagg", 0.1) is None
    # twice as frequent is enough (Schwaighofer: "Giebener" x 6 beside "Siebener")
    twice = Corrector(lexicon.load(), Counter({"giebener": 6, "siebener": 12}))
    found = twice.correct("Giebener", 0.1)
    assert found is not None and found.text == "Siebener"


def test_a_consensus_decision_is_revised_when_a_word_becomes_frequent() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    corrector = Corrector(lexicon.load(), Counter({"berlagg": 2, "perlagg": 4}))
    assert corrector.correct_cached("Berlagg", 0.1) is None
    corrector.document = Counter({"berlagg": 2, "perlagg": 6})
    found = corrector.correct_cached("Berlagg", 0.1)
    assert found is not None and found.text == "Perlagg"


def test_half_a_word_is_doubted_as_a_damaged_compound() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    corrector = Corrector(lexicon.load(), Counter())
    # "bildhauer" and "funst", which is no word: rather "Bildhauerkunst" misread
    assert corrector._half_word("Bildhauerfunst")
    found = corrector.correct("Bildhauerfunst", 0.3)
    assert found is not None and found.text == "Bildhauerkunst"
    # a name with no dictionary part is not doubted; one that is, with no cheap
    # reading, stays as printed
    assert not corrector._half_word("Guggenbichler")
    assert corrector.correct("Guggenbichler", 0.3) is None
    assert corrector._half_word("Kreisbauinspektor")
    assert corrector.correct("Kreisbauinspektor", 0.3) is None
    # "funf" is "fünf" as a print without the umlaut has it: Engelmann's "funfzehen"
    assert not corrector._half_word("funfzehen")
    assert corrector.correct("funfzehen", 0.3) is None


def test_near_a_word_finds_a_frequent_form_two_edits_away() -> None:
    lex = lexicon.load()
    assert lex.near_a_word("Bcschreibung")  # one edit from "beschreibung"
    assert lex.near_a_word("Waffer")  # two from "wasser"
    assert not lex.near_a_word("Qxzvbnmrt")


def test_process_memos_are_shared_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from collections import Counter

    from normalise import memo
    from normalise.corrector import Corrector

    lex = lexicon.load()
    first, second = Corrector(lex, Counter()), Corrector(lex, Counter({"spiel": 3}))
    first.zipf("Spielkarte")
    assert "Spielkarte" in second._zipf  # the second document need not work it out again
    monkeypatch.setattr(memo, "MEMO_LIMIT", 2)
    memos: dict[str, dict[object, object]] = {}
    full = memo.named(memos, "x")
    full.update(a=1, b=2)
    fresh = memo.named(memos, "x")
    assert fresh == {} and full == {"a": 1, "b": 2}  # whoever holds the old one keeps it


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("Biguren", "Figuren"),  # Schwaighofer's Fraktur capitals of like shape
        ("Valle", "Falle"),
        ("Xusgehen", "Ausgehen"),
        ("Epieler", "Spieler"),
        ("Drten", "Orten"),
        ("Lleine", "Kleine"),
    ],
)
def test_fraktur_capitals_of_like_shape_are_read(token: str, expected: str) -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    found = Corrector(lexicon.load(), Counter()).correct(token, 0.3)
    assert found is not None and found.text == expected


def test_an_edit_no_table_has_reaches_a_frequent_word() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    corrector = Corrector(lexicon.load(), Counter())
    static, _, _, any_edit, _ = corrector._readings("marhen", True)
    # r read for c is in no confusion table: only the open channel offers "machen"
    assert "machen" not in {text for text, _, _ in static}
    assert "machen" in {text for text, _, _ in any_edit}
    found = corrector.correct("marhen", 0.3)
    assert found is not None and found.text == "machen"
    # in the token's case, and only for tokens of five letters or more
    assert "Machen" in {text for text, _, _ in corrector._readings("Marhen", True)[3]}
    assert corrector._readings("Stih", True)[3] == []
    # a historical spelling is no damage: "Thür" is not read as "Tür" by the open channel
    assert "Türen" not in {text for text, _, _ in corrector._readings("Thüren", True)[3]}
    # nor is an old form of a frequent word damage: "stehn" (of "stehen") is not read as
    # "steht" (Engelmann: "was vorhin durch die 6 unentschieden stehn blieb")
    assert corrector._readings("stehn", True)[3] == []
    assert corrector.correct("stehn", 0.3) is None


def test_an_inserted_letter_costs_two_letters_of_the_open_channel() -> None:
    from collections import Counter

    from normalise.corrector import ANY_EDIT_COST, Corrector

    corrector = Corrector(lexicon.load(), Counter())
    costs = {text: cost for text, cost, _ in corrector._readings("marhen", True)[3]}
    assert costs["machen"] == ANY_EDIT_COST
    costs = {text: cost for text, cost, _ in corrector._readings("Partnrer", True)[3]}
    assert costs["Partner"] == 2 * ANY_EDIT_COST


def test_the_open_channel_leaves_a_form_the_document_repeats() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    # once, "marhen" is damage; three times beside a frequent "machen" it is a word of
    # the document (as Schwaighofer's place name "Wilten" beside "Willen"), and the open
    # channel's readings must not let the consensus explain it away
    once = Corrector(lexicon.load(), Counter({"marhen": 1, "machen": 40}))
    found = once.correct("marhen", 0.3)
    assert found is not None and found.text == "machen"
    thrice = Corrector(lexicon.load(), Counter({"marhen": 3, "machen": 40}))
    assert thrice.correct("marhen", 0.3) is None


def test_a_compound_with_a_letter_lost_to_the_encoding_is_read_through_its_parts() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    # U+FFFD for ö: read whole, "höheng" begins no word and the fill is guessed (ä);
    # read through its intact part "grad", the other part is a word ("Höhen")
    corrector = Corrector(lexicon.load(), Counter())
    found = corrector.correct("H\ufffdhengrad", 0.3)
    assert found is not None and found.text == "Höhengrad"
    # a part only the document knows ("Schell", a suit of the German cards) and a
    # damaged dictionary word ("könig", f read for k, ö lost)
    document = Corrector(lexicon.load(), Counter({"schell": 12}))
    found = document.correct("Schellf\ufffdnig", 0.3)
    assert found is not None and found.text == "Schellkönig"
    alone = Corrector(lexicon.load(), Counter()).correct("Schellf\ufffdnig", 0.3)
    assert alone is None or alone.text != "Schellkönig"  # "schell" is no dictionary part


def test_a_word_pair_differs_in_stretches_of_adjacent_edits() -> None:
    from normalise.neighbours import stretches

    # one stretch of at most two letters a side, as the confusions are learned
    assert stretches("marhen", "machen") == ((2, "r", "c"),)
    assert stretches("Partnrer", "Partner") == ((4, "nr", "n"),)
    # else the runs of an alignment with the fewest edits: a middle of three letters
    # ("fcg" for "sch") is two edits with a letter between them
    assert stretches("zwifcgen", "zwischen") == ((3, "f", "s"), (5, "g", "h"))
    # a letter lost at the start takes the one after it along
    assert stretches("xpielerx", "spieler") == ((0, "x", "s"), (6, "rx", "r"))


def test_two_edits_of_any_kind_reach_a_frequent_word() -> None:
    from collections import Counter

    from normalise.corrector import ANY_EDIT_COST, Corrector
    from normalise.neighbours import near_edits

    corrector = Corrector(lexicon.load(), Counter())
    # two stretches no table has: each costs as one open edit
    costs = {text: (cost, n) for text, cost, n in corrector._readings("Pqrtnek", True)[3]}
    assert costs["Partner"] == (2 * ANY_EDIT_COST, 0)
    assert corrector.correct("Pqrtnek", 0.3) is None  # two open edits are too dear to win
    # an open edit (g read for h) beside a table's (f read for a long s), whose cost the
    # document's long-s rate adds
    costs = {text: (cost, n) for text, cost, n in corrector._readings("zwifcgen", True)[3]}
    assert costs["zwischen"] == (ANY_EDIT_COST, 1)
    assert corrector.correct("zwifcgen", 0.3) is None  # a frequent word, but not so frequent
    found = Corrector(lexicon.load(), Counter({"zwischen": 200})).correct("zwifcgen", 0.3)
    assert found is not None and found.text == "zwischen"
    # no open edit changes a capital, in either stretch ("X" for "Z" is in no table)
    assert "zwischen" in {w for w, _ in near_edits("Xwifchen", lexicon.load().neighbours)}
    assert corrector._readings("Xwifchen", True)[3] == []
    assert ("Zwischen", ANY_EDIT_COST, 1) in corrector._readings("Zwifcqen", True)[3]
    # a sign OCR reads for a letter inside a word is a letter to the open channel too
    # (» for ß); at a word's edge it is punctuation
    assert ("maßen", ANY_EDIT_COST, 0) in corrector._readings("ma»en", True)[3]
    assert corrector._readings("Spiele!", True)[3] == []


def test_two_edits_of_the_tables_reach_a_long_token_through_the_index() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    # a token of nine letters or more takes one edit of the tables in the walk over its
    # letters; the index offers a frequent word two table edits away (b for d, n for u)
    corrector = Corrector(lexicon.load(), Counter())
    static, _, _, any_edit, _ = corrector._readings("Bebingnngen", True)
    assert "Bedingungen" not in {text for text, _, _ in static}
    assert ("Bedingungen", -2.2 - 1.8, 0) in any_edit
    found = Corrector(lexicon.load(), Counter({"bedingungen": 20})).correct("Bebingnngen", 0.3)
    assert found is not None and found.text == "Bedingungen"


def test_a_token_known_only_as_a_compound_is_read_as_a_form() -> None:
    from collections import Counter

    from normalise.corrector import Corrector

    lex = lexicon.load()
    corrector = Corrector(lex, Counter())
    # "Meiltens" splits into two forms ("meil" + "tens"), so a lexicon of compounds
    # accepts it; it is open to every confusion all the same (l read for a long s)
    for token, form in (("Meiltens", "Meistens"), ("Einheitlichfeit", "Einheitlichkeit")):
        assert lex.table.get(token.lower()) is None and corrector.zipf(token) is not None
        found = corrector.correct(token, 0.3)
        assert found is not None and found.text == form
    # but only as a form: a compound is not read as another compound ("Fischfanges",
    # a catch of fish, is no "Fischsanges"), however often the print misreads long s
    readings = corrector.readings("Fischfanges", 0.9)
    assert all(text == "Fischfanges" or text.lower() in lex.table for text in readings)
    assert corrector.correct("Fischfanges", 0.9) is None


def test_a_lower_case_misreading_protects_itself_less_by_its_repetitions() -> None:
    import math
    from collections import Counter

    from normalise.corrector import DOC_WEIGHT_UNKNOWN, Corrector

    # Schwaighofer: "tradhten" (dh read for ch) three times, "trachten" twice; names are
    # capitalised, so a repeated unknown word in lower case is more likely a misreading
    # the OCR repeats than a word the lexicon lacks
    corrector = Corrector(lexicon.load(), Counter({"tradhten": 3, "trachten": 2, "trift": 3}))
    found = corrector.correct("tradhten", 0.1)
    assert found is not None and found.text == "trachten"
    assert corrector.prior("tradhten", itself=1) < corrector.prior("Tradhten", itself=1)
    assert corrector.correct("Tradhten", 0.1) is None  # capitalised, it may be a name
    # an old spelling of a frequent form ("trift" of "trifft") keeps its protection
    assert corrector.prior("trift", itself=1) == math.log10(10.0 + DOC_WEIGHT_UNKNOWN * 2)
