"""vpcharts: exact video poker solutions and strategy charts, published as a static site."""

__version__ = "0.1.0"
