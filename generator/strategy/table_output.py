"""Text and JSON of strategy tables and CE tables: what `vpcharts strategy` prints."""

import json
from fractions import Fraction

import numpy as np

from . import features as P
from ..core.cards import format_hand
from ..core.decimals import decimal, percent
from .verify import example
from .levels import simple_published
# Ascending CE numbers as runs, 1, 2, 3, 7 -> [[1, 3], [7, 7]], as rank_lists.py runs ranks.
from ..core.runs import runs as ce_runs


def lines_text(table_name: str, level: str, table, solution=None) -> str:
    """A level's lines as text; with the solution, its cost and return head the list."""
    head = f"{table_name}: {level} level, {_count(table)}"
    if solution is not None and table.check is not None and level != "exact":
        check = table.check
        head += (f", costs {percent(check['cost'], 4)} of return against perfect play (plays "
                 f"at {percent(solution.expected_return - check['cost'], 4)}); largest loss on "
                 f"one deal {decimal(check['max_loss'], 4)} units")
    out = [head, "(hold the cards of the first line that fits)", ""]
    for line in table.lines:
        ce = ""
        if line.ce_high is not None:
            ce = f"CE {decimal(line.ce_high, 4)}" + (
                f"..{decimal(line.ce_low, 4)}" if line.ce_low != line.ce_high else "")
        numbers = _ranges(line.ce_numbers)
        out.append(f"{line.row:3}  {line.text}")
        out.append(f"     {line.notation}  |  {ce}  CE no. {numbers}  |  {line.deals:,} deals"
                   + (f"  |  e.g. {line.examples[0]}" if line.examples else ""))
    out.append("")
    out.append(f"Derived in {table.seconds:.1f} s")
    return "\n".join(out)


def _count(table) -> str:
    printed = table.printed
    if printed == len(table.lines):
        return f"{printed} lines"
    return (f"{printed} lines as printed ({len(table.lines)} in the table: runs of made hands "
            "share a line)")


def curve_text(table_name: str, curve) -> str:
    """The cost of the cheapest table found at each length, longest first."""
    out = [f"{table_name}: the cheapest table found of at most N printed lines",
           f"{'lines':>6} {'cost':>10}"]
    for lines, cost, kept in curve:
        out.append(f"{lines:>6} {percent(cost, 4):>10}"
                   + ("" if kept else "  (held to the pat-hand rule alone)"))
    return "\n".join(out)


def _ranges(numbers) -> str:
    """1, 2, 3, 7, 9, 10 -> '1-3, 7, 9-10' (shortened past eight runs)."""
    text = [f"{a}" if a == b else f"{a}-{b}" for a, b in ce_runs(numbers)]
    if len(text) > 8:
        text = text[:8] + [f"... ({len(numbers)} in all)"]
    return ", ".join(text) if text else "-"


def verify_text(result: dict) -> str:
    lines = [f"Played on all {result['deals']:,} deals: {result['misplays']:,} misplayed",
             f"Cost of the misplays: {percent(result['cost'])} of return "
             f"({result['cost']} exactly)",
             f"Verified in {result['seconds']:.1f} s"]
    if result["examples"]:
        lines.insert(2, "Misplayed, for example (held cards in brackets): "
                     + "; ".join(result["examples"]))
    return "\n".join(lines)


def ce_text(rows, limit=None) -> str:
    out = [f"{'no.':>5} {'CE value':>11} {'classes':>8} {'4/12/24':>16} {'deals':>9} "
           f"{'probability':>12}  hold (representative deal)"]
    for row in rows[:limit]:
        sizes = "/".join(str(row["by_size"][s]) for s in (4, 12, 24))
        out.append(f"{row['number']:>5} {decimal(row['value']):>11} {row['classes']:>8} "
                   f"{sizes:>16} {row['deals']:>9} {decimal(row['probability'], 8):>12}  "
                   f"{row['held']}")
    return "\n".join(out)


