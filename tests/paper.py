"""Table A1 of Ethier, Kim and Lee, "Optimal conditional expectation at the video poker game Jacks
or Better": rows 1-126 (CE number, equivalence classes, deals, CE value * 7,669,695, rounded CE).

`tests/data/ethier_kim_lee_table_a1.tsv` holds those rows as read from the paper's text in
../shared/seeds (extract_rows below); a test re-extracts them whenever the seed is present.
"""

import re
from pathlib import Path

DATA = Path(__file__).parent / "data" / "ethier_kim_lee_table_a1.tsv"
SEED = (Path(__file__).resolve().parents[2] / "shared" / "seeds" /
        "ethier-kim-lee-optimal-conditional-expectation-jacks-or-better.txt")
_ROW = re.compile(r"^(\d+)  (\d+)  (\d+)  (\d+)  (\d+(?:\.\d+)?)  (\S.*)$")


def extract_rows(text: str, last: int = 126) -> list[tuple[int, int, int, int, str]]:
    """(CE number, classes, deals, CE * 7669695, rounded CE) from the appendix of the paper."""
    rows = {}
    for line in text[text.index("5 Appendix"):].splitlines():
        match = _ROW.match(line.strip())
        if match and int(match.group(1)) not in rows:
            n, classes, deals, scaled, rounded = match.groups()[:5]
            rows[int(n)] = (int(n), int(classes), int(deals), int(scaled), rounded)
    return [rows[n] for n in range(1, last + 1)]


def table_a1() -> list[tuple[int, int, int, int, str]]:
    rows = []
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            n, classes, deals, scaled, rounded = line.split("\t")
            rows.append((int(n), int(classes), int(deals), int(scaled), rounded))
    return rows
