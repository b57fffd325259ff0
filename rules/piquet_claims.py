"""The claims of the Piquet chapter: quotes of Engelmann 1798 with executable cases.

Every expected value below was worked out by hand from the quoted sentence, not by
running the code; the worked examples of the print (p10, p14) are taken as printed.
Hands are written in the card notation of :mod:`rules.cards`; a hand may be partial
where only some of its cards matter.
"""

from __future__ import annotations

from rules.claims import Case, Claim

P = "engelmann1798.piquet.p"
L = "engelmann1798.piquet.gesetze."


def h(cards: str) -> list[str]:
    """A hand written as space-separated cards."""
    return cards.split()


PACK = h(
    "AS KS QS JS 10S 9S 8S 7S AH KH QH JH 10H 9H 8H 7H "
    "AD KD QD JD 10D 9D 8D 7D AC KC QC JC 10C 9C 8C 7C"
)
REVERSED_PACK = list(reversed(PACK))

# A strong elder hand against a long younger hand (worked out in the claims below).
ELDER_BIG = h("AS KS QS JS 10S AH KH QH AD AC KD KC")
YOUNGER_BIG = h("9S 8S 7S JH 10H 9H 8H 7H QD JD 10D 9D")
# A Carte blanche (younger) against all the courts but the Queen of Clubs and Jack of Clubs.
ELDER_COURTS = h("KS QS JS KH QH JH 8H 7H KD QD JD KC")
YOUNGER_BLANCHE = h("AS 10S 9S 8S 7S AH 10H 9H AD 10D AC 10C")

ZERO = {"carte_blanche": 0, "point": 0, "sequences": 0, "sets": 0, "total": 0}


def decl(cb: int = 0, point: int = 0, seq: int = 0, sets: int = 0) -> dict[str, int]:
    """An expected declaration."""
    return {
        "carte_blanche": cb,
        "point": point,
        "sequences": seq,
        "sets": sets,
        "total": cb + point + seq + sets,
    }


def play_result(elder: int, younger: int, te: int, ty: int, last: str) -> dict[str, object]:
    """An expected play score."""
    return {
        "elder": elder,
        "younger": younger,
        "tricks": {"elder": te, "younger": ty},
        "last_trick": last,
    }


