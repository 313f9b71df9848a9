"""The build: content in, the site's folder out; it runs the stages in order and writes what the
rendering returns.

    build_site(content_dir, out_dir) -> summary (orchestrate.py)

Pay tables (solve/paytable.py) go to the export stage (export/, on the workers where the cache
lacks them), then to pricing (pricing/: each game's cards on its other pay tables, with the
bankroll figures), then to the rendering (site/), whose text and bytes are written into a
temporary folder, checked, and swapped into place.

Modules:
  orchestrate   build_site: reads the inputs, runs the stages, writes and swaps the folder
  workers       the slow jobs side by side (this machine's cores, or a Dask cluster)
  ultimate_x    the Ultimate X games' exports, cards and files
  rendered      the page cache: a pay table's files kept under a key of everything they show
  output, lock, swap   which folder may be replaced; one build at a time; the atomic swap
  links         every relative link of the built folder names one of its files
  serve         `vpcharts serve`: the built folder on a local web server
"""

from .orchestrate import build_site

__all__ = ["build_site"]
