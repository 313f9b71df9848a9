"""The evaluator's fine category codes and game families: plain numbers, no numba.

`evaluate.py` computes the codes in numba kernels; `categories.py` maps them onto a pay table's
lines. The numbers live here so that a solve, which reads the codes back from the cache, never
imports numba. numba compiles these values into evaluate.py's kernels as constants, and its cache
watches only evaluate.py: a change here must bump SOLVER_VERSION (the cached codes change too)
and touch evaluate.py. tests/test_reference.py would catch a stale kernel: it checks every hand's
code against an independent evaluator.
"""

NATURAL, DEUCES, JOKER_FAMILY = 0, 1, 2
FAMILY_IDS = {"natural": NATURAL, "deuces": DEUCES, "joker": JOKER_FAMILY}

# Natural family fine codes.
N_ROYAL, N_SF = 0, 1
N_QUADS = 2  # + quad_rank * 13 + kicker_rank
N_FULL_HOUSE, N_FLUSH, N_STRAIGHT, N_TRIPS, N_TWO_PAIR = 171, 172, 173, 174, 175
N_PAIR = 176  # + pair_rank
N_NOTHING = 189
N_CODES = 190

# Deuces Wild fine codes (pairs and two pair never pay, so they are "nothing").
D_NATURAL_ROYAL, D_FOUR_DEUCES, D_WILD_ROYAL, D_FIVE_KIND, D_SF = 0, 1, 2, 3, 4
D_QUADS, D_FULL_HOUSE, D_FLUSH, D_STRAIGHT, D_TRIPS, D_NOTHING = 5, 6, 7, 8, 9, 10
D_CODES = 11

# Joker Poker fine codes.
J_NATURAL_ROYAL, J_FIVE_KIND, J_WILD_ROYAL, J_SF, J_QUADS, J_FULL_HOUSE = 0, 1, 2, 3, 4, 5
J_FLUSH, J_STRAIGHT, J_TRIPS, J_TWO_PAIR = 6, 7, 8, 9
J_PAIR = 10  # + pair_rank
J_NOTHING = 23
J_CODES = 24

CODE_COUNTS = (N_CODES, D_CODES, J_CODES)

ROYAL_MASK = 0x1F00  # ranks T J Q K A
WHEEL_MASK = 0x100F  # ranks A 2 3 4 5