def strategy_json(solution, levels, ce_rows) -> dict:
    """The machine-readable tables: conditions in named form, so JavaScript can apply them."""
    out = {
        "slug": solution.table.slug,
        "name": solution.table.name,
        "family": solution.table.family.key,
        "return": {"exact": str(solution.expected_return),
                   "percent": percent(solution.expected_return)},
        "levels": {name: level_json(solution, getattr(levels, name))
                   for name in ("exact", "card", "simple")},
        "curve": curve_json(levels.curve),
        "routes": [{"route": route, "card_lines": card,
                    "card_cost": None if card_cost is None else str(card_cost),
                    "simple_lines": simple, "simple_cost": str(simple_cost)}
                   for route, card, card_cost, simple, simple_cost in levels.routes],
        "ce_values": [str(row["value"]) for row in ce_rows],
    }
    # The simple level is offered to players beside the card only where it is at least a
    # quarter shorter (levels.simple_published); the site shows it only then.
    out["levels"]["simple"]["published"] = simple_published(levels.card.printed,
                                                            levels.simple.printed)
    return out


def level_json(solution, table) -> dict:
    """One level: its lines, what it costs against perfect play (exactly, counted over every
    deal by suit class), the return played with it, and its largest loss on one deal."""
    check = table.check
    played = solution.expected_return - check["cost"]
    return {
        "lines": lines_json(solution, table),
        "printed": table.printed,
        "route": table.route,
        "cost": str(check["cost"]),
        "cost_percent": percent(check["cost"], 4),
        "return": {"exact": str(played), "percent": percent(played)},
        "misplays": check["misplays"],
        "pat_broken": check.get("pat_broken", 0),
        "pay_dropped": check.get("pay_dropped", 0),
        "max_loss": {"exact": str(check["max_loss"]), "decimal": decimal(check["max_loss"], 4)},
        "max_loss_example": check["max_loss_example"],
        # The deals a line fits in more than one way, and so decides by its choice rule, in
        # all and by rule ("higher": the higher cards, ...: features.CHOICES).
        "choice_deals": sum(line.choice_deals for line in table.lines),
        "choices": {name: sum(line.choice_deals for line in table.lines if line.choice == name)
                    for name in P.CHOICES if any(line.choice == name for line in table.lines)},
    }


def curve_json(curve) -> list[dict]:
    return [{"lines": lines, "cost": str(cost), "cost_percent": percent(cost, 4), "kept": kept}
            for lines, cost, kept in curve]


def lines_json(solution, table) -> list[dict]:
    def condition(feature, op, value):
        if op == P.OP_IN and feature == P.F_DEAL:  # suit classes, by representative deal
            value = sorted(format_hand(solution.deck.reps[c].tolist(), deck=solution.table.family.deck)
                           for c in table.rank_sets[value])
        elif op == P.OP_IN:
            value = sorted(table.rank_sets[value])
        elif feature == P.F_KIND:
            value = P.KIND_NAMES[value]
        return [P.FEATURES[feature], P.OP_NAMES[op], value]

    return [{
        "number": line.number, "row": line.row, "text": line.text, "notation": line.notation,
        "conditions": [condition(*c) for c in line.conditions],
        "ce_numbers": ce_runs(line.ce_numbers),
        "ce_high": None if line.ce_high is None else str(line.ce_high),
        "ce_low": None if line.ce_low is None else str(line.ce_low),
        "deals": line.deals, "examples": list(line.examples),
        "wild_dealt": list(line.wild_dealt),
        "choice": line.choice, "choice_deals": line.choice_deals,
    } for line in table.lines]


def dumps(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def ce_table(solution):
    """One row per distinct CE value, largest first: the paper's Sheet 2 (Tables A1, A2)."""
    dk = solution.deck
    values, inverse = np.unique(-solution.best_ev, return_inverse=True)
    rows = []
    total = dk.deals
    order = np.argsort(inverse, kind="stable")
    bounds = np.flatnonzero(np.diff(inverse[order])) + 1
    for number, members in enumerate(np.split(order, bounds), start=1):
        sizes = dk.sizes[members]
        deals = int(sizes.sum())
        masks = sorted({int(solution.best[c]) for c in members})
        rep = int(members[0])
        rows.append({
            "number": number, "value": solution.fraction(-values[number - 1]),
            "classes": len(members),
            "by_size": {size: int((sizes == size).sum()) for size in (4, 12, 24)},
            "deals": deals, "probability": Fraction(deals, total),
            "held": example(solution, rep, int(solution.best[rep])),
            "holds": len(masks),
        })
    return rows