"""Sets of held ranks written out, as players list them: 'KQJ', 'KQJ or KQT', 'J-K or 2-4'.

In: rank masks (bit r set: a card of rank r held; 0 = deuce .. 12 = ace). Out: text. Both the
line words (describe.py) and the rank phrases (rank_words.py) write rank sets this way; kept apart
from both so neither imports the other for it.
"""

from ..core.cards import RANKS
from ..core.runs import runs


def rank_text(mask: int) -> str:
    """The ranks of a mask high to low, as players write them: 'KQJ', 'AT', '8765'."""
    return "".join(RANKS[r] for r in range(12, -1, -1) if mask >> r & 1)


def by_rank(masks):
    """Rank sets as players list them: fewer cards first, then the highest ranks first."""
    return sorted(masks, key=lambda m: (bin(m).count("1"),
                                        [-r for r in range(12, -1, -1) if m >> r & 1]))


def listed(masks, spans: bool = False) -> str:
    """Rank sets as a list, high first ("KQJ or KQT"); with `spans` (the ranks of a pair or of
    three or four of a kind), ranks that run on for three or more as a span, low to high as in
    "High Pair (J-A)": "J-K or 2-4" for K, Q, J, 4, 3, 2."""
    return " or ".join(choices(masks, spans))


def choices(masks, spans: bool = False) -> list[str]:
    """The items of `listed`: ["KQJ", "KQT"], ["J-K", "4", "3", "2"] (the compact notation
    writes them with spaces, the words with "or")."""
    ordered = by_rank(masks)
    if not spans or any(bin(m).count("1") != 1 for m in ordered):
        return [rank_text(m) for m in ordered]
    found = runs(sorted(m.bit_length() - 1 for m in ordered))[::-1]  # high runs first
    return [item for low, high in found for item in (
        [f"{RANKS[low]}-{RANKS[high]}"] if high - low >= 2 else
        [RANKS[r] for r in range(high, low - 1, -1)])]
