"""Hold patterns: what a player sees in a hold, as integer features, and strategy-line conditions.

A hold of a deal is described by features that depend only on ranks and on which cards share a
suit, never on which suit, so every member of a suit class is described alike:

- n: cards held; w: wild cards held (deuces in Deuces Wild, the joker in Joker Poker). A card's
  rank and suit are its face (`Family.faces`): a fifth ace's star suit makes no flush;
- kind: the structure of the held natural cards. With a repeated rank: PAIR, TWO_PAIR, TRIPS,
  FULL_HOUSE, QUADS, FIVE (five natural cards of a rank: Five Aces' fifth ace; wild cards held
  beside them are counted by w). With distinct ranks: RF (one
  suit, all ten or higher, fits a straight), SF (one suit, fits a straight), F (one suit), S (fits
  a straight), X (none of these). NONE for no cards, WILD for wild cards only;
- s: the number of straights (A-5 .. T-A) the held natural ranks fit in (0 with a repeated rank);
- h: held natural cards of a high rank (the minimum paying pair or above; none in Deuces Wild);
- ranks: bit r set if rank r is held (0 = deuce .. 12 = ace);
- fp: the most discarded natural cards sharing the suit of one held natural card (flush penalty:
  for a suited hold, the discards of its suit);
- sp: discarded natural cards of a new rank that would still fit a straight with the held ranks
  (straight penalty; RF, SF and S kinds only);
- hp: discarded high cards; disc: bit r set if a natural card of rank r is discarded;
- wd: wild cards discarded;
- ds: the most discarded natural cards that share one suit (they are the suits the draw lacks);
- rp: discarded natural cards of the held suit ranked ten or higher (royal penalty; RF, SF, F);
  where wild cards have a face (deuces, sevens, one-eyed jacks), for wild cards alone or nothing
  held (WILD, NONE), every discarded natural card
  ranked ten or higher: the draw's royals need them ("3 deuces only: at most 1 royal penalty
  card" is the line that a list of the pairs of 3-9 made five of a kind with was);
- sfp: discarded natural cards of the held suit that fit a straight with the held ranks
  (straight flush penalty; RF, SF);
- bp: discarded natural cards of a rank held (a pair broken: 4 to a flush held from a deal
  with a pair, the pair's other card discarded);
- shf, shp: the paper's s + h less penalty cards: s + h - fp, and s + h - fp - sp. A score a
  player counts as the paper counts s + h ("s+h-fp >= 3": straights and high cards, one off
  for each flush penalty card); it splits a draw where its penalties and its strength trade
  off, which thresholds on s + h and on the penalties one at a time can only do line by line;
- ws: 1 where a suited hold (RF, SF, F) is of a suit that a wild card of the deck is of (One
  Eyed Jacks: hearts or spades, whose jacks are wild, so that the suit's own jack completes a
  natural royal and one wild jack is left to draw, where a diamond's draw has both); 0
  otherwise. Every suit has a deuce, so in Deuces Wild it is 1 for every suited hold and
  splits nothing;
- kc, kcd: the cards held and discarded that a category pays as a kicker of named suits (Black
  Jack Bonus: the jacks of clubs and spades, `Family.kicker_card_ids`); 0 in other games. Held
  beside trips, a black jack draws to four of a kind that pays five times more; discarded, it
  is one the draw cannot bring;
- best: 1 where a draw to a straight flush (kind RF or SF, under five cards) is the best of the
  deal's such draws with as many cards and wild cards: none of them fits more straights (s),
  then none with as many has fewer flush penalty cards (fp), then fewer straight penalty cards
  (sp); 0 otherwise. It compares a hold with its rivals, as a player does who asks which one
  card to keep beside the joker ("the one with the most straights, then the fewest penalties");
- deal: the suit class of the whole deal (an index into the deck's representatives). It is not
  a pattern a player reads; a line that tests it (`deal in {...}`) is an exception naming the
  deals it covers, used only where no pattern separates an optimal hold from a worse one with
  the same features.

A strategy line is a list of conditions (feature, op, value), all of which must hold. The same
conditions drive the numba kernels and the JavaScript checker.
"""

