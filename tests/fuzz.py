"""Hypothesis profiles shared by the fuzz tests (tests/test_fuzz_*.py).

- "ci" (the default): a small sample of each property, the same cases every run
  (`derandomize`), so that CI's time is known and a failure is found again by running again;
- "full" (VPCHARTS_FUZZ=full): each property's full count of new random cases, the run that
  issue 55 asks for (docs/design/07-testing.md says the command and the counts).

    fuzz(full, ci) -> the settings decorator for a property: `full` cases in the full run,
    `ci` in CI's
"""

import os

from hypothesis import HealthCheck, settings

FULL = os.environ.get("VPCHARTS_FUZZ") == "full"


def fuzz(full: int, ci: int):
    return settings(max_examples=full if FULL else ci, deadline=None, database=None,
                    derandomize=not FULL, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much,
                                           HealthCheck.function_scoped_fixture])
