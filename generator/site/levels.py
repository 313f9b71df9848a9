"""The strategy levels a page, a card and the checker show: exact, card and simple.

    levels_of(export) -> {"exact": LEVEL, "card": LEVEL, "simple": LEVEL or None} or None
    curve_of(export)  -> [{"lines", "cost", "cost_percent"}, ...] or None

Every template, the pocket card and the checker read levels through these two functions only. LEVEL
is the export's (docs/user-guide/06-json-export.md, "A level"): "lines", "printed", "cost",
"cost_percent", "return" {"exact", "percent"}, "misplays", "pat_broken", "max_loss" {"exact",
"decimal"}, "max_loss_example", "route". The simple level is None where it is not offered to
players: where it is not at least a quarter shorter than the card (the export's `published`), the
card is already the simple strategy.
"""

LEVEL_NAMES = ("exact", "card", "simple")
# The simple level's rule as pages say it: the most it may cost, and how much shorter than the
# card it must be to be offered (strategy.levels.SIMPLE_COST and SIMPLE_SHORTER, which
# tests/test_site_levels.py holds these to; the site's pages import no numpy).
SIMPLE_RULE = {"cost_percent": "0.10%", "shorter": "a quarter"}


def levels_of(export: dict) -> dict | None:
    """The three levels of the export's strategy (simple None where it is not published), or
    None when it has no strategy table."""
    strategy = export.get("strategy")
    if not strategy:
        return None
    out = {name: strategy["levels"][name] for name in LEVEL_NAMES}
    if not out["simple"].get("published"):
        out["simple"] = None
    return out


def curve_of(export: dict) -> list[dict] | None:
    """What each line is worth: the cost of the best table of n lines, for n from long to short;
    None when the export has no strategy."""
    strategy = export.get("strategy")
    return (strategy or {}).get("curve") or None
