"""The strategy stage: a solved pay table in, its hand-rank strategy tables out.

In: a `solver.Solution` (every hold's exact EV on every suit class). Out: `Levels`, the exact
table (0 misplays), the card and simple levels and the curve of lines against cost, each line in
words and notation and each level checked on every deal; `table_output` writes them as text and JSON.

The steps, each a module (`build` runs them in order):
- `features`: what a player sees in a hold (cards held, wild cards, kind, straights, high cards,
  penalty cards), as integers, and conditions on them; `deal_kernels` computes them in numba;
- `holds`: those features for every (class, hold) row of a solution, and per hold pattern
  what does not depend on the pays, kept between the pay tables of one game;
- `derive` (kernels: `derive_kernels`): the exact decision list, built line by line;
- `compact` (kernels: `play_kernels`): lines merged and dropped while exact;
- `shortest` (kernels: `shortest_kernels`): each line re-described by its shortest exact conditions;
- `levels`: the card and simple levels and the curve, descending from the exact list;
- `describe`: every line in a player's words and the paper's notation (`rank_words`: a long list
  of rank sets said by what the sets share);
- `verify`: a table played on every deal, its misplays, cost and worst deal;
- `table`: the described tables; `table_output`: text and JSON;
- `hold_words`, `progressive_report`: a hold's name on its own, and a progressive meter's
  breakpoints (solve/progressive.py) in words, each with the holds that swap there;
- `heap`: the C allocator's settings `build` runs under.
"""

from .build import build, build_levels
from .describe import describe_line, describe_lines
from .table_output import ce_table
from .table import Levels, LineInfo, StrategyTable
from .verify import from_json, verify

__all__ = ["build", "build_levels", "ce_table", "describe_line", "describe_lines", "from_json",
           "Levels", "LineInfo", "StrategyTable", "verify"]
