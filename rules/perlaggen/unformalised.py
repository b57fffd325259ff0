"""Paragraphs of the Perlaggen chapter that no rule function or model action cites, and why."""

from __future__ import annotations

from rules.perlaggen.functions import e

UNFORMALISED: dict[str, str] = {
    e(1): (
        "The author's opening of his explanation: why a beginner needs words as well as "
        "play to learn Perlaggen. It states no rule."
    ),
    e(12): (
        "Advice on signalling: show a Perlagg to the partner once and clearly, let the "
        "better player lead the play and the weaker one signal. It governs no play; the "
        "signs themselves are formalised from p13-p14 (perlaggen.signal), and the right to "
        "inform the partner from p11 (perlaggen.informed_seats)."
    ),
    e(28): (
        "On bluffing ('Jagen', 'Ratschen') and the players' temper: strategy. Bidding with "
        "weak cards is allowed in the model (any party may bid); only a figure the party "
        "cannot make at all is punished (§ 31)."
    ),
}
