"""What the browser's line words (static/js/describe.js) need to know of each family, as data.

In: the families (`solve.families.FAMILIES`) and the wild cards' words (`core.wild_words`). Out:
per family, the facts `describe.py` reads of it: the wild cards' words and marks by count held,
how many kinds of wild card and wild cards the deck holds, its natural ranks, the suits a wild
card is of, what a player calls a kicker of named suits ("black jack"), the ranks it holds five natural cards of, its cards outside the four suits, and its
wild-card hands (a category paying on wild cards alone, with its label and kicker) in pay order.
`python -m generator.strategy.describe_data` writes static/js/describe-data.js; a test checks the
file is what it writes now.
"""

import json
from pathlib import Path

from ..core import wild_words
from ..core.cards import RANKS
from ..solve.families import ALL_RANKS, FAMILIES


def family_words(family) -> dict:
    wild = family.wild_name
    cards = min(wild_words.words_of(wild).cards, 5) if wild else 0
    natural = [rank for card, (rank, _) in enumerate(family.faces) if not family.is_wild(card)]
    return {
        "held": wild_words.held_list(wild),
        "marks": [""] + [wild_words.mark(wild, count) for count in range(1, cards + 1)],
        "wild_kinds": len(family.wild),
        "wild_count": family.wild_count,
        "natural_ranks": list(family.natural_ranks),
        "wild_suits": sorted(family.wild_suits),
        "kicker_name": family.kicker_name,
        "five_ranks": sorted(rank for rank in set(natural) if natural.count(rank) >= 5),
        "suitless": [RANKS[rank] + "★" for card, (rank, suit) in enumerate(family.faces)
                     if suit > 3 and not family.is_wild(card)],
        "jackpots": [{"label": c.label, "wild_held": c.wild_held,
                      "kicker": None if c.kicker == ALL_RANKS else sorted(c.kicker)}
                     for c in family.categories if c.hand == "wild_cards"],
    }


def browser_data() -> dict:
    return {key: family_words(family) for key, family in FAMILIES.items()}


def js_text() -> str:
    rows = [f"    {json.dumps(key)}: {json.dumps(data, sort_keys=True, separators=(',', ':'), ensure_ascii=False)},"
            for key, data in browser_data().items()]
    return "\n".join([
        "// Written by `python -m generator.strategy.describe_data`: do not edit. Each family's",
        "// facts the line words read (describe.js), from generator/solve/families.toml and",
        "// generator/core/wild_words.py.",
        "(function (root) {",
        '  "use strict";',
        "  const ns = (root.vpcharts = root.vpcharts || {});",
        "  ns.describeData = {",
        *rows,
        "  };",
        "})(globalThis);",
        ""])


TARGET = Path(__file__).resolve().parents[2] / "static" / "js" / "describe-data.js"

if __name__ == "__main__":
    old = TARGET.read_text(encoding="utf-8") if TARGET.exists() else None
    if old != js_text():
        TARGET.write_text(js_text(), encoding="utf-8")
    print(f"{TARGET}: {'already current' if old == js_text() else 'written'}")
