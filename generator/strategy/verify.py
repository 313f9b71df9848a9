"""Check a strategy table: play it on every deal and count what it loses.

In: a Solution and a table (the class each line decides, or a `StrategyTable`, or JSON lines
read back with `from_json`). Out: deals, misplays, the exact cost as a fraction of the bet, the
largest loss on one deal and a deal where it happens, per-line counts, example deals.
`class_check` counts by suit class (milliseconds); `verify` plays all 2,598,960 deals (its slow
reference, in numba).
"""

import time
from fractions import Fraction

import numpy as np

from ..core.cards import format_hand
from ..solve.jit import kernels
from . import features as P
from .table import LineInfo, StrategyTable


def class_check(solution, place, held, n_lines, pat=None, paying=None, pays=None) -> dict:
    """`verify`'s figures from the play of each suit class's representative, counted once per
    deal of the class. The features of a hold do not depend on the names of the suits, so every
    deal of a class plays as its representative does: this equals playing all the deals, in a
    few milliseconds rather than seconds. (tests/test_strategy.py checks that it does, against
    `verify`, on every deal of three pay tables.)"""
    start = time.perf_counter()
    sizes = solution.deck.sizes.astype(np.int64)
    held = np.where(place < 0, 0, held).astype(np.int64)  # no line: everything is discarded
    gap = solution.best_ev - solution.evs[np.arange(len(held)), held]
    wrong = (gap != 0) | (place < 0)
    per_line = np.zeros(n_lines + 1, np.int64)
    np.add.at(per_line, np.where(place < 0, n_lines, place), sizes)
    shown = np.flatnonzero(wrong)[:8]
    worst = int(np.argmax(gap))
    out = {"deals": int(sizes.sum()), "misplays": int(sizes[wrong].sum()),
           "cost": Fraction(int((sizes * gap).sum()), solution.unit * solution.deck.deals),
           "per_line": per_line[:-1].tolist(), "unmatched": int(per_line[-1]),
           "examples": [example(solution, int(c), int(held[c])) for c in shown],
           # The largest loss on one deal, in units, and a deal where it is lost.
           "max_loss": solution.fraction(int(gap[worst])),
           "max_loss_example": example(solution, worst, int(held[worst])) if gap[worst] else None,
           "seconds": time.perf_counter() - start}
    if pat is not None:
        # Deals the exact table plays by holding all five that this table plays otherwise.
        out["pat_broken"] = int(sizes[pat & (held != 31)].sum())
    if paying is not None:
        # Deals where the exact table's hold makes a paying hand (`paying`) and this table's
        # does not (`pays`: levels.sure_to_pay).
        dropped = paying & ~pays[np.arange(len(held)), held]
        out["pay_dropped"] = int(sizes[dropped].sum())
    return out


def from_json(solution, lines: list[dict]) -> StrategyTable:
    """A table read back from its JSON lines (`table_output.strategy_json`): conditions and
    rank sets only, enough to `verify` what a site publishes on every deal."""
    deal_of = None
    rank_sets: list[frozenset] = []
    infos = []
    for number, line in enumerate(lines, start=1):
        conditions = []
        for name, op_name, value in line["conditions"]:
            feature, op, value = P.condition_named(name, op_name, value)
            if op == P.OP_IN:
                if feature == P.F_DEAL:
                    if deal_of is None:
                        deal_of = {format_hand(rep.tolist(), deck=solution.table.family.deck): c
                                   for c, rep in enumerate(solution.deck.reps)}
                    value = frozenset(deal_of[text] for text in value)
                else:
                    value = frozenset(value)
                if value not in rank_sets:
                    rank_sets.append(value)
                value = rank_sets.index(value)
            conditions.append((feature, op, value))
        infos.append(LineInfo(number, tuple(conditions), line["text"], line["notation"], (),
                              None, None, line["deals"], 0, (),
                              wild_dealt=tuple(line.get("wild_dealt", ())),
                              choice=line.get("choice")))
    return StrategyTable(tuple(infos), tuple(rank_sets), 0.0)


def example(solution, cls: int, mask: int) -> str:
    """A class's representative deal, held cards in brackets: '[As Ks Qs Js] 9d'."""
    return example_of(solution.deck.reps[cls].tolist(), mask, solution.table.family.deck)


def verify(solution, table: StrategyTable) -> dict:
    """Play the table on every deal of the deck; count misplays and their cost in return."""
    from .deal_kernels import faces_of, verify_deals  # (lazy: numba)

    kernels()
    start = time.perf_counter()
    dk = solution.deck
    ops, features, values, rank_table = table.arrays()
    start_of, bucket = table.buckets()
    family = solution.table.family
    deals, misplays, lost, per_line, shown = verify_deals(
        dk.n_cards, *faces_of(family), np.array(dk.suit_group, np.int64),
        P.high_rank(family.key, solution.table.min_pair), ops, features, values, rank_table, start_of, bucket, dk.binom, dk.rep_ranks, solution.evs,
        solution.best_ev, len(table.lines),
        np.array([-1 if count is None else count for count in P.CHOICE_COUNTS],
                 np.int64)[table.choices()], P.KEY_SPAN)
    cost = Fraction(int(lost), solution.unit * dk.deals)
    return {"deals": int(deals), "misplays": int(misplays), "cost": cost,
            "per_line": per_line[:-1].tolist(), "unmatched": int(per_line[-1]),
            "examples": [example_of(row[:5].tolist(), int(row[5]), family.deck)
                         for row in shown if row[0] >= 0],
            "seconds": time.perf_counter() - start}


def example_of(cards, mask, deck) -> str:
    """A deal with the held cards in brackets: '[As Ks Qs Js] 9d' (`deck`: the family's card
    names, which say card 52 is a joker or the fifth ace)."""
    held = [c for i, c in enumerate(cards) if mask >> i & 1]
    dropped = [c for i, c in enumerate(cards) if not mask >> i & 1]
    return " ".join(([f"[{format_hand(held, deck=deck)}]"] if held else []) + (
        [format_hand(dropped, deck=deck)] if dropped else []))