CLAIMS: list[Claim] = [
    # ------------------------------------------------------------ p1: pack and partie
    Claim(
        id="piquet.pack.thirty_two",
        paragraph=P + "1",
        quote="aus welchem die Zwei, Drei, Vier, Fünf und Sechs genommen, also mit 32 Blättern gespielt werden",
        rule="piquet.pack",
        cases=(Case({}, PACK, "pack"),),
    ),
    Claim(
        id="piquet.partie.target",
        paragraph=P + "1",
        quote="welche letztere insgemein Hundert und Eins, oder auch nur Hundert ist",
        rule="piquet.game_won",
        cases=(
            Case({"score": 101, "target": 101}, True, "101_of_101"),
            Case({"score": 100, "target": 101}, False, "100_of_101"),
            Case({"score": 100, "target": 100}, True, "100_of_100"),
            Case({"score": 99, "target": 100}, False, "99_of_100"),
        ),
    ),
    Claim(
        id="piquet.partie.by_tens",
        paragraph=P + "1",
        quote="was über 10 ist, wird, wenn es 4 ist, für nichts, und wenn es 5 ist, für 1 Point gerechnet",
        rule="piquet.partie_units",
        cases=(
            Case({"points": 14}, 1, "14"),
            Case({"points": 15}, 2, "15"),
            Case({"points": 4}, 0, "4"),
            Case({"points": 5}, 1, "5"),
        ),
        note="OCR '§' for 5 (corrected in the reading text).",
    ),
    # ------------------------------------------------------------ p2: who deals
    Claim(
        id="piquet.deal.lowest_cut_deals",
        paragraph=P + "2",
        quote="Demjenigen, der die niedrigste Karte abhebt, kömmt das Mischen und Geben zu",
        rule="piquet.dealer_by_cut",
        cases=(
            Case({"first": "7H", "second": "AS"}, "first", "seven_deals"),
            Case({"first": "AS", "second": "KD"}, "second", "king_below_ace"),
            Case({"first": "9C", "second": "9D"}, None, "equal_ranks"),
        ),
    ),
    # ------------------------------------------------------------ p3: order of the cards
    Claim(
        id="piquet.order.ace_takes_king",
        paragraph=P + "3",
        quote="ausgenommen, daß das Aß den König sticht",
        rule="piquet.trick_winner",
        cases=(
            Case({"lead": "KS", "follow": "AS"}, "follow", "ace_on_king"),
            Case({"lead": "AS", "follow": "KS"}, "lead", "king_on_ace"),
        ),
    ),
    Claim(
        id="piquet.order.courts",
        paragraph=P + "3",
        quote="der König sticht hernach die Dame, die Dame den Buben, und der Bube die Zehen",
        rule="piquet.trick_winner",
        cases=(
            Case({"lead": "QH", "follow": "KH"}, "follow", "king_on_queen"),
            Case({"lead": "JD", "follow": "QD"}, "follow", "queen_on_jack"),
            Case({"lead": "10C", "follow": "JC"}, "follow", "jack_on_ten"),
        ),
    ),
    Claim(
        id="piquet.order.seven_lowest",
        paragraph=P + "3",
        quote="bis auf die Sieben, welche das geringste ist",
        rule="piquet.rank_order",
        cases=(Case({}, ["A", "K", "Q", "J", "10", "9", "8", "7"], "order"),),
    ),
    # ------------------------------------------------------------ p4: the deal
    Claim(
        id="piquet.deal.twelve_each",
        paragraph=P + "4",
        quote="und fährt so lange damit fort, bis ein jeder zwölf hat",
        rule="piquet.deal",
        cases=(
            Case(
                {"pack": PACK, "packet": 3},
                {
                    "elder": h("AS KS QS 8S 7S AH 10H 9H 8H QD JD 10D"),
                    "younger": h("JS 10S 9S KH QH JH 7H AD KD 9D 8D 7D"),
                    "talon": h("AC KC QC JC 10C 9C 8C 7C"),
                },
                "by_threes",
            ),
        ),
    ),
    Claim(
        id="piquet.deal.packets",
        paragraph=P + "4",
        quote="daß jeder nicht mehr und nicht weniger als 3 oder 2 Blätter auf einmal empfängt",
        rule="piquet.deal",
        cases=(
            Case(
                {"pack": PACK, "packet": 2},
                {
                    "elder": h("AS KS 10S 9S AH KH 10H 9H AD KD 10D 9D"),
                    "younger": h("QS JS 8S 7S QH JH 8H 7H QD JD 8D 7D"),
                    "talon": h("AC KC QC JC 10C 9C 8C 7C"),
                },
                "by_twos",
            ),
        ),
    ),
    Claim(
        id="piquet.deal.talon",
        paragraph=P + "4",
        quote="Die übrigen 8 Karten werden in 2 Kreuzweise über einander gelegten Häufchen, oben zu 5 und unten zu 3 Blättern, hingelegt",
        rule="piquet.deal",
        cases=(
            Case(
                {"pack": REVERSED_PACK, "packet": 3},
                {
                    "elder": h("JH 10H 9H KD QD JD 7D AC KC 9C 8C 7C"),
                    "younger": h("AH KH QH 8H 7H AD 10D 9D 8D QC JC 10C"),
                    "talon": h("7S 8S 9S 10S JS QS KS AS"),
                },
                "reversed_pack",
            ),
        ),
        note="The talon is listed in buying order: the upper five first.",
    ),
    # ------------------------------------------------------------ p5: the exchange
    Claim(
        id="piquet.exchange.minimums",
        paragraph=P + "5",
        quote="jedoch darf A nicht unter 2 und B nicht unter 3 wegwerfen",
        rule="piquet.exchange_limits",
        cases=(
            Case({"player": "elder"}, {"least": 3, "most": 5}, "elder"),
            Case(
                {"player": "younger", "elder_took": 5}, {"least": 2, "most": 3}, "younger_after_5"
            ),
        ),
    ),
    Claim(
        id="piquet.exchange.younger_takes_rest",
        paragraph=P + "5",
        quote="auch steht es ihm frei alle übrige 5 zu kaufen",
        rule="piquet.exchange_limits",
        cases=(Case({"player": "younger", "elder_took": 3}, {"least": 2, "most": 5}, "after_3"),),
    ),
    Claim(
        id="piquet.exchange.order",
        paragraph=P + "5",
        quote="so muß B die unmittelbar darauf folgenden 2 nehmen",
        rule="piquet.exchange",
        cases=(
            Case(
                {
                    "elder": h("AS KS QS 8S 7S AH 10H 9H 8H QD JD 10D"),
                    "younger": h("JS 10S 9S KH QH JH 7H AD KD 9D 8D 7D"),
                    "talon": h("AC KC QC JC 10C 9C 8C 7C"),
                    "elder_discards": h("7S 8S 8H"),
                    "younger_discards": h("8D 7D"),
                },
                {
                    "elder": h("AS KS QS AH 10H 9H QD JD 10D AC KC QC"),
                    "younger": h("JS 10S 9S KH QH JH 7H AD KD 9D JC 10C"),
                    "left": h("9C 8C 7C"),
                },
                "elder_3_younger_2",
            ),
            Case(
                {
                    "elder": h("AS KS QS 8S 7S AH 10H 9H 8H QD JD 10D"),
                    "younger": h("JS 10S 9S KH QH JH 7H AD KD 9D 8D 7D"),
                    "talon": h("AC KC QC JC 10C 9C 8C 7C"),
                    "elder_discards": h("7S 8S 8H"),
                    "younger_discards": h("9S 7H 9D 8D 7D"),
                },
                {
                    "elder": h("AS KS QS AH 10H 9H QD JD 10D AC KC QC"),
                    "younger": h("JS 10S KH QH JH AD KD JC 10C 9C 8C 7C"),
                    "left": [],
                },
                "elder_3_younger_5",
            ),
            Case(
                {
                    "elder": h("AS KS QS 8S 7S AH 10H 9H 8H QD JD 10D"),
                    "younger": h("JS 10S 9S KH QH JH 7H AD KD 9D 8D 7D"),
                    "talon": h("AC KC QC JC 10C 9C 8C 7C"),
                    "elder_discards": h("7S 8S 8H 9H 10D"),
                    "younger_discards": h("8D 7D"),
                },
                {
                    "elder": h("AS KS QS AH 10H QD JD AC KC QC JC 10C"),
                    "younger": h("JS 10S 9S KH QH JH 7H AD KD 9D 9C 8C"),
                    "left": ["7C"],
                },
                "elder_5_younger_2",
            ),
        ),
        note="The print's example has A and B swapped (see the emendation): the younger takes the cards the elder left.",
    ),
    # ------------------------------------------------------------ p7: the point (Rummel)
    Claim(
        id="piquet.point.best_suit",
        paragraph=P + "7",
        quote="so zählet der Erste laut aus, wie viel er von einer Farbe am meisten habe",
        rule="piquet.point",
        cases=(
            Case({"hand": ELDER_BIG}, {"suit": "S", "cards": 5, "pips": 51}, "five_spades"),
            Case({"hand": YOUNGER_BIG}, {"suit": "H", "cards": 5, "pips": 44}, "five_hearts"),
        ),
    ),
    Claim(
        id="piquet.point.more_cards",
        paragraph=P + "7",
        quote="Hat der Andere einen größern Rummel, so spricht er: nicht gut",
        rule="piquet.point_score",
        cases=(
            Case(
                {"elder": h("AS KS QS JS 9D"), "younger": h("10H 9H 8H 7H JH")},
                {"winner": "younger", "score": 5},
                "five_low_beat_four_high",
            ),
        ),
    ),
    Claim(
        id="piquet.point.equal_cards_pips",
        paragraph=P + "7",
        quote="Ist die Zahl der Blätter gleich, so werden die Augen oder Points gezählet",
        rule="piquet.point_score",
        cases=(
            Case(
                {"elder": ELDER_BIG, "younger": YOUNGER_BIG},
                {"winner": "elder", "score": 5},
                "51_vs_44",
            ),
        ),
    ),
    Claim(
        id="piquet.point.equal_pips",
        paragraph=P + "7",
        quote="Sind die Augen auf beiden Seiten gleich, so gilt der Rummel nicht",
        rule="piquet.point_score",
        cases=(
            Case(
                {"elder": ELDER_COURTS, "younger": YOUNGER_BLANCHE},
                {"winner": None, "score": 0},
                "45_vs_45",
            ),
        ),
    ),
    Claim(
        id="piquet.point.ace",
        paragraph=P + "7",
        quote="Bei diesem Zählen gilt das Aß 11 Point",
        rule="piquet.pip_value",
        cases=(Case({"card": "AS"}, 11, "ace"),),
        note="OCR '11r Point'.",
    ),
    Claim(
        id="piquet.point.figures",
        paragraph=P + "7",
        quote="die drei Figuren (König, Dame, Bube) werden jede für 10 Points",
        rule="piquet.pip_value",
        cases=(
            Case({"card": "KH"}, 10, "king"),
            Case({"card": "QD"}, 10, "queen"),
            Case({"card": "JC"}, 10, "jack"),
        ),
    ),
    Claim(
        id="piquet.point.face_value",
        paragraph=P + "7",
        quote="und die übrigen 4 Karten nach ihrem eigenen Werthe, nämlich zu 10, 9, 8 und 7 gezählt",
        rule="piquet.pip_value",
        cases=(
            Case({"card": "10S"}, 10, "ten"),
            Case({"card": "9S"}, 9, "nine"),
            Case({"card": "8H"}, 8, "eight"),
            Case({"card": "7C"}, 7, "seven"),
        ),
    ),
    # ------------------------------------------------------------ p8: sequences
    Claim(
        id="piquet.sequence.kinds",
        paragraph=P + "8",
        quote="wenn drei oder vier nach der Reihe folgen, eine Tertia oder Quarte, und wenn es fünf sind, eine Quinte",
        rule="piquet.sequences",
        cases=(
            Case(
                {"hand": YOUNGER_BIG},
                [
                    {"suit": "H", "length": 5, "top": "J"},
                    {"suit": "D", "length": 4, "top": "Q"},
                    {"suit": "S", "length": 3, "top": "9"},
                ],
                "quint_quart_tierce",
            ),
        ),
    ),
    Claim(
        id="piquet.sequence.major",
        paragraph=P + "8",
        quote="Man setzet auch das Wort Major hinzu, wenn das Blatt, womit eine Tertia, Quarte, Quinte etc. anfängt, das höchste ist, z. E. Aß, König, Dame",
        rule="piquet.sequences",
        cases=(
            Case(
                {"hand": ELDER_BIG},
                [{"suit": "S", "length": 5, "top": "A"}, {"suit": "H", "length": 3, "top": "A"}],
                "quint_and_tierce_major",
            ),
        ),
    ),
    Claim(
        id="piquet.sequence.from_king",
        paragraph=P + "8",
        quote="Hingegen benennt man eine Sequenz vom Könige u. s. w., wenn sie mit einem Könige anfängt",
        rule="piquet.sequences",
        cases=(
            Case(
                {"hand": h("KC QC JC 9C")},
                [{"suit": "C", "length": 3, "top": "K"}],
                "tierce_from_king",
            ),
        ),
    ),
    Claim(
        id="piquet.sequence.tierce",
        paragraph=P + "8",
        quote="Eine jede dritte Sequenz, oder Tertie, gilt 3 Points",
        rule="piquet.sequence_value",
        cases=(Case({"length": 3}, 3, "tierce"), Case({"length": 2}, 0, "two_cards")),
        note="OCR '2'; read as 3 (see the emendation).",
    ),
    Claim(
        id="piquet.sequence.quart_quint",
        paragraph=P + "8",
        quote="die Quarte 4, die Quinte 15",
        rule="piquet.sequence_value",
        cases=(Case({"length": 4}, 4, "quart"), Case({"length": 5}, 15, "quint")),
    ),
    Claim(
        id="piquet.sequence.long",
        paragraph=P + "8",
        quote="die Sechste 16, die Siebende (Septime) 17, die Achte (Octave) 18",
        rule="piquet.sequence_value",
        cases=(
            Case({"length": 6}, 16, "sixieme"),
            Case({"length": 7}, 17, "septieme"),
            Case({"length": 8}, 18, "huitieme"),
        ),
    ),
    # ------------------------------------------------------------ p9: the best sequence
    Claim(
        id="piquet.sequence.best_annuls",
        paragraph=P + "9",
        quote="alle andere geringere, welche sein Mitspieler hat, in welcher Menge sie auch seyn mögen, ungültig machet",
        rule="piquet.sequence_score",
        cases=(
            Case(
                {"elder": ELDER_BIG, "younger": YOUNGER_BIG},
                {"elder": 18, "younger": 0},
                "quint_major",
            ),
        ),
        note="Elder: Quinte major 15 and Tertie major 3; the younger's Quinte, Quarte and Tertie are void.",
    ),
    Claim(
        id="piquet.sequence.tierce_major_example",
        paragraph=P + "9",
        quote="weil nun die Tertiemajor des einen, die Tertie vom Könige des andern zu nichte machet, so kann der, der eine Tertiemajor hat, seine andern geringern Tertien alle mitzählen",
        rule="piquet.sequence_score",
        cases=(
            Case(
                {
                    "elder": h("AS KS QS 7S QH JH 10H 8H JD 10D 9D 7C"),
                    "younger": h("KC QC JC 9C 8C AH KH 9H 7H AD KD 8D"),
                },
                {"elder": 9, "younger": 0},
                "three_tierces",
            ),
        ),
    ),
    Claim(
        id="piquet.sequence.longer_annuls",
        paragraph=P + "9",
        quote="so, daß der, welcher eine Sechste hat, seine Tertie, Quarte und Quinte, die er daneben hat, mitzählen kann, obgleich der andere, der keine Sechste hat, Tertie, Quarte und Quinte von höhern Werthe besitzt",
        rule="piquet.sequence_score",
        cases=(
            Case(
                {
                    "elder": h("KH QH JH 10H 9H 8H 10D 9D 8D AS 7C 9C"),
                    "younger": h("AC KC QC JC 10C AD KD QD JD KS QS JS"),
                },
                {"elder": 19, "younger": 0},
                "sixieme_beats_quint_major",
            ),
        ),
    ),
    # ------------------------------------------------------------ p10: sets
    Claim(
        id="piquet.sets.which",
        paragraph=P + "10",
        quote="Nach den Sequenzen zählet man die 4 oder 3, Könige, Damen, Buben, Zehne, worin man sie hat",
        rule="piquet.sets",
        cases=(
            Case(
                {"hand": h("AS AH AD AC 10S 10H 10D 9S 9H 8D 7C 7H")},
                [{"rank": "A", "count": 4}, {"rank": "10", "count": 3}],
                "four_aces_three_tens",
            ),
        ),
    ),
    Claim(
        id="piquet.sets.rank_order",
        paragraph=P + "10",
        quote="nämlich die Asse sind die höchsten, die Zehne die niedrigsten",
        rule="piquet.set_score",
        cases=(
            Case(
                {"elder": h("10S 10H 10D"), "younger": h("KS KH KD")},
                {"elder": 0, "younger": 3},
                "kings_over_tens",
            ),
            Case(
                {"elder": h("AS AH AD"), "younger": h("QS QH QD")},
                {"elder": 3, "younger": 0},
                "aces_over_queens",
            ),
        ),
    ),
    Claim(
        id="piquet.sets.low_cards",
        paragraph=P + "10",
        quote="Die Neune, Achte und Sieben werden niemals zu Gedritten oder Gevierten gezählet",
        rule="piquet.set_value",
        cases=(
            Case({"rank": "9", "count": 4}, 0, "four_nines"),
            Case({"rank": "7", "count": 3}, 0, "three_sevens"),
        ),
    ),
    Claim(
        id="piquet.sets.trio",
        paragraph=P + "10",
        quote="Für jedes Gedritte werden 3 Points gezählet",
        rule="piquet.set_value",
        cases=(
            Case({"rank": "K", "count": 3}, 3, "three_kings"),
            Case({"rank": "10", "count": 3}, 3, "three_tens"),
        ),
    ),
    Claim(
        id="piquet.sets.quatorze",
        paragraph=P + "10",
        quote="so gilt jede Sorte davon Vierzehen",
        rule="piquet.set_value",
        cases=(
            Case({"rank": "A", "count": 4}, 14, "four_aces"),
            Case({"rank": "10", "count": 4}, 14, "four_tens"),
        ),
    ),
    Claim(
        id="piquet.sets.worked_example",
        paragraph=P + "10",
        quote="Z. E. ich habe 4 Aß und 3 Zehen, so zähle ich 17, und mein Gegner, der vier Damen, vier Buben, und drei Könige hat, zählet nichts",
        rule="piquet.set_score",
        cases=(
            Case(
                {
                    "elder": h("AS AH AD AC 10S 10H 10D 9S 9H 8D 7C 7H"),
                    "younger": h("QS QH QD QC JS JH JD JC KS KH KD 8S"),
                },
                {"elder": 17, "younger": 0},
                "seventeen",
            ),
        ),
    ),
    # ------------------------------------------------------------ p11, p12: play
    Claim(
        id="piquet.play.follow_suit",
        paragraph=P + "11",
        quote="Die Karten werden, so lange es möglich ist, mit gleicher Farbe bedient",
        rule="piquet.legal_cards",
        cases=(
            Case({"hand": h("AS 7S KH 9D"), "lead": "10S"}, h("AS 7S"), "must_follow"),
            Case({"hand": h("KH 9D"), "lead": "10S"}, h("KH 9D"), "void"),
        ),
    ),
    Claim(
        id="piquet.play.no_trumps",
        paragraph=P + "11",
        quote="so kann er die besagte Sieben nicht stechen, oder dafür ein Auge rechnen",
        rule="piquet.trick_winner",
        cases=(
            Case({"lead": "7S", "follow": "AH"}, "lead", "other_suit"),
            Case({"lead": "7S", "follow": "8S"}, "follow", "higher_same_suit"),
        ),
    ),
    Claim(
        id="piquet.play.lead_and_win",
        paragraph=P + "11",
        quote="und zählet für jede Karte, mit der er sticht und ausspielt, eins zu seinem Angegebenen",
        rule="piquet.play",
        cases=(
            Case(
                {"tricks": [["AS", "7S"], ["KS", "8S"], ["QH", "KH"], ["7D", "8D"]]},
                play_result(6, 2, 3, 1, "elder"),
                "four_tricks",
            ),
        ),
        note="The last of the tricks given is the last trick of the deal (3 instead of 1).",
    ),
    Claim(
        id="piquet.play.only_leader_and_winner",
        paragraph=P + "11",
        quote="Es kömmt dem nur zu zählen zu, der da sticht, oder anfängt auszuspielen",
        rule="piquet.play",
        cases=(
            Case(
                {"tricks": [["7S", "AH"], ["8S", "9S"]]},
                play_result(2, 3, 1, 1, "younger"),
                "discard_scores_nothing",
            ),
        ),
    ),
    Claim(
        id="piquet.play.court_lead",
        paragraph=P + "12",
        quote="Spielet einer einen König, Dame, Buben, Zehne aus, so zählt er im Ausspielen eins",
        rule="piquet.play",
        cases=(
            Case(
                {"tricks": [["KH", "7H"], ["10S", "8S"]]},
                play_result(4, 0, 2, 0, "elder"),
                "king_then_ten",
            ),
        ),
        note="Leads of a Nine, Eight or Seven count as well (p11: 'für jede Karte'); see the emendation.",
    ),
    Claim(
        id="piquet.play.winner_counts",
        paragraph=P + "12",
        quote="wirft der andere eine höhere Karte darauf von eben der Farbe, so sticht er, und zählet, wie der andere auch eins",
        rule="piquet.play",
        cases=(
            Case(
                {"tricks": [["KH", "AH"], ["7C", "8C"]]},
                play_result(4, 2, 1, 1, "elder"),
                "both_count",
            ),
        ),
    ),
    Claim(
        id="piquet.play.last_trick",
        paragraph=P + "12",
        quote="Derjenige, welcher den letzten Stich erhält, zählet statt ein, drei Augen dafür",
        rule="piquet.last_trick_value",
        cases=(Case({}, 3, "three"),),
        note="OCR 'zähler'. Modern Piquet counts two for the last trick.",
    ),
    Claim(
        id="piquet.play.last_trick_scored",
        paragraph=P + "12",
        quote="statt ein, drei Augen dafür",
        rule="piquet.play",
        cases=(
            Case({"tricks": [["AS", "7S"]]}, play_result(3, 0, 1, 0, "elder"), "leader_wins_last"),
            Case(
                {"tricks": [["9D", "10D"]]},
                play_result(1, 3, 0, 1, "younger"),
                "follower_wins_last",
            ),
        ),
    ),
    Claim(
        id="piquet.tricks.most",
        paragraph=P + "12",
        quote="Derjenige, der die meisten Lesen gemacht hat, zählet wegen dieses Vorzugs zehn Augen sich zum Besten",
        rule="piquet.tricks_bonus",
        cases=(
            Case({"elder_tricks": 7, "younger_tricks": 5}, {"elder": 10, "younger": 0}, "7_5"),
            Case({"elder_tricks": 4, "younger_tricks": 8}, {"elder": 0, "younger": 10}, "4_8"),
        ),
    ),
    Claim(
        id="piquet.tricks.equal",
        paragraph=P + "12",
        quote="wo aber beide Spieler gleichviel Lesen haben, so zählet keiner etwas dafür",
        rule="piquet.tricks_bonus",
        cases=(Case({"elder_tricks": 6, "younger_tricks": 6}, {"elder": 0, "younger": 0}, "6_6"),),
        note="OCR 'berde', 'fo zähtet' (corrected in the reading text).",
    ),
    Claim(
        id="piquet.partie.play_to_the_number",
        paragraph=P + "13",
        quote="so fährt man mit spielen so lange fort, bis der eine seine Zahl erreicht hat, welche im Anfange abgeredet worden ist",
        rule="piquet.game_won",
        cases=(
            Case({"score": 96, "target": 101}, False, "not_yet"),
            Case({"score": 117, "target": 101}, True, "passed_the_number"),
        ),
    ),
    # ------------------------------------------------------------ p14: four-deal partie
    Claim(
        id="piquet.partie.four_deals",
        paragraph=P + "14",
        quote="Man rechnet gewöhnlich 4 Spiele zusammen, zieht die Summe von einander ab, und der Ueberrest wird mit 10 getheilet",
        rule="piquet.partie_result",
        cases=(
            Case(
                {"elder": [30, 12, 50, 8], "younger": [20, 40, 5, 20]},
                {"winner": "elder", "parties": 2},
                "100_85",
            ),
            Case(
                {"elder": [10, 10, 10, 10], "younger": [20, 20, 20, 24]},
                {"winner": "younger", "parties": 4},
                "40_84",
            ),
            Case(
                {"elder": [10, 20, 30, 40], "younger": [40, 30, 20, 10]},
                {"winner": None, "parties": 0},
                "equal",
            ),
        ),
        note="OCR 'ꝛο' for 10.",
    ),
    Claim(
        id="piquet.partie.rounding",
        paragraph=P + "14",
        quote="z. E. 44 sind vier, und 45 fünf Parthien",
        rule="piquet.partie_units",
        cases=(Case({"points": 44}, 4, "44"), Case({"points": 45}, 5, "45")),
    ),
    Claim(
        id="piquet.partie.worked_example",
        paragraph=P + "14",
        quote="ich gewinne in vier Spielen 10, 24, 35, 46, so bekomme ich 1, 2, 4, 5",
        rule="piquet.partie_units",
        cases=(
            Case({"points": 10}, 1, "10"),
            Case({"points": 24}, 2, "24"),
            Case({"points": 35}, 4, "35"),
            Case({"points": 46}, 5, "46"),
        ),
        note="OCR 'r10' for 10.",
    ),
    # ------------------------------------------------------------ p15: order of counting
    Claim(
        id="piquet.end.carte_blanche_first",
        paragraph=P + "15",
        quote="und der eine Carte blanche hat, so hat er gewonnen",
        rule="piquet.first_to_finish",
        cases=(
            Case(
                {
                    "need": {"elder": 4, "younger": 5},
                    "elder": {"point": 5},
                    "younger": {"carte_blanche": 10},
                },
                "younger",
                "blanche_before_point",
            ),
        ),
    ),
    Claim(
        id="piquet.end.point_before_sequences",
        paragraph=P + "15",
        quote="der Rummel folget diesem nach im Gewinnen: hernach kommen die Sequenzkarten",
        rule="piquet.first_to_finish",
        cases=(
            Case(
                {
                    "need": {"elder": 4, "younger": 5},
                    "elder": {"sequences": 4},
                    "younger": {"point": 5},
                },
                "younger",
                "point_before_sequences",
            ),
            Case(
                {
                    "need": {"elder": 3, "younger": 5},
                    "elder": {"sets": 3},
                    "younger": {"sequences": 15},
                },
                "younger",
                "sequences_before_sets",
            ),
            Case(
                {"need": {"elder": 4, "younger": 5}, "elder": {"sets": 3}, "younger": {}},
                None,
                "play_decides",
            ),
        ),
    ),
    Claim(
        id="piquet.end.order",
        paragraph=P + "15",
        quote="und zuletzt die Points, die man im Ausspielen rechnet",
        rule="piquet.counting_order",
        cases=(Case({}, ["carte_blanche", "point", "sequences", "sets", "play"], "order"),),
    ),
    # ------------------------------------------------------------ p16-p18: repic, pic
    Claim(
        id="piquet.declarations.all",
        paragraph=P + "16",
        quote="Derjenige, welcher wegen Cartes blanches, Rummel, Sequenzen, 3 Asse, 3 Könige, 3 Damen, Buben und Zehne, im Zusammenrechnen aller seiner Augen dreißig zählen kann",
        rule="piquet.declarations",
        cases=(
            Case(
                {"elder": ELDER_BIG, "younger": YOUNGER_BIG},
                {"elder": decl(0, 5, 18, 28), "younger": ZERO},
                "fifty_one",
            ),
            Case(
                {"elder": ELDER_COURTS, "younger": YOUNGER_BLANCHE},
                {"elder": ZERO, "younger": decl(10, 0, 4, 28)},
                "carte_blanche",
            ),
        ),
    ),
    Claim(
        id="piquet.declarations.carte_blanche",
        paragraph=P + "16",
        quote="wegen Cartes blanches",
        rule="piquet.carte_blanche",
        cases=(
            Case({"hand": YOUNGER_BLANCHE}, True, "no_courts"),
            Case({"hand": ELDER_COURTS}, False, "courts"),
        ),
    ),
    Claim(
        id="piquet.honours.repic",
        paragraph=P + "16",
        quote="zählet anstatt der Dreißig, Neunzig",
        rule="piquet.pic_repic",
        cases=(
            Case(
                {"player": "younger", "declared": 30, "opponent_declared": 0},
                {"honour": "repic", "adds": 60},
                "thirty",
            ),
            Case(
                {"player": "elder", "declared": 51, "opponent_declared": 0},
                {"honour": "repic", "adds": 60},
                "fifty_one",
            ),
            Case(
                {"player": "elder", "declared": 30, "opponent_declared": 3},
                {"honour": None, "adds": 0},
                "opponent_scored",
            ),
        ),
    ),
    Claim(
        id="piquet.honours.pic",
        paragraph=P + "17",
        quote="so rechnet er anstatt der dreißig sechzig Augen, und das nennet man einen Sechziger oder Pic",
        rule="piquet.pic_repic",
        cases=(
            Case(
                {
                    "player": "elder",
                    "declared": 20,
                    "opponent_declared": 0,
                    "play_before_opponent_scores": 10,
                },
                {"honour": "pic", "adds": 30},
                "twenty_and_ten",
            ),
            Case(
                {
                    "player": "elder",
                    "declared": 29,
                    "opponent_declared": 0,
                    "play_before_opponent_scores": 0,
                },
                {"honour": None, "adds": 0},
                "short",
            ),
        ),
    ),
    Claim(
        id="piquet.honours.pic_elder_only",
        paragraph=P + "17",
        quote="Wenn hingegen der Anspieler durch seinen Rummel, Sequenzen, etc. nicht ganz bis auf 30 Points zählen kann",
        rule="piquet.pic_repic",
        cases=(
            Case(
                {
                    "player": "younger",
                    "declared": 20,
                    "opponent_declared": 0,
                    "play_before_opponent_scores": 12,
                },
                {"honour": None, "adds": 0},
                "younger",
            ),
        ),
    ),
    Claim(
        id="piquet.honours.repic_count",
        paragraph=P + "16",
        quote="und wenn er über 30 hat, so saget er 91, 92, 93, 94, und so fort an",
        rule="piquet.honour_count",
        cases=(
            Case({"player": "elder", "declared": 31, "opponent_declared": 0}, 91, "31"),
            Case({"player": "younger", "declared": 34, "opponent_declared": 0}, 94, "34"),
        ),
        note="OCR '92, oz, 93' (corrected in the reading text to 91, 92, 93).",
    ),
    Claim(
        id="piquet.honours.pic_count",
        paragraph=P + "18",
        quote="30 von Pic machet 60 oder 62",
        rule="piquet.honour_count",
        cases=(
            Case(
                {
                    "player": "elder",
                    "declared": 20,
                    "opponent_declared": 0,
                    "play_before_opponent_scores": 10,
                },
                60,
                "60",
            ),
            Case(
                {
                    "player": "elder",
                    "declared": 20,
                    "opponent_declared": 0,
                    "play_before_opponent_scores": 12,
                },
                62,
                "62",
            ),
        ),
    ),
    Claim(
        id="piquet.honours.late_pic",
        paragraph=P + "18",
        quote="dafern er nur nicht die Karten aufs neue gemenget oder abheben lassen, oder etwa schon zu dem folgenden Spiele zu geben angefangen hat",
        rule="piquet.late_pic_claim",
        cases=(
            Case({"stage": "end_of_deal"}, True, "end_of_deal"),
            Case({"stage": "shuffled"}, False, "shuffled"),
            Case({"stage": "cut"}, False, "cut"),
            Case({"stage": "dealing"}, False, "dealing"),
        ),
    ),
    Claim(
        id="piquet.tricks.capot",
        paragraph=P + "19",
        quote="anstatt daß er, wie sonst gebräuchlich zehen zählen sollte, vierzig, und das heißt Capot",
        rule="piquet.tricks_bonus",
        cases=(
            Case(
                {"elder_tricks": 12, "younger_tricks": 0},
                {"elder": 40, "younger": 0},
                "elder_capot",
            ),
            Case(
                {"elder_tricks": 0, "younger_tricks": 12},
                {"elder": 0, "younger": 40},
                "younger_capot",
            ),
        ),
    ),
    Claim(
        id="piquet.equality.sequences",
        paragraph=P + "20",
        quote="wenn beide Spieler gleiche Rummels, gleiche Sequenzen und Lesen hätten, keiner unter ihnen wegen dieser Gleichheit etwas zählen",
        rule="piquet.sequence_score",
        cases=(
            Case(
                {"elder": h("AS KS QS 9H"), "younger": h("AH KH QH 9S")},
                {"elder": 0, "younger": 0},
                "equal_tierces",
            ),
        ),
    ),
    Claim(
        id="piquet.equality.point",
        paragraph=P + "20",
        quote="oder einigen Vorzug haben kann",
        rule="piquet.point_score",
        cases=(
            Case(
                {"elder": h("AS KS QS"), "younger": h("AH KH QH")},
                {"winner": None, "score": 0},
                "equal_points",
            ),
        ),
    ),
    # ------------------------------------------------------------ the Gesetze
    Claim(
        id="piquet.law1.elder_chooses",
        paragraph=L + "1",
        quote="so steht es in der Willkühr desjenigen, welcher der Erste ist, von neuem geben zu lassen, oder so, wie gegeben worden ist, fort zu spielen",
        rule="piquet.misdeal",
        cases=(
            Case({"elder_cards": 13, "younger_cards": 12}, "elder_chooses", "elder_13"),
            Case({"elder_cards": 12, "younger_cards": 13}, "elder_chooses", "dealer_13"),
            Case({"elder_cards": 12, "younger_cards": 12}, "play", "correct"),
        ),
    ),
    Claim(
        id="piquet.law1.surplus_at_buying",
        paragraph=L + "1",
        quote="daß er ein Blatt mehr, als er nehmen wird, wegwerfe",
        rule="piquet.elder_thirteen",
        cases=(Case({"announced_before_buying": True}, "discards_one_more", "announced"),),
    ),
    Claim(
        id="piquet.law1.too_late",
        paragraph=L + "1",
        quote="jedoch bei der Strafe, die wider diejenigen, welche zu viel Blätter haben, folgen wird",
        rule="piquet.elder_thirteen",
        cases=(Case({"announced_before_buying": False}, "counts_nothing", "not_announced"),),
    ),
    Claim(
        id="piquet.law2.redeal",
        paragraph=L + "2",
        quote="so muß man nothwendig die Karten von neuem geben, und steht es in keines der beiden Spieler Wahl, fortzuspielen",
        rule="piquet.misdeal",
        cases=(
            Case({"elder_cards": 15, "younger_cards": 12}, "redeal", "fifteen"),
            Case({"elder_cards": 12, "younger_cards": 16}, "redeal", "sixteen"),
            Case(
                {"elder_cards": 14, "younger_cards": 12, "packet": 2},
                "redeal",
                "packet_of_two_too_many",
            ),
            Case(
                {"elder_cards": 14, "younger_cards": 12, "packet": 3},
                "elder_chooses",
                "fourteen_by_threes",
            ),
        ),
    ),
    Claim(
        id="piquet.law3.forgotten",
        paragraph=L + "3",
        quote="so kann er sie nachmals nicht mehr rechnen, sondern sie werden ihm, weil er sie versehen, ungültig gemacht",
        rule="piquet.omitted_declarations",
        cases=(
            Case(
                {
                    "elder": ELDER_BIG,
                    "younger": YOUNGER_BIG,
                    "omitted_by": "elder",
                    "omitted": ["sets"],
                },
                {"elder": decl(0, 5, 18, 0), "younger": ZERO},
                "sets_forgotten",
            ),
        ),
    ),
    Claim(
        id="piquet.law4.unshown",
        paragraph=L + "4",
        quote="sondern nun zählt der andre alles dasjenige als gültig, was er von gedachten Sachen aufweisen kann, ob diese gleich niedriger und geringer wären",
        rule="piquet.omitted_declarations",
        cases=(
            Case(
                {
                    "elder": ELDER_BIG,
                    "younger": YOUNGER_BIG,
                    "omitted_by": "elder",
                    "omitted": ["point", "sequences"],
                },
                {"elder": decl(0, 0, 0, 28), "younger": decl(0, 5, 22, 0)},
                "point_and_sequences_unshown",
            ),
        ),
    ),
    Claim(
        id="piquet.law4.other_too_late",
        paragraph=L + "4",
        quote="denn wenn er nur ein einziges Blatt, nachdem vorgedachter Fehler geschehen, zugespielet hätte, so kann er so wenig, als der Anspieler, seine Karten angeben",
        rule="piquet.omitted_declarations",
        cases=(
            Case(
                {
                    "elder": ELDER_BIG,
                    "younger": YOUNGER_BIG,
                    "omitted_by": "elder",
                    "omitted": ["point", "sequences"],
                    "other_showed_in_time": False,
                },
                {"elder": decl(0, 0, 0, 28), "younger": ZERO},
                "both_lose",
            ),
        ),
    ),
    Claim(
        id="piquet.law5.false_declaration",
        paragraph=L + "5",
        quote="daß der falsche Ansager nicht das geringste, was er in Wahrheit haben kann, zählen darf, dahingegen der andere nun alles rechnen kann, was er hat",
        rule="piquet.false_declaration",
        cases=(
            Case(
                {"elder": ELDER_BIG, "younger": YOUNGER_BIG, "offender": "elder"},
                {"elder": ZERO, "younger": decl(0, 5, 22, 0)},
                "elder_false",
            ),
            Case(
                {"elder": ELDER_BIG, "younger": YOUNGER_BIG, "offender": "younger"},
                {"elder": decl(0, 5, 18, 28), "younger": ZERO},
                "younger_false",
            ),
        ),
    ),
    Claim(
        id="piquet.law5.pic_not_prevented",
        paragraph=L + "5",
        quote="Es macht auch eine Ausnahme, wenn dasjenige, so einer erst falsch gerechnet hat, des andern Pic oder Repic verhinderte",
        rule="piquet.pic_repic",
        cases=(
            Case(
                {"player": "younger", "declared": 32, "opponent_declared": 0},
                {"honour": "repic", "adds": 60},
                "repic_stands",
            ),
        ),
        note="The false declaration counts for nothing, so the other's honour is reckoned with the offender at 0.",
    ),
    Claim(
        id="piquet.law6.too_many_or_few",
        paragraph=L + "6",
        quote="daß also mit weniger, aber nicht mit mehreren Karten, als man haben soll, gespielet werden kann",
        rule="piquet.wrong_number",
        cases=(
            Case({"held": 13}, "counts_nothing", "thirteen"),
            Case({"held": 11}, "plays_on", "eleven"),
            Case({"held": 12}, "normal", "twelve"),
        ),
    ),
    Claim(
        id="piquet.law7.revoke_retaken",
        paragraph=L + "7",
        quote="muß man das unrechte Blatt wieder nehmen, und das andere bekennende dafür zugeben",
        rule="piquet.retract_card",
        cases=(Case({"could_follow_suit": True, "followed_suit": False}, "must_retake", "revoke"),),
    ),
    Claim(
        id="piquet.law7.card_stands",
        paragraph=L + "7",
        quote="so muß es, wenn das Blatt aus der Hand ist, dabei verbleiben, und kann man es nicht wieder nehmen",
        rule="piquet.retract_card",
        cases=(
            Case(
                {"could_follow_suit": True, "followed_suit": True},
                "stands",
                "lower_card_by_mistake",
            ),
            Case({"could_follow_suit": False, "followed_suit": False}, "stands", "void_in_suit"),
        ),
    ),
    Claim(
        id="piquet.law8.may_correct",
        paragraph=L + "8",
        quote="wenn er noch kein Blatt ausgespielt hätte, ist ihm ohne einige Strafe zugelassen, seine Worte zu ändern",
        rule="piquet.misdeclaration_remedy",
        cases=(
            Case({"played_card": False}, "may_correct", "before_play"),
            Case({"played_card": True}, "penalty", "after_play"),
        ),
    ),
    Claim(
        id="piquet.law9.thrown_in",
        paragraph=L + "9",
        quote="weder wieder nehmen, noch Hoffnung haben, sein Spiel auszuspielen, sondern er hat es verloren",
        rule="piquet.thrown_in_hand",
        cases=(
            Case({"mixed_with_table": True}, "lost", "mixed"),
            Case({"mixed_with_table": False}, "may_play_on", "not_mixed"),
        ),
    ),
    Claim(
        id="piquet.law11.one_exchange",
        paragraph=L + "11",
        quote="Es findet auch nicht statt, zweimal wegzulegen oder zu kaufen",
        rule="piquet.second_exchange_allowed",
        cases=(
            Case({"already_exchanged": True}, False, "second"),
            Case({"already_exchanged": False}, True, "first"),
        ),
    ),
    Claim(
        id="piquet.law12.took_too_many",
        paragraph=L + "12",
        quote="so ist es ein Fehler, welcher diese Strafe mit sich bringt, daß man sein Spiel, doch nur für diesmal, verliere",
        rule="piquet.took_too_many",
        cases=(
            Case({"seen_or_mixed": True}, "loses_deal", "seen"),
            Case({"seen_or_mixed": False}, "put_back", "unseen"),
        ),
    ),
    Claim(
        id="piquet.law13.dealt_twice",
        paragraph=L + "13",
        quote="so muß der andre geben, wofern er nur keins von seinen Blättern besehen hat",
        rule="piquet.dealt_out_of_turn",
        cases=(
            Case({"rightful_dealer_looked": False}, "redeal", "unseen"),
            Case({"rightful_dealer_looked": True}, "stands", "seen"),
        ),
    ),
    Claim(
        id="piquet.law14.elder_revises",
        paragraph=L + "14",
        quote="so kann er noch zurücktreten und rechnen, was er von gedachten Sachen hat",
        rule="piquet.misdeclaration_remedy",
        cases=(Case({"played_card": False}, "may_correct", "before_play"),),
    ),
    Claim(
        id="piquet.law15.younger_revises",
        paragraph=L + "15",
        quote="so kann er ebenfalls wieder zurückkehren, obgleich der Erste ausgespielt hat",
        rule="piquet.misdeclaration_remedy",
        cases=(Case({"played_card": False}, "may_correct", "before_own_card"),),
        note="OCR numbers this law '25.'.",
    ),
    Claim(
        id="piquet.law17.one_reversed",
        paragraph=L + "17",
        quote="so darf man die Karte nicht von neuem mengen, sondern es muß derjenige, an welchen es kömmt, es sey gut oder böse, es annehmen",
        rule="piquet.reversed_cards",
        cases=(Case({"count": 1}, "accept", "one"), Case({"count": 0}, "play", "none")),
    ),
    Claim(
        id="piquet.law17.two_reversed",
        paragraph=L + "17",
        quote="alsdann muß man die Karten nothwendig wieder mengen und anders geben",
        rule="piquet.reversed_cards",
        cases=(Case({"count": 2}, "redeal", "two"),),
    ),
]
