"""The rendering: a pay table's records (export/records.py, pricing/records.py,
bankroll/records.py), Ultimate X's exports, trained Chinese Poker tables and Markdown in; the
pages, pocket cards, JSON and scripts out, as text and bytes for the build to write
(build/orchestrate.py runs the stages and writes the folder). It imports no code of the solve
or strategy stages (tests/test_imports.py checks it), so a rebuild from the cache does not load
them.

Modules:
  paytable      one pay table's files (its page, exact table, JSON, rounds script) and the index
  view, lines, sections, symbols, plot   what a pay table's pages show, from its records
  render        the Jinja environment
  pocket, card_columns   the one-page PDF cards
  any_paytable  the "Any pay table" page and its data scripts
  chinese       the Chinese Poker page, its downloads and card
  ultimate_x    the Ultimate X pages, cards and JSON
  offline       the installable, offline site (manifest, icons, service worker's list)
  pages, settings   content/pages/*.md and content/site.toml
  folders       where the templates and static files are; the built site's marker file
"""
