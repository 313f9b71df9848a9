"""Ultimate X: the multi-line game whose final hands earn each line a multiplier for the next deal.

In: a game file of `content/ultimate-x/` (game.py: a base pay table, a number of lines, the
multiplier each paying hand earns) and the base pay table's solve. Out: the export (export.py):
the long-run optimum of the Markov decision problem (mdp.py) with its bound, the exact returns of
the policies that ignore the multipliers (fixed.py), the single strategy's card with the lines
that move by the average multiplier (moves.py), a machine left with multipliers lit
(vulture.py), the real game simulated (simulate.py), and what `vpcharts ultimate-x` prints
(report.py, cli.py).

The modules, in the order the export runs them:
- `game`: the files and the `UltimateX` record;
- `holds`: every hold's pay and next multiplier on every suit class, as integers (the solver's);
- `kernels`: the numba kernels (pruning, the lines' sums, the Bellman step, the policy, the game);
- `mdp`: the model (the total as the state) and relative value iteration;
- `fixed`: E[multiplier] E[win] / 2 for the policies that ignore the multipliers, as fractions;
- `moves`: the card's lines moved by band of the average multiplier, priced at every total;
- `vulture`: the optimal stopping values of a machine left with multipliers lit;
- `simulate`: the game dealt at random, for the check that the solver's return is the machine's.
"""