from dataclasses import dataclass

from ..solve.families import FAMILIES

NONE, WILD, RF, SF, F, S, X, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS, FIVE = range(13)
KIND_NAMES = ("NONE", "WILD", "RF", "SF", "F", "S", "X", "PAIR", "TWO_PAIR", "TRIPS",
              "FULL_HOUSE", "QUADS", "FIVE")
N_KINDS = len(KIND_NAMES)
FEATURES = ("n", "w", "kind", "s", "h", "sh", "ranks", "fp", "sp", "hp", "disc", "wd", "ds",
            "rp", "sfp", "bp", "shf", "shp", "ws", "kc", "kcd", "best", "deal")
(F_N, F_W, F_KIND, F_S, F_H, F_SH, F_RANKS, F_FP, F_SP, F_HP, F_DISC, F_WD, F_DS, F_RP,
 F_SFP, F_BP, F_SHF, F_SHP, F_WS, F_KC, F_KCD, F_BEST, F_DEAL) = range(23)
# Counts a line may set thresholds on: the paper's s, h and s + h, and the scores.
COUNTS = (F_H, F_S, F_SH)
SCORES = (F_SHF, F_SHP)
# Condition ops. IN tests `ranks` against a list of allowed rank masks, or `deal` against a list
# of suit classes.
OP_EQ, OP_GE, OP_LE, OP_BIT, OP_NOBIT, OP_IN = 1, 2, 3, 4, 5, 6
OP_NAMES = {OP_EQ: "==", OP_GE: ">=", OP_LE: "<=", OP_BIT: "has", OP_NOBIT: "lacks", OP_IN: "in"}

ROYAL_MASK = 0x1F00
WINDOWS = tuple([0x100F] + [0x1F << low for low in range(9)])  # A-5, 2-6, ..., T-A


def is_wild(card: int, family: str) -> bool:
    return FAMILIES[family].is_wild(card)


def rank_of(card: int, family: str) -> int:
    return FAMILIES[family].faces[card][0]


def suit_of(card: int, family: str) -> int:
    """0-3, or 4 for a fifth ace's star (which makes no flush)."""
    return FAMILIES[family].faces[card][1]


def high_rank(family: str, min_pair: int | None) -> int:
    """Ranks at or above this are high cards (13: none, where no pair pays)."""
    if not FAMILIES[family].has_pair or min_pair is None:
        return 13
    return min_pair


def describe(cards: list[int], mask: int, family: str, min_pair: int | None,
             deal: int = -1) -> tuple[int, ...]:
    """The features of holding cards[i] for each bit i of mask, in FEATURES order; `deal` is
    the deal's suit class, if the caller knows it.

    Written plainly: this is the reference the numba kernel and the JavaScript are tested against.
    """
    own = _own_features(cards, mask, family, min_pair)
    key = best_key(own)
    best = int(key is not None and all(
        (rival := _own_features(cards, other, family, min_pair))[F_N] != own[F_N]
        or rival[F_W] != own[F_W] or best_key(rival) is None or best_key(rival) <= key
        for other in range(32)))
    return own + (best, deal)


def best_key(features: tuple[int, ...]) -> tuple[int, int, int] | None:
    """What makes one draw to a straight flush better than another of as many cards for `best`
    (more is better: straights, then fewer flush, then fewer straight penalty cards), or None
    for a hold that is no such draw."""
    if features[F_KIND] not in (RF, SF) or features[F_N] == 5:
        return None
    return features[F_S], -features[F_FP], -features[F_SP]


