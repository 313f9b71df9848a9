"""The strategy by multiplier: one card, and the lines that move as the multipliers grow.

The best hold at a total S maximizes S * win(h) + E[V(next total) | h]: as S grows, the pay now
counts more against the multipliers a hold earns. The card is the single strategy's (the hand
values 2 x pay + multiplier - 1, which is the best play near an average multiplier of 2x) and,
for each band of the average multiplier (the total over the lines), the lines of that card moved
up where playing them sooner wins the most at that band: "at an average under 1.5x, play line
22 before line 18". A band's value at each hold is linear in S, so its moves are found at the
band's mean total under optimal play (the stationary distribution) and then priced at every
total in it.

In: the `Solved` game, the holds' features and the card's lines (conditions, rank sets inline).
Out: `Bands`: per band its totals, its moves and its order of the card's lines, and the cost of
that order at every total, in the solver's values.
"""

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..strategy import features as P
from ..strategy.holds import HoldData, rows_meeting
from ..strategy.play_kernels import first_lines
from .mdp import Solved

# Bands of the average multiplier (total / lines), as a player reads the machine: their lower
# edges. The single-hand game's totals are its multipliers themselves.
EDGES = (Fraction(1), Fraction(3, 2), Fraction(5, 2), Fraction(4))
SINGLE_HAND_EDGES = (Fraction(1), Fraction(2), Fraction(3), Fraction(7))
MAX_MOVES = 5  # per band: a card holds a few
MIN_GAIN = 2e-5  # of the bet, at the band's mean total: a move winning less is not printed
MAX_ADDED = 3  # lines of the exact table the bands add, in all: each is printed in full


@dataclass(frozen=True)
class LinePlay:
    """Where each line of a card fits: the classes, and the hold it plays on each."""

    classes: list  # per line, int64 array of classes
    holds: list  # per line, int64 array of hold masks


def line_play(data: HoldData, lines: list, choices: tuple = ()) -> LinePlay:
    """Where each line fits, and the hold it plays there: of its holds on a class, the first in
    the order of its choice rule (`choices`, one per line as `Strategy.choices`: none, or None
    for a line, is the higher cards), as the card states it and `levels.play` plays it."""
    classes, holds = [], []
    for i, line in enumerate(lines):
        rule = P.HIGHER if not choices or choices[i] is None else choices[i]
        rows = rows_meeting(data, line)
        place, held = first_lines(rows, np.array([0, len(rows)], np.int64), data.choice_keys,
                                  np.array([rule], np.int32), data.n_classes)
        fit = np.flatnonzero(place >= 0)
        classes.append(fit)
        holds.append(held[fit].astype(np.int64))
    return LinePlay(classes, holds)


def play_order(fits: LinePlay, order: list[int], n_classes: int) -> tuple[np.ndarray, np.ndarray]:
    """(position of the deciding line or -1, held mask) of every class for the card's lines in
    `order`: the first line that fits decides (no line: discard everything)."""
    decider = np.full(n_classes, -1, np.int64)
    held = np.zeros(n_classes, np.int64)
    for pos in range(len(order) - 1, -1, -1):
        line = order[pos]
        decider[fits.classes[line]] = pos
        held[fits.classes[line]] = fits.holds[line]
    return decider, held


def _best_move(fits: LinePlay, order: list[int], pool: list[int], value: np.ndarray,
               weights: np.ndarray):
    """(gain, (line, from position, to position)) of the one line moved up (or added from the
    pool: from position len(order)) that gains most, at the values `value` (classes, 32)."""
    n_classes = len(value)
    decider, held = play_order(fits, order, n_classes)
    played = value[np.arange(n_classes), held]
    best = (0.0, None)
    decider = np.where(decider < 0, len(order), decider)
    for x, line in [*enumerate(order), *((len(order), line) for line in pool)]:
        cls = fits.classes[line]
        d = decider[cls]
        sel = d < x  # classes decided above it: moving it above their line changes them
        if not sel.any():
            continue
        cls, d = cls[sel], d[sel]
        gain = weights[cls] * (value[cls, fits.holds[line][sel]] - played[cls])
        at = np.zeros(x + 1)
        np.add.at(at, d, gain)
        from_below = np.cumsum(at[::-1])[::-1]  # gain of moving it to position p: d >= p
        p = int(np.argmax(from_below[:x]))
        if from_below[p] > best[0]:
            best = (float(from_below[p]), (line, x, p))
    return best


