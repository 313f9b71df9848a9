"""The static site: exports, trained Chinese Poker tables and Markdown in; the folder of pages,
pocket cards, JSON and scripts out. Rendering only: it reads what the other stages made.

Modules:
  build         the orchestration: temp folder, the stages' workers, the checks, the swap
  workers       one pay table a job, on this machine's cores or a Dask cluster
  view, levels, lines, sections, symbols, plot   what a pay table's pages show, from its export
  render        the Jinja environment
  pocket, card_columns   the one-page PDF cards
  any_paytable  the "Any pay table" page and its data scripts
  chinese       the Chinese Poker page, its downloads and card
  ultimate_x    the Ultimate X pages, cards and JSON
  offline       the installable, offline site (manifest, icons, service worker's list)
  pages, settings   content/pages/*.md and content/site.toml
  rendered      rendered files kept between builds
  links, output, lock, swap, folders   the built folder: checked, ours, one build at a time,
                swapped into place
  serve         `vpcharts serve`
"""

from .build import build_site

__all__ = ["build_site"]
