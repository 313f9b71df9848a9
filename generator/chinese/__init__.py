"""Closed-hand Chinese Poker: near-optimal arrangement tables trained by fictitious play.

Modules, each with one job:
  ranks      card lists in, hand keys out (5-card and 3-card, comparable across rows) and the
             dense rank of a hand within its row's table (7,462 five-card, 455 three-card ranks)
  hand_categories  the nine categories a key starts with, and their names (for ranks and its
             numba kernels, rank_kernels)
  arranger   13 cards and three win-probability tables in, the best of the 72,072 splits out
  shares     counts of a row's ranks in, mid-rank win-share numerators out (a tie counts half)
  held_cards reference hands set by the tables in, each row's correction for the cards a hand
             holds out (card removal between the players)
  dealing    a seed and a stream in, reproducible hands out (for training and evaluation)
  training   settings in, trained tables out (fictitious play, deterministic, cached)
  joint      a training round's answer fitted to the true points of the splits decided between,
             or taken from the hands set by the best of those splits in true points
  tablefile  the trained tables as a committed content file: written by `train`, read by the rest
  evaluation trained tables in, duplicate matches against a best response and naive players out
  command_text  results in, the text the command line prints out
  cli        the `vpcharts chinese ...` subcommands
"""

# The training's default settings, here rather than in training.py so that building the command
# line (every `vpcharts` command, even `--help`) does not import training's numba kernels.
DEFAULT_ROUNDS = 30
DEFAULT_SAMPLES = 40_000
DEFAULT_SEED = 2026
DEFAULT_REMOVAL = 0
DEFAULT_SKIP = 15
DEFAULT_JOINT = 0
DEFAULT_RESPOND = 0
DEFAULT_HAND_REMOVAL = 0
DEFAULT_HELD_CARDS = 400_000  # reference hands of the held-cards correction (issue 40)
# The front's chances 3% nearer 1/2 (issue 40, docs/design/06-chinese-poker.md).
DEFAULT_FRONT_SCALE = 97

# The content folder of the trained tables and their evaluation, here so that a site build whose
# Chinese Poker page comes from the cache finds it without importing the page's code (numpy).
CONTENT_FOLDER = "chinese"
