"""The Perlaggerordnung of 1890 and the rules of 1924 side by side, law by law.

:data:`COMPARISONS` is the data of the edition's comparison page: one entry per law
(or point of the author's explanation) where the two Ordnungen differ, each with what
each says and the ids of the vectors (``build/vectors/perlaggen.json``) whose expected
values differ between the two. Laws not listed read the same in both (wording aside):
§§ 6, 9-12, 14-16, 18, 19, 21, 22, 24, 26, 28, 32 (see README.md for the full table).
"""

from __future__ import annotations

from typing import Any

from rules.perlaggen.functions import ANMERKUNG, anhang, e, n24, o

JSON = Any


def _entry(paragraph: str, aspect: str, old: str, new: str, vectors: list[str]) -> dict[str, JSON]:
    return {
        "paragraph": paragraph,
        "aspect": aspect,
        "variants": {"ordnung1890": old, "ordnung1924": new},
        "vectors": vectors,
    }


COMPARISONS: list[dict[str, JSON]] = [
    _entry(
        n24(1),
        "§ 1: how partners are found",
        "Not regulated: § 1 only says who deals (the lowest card cut, the As lowest; then "
        "the party that lost).",
        "By cutting: 'Hoch zu Hoch! Nieder zu Nieder!' The two higher cards play together.",
        [
            "perlaggen.seats.partners_1890.high_and_low",
            "perlaggen.seats.partners_1924.high_and_low",
        ],
    ),
    _entry(
        o(2),
        "§ 2: cards scattered at the cut",
        "Always a new deal; a Perlagg cut then is not kept.",
        "A new deal only if the face of the cards became visible; cards not scattered by "
        "the dealer exclude a new deal. Adds: several cards must be cut; a Perlagg not cut "
        "stays in the pack.",
        [
            "perlaggen.cut.scattered_1890.face_not_seen",
            "perlaggen.cut.scattered_1924.face_not_seen",
            "perlaggen.cut.scattered_1890.not_by_dealer",
            "perlaggen.cut.scattered_1924.not_by_dealer",
        ],
    ),
    _entry(
        n24(3),
        "§ 3: too many or too few cards",
        "Not regulated (only § 32: penalties agreed beforehand).",
        "By mistake: report at once, new deal. Played on deliberately with more than five "
        "cards: the party forfeits every figure made and two points.",
        ["perlaggen.deal.too_many_1890.deliberate", "perlaggen.deal.too_many_1924.deliberate"],
    ),
    _entry(
        n24(4),
        "§ 4 (and Erklärung p10): exchanging a turned-up Perlagg",
        "No law; the Erklärung, part of the Ordnung by § 30, says the dealer holding a plain "
        "trump MUST exchange ('nicht nur, sondern er muß').",
        "The dealer has the RIGHT to exchange; without a trump the right passes to his "
        "partner; never to the opponents.",
        [
            "perlaggen.exchange.duty_1890.dealer_with_trumps",
            "perlaggen.exchange.right_1924.dealer_with_trumps",
            "perlaggen.transcript.p10_keep_refused_1890",
            "perlaggen.transcript.p10_keep_right_1924",
        ],
    ),
    _entry(
        o(5),
        "§ 5: the agreed number of points",
        "Agreed before the game: 'Zu 9, 11, 15 usw.'",
        "Agreed before the game: 'zu 11, 15, 21 usw.' (the examples only differ).",
        [],
    ),
    _entry(
        n24(7),
        "§ 7: bidding or holding a figure one has not",
        "The bidder and the holder must have the figure; a bid is binding. The penalty is "
        "§ 31's (three points).",
        "The same, and: 'sonst wird der betreffende aller gemachten Figuren verlustig "
        "erklärt und außerdem noch um zwei Punkte bestraft. Dasselbe gilt auch bei der "
        "Figur Spiel.' (The edition follows § 31; § 7's two points are the variant "
        "reading1924_par7.)",
        [
            "perlaggen.penalty.false_bid_1890.seen",
            "perlaggen.penalty.par7_1924.reading_par7",
            "perlaggen.transcript.par31_false_bid_1890",
            "perlaggen.transcript.par7_false_bid_1924",
        ],
    ),
    _entry(
        n24(8),
        "§ 8: answering",
        "'Auf jedes Gebotene muß sogleich Antwort gegeben werden.'",
        "The same, made explicit: each figure is answered at once, also when Spiel and "
        "Gleich or Hanger are bid together; no appeal to § 22.",
        [],
    ),
    _entry(
        o(13),
        "§ 13: following suit",
        "'Es darf nie Farbe verleugnet werden, außer es wird gestochen': read by the edition "
        "as 'unless one trumps' (p20); the passive reading 'unless the trick has been "
        "trumped' is the variant reading1890_trumped.",
        "'außer es wird mit Trumpf oder Perlagg gestochen': only one who trumps himself may "
        "renounce.",
        [
            "perlaggen.follow.par13_1890.passive_reading",
            "perlaggen.transcript.par13_follow_after_trump_1924",
            "perlaggen.transcript.par13_passive_reading",
        ],
    ),
    _entry(
        n24(17),
        "§ 17: a Perlagg played without baptism",
        "'andernfalls er zur einfachen Karte wird': a plain card at once.",
        "'andernfalls er zur einfachen Karte von der Gegenpartei erklärt wird': a plain "
        "card when the opponents declare it so.",
        [
            "perlaggen.baptism.plain_1890.not_declared",
            "perlaggen.baptism.plain_1924.not_declared",
        ],
    ),
    _entry(
        o(20),
        "§ 20: overbidding",
        "Overbids: 1. a party at the penultimate score that bids, 2. a party that bids so "
        "many figures at once that they would reach the target. Two points struck off.",
        "Only the party at the penultimate score that bids a figure, even by mistake; two "
        "points. (§ 25b expects the party at 12 of 15 to bid two figures.)",
        [
            "perlaggen.bid.overbid_1890.two_at_thirteen",
            "perlaggen.bid.overbid_1924.two_at_thirteen",
            "perlaggen.bid.overbid_1890.three_at_twelve",
            "perlaggen.bid.overbid_1924.three_at_twelve",
            "perlaggen.transcript.par20_two_at_once_1890",
            "perlaggen.transcript.par20_two_at_once_1924",
        ],
    ),
    _entry(
        n24(23),
        "§ 23 (with § 22): asking again",
        "The Spiel party may not later improve a figure it declared 'stehend'; § 22: 'Jede "
        "Partei ist berechtigt, um die ... Figur zu fragen'.",
        "The same, and the Spiel party may not ask again 'Was macht diese Figur?'; only the "
        "other party may.",
        ["perlaggen.show.ask_1890.spiel_party_asks", "perlaggen.show.ask_1924.spiel_party_asks"],
    ),
    _entry(
        n24(25),
        "§ 25: who asks for a dritziges at the last point",
        "§ 25: both declare the grade of a dritziges or better before showing; the author's "
        "note: 'Man frägt dann um fünftige, viertige, dritzige' (no one named).",
        "At 14 to 14 'ist vom linken Spieler des Ausgebers um Dritziges, bezw. Vierfaches "
        "oder Fünffaches zu fragen'.",
        ["perlaggen.out.asker_1890.o1890", "perlaggen.out.asker.o1924"],
    ),
    _entry(
        n24("25a"),
        "§ 25a (new): the case 14-13",
        "No such law. With the author's note, at 14 to 14 the better dritziges figure goes "
        "out, whatever was written before.",
        "When the 13 reach 14 by a figure let be good, no lower figure counts any more: the "
        "Spiel decides; if the Spiel was let be good and the higher figures are equal, a new "
        "deal.",
        [
            "perlaggen.out.case_14_13_1890.hanger_after_gleich",
            "perlaggen.out.case_14_13_1924.hanger_after_gleich",
            "perlaggen.transcript.par25a_14_13_1890",
            "perlaggen.transcript.par25a_14_13_1924",
        ],
    ),
    _entry(
        n24("25b"),
        "§ 25b (new): the case 14-12",
        "No such law: held figures count in the order bid (§ 9); an equal Gleich writes "
        "nothing and the Hanger, bid second, counts.",
        "The 12 must bid; if the Spiel is let be good (13-14) and the first-bid figure is "
        "equal, the second-bid falls away and the deal is made anew.",
        [
            "perlaggen.out.case_14_12_1890.gleich_steht",
            "perlaggen.out.case_14_12_1924.gleich_steht",
            "perlaggen.transcript.par25b_14_12_1890",
            "perlaggen.transcript.par25b_14_12_1924",
        ],
    ),
    _entry(
        o(27),
        "§ 27: the Spiel in the fifth round",
        "Bid, held or raised only with suit, trump or Perlagg.",
        "The same, but not with a Perlagg 'der nicht schon früher zu einer gebotenen oder "
        "gehaltenen Figur hat verwendet werden müssen'; and a second § 27: the Spiel is "
        "made only when the last player has laid his card.",
        [
            "perlaggen.fifth.spiel_1890.perlagg_needed_for_figure",
            "perlaggen.fifth.spiel_1924.perlagg_needed_for_figure",
            "perlaggen.transcript.par27_fifth_round_1890",
            "perlaggen.transcript.par27_fifth_round_1924",
        ],
    ),
    _entry(
        o(29),
        "§ 29: naming the holder of an unseen bid",
        "Only when the unseen joint bid is held jointly ('gemeinschaftlich gehalten'); the "
        "1890 booklet (anhang1890.29) reads the same.",
        "Whenever the unseen bid is held.",
        [
            "perlaggen.bid.holder_named_1890.held_by_one",
            "perlaggen.bid.holder_named_1924.held_by_one",
        ],
    ),
    _entry(
        o(30),
        "§ 30: what belongs to the Ordnung",
        "The preceding 'Erklärung des Spieles'; laws 1-32 (and the author's note).",
        "The preceding 'Erklärungen, Beispiele und Einleitung'; laws 1-32 with 25a and 25b.",
        [
            "perlaggen.ordnung.erklaerung_included_1890.o1890",
            "perlaggen.ordnung.erklaerung_included_1924.o1924",
        ],
    ),
    _entry(
        o(31),
        "§ 31: the penalty for a figure bid or held without having it",
        "Three points, deducted later if the party has not got them; 'Diese Strafe gilt "
        "nicht für das ungesehen Gebotene' (in Schwaighofer's reprint; the 1890 booklet's "
        "p. 11, anhang1890.31, lacks this sentence).",
        "All points made (read: in the deal) and three more; unseen bids exempt.",
        [
            "perlaggen.penalty.false_bid_1890.seen",
            "perlaggen.penalty.false_bid_1924.seen",
            "perlaggen.out.penalty_1890.false_bid",
            "perlaggen.out.forfeit_1924.false_bid",
            "perlaggen.transcript.par31_false_bid_1890",
            "perlaggen.transcript.par31_false_bid_1924",
            "perlaggen.penalty.unseen_exempt.unseen",
            "perlaggen.penalty.booklet_1890.unseen",
        ],
    ),
]

#: Paragraphs the comparison rests on besides the laws (for readers of the page).
SOURCES: tuple[str, ...] = (e(10), e(20), ANMERKUNG, anhang(29), anhang(31))
