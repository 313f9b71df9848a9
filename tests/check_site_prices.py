"""Every pay table of a built site: the browser's prices of its game's cards (the Any pay table
page's JavaScript, run by tests/js/price-site.mjs) equal the ones the build priced in Python
(its JSON's cards_played_here). The whole catalogue takes minutes, so it is a command; the tests
compare three pay tables (tests/test_any_page.py).

    python -m generator build --out /tmp/full && python -m tests.check_site_prices /tmp/full
"""

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    site = Path(argv[0])
    owner = {}  # each pay table's game on the Any pay table page
    for script in sorted((site / "any").glob("*.js")):
        data = json.loads(script.read_text(encoding="utf-8").rsplit("] = ", 1)[-1].rstrip(";\n"))
        owner.update({t["slug"]: script.stem for t in data["tables"] if t["pays"]})
    start, differ, alone = time.time(), [], []
    for slug, game in sorted(owner.items()):
        export = site / f"{slug}.json"
        out = subprocess.run(["node", str(ROOT / "tests" / "js" / "price-site.mjs"), str(site), game,
                              str(export)], capture_output=True, text=True, check=True)
        browser = json.loads(out.stdout)
        python = {f"{row['slug']}/{row['level']}": row["return"]["exact"]
                  for row in json.loads(export.read_text(encoding="utf-8"))["cards_played_here"]}
        if not python:
            alone.append(slug)  # a game of one pay table: its page lists no prices
        elif browser != python:
            differ.append(slug)
    print(f"{len(owner)} pay tables, {len(alone)} alone in their game, {len(differ)} differ"
          f"{': ' + ', '.join(differ) if differ else ''}; {time.time() - start:.0f} s")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
