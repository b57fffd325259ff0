"""Confusions learned from (OCR word, intended word) pairs."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from normalise import repair
from normalise.channel import readings, spelling, table
from normalise.corrector import Corrector
from normalise.learn import (
    MAX_COST,
    MIN_COST,
    _pieces,
    confusion,
    document_confusions,
    learn,
    word_pairs,
)
from normalise.lexicon import load
from normalise.neighbours import MIN_LENGTH, Neighbours, deletions


def test_a_pair_reduces_to_its_one_differing_stretch() -> None:
    assert confusion("feinen", "keinen") == ("f", "k")
    assert confusion("aud)", "auch") == ("d)", "ch")
    assert confusion("Spiel", "Spiel") is None
    assert confusion("Waffer", "Wasser") == ("ff", "ss")
    assert confusion("gehen", "geben") == ("h", "b")
    assert confusion("Spieel", "Spiel") == ("ee", "e")
    assert confusion("abcdefgh", "a12345gh") is None  # too long a stretch


def test_word_pairs_come_from_one_for_one_replacements() -> None:
    pairs = word_pairs("Er fann aud) nicht spielen", "Er kann auch nicht spielen")
    assert pairs == [("fann", "kann"), ("aud)", "auch")]


def test_learn_counts_and_bounds() -> None:
    pairs = [("fann", "kann"), ("fein", "kein"), ("aud)", "auch"), ("Zaub", "Laub")]
    texts = ["kann kein auch Laub kalt"]
    learned = {(o, i): c for o, i, c in learn(pairs, texts, min_count=2)}
    assert set(learned) == {("f", "k")}
    assert MIN_COST <= learned[("f", "k")] <= MAX_COST
    assert learn(pairs, texts, min_count=1) != learn(pairs, texts, min_count=2)


def test_the_deletion_index_finds_any_edit_within_a_words_reach() -> None:
    index = Neighbours([("spiel", 1), ("stiche", 2)])
    assert ("spiel", 1) in list(index.near("Spiet"))  # any substitution
    assert ("spiel", 1) in list(index.near("spiell"))  # an insertion
    assert ("spiel", 1) in list(index.near("spel"))  # a deletion
    assert ("stiche", 2) in list(index.near("stjchq"))  # two edits: within its reach
    assert "spiel" not in dict(index.near("spxet"))  # two edits: beyond its reach
    assert "spiel" not in dict(index.near("spiel"))  # the token itself is no neighbour
    assert list(index.near("spiel" * 200_000)) == []  # no word: not looked up at all


@given(st.text(alphabet="abcäß", max_size=7), st.integers(min_value=0, max_value=3))
def test_deletions_are_every_choice_of_letters_left_out(word: str, depth: int) -> None:
    expected = {
        "".join(c for i, c in enumerate(word) if i not in gone)
        for k in range(min(depth, len(word)) + 1)
        for gone in itertools.combinations(range(len(word)), k)
    }
    assert deletions(word, depth) == expected


PIECES = st.text(alphabet="aeſß", max_size=3)
COUNTED = st.dictionaries(st.text(alphabet="aeſß", min_size=1, max_size=6), st.integers(1, 5))


@given(COUNTED, st.lists(PIECES))
def test_the_intended_letters_are_counted_where_they_stand(
    counts: dict[str, int], wanted: list[str]
) -> None:
    """Each position a piece of one or two letters starts at counts (overlapping pairs
    too), a word's last letter once more; a longer or empty piece counts nothing."""

    def where(word: str, piece: str) -> int:
        at = sum(word[i : i + len(piece)] == piece for i in range(len(word)))
        return at + (len(piece) == 1 and word.endswith(piece))

    found = _pieces(counts, wanted)
    for piece in wanted:
        n = sum(k * where(w, piece) for w, k in counts.items()) if 1 <= len(piece) <= 2 else 0
        assert found[piece] == n


WORDS = st.text(alphabet="abcde", min_size=3, max_size=8)


