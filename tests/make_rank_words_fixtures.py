"""What Python's rank words say of sampled rank lists, for the browser's (static/js/rank-words.js).

Each case is a pattern's universe of rank sets (`describe.rank_universe`), a seeded random list
of its sets, and Python's words for it: the list written out (`rank_lists.choices`, with spans
for single ranks), the shortest phrase naming it (`rank_words.rank_phrase`) and the nearest
phrases (`rank_words.near_phrases`, the first five). tests/js/rank-words.test.mjs holds the JS
to them, word for word.

    python -m tests.make_rank_words_fixtures --check   # exit 1 if the checked-in file is stale
    python -m tests.make_rank_words_fixtures           # rewrite tests/js/fixtures/rank-words.json.gz
"""

import random
import sys

from tests import make_js_fixtures as js_fixtures

FILE_NAME = "rank-words.json.gz"
# (family, lowest high rank, wild cards held): a natural game with high cards from jacks, a
# deuces game without high cards, a joker game from kings with the joker held.
GAMES = (("natural", 9, 0), ("deuces", 13, 0), ("joker", 11, 1))
PER_PATTERN = 6


def cases() -> list:
    from generator.strategy import features as P
    from generator.strategy.describe import rank_universe
    from generator.strategy.rank_lists import choices
    from generator.strategy.rank_words import near_phrases, rank_phrase

    out = []
    for family, high, wild in GAMES:
        for kind in (P.RF, P.SF, P.S, P.F, P.X):
            for naturals in (1, 2, 3, 4):
                universe = rank_universe(kind, naturals, family)
                if not universe:
                    continue
                rng = random.Random(f"rank words {family} {kind} {naturals}")
                ordered = sorted(universe)
                for _ in range(PER_PATTERN):
                    size = rng.randint(1, len(ordered))
                    masks = sorted(rng.sample(ordered, size))
                    listed = " or ".join(choices(masks))
                    phrase = rank_phrase(masks, universe, kind, naturals, wild, high, listed)
                    near = near_phrases(masks, universe, kind, naturals, wild, high, 40)[:5]
                    singles = [1 << r for r in range(13) if rng.random() < 0.5] or [1]
                    out.append({
                        "family": family, "kind": kind, "naturals": naturals, "wild": wild,
                        "high": high, "universe": ordered, "masks": masks,
                        "choices": choices(masks), "singles": singles,
                        "spans": choices(singles, True),
                        "phrase": None if phrase is None else {
                            "text": phrase.text, "notation": phrase.notation,
                            "joined": phrase.joined, "also": list(phrase.also),
                            "but_not": list(phrase.but_not)},
                        "near": [[sorted(sets), text] for sets, text in near]})
    return out


def content() -> bytes:
    return js_fixtures._json(cases())


def main(argv: list[str]) -> int:
    return js_fixtures.check_or_write(js_fixtures.FOLDER / FILE_NAME, content(), "--check" in argv,
                                      "python -m tests.make_rank_words_fixtures")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
