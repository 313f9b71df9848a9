"""What the browser tests share: Debian's chromium driven by Playwright (the `browser` fixture in
conftest.py), axe-core's script, and the rule for what is missing: skip on a developer's machine,
fail in CI (VPCHARTS_REQUIRE_BROWSER=1, set by .ci/run)."""

import os
from pathlib import Path

import pytest

# axe-core, installed by .ci/run into node_modules/ (or named by $VPCHARTS_AXE)
AXE = Path(os.environ.get("VPCHARTS_AXE") or
           Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js")

# axe's findings that fail a page, within a CSS selector (null: the whole document)
SERIOUS = """async (within) => (await axe.run(within || document))
    .violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))"""


def require(ok: bool, what: str) -> None:
    if not ok:
        if os.environ.get("VPCHARTS_REQUIRE_BROWSER") == "1":
            pytest.fail(f"{what} is missing (VPCHARTS_REQUIRE_BROWSER=1)")
        pytest.skip(f"{what} is missing")
