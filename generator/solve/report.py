"""Plain data and text reports of a solution: what `vpcharts solve` and `analyze` print."""

from fractions import Fraction

import numpy as np

from ..core.cards import format_hand
from ..core.decimals import decimal, percent
from .solver import POPCOUNT, Solution, class_of, hand_evs


def summary(solution: Solution) -> dict:
    """Everything `vpcharts solve` reports, as plain JSON-ready data (exact values as strings)."""
    table = solution.table
    total = solution.total_combinations
    final = []
    for key, label, pay, count in zip(solution.cats.keys, solution.cats.labels,
                                      solution.cats.pays, solution.final_counts.tolist()):
        probability = Fraction(count, total)
        final.append({
            "key": key, "label": label, "pay": str(pay), "combinations": count,
            "probability": str(probability), "contribution": str(probability * pay),
        })
    ret, var = solution.expected_return, solution.variance
    return {
        "slug": table.slug, "name": table.name, "family": table.family.key,
        "deals": solution.deck.deals, "classes": int(len(solution.deck.sizes)),
        "class_sizes": {str(size): int((solution.deck.sizes == size).sum())
                        for size in np.unique(solution.deck.sizes).tolist()},
        "ev_denominator": solution.unit,
        "return": {"exact": str(ret), "percent": percent(ret)},
        "variance": {"exact": str(var), "decimal": decimal(var)},
        "ce_values": int(len(solution.ce_values)),
        "ce_values_holding": int(len(solution.ce_values_holding)),
        "tied_deals": solution.tied_deals,
        "total_combinations": total,
        "final_hands": final,
    }


def solve_text(data: dict, seconds: float, cached: bool) -> str:
    lines = [
        f"{data['name']}  ({data['slug']}, {data['family']})",
        f"Return      {data['return']['percent']}  = {data['return']['exact']}",
        f"Variance    {data['variance']['decimal']}  = {data['variance']['exact']}",
        f"CE values   {data['ce_values']:,} distinct optimal EVs; "
        f"{data['ce_values_holding']:,} of them hold at least one card",
        f"Ties        {data['tied_deals']:,} deals have more than one optimal hold",
        f"Deals       {data['deals']:,} in {data['classes']:,} suit classes",
        "",
        f"{'Final hand':<28}{'Pays':>7}{'Combinations':>24}{'Probability':>14}{'Return':>11}",
    ]
    for row in data["final_hands"]:
        lines.append(f"{row['label']:<28}{decimal(Fraction(row['pay']), 2).rstrip('0').rstrip('.'):>7}"
                     f"{row['combinations']:>24,}{decimal(Fraction(row['probability'])):>14}"
                     f"{decimal(Fraction(row['contribution'])):>11}")
    lines.append(f"{'Total':<35}{data['total_combinations']:>24,}{'1.000000':>14}"
                 f"{decimal(Fraction(data['return']['exact'])):>11}")
    lines.append("")
    lines.append(f"{'Loaded from the cache' if cached else 'Solved'} in {seconds:.3f} s")
    return "\n".join(lines)


def analyze_rows(solution: Solution, cards: list[int]) -> list[dict]:
    """All 32 holds of a deal with exact EVs, best first; `optimal` marks every hold tied for best.

    Order: EV descending, and among equal EVs the solver's own tie-break (its chosen hold first,
    then more cards held, then higher cards held).
    """
    evs = hand_evs(solution, cards)
    top = max(evs)
    chosen = chosen_hold(solution, cards)
    order = sorted(range(32), key=lambda m: (-evs[m], m != chosen, -POPCOUNT[m],
                                            -sum(cards[i] for i in range(5) if m >> i & 1)))
    return [{"hold": [cards[i] for i in range(5) if m >> i & 1], "mask": m, "ev": evs[m],
             "optimal": evs[m] == top, "chosen": m == chosen} for m in order]


def chosen_hold(solution: Solution, cards: list[int]) -> int:
    """The solver's chosen optimal hold of `cards`, as a mask over the given card order."""
    index, position = class_of(solution.deck, cards)
    rep_mask = int(solution.best[index])
    return sum(1 << i for i in range(5) if rep_mask >> position[i] & 1)


def analyze_text(solution: Solution, cards: list[int], rows: list[dict]) -> str:
    n_optimal = sum(row["optimal"] for row in rows)
    deck = solution.table.family.deck
    lines = [f"{solution.table.name}: {format_hand(cards, deck=deck)}",
             f"{'':2}{'Hold':<16}{'EV':>10}  exact EV"]
    for row in rows:
        held = set(row["hold"])
        shown = " ".join(format_hand([c], deck=deck) if c in held else "--" for c in cards)
        mark = "* " if row["optimal"] else "  "
        lines.append(f"{mark}{shown:<16}{decimal(row['ev']):>10}  {row['ev']}")
    if n_optimal > 1:
        lines.append(f"* {n_optimal} holds tie for the best EV; the first is the one vpcharts "
                     "plays (lower variance, then more cards, then higher cards).")
    else:
        lines.append("* the optimal hold")
    return "\n".join(lines)
