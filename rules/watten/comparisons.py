"""Watten zu zweit against Watten zu viert: what the 1927 text says differently, rule by rule.

:data:`COMPARISONS` is read by the edition to build a comparison page. Each entry names
the paragraph, the aspect, what each variant says (``zu_zweit``, ``zu_viert``: the model
variants of ``watten``) and the ids of vectors in ``build/vectors/watten.json`` that give
different answers under the two variants: the same rule with the same input but for
``players``, or transcripts of the same situation under each variant. Where the text
differs but the model cannot (what a player sees), the entry says so and lists the rule
vectors that state the difference. "Die Regeln sind dieselben wie beim Watten zu zweit"
(zuviert.p1): the order of the cards, following trumps and the bidding ladder do not
differ and are not listed.
"""

from __future__ import annotations

Z = "schwaighofer1927.watten.zuzweit"
V = "schwaighofer1927.watten.zuviert"

COMPARISONS: list[dict[str, object]] = [
    {
        "paragraph": f"{V}.p1",
        "aspect": "players and parties",
        "variants": {
            "zu_zweit": "two players, each for himself; three of the five tricks win",
            "zu_viert": "four players, two against two, partners sitting crosswise (A-C, B-D), "
            "who make the three tricks together",
        },
        "vectors": [
            "watten.drei_von_fuenf.three_of_four_played",
            "watten.gemeinsam_drei_stiche.partners_three",
            "watten.kreuzweise.a",
        ],
    },
    {
        "paragraph": f"{V}.p5",
        "aspect": "dealing: two then three, or three then two",
        "variants": {
            "zu_zweit": "'zuerst zwei und dann drei' (zuzweit.p1), no alternative",
            "zu_viert": "two then three 'nach links hin', but 'keine starre Regel': in some "
            "places three first",
        },
        "vectors": [
            "watten.geben.zwei_dann_drei.two_players_twenty_cards",
            "watten.geben.nach_links.four_players",
            "watten.geben.zwei_dann_drei.two_players_three_first",
            "watten.geben.zuerst_drei.three_first",
        ],
    },
    {
        "paragraph": f"{V}.p5",
        "aspect": "who may look at his cards before Schlag and Trumpf",
        "variants": {
            "zu_zweit": "both players announce, both look at once",
            "zu_viert": "C and D, the announcers' partners, look only after Schlag and Trumpf "
            "(the model hides their hands in their observation until then)",
        },
        "vectors": [
            "watten.erst_anschauen.b_deals_a_before",
            "watten.erst_anschauen.zu_zweit_b_deals_a_before",
        ],
    },
    {
        "paragraph": f"{V}.p3",
        "aspect": "Deuten: signs to the partner",
        "variants": {
            "zu_zweit": "no partner, no signs",
            "zu_viert": "'gehört sogar zur Regel' (zuviert.p2): Augenaufschlag for the Rechte, "
            "a blink per Blinder, fingers for trumps, a head-shake for nothing (the model shows "
            "each player his partner's signs)",
        },
        "vectors": [
            "watten.deuten.zur_regel.rechte_and_blinder",
            "watten.deuten.zur_regel.zu_zweit_no_partner",
        ],
    },
    {
        "paragraph": f"{V}.p8",
        "aspect": "the 13/14 rule",
        "variants": {
            "zu_zweit": "no such rule in the text: a player at 13 or 14 may bid Drei",
            "zu_viert": "a party at 13 or 14 'darf nicht mehr Drei bieten' (the edition: no "
            "raise at all; the Spiel may still be offered)",
        },
        "vectors": [
            "watten.dreizehn_vierzehn.thirteen",
            "watten.dreizehn_vierzehn.zu_zweit_thirteen",
            "watten.transcript.zuviert_p8_dreizehn_kein_drei",
            "watten.transcript.zuzweit_dreizehn_darf_bieten",
        ],
    },
    {
        "paragraph": f"{V}.p9",
        "aspect": "who deals next",
        "variants": {
            "zu_zweit": "the roles change: the former Vorhand deals (zuzweit.p7)",
            "zu_viert": "round to the left: A, B, C, D, A … as the slate shows (zuviert.p9)",
        },
        "vectors": [
            "watten.rollen_vertauscht.zu_zweit_third",
            "watten.rollen_vertauscht.zu_viert_third",
            "watten.das_zweitemal.b_deals",
            "watten.das_zweitemal.zu_zweit_b_deals",
        ],
    },
    {
        "paragraph": f"{Z}.p7",
        "aspect": "who answers a bid",
        "variants": {
            "zu_zweit": "the other player ('Der Gegner muß sofort Antwort geben')",
            "zu_viert": "the opposing party; in the model the player on the bidder's left "
            "answers for it (zuviert.p6: D bids, A lets it pass)",
        },
        "vectors": [
            "watten.transcript.zuzweit_vier_gut",
            "watten.transcript.zuviert_steigerung_gut",
        ],
    },
    {
        "paragraph": f"{V}.p4",
        "aspect": "cutting: for the deal, or for partners",
        "variants": {
            "zu_zweit": "the lower card deals, As lowest (zuzweit.p1)",
            "zu_viert": "the two lowest cards against the two highest form the parties; the low "
            "party deals; equal cards are 'gestrichen' (zuviert.p4)",
        },
        "vectors": [
            "watten.abheben.as_ist_nieder.as_lowest",
            "watten.zusammenheben.koenig_ober_siebener_as",
            "watten.gestrichen.two_neuner",
        ],
    },
    {
        "paragraph": f"{V}.p4",
        "aspect": "the Partie and the wine",
        "variants": {
            "zu_zweit": "the text names no target; the edition plays to 15 as zu viert (no "
            "difference in the model)",
            "zu_viert": "'zweimal auf 15'; the party losing both pays the litre, one each is a "
            "Bruderspiel, a quarter each",
        },
        "vectors": ["watten.bruderspiel.one_each", "watten.ganzer_liter.ac_loses_both"],
    },
]
