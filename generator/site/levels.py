"""The strategy levels a page, a card and the checker show: exact, card and simple.

    levels_of(export) -> {"exact": LEVEL, "card": LEVEL, "simple": LEVEL} or None
    curve_of(export)  -> [{"lines", "cost", "cost_percent"}, ...] or None

Every template, the pocket card and the checker read levels through these two functions only.
The export will carry `strategy.levels` and `strategy.curve` (issue 11); until it does, the levels
are made here from today's keys: exact from `strategy.lines` (cost 0), simple from
`strategy.simple`, and the card level is the exact table. When `strategy.levels` is in every
export, `_synthesised` and its caller's fallback can go.

LEVEL = {"lines": [LINE, ...], "cost": fraction string (units per hand bet), "cost_percent",
         "return": {"exact", "percent"}, "misplays": int or None (None: not counted by this
         export), "max_loss": {"exact", "decimal"} or None, "max_loss_example": str or None}
"""

from fractions import Fraction

from ..report import decimal, percent

LEVEL_NAMES = ("exact", "card", "simple")


def levels_of(export: dict) -> dict | None:
    """The three levels of the export's strategy, or None when it has no strategy table."""
    strategy = export.get("strategy")
    if not strategy:
        return None
    if "levels" in strategy:
        return {name: strategy["levels"][name] for name in LEVEL_NAMES}
    return _synthesised(export)


def has_levels(export: dict) -> bool:
    """Whether the export itself carries the levels (rather than this module making them)."""
    return bool(export.get("strategy")) and "levels" in export["strategy"]


def curve_of(export: dict) -> list[dict] | None:
    """What each line is worth: the cost of the best table of n lines, for n from long to short;
    None when the export has no curve."""
    strategy = export.get("strategy")
    return (strategy or {}).get("curve") or None


def _level(export: dict, lines: list[dict], cost: Fraction, cost_percent: str | None,
           misplays: int | None) -> dict:
    played = Fraction(export["solution"]["return"]["exact"]) - cost
    return {
        "lines": lines,
        "cost": str(cost),
        "cost_percent": cost_percent or percent(cost, 4),
        "return": {"exact": str(played), "percent": percent(played, 6)},
        "misplays": misplays,
        "max_loss": {"exact": "0", "decimal": decimal(Fraction(0), 4)} if cost == 0 else None,
        "max_loss_example": None,
    }


def _synthesised(export: dict) -> dict:
    strategy = export["strategy"]
    exact = _level(export, strategy["lines"], Fraction(strategy.get("cost", "0")), None,
                   strategy.get("misplays"))
    simple = strategy["simple"]
    return {
        "exact": exact,
        "card": exact,  # until the export has a card level, the card prints the exact table
        "simple": _level(export, simple["lines"], Fraction(simple["cost"]),
                         simple.get("cost_percent"), simple.get("misplays")),
    }
