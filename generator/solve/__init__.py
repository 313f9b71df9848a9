"""The solve stage: a pay table file in, its exact solution out.

In: a pay table's TOML (`paytable.load_paytable`), whose game family (`families`) says the deck,
the wild cards and the hand categories in pay order. Out: a `solver.Solution`: for every suit
class of deals, the exact EV of all 32 holds as integers over one common denominator, the best
hold with ties broken by one rule, and the final-hand counts that give the return and variance.

Pipeline: `evaluate` gives every five-card hand its family's fine code (numba, once per deck and
family); `categories` maps fine codes to one pay table's pay lines; `tables` (numba) and
`npsolve` (numpy) count draws by inclusion-exclusion; `solver` assembles the Solution; `cache`
keeps it on disk; `report` turns it into the figures `vpcharts solve` prints. This package's
import runs no code: the site reads `paytable` without numpy.
"""