def _own_features(cards: list[int], mask: int, family: str, min_pair: int | None):
    """`describe`'s features up to kcd: those that depend on this hold alone."""
    high = high_rank(family, min_pair)
    held = [c for i, c in enumerate(cards) if mask >> i & 1]
    dropped = [c for i, c in enumerate(cards) if not mask >> i & 1]
    naturals = [c for c in held if not is_wild(c, family)]
    w = len(held) - len(naturals)
    ranks = [rank_of(c, family) for c in naturals]
    rank_mask = 0
    for r in ranks:
        rank_mask |= 1 << r
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    held_suits = {suit_of(c, family) for c in naturals}
    suited = len(held_suits) <= 1 and 4 not in held_suits
    distinct = len(set(ranks)) == len(ranks)
    s = sum(1 for window in WINDOWS if rank_mask & ~window == 0) if distinct else 0

    if not held:
        kind = NONE
    elif not naturals:
        kind = WILD
    elif not distinct:
        top, pairs = counts[0], counts.count(2)
        if top == 5:
            kind = FIVE
        elif top == 4:
            kind = QUADS
        elif top == 3:
            kind = FULL_HOUSE if pairs == 1 else TRIPS
        else:
            kind = TWO_PAIR if pairs == 2 else PAIR
    elif suited and s and rank_mask & ~ROYAL_MASK == 0:
        kind = RF
    elif suited and s:
        kind = SF
    elif suited:
        kind = F
    elif s:
        kind = S
    else:
        kind = X

    h = sum(1 for r in ranks if r >= high)
    sp = hp = disc = wd = rp = sfp = bp = 0
    suit = suit_of(naturals[0], family) if naturals else -1
    dropped_suits = [suit_of(c, family) for c in dropped if not is_wild(c, family)]
    ds = max((dropped_suits.count(x) for x in range(4)), default=0)
    fp = max((dropped_suits.count(x) for x in held_suits), default=0)
    for c in dropped:
        if is_wild(c, family):
            wd += 1
            continue
        r = rank_of(c, family)
        disc |= 1 << r
        if r >= high:
            hp += 1
        if rank_mask >> r & 1:
            bp += 1
        held_suit = kind in (RF, SF, F) and suit_of(c, family) == suit
        if r >= 8 and (held_suit or kind in (WILD, NONE) and FAMILIES[family].faced_wilds):
            rp += 1
        if held_suit and kind in (RF, SF) and not rank_mask >> r & 1 and any(
                (rank_mask | 1 << r) & ~window == 0 for window in WINDOWS):
            sfp += 1
        if kind in (RF, SF, S) and not rank_mask >> r & 1:
            if any((rank_mask | 1 << r) & ~window == 0 for window in WINDOWS):
                sp += 1
    ws = int(kind in (RF, SF, F) and suit in FAMILIES[family].wild_suits)
    kickers = FAMILIES[family].kicker_card_ids
    kc = sum(1 for c in held if c in kickers)
    kcd = sum(1 for c in dropped if c in kickers)
    return (len(held), w, kind, s, h, s + h, rank_mask, fp, sp, hp, disc, wd, ds, rp, sfp, bp,
            s + h - fp, s + h - fp - sp, ws, kc, kcd)


def rank_key(cards: list[int], mask: int, family: str) -> int:
    """Order among holds that fit the same line: more wild cards, then higher ranks, first."""
    held = [c for i, c in enumerate(cards) if mask >> i & 1]
    w = sum(1 for c in held if is_wild(c, family))
    ranks = sorted((rank_of(c, family) for c in held if not is_wild(c, family)), reverse=True)
    key = w
    for i in range(5):
        key = key * 14 + (ranks[i] + 1 if i < len(ranks) else 0)
    return key


# Choice rules: which of the holds fitting one line a player keeps, where a line fits a deal in
# more than one way (4c 5d 6d 7c 9c fits "4 to a Straight" as 4567 and as 5679). Each is an exact
# order, more first: its own count, then `rank_key` (ties left are holds of the same ranks and
# wild cards, which differ only in suits). A line that fits some deal it decides in ways of
# different ranks states its rule (`levels.choices`); the words are the player's.
HIGHER, STRAIGHTS, HIGH = range(3)
CHOICES = ("higher", "straights", "high")
CHOICE_WORDS = {"higher": "the higher cards",
                "straights": "the most straights (open-ended before inside)",
                "high": "the most high cards"}
