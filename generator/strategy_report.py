"""Text and JSON of strategy tables and CE tables: what `vpcharts strategy` prints."""

import json

from . import patterns as P
from .cards import format_hand
from .report import decimal, percent


def lines_text(table_name: str, strategy, simple_check=None) -> str:
    if simple_check is None:
        head = f"{table_name}: exact strategy, {len(strategy.lines)} lines"
    else:
        head = (f"{table_name}: simple strategy, {len(strategy.lines)} lines, costs "
                f"{percent(simple_check['cost'], 4)} of return against perfect play")
    out = [head + " (hold the cards of the first line that fits)", ""]
    for line in strategy.lines:
        ce = ""
        if line.ce_high is not None:
            ce = f"CE {decimal(line.ce_high, 4)}" + (
                f"..{decimal(line.ce_low, 4)}" if line.ce_low != line.ce_high else "")
        numbers = _ranges(line.ce_numbers)
        out.append(f"{line.number:3}  {line.text}")
        out.append(f"     {line.notation}  |  {ce}  CE no. {numbers}  |  {line.deals:,} deals"
                   + (f"  |  e.g. {line.examples[0]}" if line.examples else ""))
    out.append("")
    out.append(f"Derived in {strategy.seconds:.1f} s")
    return "\n".join(out)


def _ranges(numbers) -> str:
    """1, 2, 3, 7, 9, 10 -> '1-3, 7, 9-10' (shortened past eight runs)."""
    text = [f"{a}" if a == b else f"{a}-{b}" for a, b in ce_runs(numbers)]
    if len(text) > 8:
        text = text[:8] + [f"... ({len(numbers)} in all)"]
    return ", ".join(text) if text else "-"


def ce_runs(numbers) -> list[list[int]]:
    """Ascending CE numbers as runs: 1, 2, 3, 7 -> [[1, 3], [7, 7]]."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return runs


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


def strategy_json(solution, strategy, ce_rows, simple=None, simple_check=None) -> dict:
    """The machine-readable table: conditions in named form, so JavaScript can apply them."""
    def condition(table, feature, op, value):
        if op == P.OP_IN and feature == P.F_DEAL:  # suit classes, by representative deal
            value = sorted(format_hand(solution.deck.reps[c].tolist())
                           for c in table.rank_sets[value])
        elif op == P.OP_IN:
            value = sorted(table.rank_sets[value])
        elif feature == P.F_KIND:
            value = P.KIND_NAMES[value]
        return [P.FEATURES[feature], P.OP_NAMES[op], value]

    def lines(table):
        return [{
            "number": line.number, "text": line.text, "notation": line.notation,
            "conditions": [condition(table, *c) for c in line.conditions],
            "ce_numbers": ce_runs(line.ce_numbers),
            "ce_high": None if line.ce_high is None else str(line.ce_high),
            "ce_low": None if line.ce_low is None else str(line.ce_low),
            "deals": line.deals, "examples": list(line.examples),
        } for line in table.lines]

    out = {
        "slug": solution.table.slug,
        "name": solution.table.name,
        "family": solution.table.family.key,
        "return": {"exact": str(solution.expected_return),
                   "percent": percent(solution.expected_return)},
        "lines": lines(strategy),
        "ce_values": [str(row["value"]) for row in ce_rows],
    }
    if simple is not None:
        out["simple"] = {"lines": lines(simple), "cost": str(simple_check["cost"]),
                         "cost_percent": percent(simple_check["cost"], 4)}
    return out


def dumps(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
