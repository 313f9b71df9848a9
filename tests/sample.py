"""The pay tables the tests build: a sample of the catalogue that covers every family and game.

The catalogue (content/paytables) holds over a hundred pay tables; deriving and verifying each
takes seconds, so a test that would build them all builds this sample instead, and the whole
catalogue is built by `vpcharts build` (its figures go in the issue's note). The sample is:

- the pay tables the tests name (PINNED), and
- for every game not among them, one pay table of it: the first by slug. A game here is what
  the index groups by (`PayTable.game`) and the lowest paying pair, which changes the strategy
  (Joker Poker Kings or Better and Two Pair or Better are one game to the index, two here).

- and of the Ultimate X games (content/ultimate-x), those of UX_SAMPLE: a game's export derives
  its single strategy's card as well as solving, half a minute each.

    sample_slugs() -> [slug, ...] sorted
    sample_content(folder) -> a content folder of the sample, its pages and Chinese tables
"""

import re

import functools
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"

# (7/5 Jacks or Better and 9/5 Double Double Bonus, which tests solve or derive themselves, are
# not among them: each export the sample builds is a quarter minute of CI that no test read.)
PINNED = (
    "10-7-double-bonus", "8-5-aces-and-faces", "8-5-bonus-poker",
    "8-5-jacks-or-better", "8-5-super-aces", "9-6-bonus-poker-deluxe",
    "9-6-double-double-bonus", "9-6-jacks-or-better", "9-7-double-bonus", "bonus-deuces-9-4-4",
    "deuces-and-joker-wild-12-9-6", "double-joker-9-5-4", "full-pay-deuces-wild",
    "joker-poker-kings-or-better", "joker-poker-two-pair-or-better", "loose-deuces",
    "nsu-deuces-wild", "8-6-jacks-or-better", "black-jack-bonus-9-6",
    "five-aces-8-5-double-double-bonus",
)
# Ultimate X files and the line counts of each the sample keeps (its base pay table is PINNED).
UX_SAMPLE = {"8-6-jacks-or-better": (3,)}


def game_key(table) -> tuple:
    return (table.family.key, table.game, table.min_pair)


@functools.cache
def _sample(paytables: Path) -> tuple[str, ...]:
    from generator.solve.paytable import load_paytables

    tables = load_paytables(paytables)
    slugs = {t.slug for t in tables}
    missing = [slug for slug in PINNED if slug not in slugs]
    assert not missing, f"pinned pay tables not in {paytables}: {missing}"
    covered = {game_key(t) for t in tables if t.slug in PINNED}
    chosen = set(PINNED)
    for table in sorted(tables, key=lambda t: t.slug):
        if game_key(table) not in covered:
            covered.add(game_key(table))
            chosen.add(table.slug)
    return tuple(sorted(chosen))


def sample_slugs(paytables: Path = CONTENT / "paytables") -> list[str]:
    return list(_sample(paytables))


def sample_content(folder: Path) -> Path:
    """Write a content folder holding the sample's pay tables, content/'s pages, site.toml and
    Chinese tables; returns it."""
    (folder / "paytables").mkdir(parents=True)
    for slug in sample_slugs():
        shutil.copy(CONTENT / "paytables" / f"{slug}.toml", folder / "paytables")
    for name in ("pages", "chinese"):
        if (CONTENT / name).exists():
            shutil.copytree(CONTENT / name, folder / name)
    if (CONTENT / "site.toml").exists():
        shutil.copy(CONTENT / "site.toml", folder / "site.toml")
    (folder / "ultimate-x").mkdir()
    for stem, counts in UX_SAMPLE.items():
        text = (CONTENT / "ultimate-x" / f"{stem}.toml").read_text(encoding="utf-8")
        head, *tables = re.split(r"(?m)^(?=\[lines\.)", text)
        kept = [t for t in tables if int(re.match(r"\[lines\.(\d+)\]", t).group(1)) in counts]
        (folder / "ultimate-x" / f"{stem}.toml").write_text(head + "".join(kept), encoding="utf-8")
    return folder