@dataclass(frozen=True)
class Band:
    low: Fraction  # average multiplier, inclusive
    high: Fraction | None  # exclusive; None: no upper edge
    totals: tuple[int, ...]  # the reachable totals in it
    share: float  # of deals, under optimal play
    order: tuple[int, ...]  # the card's lines (0-based) in this band's order
    moves: tuple[tuple[int, int], ...]  # (line moved, line it now stands before), 0-based
    costs: tuple[float, ...]  # per total: what this order loses against optimal, per coin bet
    card_costs: tuple[float, ...]  # per total: what the card in its own order loses

    @property
    def cost(self) -> float:
        """The band's cost, averaged over its totals as they occur."""
        return self._mean(self.costs)

    @property
    def card_cost(self) -> float:
        return self._mean(self.card_costs)

    def _mean(self, costs) -> float:
        w = np.array(self._weights)
        return float(np.dot(w, costs) / w.sum()) if w.sum() > 0 else float(max(costs))

    _weights: tuple[float, ...] = ()


def bands(solved: Solved, data: HoldData, lines: list, extra: list = (),
          choices: tuple = ()) -> list[Band]:
    """The bands of a card's `lines`; a band may also add lines of `extra` (the exact table's
    lines the card does not have), numbered after the card's. `choices`: the choice rules of
    `lines` then `extra` (line_play)."""
    m = solved.model
    weights = m.arrays.weights
    fits = line_play(data, list(lines) + list(extra), choices)
    n_classes = len(m.win)
    pi = solved.evaluation.stationary
    edges = SINGLE_HAND_EDGES if m.lines == 1 else EDGES
    reference = list(range(len(lines)))
    added: list[int] = []  # the extra lines the bands have added so far (MAX_ADDED at most)
    out = []
    for i, low in enumerate(edges):
        high = edges[i + 1] if i + 1 < len(edges) else None
        ks = [k for k, s in enumerate(m.totals) if Fraction(int(s), m.lines) >= low
              and (high is None or Fraction(int(s), m.lines) < high)]
        if not ks:
            continue
        mass = pi[ks]
        mean_total = float(np.dot(mass, m.totals[ks]) / mass.sum()) if mass.sum() > 0 else \
            float(m.totals[ks[0]])
        value = mean_total * m.win + solved.next_value[m.rows]
        order, moves = list(reference), []
        pool = list(range(len(lines), len(lines) + len(extra))) if len(added) < MAX_ADDED \
            else list(added)
        while len(moves) < MAX_MOVES:
            gain, move = _best_move(fits, order, pool, value, weights)
            if move is None or gain / m.bet < MIN_GAIN:
                break
            line, x, p = move
            if x < len(order):
                order.pop(x)
            else:
                pool.remove(line)
                if line not in added:
                    added.append(line)
                    if len(added) == MAX_ADDED:
                        pool = [x for x in pool if x in added]
            order.insert(p, line)
            moves.append((line, order[p + 1]))
        costs, card_costs = [], []
        _, held = play_order(fits, order, n_classes)
        _, card_held = play_order(fits, reference, n_classes)
        for k in ks:
            v = m.totals[k] * m.win + solved.next_value[m.rows]
            best = v.max(axis=1)
            idx = np.arange(n_classes)
            costs.append(float(weights @ (best - v[idx, held])) / m.bet)
            card_costs.append(float(weights @ (best - v[idx, card_held])) / m.bet)
        out.append(Band(low, high, tuple(int(m.totals[k]) for k in ks), float(mass.sum()),
                        tuple(order), tuple(moves), tuple(costs), tuple(card_costs),
                        tuple(float(x) for x in mass)))
    return out


def band_policy(solved: Solved, data: HoldData, lines: list, found: list[Band],
                use_moves: bool = True, extra: list = (), choices: tuple = ()) -> np.ndarray:
    """(classes, K) int8: the hold the card plays at every total, its band's moves applied
    (or not). `choices` as for `bands`."""
    m = solved.model
    fits = line_play(data, list(lines) + list(extra), choices)
    out = np.zeros((len(m.win), len(m.totals)), np.int8)
    for band in found:
        order = list(band.order) if use_moves else list(range(len(lines)))
        _, held = play_order(fits, order, len(m.win))
        for total in band.totals:
            out[:, m.index(total)] = held
    return out
