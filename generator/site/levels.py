"""The strategy levels a page, a card and the checker show: exact, card and simple.

    levels_of(export) -> {"exact": LEVEL, "card": LEVEL, "simple": LEVEL} or None
    curve_of(export)  -> [{"lines", "cost", "cost_percent"}, ...] or None

Every template, the pocket card and the checker read levels through these two functions only.
LEVEL is the export's (README, "The JSON export"): "lines", "printed", "cost", "cost_percent",
"return" {"exact", "percent"}, "misplays", "pat_broken", "max_loss" {"exact", "decimal"},
"max_loss_example", "route".
"""

LEVEL_NAMES = ("exact", "card", "simple")


def levels_of(export: dict) -> dict | None:
    """The three levels of the export's strategy, or None when it has no strategy table."""
    strategy = export.get("strategy")
    if not strategy:
        return None
    return {name: strategy["levels"][name] for name in LEVEL_NAMES}


def curve_of(export: dict) -> list[dict] | None:
    """What each line is worth: the cost of the best table of n lines, for n from long to short;
    None when the export has no strategy."""
    strategy = export.get("strategy")
    return (strategy or {}).get("curve") or None
