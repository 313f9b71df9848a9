"""The Ultimate X engine's fixture for the Node tests: what Python's solver says of sampled deals.

    python -m tests.make_ux_fixtures          # (re)write tests/js/fixtures/ux-*.json.gz
    python -m tests.make_ux_fixtures --check  # exit 1 if a checked-in one differs from now

For each game in GAMES: the data the page's checker embeds for its engine (the base rules, the
multipliers, the reachable totals and their relative values, as the export writes them: 12
significant digits), and 120 seeded deals, each at a seeded total, with every hold's value from
`Solved.hold_values` (in the deal's order: bit i holds cards[i]) and the hold the tie rule
picks. tests/js/ux.test.mjs holds static/js/ux-engine.js to them; tests/test_ultimate_x.py
checks the files are current. Seeded and written with sorted keys: two runs write the same bytes.
"""

import gzip
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "js" / "fixtures"
# (file of content/ultimate-x, lines): a natural game and a joker game, one hand and ten
GAMES = [("8-6-jacks-or-better", 3), ("joker-poker-kings-17-7-5", 10)]
DEALS = 120


def game_of(stem: str, lines: int):
    from generator.solve.paytable import load_paytables
    from generator.ultimate_x.game import load_games_of_file

    tables = load_paytables(ROOT / "content" / "paytables")
    return next(g for g in load_games_of_file(ROOT / "content" / "ultimate-x" / f"{stem}.toml",
                                              tables) if g.lines == lines)


def fixture(stem: str, lines: int) -> dict:
    import numpy as np

    from generator.export.compute import rules
    from generator.solve.solver import class_of
    from generator.ultimate_x import mdp
    from generator.ultimate_x.export import _num
    from generator.ultimate_x.holds import hold_arrays

    game = game_of(stem, lines)
    arrays = hold_arrays(game)
    solved = mdp.solve(mdp.model(arrays, game.lines))
    # The engine's values as the export writes them, so Python's values below use the same V.
    solved.values = np.array([_num(v) for v in solved.values])
    rng = random.Random(f"ux-{stem}-{lines}")
    deals = []
    totals = [int(t) for t in solved.model.totals]
    for _ in range(DEALS):
        cards = rng.sample(range(game.table.deck_size), 5)
        total = rng.choice(totals)
        cls, position = class_of(arrays.deck, cards)
        rep = solved.hold_values(cls, total)
        values = []
        for mask in range(32):
            rep_mask = sum(1 << position[i] for i in range(5) if mask >> i & 1)
            values.append(float(rep[rep_mask]))
        deals.append({"cards": cards, "total": total, "values": [f"{v:.10f}" for v in values]})
    return {
        "slug": game.slug,
        "engine": {"rules": rules(game.table), "multipliers": list(game.multipliers),
                   "values": list(game.values), "lines": game.lines, "totals": totals,
                   "relative_values": [float(v) for v in solved.values]},
        "deals": deals,
    }


def names() -> list[str]:
    """The fixtures' file names, without making them."""
    from generator.ultimate_x.game import slug_for

    return [f"ux-{slug_for(stem, lines)}.json.gz" for stem, lines in GAMES]


def contents() -> dict[str, bytes]:
    """Each fixture's name and content before gzip."""
    out = {}
    for stem, lines in GAMES:
        data = fixture(stem, lines)
        out[f"ux-{data['slug']}.json.gz"] = json.dumps(data, sort_keys=True,
                                                         separators=(",", ":")).encode()
    return out


def files() -> dict[Path, bytes]:
    return {FOLDER / name: gzip.compress(text, 9, mtime=0) for name, text in contents().items()}


def main(argv: list[str]) -> int:
    written = files()
    if "--check" in argv:
        stale = [p.name for p, b in written.items() if not p.is_file() or p.read_bytes() != b]
        if stale:
            print("stale: " + ", ".join(stale) + " (run python -m tests.make_ux_fixtures)")
            return 1
        return 0
    for path, data in written.items():
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