@given(st.lists(st.tuples(WORDS, st.integers(1, 2)), max_size=12), WORDS)
def test_the_index_finds_exactly_the_words_within_their_reach(
    words: list[tuple[str, int]], token: str
) -> None:
    reach = dict(words)  # a word listed twice keeps its last reach, as the index does
    index = Neighbours(reach.items())
    expected = {
        (word, Levenshtein.distance(token, word))
        for word, most in reach.items()
        if word != token and Levenshtein.distance(token, word) <= most
    }
    assert set(index.near(token)) == expected


@st.composite
def lexicon_and_tokens(draw: st.DrawFn) -> tuple[dict[str, int], list[str]]:
    """Words with the reach the lexicon gives them (two edits from six letters on), and
    tokens drawn free or made from them by up to three random edits."""
    words = draw(st.lists(st.text(alphabet="abcd", min_size=3, max_size=9), max_size=15))
    reach = {word: 2 if len(word) >= 6 else 1 for word in words}
    tokens = draw(st.lists(st.text(alphabet="abcd", min_size=3, max_size=11), max_size=3))
    for word in words:
        token = list(word)
        for _ in range(draw(st.integers(0, 3))):
            where = draw(st.integers(0, len(token)))
            letter = draw(st.sampled_from("abcde"))
            match draw(st.sampled_from(["insert", "delete", "substitute"])):
                case "insert":
                    token.insert(where, letter)
                case "delete" if where < len(token):
                    del token[where]
                case _ if where < len(token):
                    token[where] = letter
        if len(token) >= MIN_LENGTH:  # a shorter token is looked up under nothing
            tokens.append("".join(token))
    return reach, tokens


@given(lexicon_and_tokens())
def test_the_index_looks_up_two_deletions_only_where_they_can_reach_a_word(
    drawn: tuple[dict[str, int], list[str]],
) -> None:
    """A token's deletions of two letters are looked up only among the keys of words two
    edits reach, and only for tokens of a length such keys can match (here of six letters
    or more); every word within its reach is still found once, at its true distance."""
    reach, tokens = drawn
    index = Neighbours(reach.items())
    for token in tokens:
        found = list(index.near(token))
        assert len(found) == len(set(found))
        assert set(found) == {
            (word, Levenshtein.distance(token, word))
            for word, most in reach.items()
            if word != token and Levenshtein.distance(token, word) <= most
        }


def test_two_deletions_reach_a_long_word_and_one_a_short_word() -> None:
    index = Neighbours([("abcdef", 2), ("abcde", 1), ("abcd", 1)])
    assert dict(index.near("xbcdey")) == {"abcdef": 2}  # two letters replaced
    assert dict(index.near("abxdeyf")) == {"abcdef": 2}  # one replaced, one added
    assert dict(index.near("abcdefgh")) == {"abcdef": 2}  # two letters too many
    assert dict(index.near("axcdf")) == {"abcdef": 2}  # one letter off, one missing
    assert dict(index.near("abcdx")) == {"abcde": 1, "abcd": 1, "abcdef": 2}
    assert dict(index.near("bcd")) == {"abcd": 1}  # a short token: no deletions of two


# q read for g: a confusion the prior table does not have
Q_FOR_G = "Das ist qut. Er hat es qesagt, aber nicht qefragt; es war qanz schön."


def test_a_confusion_the_document_repeats_is_learned() -> None:
    assert table().other.get("q") is None
    counts = Counter(Q_FOR_G.replace(".", " ").replace(",", " ").replace(";", " ").split())
    learned = document_confusions(counts, load(), table())
    assert ("q", "g") in [(o, i) for o, i, _ in learned]
    two = Counter({"qut": 1, "qesagt": 1, "Das": 1, "ist": 1})
    assert ("q", "g") not in [(o, i) for o, i, _ in document_confusions(two, load(), table())]


