"""The nine hand categories a Chinese Poker key starts with (`category << 20`), and their names.

Apart from ranks.py so that its numba kernels (rank_kernels.py) and ranks.py, which loads those
kernels when it computes the keys, both read them from here rather than from each other.
"""

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
                  "full house", "four of a kind", "straight flush")
