"""`python -m generator` runs the same CLI as the `vpcharts` console script."""

from .cli import entry

entry()
