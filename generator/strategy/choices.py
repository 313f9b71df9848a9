"""Choice rules: which cards a line keeps where it fits a deal in more than one way.

In: a table's lines (rank sets inline, fixed), its holds and EVs, and for a level the rules it
is held to (`levels.Rule`). Out: per line, the rule it plays (features.CHOICES) or None where
it fits every deal it decides one way only (`choose`), how many deals each line decides by its
rule (`decided_by_rule`), and the rule as a qualifier of the line's parts (`qualifier`), so the
page, the card and the checker say it in the player's words.

On 4c 5d 6d 7c 9c, "4 to a Straight" fits as 4567 and as 5679: which is held decides what the
line costs, so the line must say which. The line deciding a deal is the first line any of its
holds meets, whatever the rule: the rule only picks which of that line's holds is played. So
once a table's lines are fixed, each line's rule is chosen on its own, on the deals it decides:
the cheapest rule that keeps the table's rules there (the allowed holds and the bound on one
deal), "the higher cards" (the order the lines were made under, which keeps them) on a tie. A
level's cost can then only fall. The exact table keeps "the higher cards": it was derived so.
"""

import numpy as np

from ..core import line_parts as parts
from . import features as P
from .holds import rows_meeting

# The notation of each rule (its meaning is in the key: site.symbols); its words are
# features.CHOICE_WORDS. The higher cards, the rule most lines that need one play, is said
# neither in a line's words nor in its notation: the key's "if several fit" and the note under
# the level say it once for every line that says no other (with it on each line, Double Joker's
# card overflowed A6, and its page's card table grew a tenth).
NOTATION = {"higher": "", "straights": "most s", "high": "most h"}
# The key's entry for the rule every line that fits more than one way and says no other plays.
DEFAULT_KEY = "if several fit"


def choose(data, evs: np.ndarray, lines: list, place: np.ndarray, bound: int | None = None,
           allowed: np.ndarray | None = None) -> tuple:
    """Per line, the rule it plays (an index into features.CHOICES) or None where it fits each
    deal it decides one way only (in ranks: holds of the same ranks differ only in suits).
    `place` is the deciding line of each class (`levels.play`); `bound` (EV integers) and
    `allowed` ((classes, 32) bool) the level's rules; with bound None (the exact table), the
    higher cards wherever a rule is needed."""
    out = []
    for i, line in enumerate(lines):
        ways = _ways(data, line, place, i)
        if ways is None:
            out.append(None)
            continue
        cls, starts, rows = ways
        if bound is None:
            out.append(P.HIGHER)
            continue
        best = None
        for rule in range(len(P.CHOICES)):
            held = _held(data.choice_keys[rule], rows, starts)
            loss = data.ce[cls] - evs[cls, held]
            if rule != P.HIGHER and ((loss > bound).any() or not allowed[cls, held].all()):
                continue
            cost = int((data.sizes[cls].astype(np.int64) * loss).sum())
            if best is None or cost < best[0]:
                best = (cost, rule)
        out.append(best[1])
    return tuple(out)


def decided_by_rule(data, lines: list, place: np.ndarray) -> list[int]:
    """Per line, the deals it decides that it fits in more than one way (in ranks): those its
    choice rule decides."""
    out = []
    for i, line in enumerate(lines):
        ways = _ways(data, line, place, i)
        out.append(0 if ways is None else int(data.sizes[ways[0]].sum()))
    return out


def _ways(data, line: tuple, place: np.ndarray, i: int):
    """(the classes line i decides that it fits in ways of different ranks, where each class's
    rows start in `rows`, those rows), or None where there are none."""
    rows = rows_meeting(data, line)
    rows = rows[place[rows // 32] == i]
    if not len(rows):
        return None
    cls = rows // 32
    starts = np.flatnonzero(np.r_[True, cls[1:] != cls[:-1]])
    keys = data.keys[rows]
    many = np.maximum.reduceat(keys, starts) != np.minimum.reduceat(keys, starts)
    if not many.any():
        return None
    ends = np.r_[starts[1:], len(rows)]
    keep = np.repeat(many, ends - starts)
    rows, cls = rows[keep], cls[keep]
    return cls[np.r_[True, cls[1:] != cls[:-1]]], np.flatnonzero(
        np.r_[True, cls[1:] != cls[:-1]]), rows


def _held(keys: np.ndarray, rows: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The mask each class holds: its first row (the lowest mask, rows ascending) with the top
    key."""
    k = keys[rows]
    top = np.repeat(np.maximum.reduceat(k, starts), np.diff(np.r_[starts, len(rows)]))
    at = np.flatnonzero(k == top)
    first = at[np.r_[True, rows[at[1:]] // 32 != rows[at[:-1]] // 32]]
    return rows[first] % 32


def qualifier(rule: int) -> parts.Qualifier:
    """The rule as its line says it: "if several fit, the most straights (open-ended before
    inside)", notation "most s"; nothing for the higher cards, which the key says (DEFAULT_KEY,
    among the symbols the line uses)."""
    name = P.CHOICES[rule]
    notation = NOTATION[name]
    text = f"if several fit, {P.CHOICE_WORDS[name]}" if notation else ""
    return parts.Qualifier(parts.HOLD, text, notation, notation,
                           keys=((notation,) if notation else ()) + (DEFAULT_KEY,),
                           text_keys=(DEFAULT_KEY,))
