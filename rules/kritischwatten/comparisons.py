"""Kritisch-Watten with 32 against 33 cards (and the reading 'nur auf den Rechten'), rule by rule.

:data:`COMPARISONS` is read by the edition to build a comparison page. Each entry names
the paragraph, the aspect, what each variant says (``k33``, ``k32``, and for the last
entries ``k33_nur_rechter``: the model variants of ``kritischwatten``) and the ids of
vectors in ``build/vectors/kritischwatten.json`` that give different answers under the
variants: the same rule and input with another ``variant``, or the same deal and the
same actions played under each variant.
"""

from __future__ import annotations

K = "schwaighofer1927.kritischwatten"

COMPARISONS: list[dict[str, object]] = [
    {
        "paragraph": f"{K}.p2",
        "aspect": "the pack",
        "variants": {
            "k33": "33 cards: the German short pack with the Weli (Schellsechser)",
            "k32": "32 cards, 'wie es am Lande oft vorkommt': no Weli",
        },
        "vectors": ["kritischwatten.pack.ohne_weli.k33", "kritischwatten.pack.ohne_weli.k32"],
    },
    {
        "paragraph": f"{K}.p2",
        "aspect": "the three Kritische and their order",
        "variants": {
            "k33": "Herzkönig (Martl), Weli, Schellsiebener",
            "k32": "Herzkönig, Schellsiebener (in the Weli's place), Eichelsiebener (Eichelspitz)",
        },
        "vectors": [
            "kritischwatten.kritische.drei.k33",
            "kritischwatten.zweiunddreissig.eichelspitz.k32",
        ],
    },
    {
        "paragraph": f"{K}.p1",
        "aspect": "the Eichelsiebener in a trick",
        "variants": {
            "k33": "a plain card (or a trump, a Blinder by Trumpf and Schlag)",
            "k32": "a Kritischer: it takes the Rechte, the Blinde and every trump",
        },
        "vectors": [
            "kritischwatten.stechen_alles.eichelsiebener_on_rechte_k33",
            "kritischwatten.stechen_alles.eichelsiebener_on_rechte_k32",
            "kritischwatten.wert_fix.eichelsiebener_siebener_eichel_k33",
            "kritischwatten.wert_fix.eichelsiebener_siebener_eichel_k32",
            "kritischwatten.transcript.k33_eichelsiebener_kein_kritischer",
            "kritischwatten.transcript.k32_eichelsiebener_kritischer",
        ],
    },
    {
        "paragraph": f"{K}.p2",
        "aspect": "a Kritischer of the Trumpf suit led",
        "variants": {
            "k33": "the Weli and the Schellsiebener with Schell Trumpf ask for trumps; the "
            "Eichelsiebener led with Eichel Trumpf is only the lowest trump",
            "k32": "the Schellsiebener with Schell Trumpf and the Eichelsiebener with Eichel "
            "Trumpf ask for trumps and take the trick",
        },
        "vectors": [
            "kritischwatten.transcript.k33_eichelsiebener_trumpf",
            "kritischwatten.transcript.k32_eichelsiebener_eichel_trumpf",
        ],
    },
    {
        "paragraph": f"{K}.p2",
        "aspect": "the order of the cards with Schlag Siebener",
        "variants": {
            "k33": "the Schellsiebener is a Kritischer: two Blinde (Eichel- and Herzsiebener)",
            "k32": "Schell- and Eichelsiebener are Kritische: one Blinder (Herzsiebener)",
        },
        "vectors": [
            "kritischwatten.dann_der_rechte.siebener_laub_k33",
            "kritischwatten.dann_der_rechte.siebener_laub_k32",
        ],
    },
    {
        "paragraph": f"{K}.p2",
        "aspect": "what the cutter may keep",
        "variants": {
            "k33": "Herzkönig, Weli, Schellsiebener",
            "k32": "Herzkönig, Schellsiebener, Eichelsiebener",
        },
        "vectors": [
            "kritischwatten.abheben.behalten.eichelsiebener_k33",
            "kritischwatten.abheben.behalten.eichelsiebener_k32",
            "kritischwatten.abheben.behalten.weli_k33",
            "kritischwatten.abheben.behalten.weli_k32",
            "kritischwatten.transcript.k33_weli_behalten",
            "kritischwatten.transcript.k32_eichelsiebener_behalten",
        ],
    },
    {
        "paragraph": f"{K}.p3",
        "aspect": "the advised Schlag (strategy)",
        "variants": {
            "k33": "two Siebener other than the Schellsiebener make a Schlag",
            "k32": "the Eichelsiebener is a Kritischer: it does not pair with another Siebener",
        },
        "vectors": [
            "kritischwatten.siebener_nicht_schlag.two_siebener_k33",
            "kritischwatten.siebener_nicht_schlag.schellsiebener_does_not_pair_k32_eichel",
        ],
    },
    {
        "paragraph": f"{K}.p4",
        "aspect": "Deuten",
        "variants": {
            "k33": "Martl: Augenaufschlagen; Weli: Kussmund; Schellsiebener: mouth sideways",
            "k32": "the Schellsiebener keeps its sign; the Eichelsiebener has none in the text "
            "('zeichen_frei')",
        },
        "vectors": [
            "kritischwatten.deuten.weli.k33_eichelsiebener_is_nothing",
            "kritischwatten.deuten.weli.k32_schellsiebener_and_eichelsiebener",
        ],
    },
    {
        "paragraph": f"{K}.p2",
        "aspect": "which leads ask for a trump (33 cards; 'keine starre Regel')",
        "variants": {
            "k33": "the Rechte, any other trump, and a Kritischer of the Trumpf suit",
            "k33_nur_rechter": "'nur auf den Rechten Trumpf zugegeben werden muß'",
        },
        "vectors": [
            "kritischwatten.nur_auf_den_rechten.laubas_k33",
            "kritischwatten.nur_auf_den_rechten.laubas_nur_rechter",
            "kritischwatten.transcript.k33_trumpf_verweigert",
            "kritischwatten.transcript.nur_rechter_blinder_auf_trumpf",
            "kritischwatten.transcript.k33_weli_kein_blinder",
            "kritischwatten.transcript.nur_rechter_weli_schell",
        ],
    },
]
