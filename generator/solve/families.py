"""The game families: what every stage reads of a game, loaded once from `families.toml`.

In: `families.toml` (read and checked by `family_file.py`; the types are `game_family.py`'s).
Out: `FAMILIES`, each a `Family`; `paytable.py` reads its pay keys, `codes.py` turns its deck,
wild cards and categories into the arrays the evaluator kernels read, `categories.py` maps the
codes onto one pay table's lines, the strategy stage reads its wild cards, and the browser's
evaluator gets the same data (`browser_data`, written into static/js/evaluator.js).

Adding a family is adding an entry to the data file, its tests and a pay table; nothing in the
solver, the kernels or the browser names a family. A description no machine deals (a wild card
the deck does not hold, an ordinary card twice) is refused as the file is read, in one line
naming the file and the field (the CLI's exit 2).
"""

import json
from pathlib import Path

from . import family_file
from .game_family import (ALL_RANKS, ALL_SUIT_PERMUTATIONS, ALL_SUITS, HANDS, JOKER, MAX_WILD_KINDS,
                          STANDARD_DECK, STAR, Category, Family, Wild, face, of_rank, rank_set)

__all__ = ["ALL_RANKS", "ALL_SUIT_PERMUTATIONS", "ALL_SUITS", "FAMILIES", "HANDS", "JOKER", "MAX_WILD_KINDS",
           "STANDARD_DECK", "STAR", "Category", "Family", "Wild", "browser_data",
           "describe_family", "face", "family_data", "js_block", "of_rank", "rank_set",
           "write_js"]

# Read where the module is first imported (`family_file.DEFAULT_FILE`, looked up then, so a
# test can point it at a file of its own before the first import).
FAMILIES: dict[str, Family] = family_file.read_families(family_file.DEFAULT_FILE)


def _wild_words(family: Family) -> str:
    """"the sevens and the joker wild": the kinds by name, where no phrase is kept for them."""
    return " and ".join("the " + kind.name.replace("_", " ") for kind in family.wild) + " wild"


def describe_family(family: Family) -> str:
    """What a pay table file of this family sets, in words (`vpcharts families`)."""
    wild = {None: "no wild card", "deuces": "the four deuces wild", "joker": "the joker wild",
            "jokers": "both jokers wild", "deuces_joker": "the deuces and the joker wild"}
    lines = [f'family = "{family.key}"   # {family.title}: {family.deck_size} cards, '
             f"{wild.get(family.wild_name) or _wild_words(family)}", "[pays]   # best first"]
    for c in family.categories:
        note = {"pair": "  (min_pair sets the lowest paying pair"
                + (', or "none")' if family.pair_optional else ")"),
                "quads": "  (by rank and kicker too: [quads] rules)"}.get(c.by_rank, "")
        lines.append(f"{c.key:<22} # {c.label}{note}")
    return "\n".join(lines)


def family_data(family: Family) -> dict:
    """A family as plain JSON data: what the browser's evaluator reads, and what a cached
    solution's key holds (a changed description is a cache miss)."""
    def category(c):
        out = {"key": c.key, "hand": c.hand, "natural": c.natural, "exactly": dict(c.exactly),
               "ranks": sorted(c.ranks), "kicker": sorted(c.kicker), "by_rank": c.by_rank}
        if c.kicker_suits != ALL_SUITS:  # (only where set: the other families' keys stay)
            out["kicker_suits"] = sorted(c.kicker_suits)
        return out

    return {
        "deck": list(family.deck),
        "wild": [{"name": kind.name, "cards": list(kind.cards)} for kind in family.wild],
        "categories": [category(c) for c in family.categories],
    }


def browser_data() -> dict:
    """Every family as static/js/evaluator.js holds it (written by `python -m
    generator.solve.families`; a test checks the two agree)."""
    return {family.key: family_data(family) for family in FAMILIES.values()}


JS_BEGIN = "  // BEGIN FAMILIES (written by `python -m generator.solve.families`: do not edit)"
JS_END = "  // END FAMILIES"


def js_block() -> str:
    """The lines of static/js/evaluator.js between JS_BEGIN and JS_END: every family as data."""
    rows = [f"    {json.dumps(key)}: {json.dumps(data, sort_keys=True, separators=(',', ':'))},"
            for key, data in browser_data().items()]  # one family a line
    return "\n".join([JS_BEGIN, "  const FAMILIES = {", *rows, "  };", JS_END])


def write_js(path) -> bool:
    """Put `js_block()` into the evaluator script; whether the file changed."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    start, end = text.index(JS_BEGIN), text.index(JS_END) + len(JS_END)
    new = text[:start] + js_block() + text[end:]
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    target = Path(__file__).resolve().parents[2] / "static" / "js" / "evaluator.js"
    print(f"{target}: {'written' if write_js(target) else 'already current'}")
