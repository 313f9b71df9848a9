"""Where the site's templates and static files are: beside the package, in the checkout it was
installed from (`pip install -e .`). A build's workers, on this machine or a cluster's, read
their own. And the file that marks a folder as a site vpcharts built (build/output.py writes
it; the offline app's file list leaves it out)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
MARKER = ".vpcharts-site"