# The count each rule puts before the ranks (None: the ranks alone).
CHOICE_COUNTS = (None, F_S, F_H)
# rank_key is below 5 * 14^5 (at most 4 wild cards held): a count times this, plus it, orders
# by the count, then the ranks (the largest, 5 * KEY_SPAN + KEY_SPAN, fits int32).
KEY_SPAN = 5 * 14 ** 5


def choice_key(choice: int, features: tuple[int, ...], key: int) -> int:
    """A hold's place in the order of rule `choice` (CHOICES): `key` is its `rank_key`."""
    count = CHOICE_COUNTS[choice]
    return key if count is None else features[count] * KEY_SPAN + key


def holds(condition: tuple[int, int, int], features: tuple[int, ...], rank_sets) -> bool:
    """Whether one condition (feature, op, value) holds for a hold's features."""
    feature, op, value = condition
    x = features[feature]
    if op == OP_EQ:
        return x == value
    if op == OP_GE:
        return x >= value
    if op == OP_LE:
        return x <= value
    if op == OP_BIT:
        return bool(x >> value & 1)
    if op == OP_NOBIT:
        return not x >> value & 1
    if op == OP_IN:
        return x in rank_sets[value]
    raise ValueError(f"unknown op {op}")


def choice_indexes(names) -> tuple:
    """Exported lines' choice rules ("straights", or None where a line fits every deal one way)
    as the players take them: indexes of CHOICES."""
    return tuple(None if name is None else CHOICES.index(name) for name in names)


def condition_named(name: str, op_name: str, value):
    """A condition as the JSON export writes it (["kind", "==", "SF"], ["ranks", "in", [...]])
    as (feature, op, value): a kind by its number; a set (ranks or deals) stays as written, for
    the caller to index."""
    op = _OPS_BY_NAME[op_name]
    feature = FEATURES.index(name)
    return feature, op, KIND_NAMES.index(value) if feature == F_KIND else value


_OPS_BY_NAME = {name: op for op, name in OP_NAMES.items()}


def line_hold(cards: list[int], conditions, rank_sets, family: str,
              min_pair: int | None, choice: int = HIGHER) -> int | None:
    """The hold (a mask of cards) a line takes in a deal: of the holds meeting its conditions
    (a `deal` condition is not tested: the caller names the deal), the first by its choice
    rule (`choice_key`: by default `rank_key`, the higher cards); None
    if none meets it. Written plainly, for pages that show an exception line's deals with the
    held cards marked; `best` is worked out only for a line that tests it (it plays every
    rival hold)."""
    tests_best = any(c[0] == F_BEST for c in conditions)
    tested = [c for c in conditions if c[0] != F_DEAL]
    sizes = [c for c in tested if c[0] == F_N]  # (tested first: most holds are of another size)
    found = None
    for mask in range(32):
        if not all(holds(c, (bin(mask).count("1"),), rank_sets) for c in sizes):
            continue
        features = (describe(cards, mask, family, min_pair) if tests_best else
                    _own_features(cards, mask, family, min_pair) + (0, -1))
        if all(holds(c, features, rank_sets) for c in tested):
            key = choice_key(choice, features, rank_key(cards, mask, family))
            if found is None or key > found[0]:
                found = (key, mask)
    return None if found is None else found[1]


@dataclass(frozen=True)
class Line:
    """One strategy line: conditions that must all hold (feature, op, value)."""

    conditions: tuple[tuple[int, int, int], ...]

    def matches(self, features, rank_sets) -> bool:
        return all(holds(c, features, rank_sets) for c in self.conditions)
