"""What a trained tables file records of the trainer that made it (tablefile.py checks it).

Apart from training.py so that reading the tables for the site does not import the trainer and
its arranger (numba kernels and a table built at import: a tenth of a rebuild of the site).
"""

# Bump when a change to training, the arranger or the ranks can change the tables.
TRAINER_VERSION = "chinese-fp-2"  # 2: rounds weighted by their number
RULES = "closed-hand Chinese Poker, 13 cards set 5-5-3, 4-2 scoring, fouled hands lose every row"