def test_each_use_of_a_misread_word_is_evidence() -> None:
    """Five times the text: five times the misreadings and the letters, so the prior
    weighs less and the learned rate of q for g rises towards what the text shows."""
    once = Counter(Q_FOR_G.replace(".", " ").replace(",", " ").replace(";", " ").split())
    five = Counter({word: 5 * n for word, n in once.items()})

    def cost(counts: Counter[str]) -> float:
        return next(c for o, i, c in document_confusions(counts, load(), table()) if o == "q")

    assert cost(five) > cost(once)


def test_the_repair_uses_what_the_document_taught() -> None:
    reading = repair(Q_FOR_G).reading
    assert reading == "Das ist gut. Er hat es gesagt, aber nicht gefragt; es war ganz schön."
    assert repair("Das ist qut.").reading == "Das ist qut."  # once: no habit


def test_a_table_switch_decides_anew_only_what_the_changed_confusions_touch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Unknown words without a letter whose confusions changed keep their decisions
    (and decide as a fresh corrector would: the test above); the others are decided
    anew."""
    learned = table((("q", "g", -1.5),))
    words = ["qut", "Fabrif", "ift", "qesagt"]
    counts = Counter(w.lower() for w in words * 3)
    old = Corrector(load(), counts, learned)
    for word in words:
        old.correct_cached(word, 0.3)
    kept = old.with_confusions(table())
    decided: list[str] = []
    correct = Corrector.correct

    def spy(self: Corrector, token: str, long_rate: float) -> object:
        decided.append(token)
        return correct(self, token, long_rate)

    monkeypatch.setattr(Corrector, "correct", spy)
    for word in words:
        kept.correct_cached(word, 0.3)
    assert decided == ["qut", "qesagt"]


@given(
    st.text(alphabet="aefqtsbh", min_size=1, max_size=8),
    st.lists(
        st.sampled_from([("q", "g", -1.5), ("b", "h", -2.0), ("ef", "ei", -2.0), ("e", "c", -2.1)]),
        max_size=3,
        unique=True,
    ),
)
def test_a_token_is_read_alike_by_a_table_without_the_confusions_it_lacks(
    token: str, added: list[tuple[str, str, float]]
) -> None:
    """So the least table that reads it alike may keep its readings
    (:meth:`Table.memo_for`)."""
    mine = tuple(c for c in added if c[0] in token)
    for max_other in (1, 2):
        assert list(readings(token, max_other, confusions=table(tuple(added)))) == list(
            readings(token, max_other, confusions=table(mine))
        )
    full = table(tuple(added))
    assert full.memo_for("readings", token) is table(mine).memo("readings")


def test_historical_spelling_alternations_are_no_confusion() -> None:
    assert spelling("y", "i") and spelling("i", "ie") and spelling("e", "")
    assert spelling("mm", "m") and not spelling("r", "t")


def test_the_repair_says_what_it_learned() -> None:
    learned = repair(Q_FOR_G).confusions
    assert [(o, i) for o, i, _ in learned] == [("q", "g")]
    assert repair("Das ist qut.").confusions == ()


def test_a_corrector_with_other_confusions_decides_as_a_fresh_one() -> None:
    """What :meth:`Corrector.with_confusions` keeps (the decisions of known words among
    them) never makes it decide otherwise than a corrector made anew."""
    words = ["feinen", "Fabrif", "qut", "fein", "jagt", "qesagt", "Stich", "qanz", "ift"]
    counts = Counter(w.lower() for w in words * 3)
    learned = table((("q", "g", -1.5),))
    old = Corrector(load(), counts, table())
    for word in words:
        for rate in (0.01, 0.3):
            old.correct_cached(word, rate)
    kept = old.with_confusions(learned)
    fresh = Corrector(load(), counts, learned)
    for word in words:
        for rate in (0.01, 0.3):
            assert kept.correct_cached(word, rate) == fresh.correct_cached(word, rate), word
    assert old.correct_cached("qut", 0.01) is None
    assert fresh.correct_cached("qut", 0.01) is not None  # the new table is in use
