"""`vpcharts bench`: speed and memory figures, measured and printed, never asserted by a test.

  solver    the solver and the strategy derivation (docs/benchmarks.md)
  builds    whole builds of the first N pay tables, wall, CPU and peak memory (docs/scaling.md)
  browser   the checker's speed in chromium (`python -m generator.bench.browser`)
  any_page  the "Any pay table" page's return and prices in chromium (`vpcharts bench --any`)
"""
