"""`python -m generator` runs the same CLI as the `vpcharts` console script."""

import sys

from .cli import main

sys.exit(main())
