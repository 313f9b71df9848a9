"""Choice rules (generator/strategy/choices.py): where a line fits a deal in more than one way, the
line says which cards to keep, and every level's figures are those of a player who keeps them.

The reference here is a plain Python player of the exported JSON: on every suit class it
describes the 32 holds, finds the first line any of them meets, and where that line is met by
holds of different ranks it needs the line's stated rule ("choice"), applied from its name by
its own few lines of code (not the engine's order keys). Every level's cost, misplays and
largest loss, counted from the holds so chosen, must be the export's. Issue 54: on main, Deuces
Wild 25/15/10/4/3/2's simple level played "4 to a Straight" on 4c 5d 6d 7c 9c as 5679, a rule
("the higher cards") no page stated; this fails there.
"""

from fractions import Fraction
from pathlib import Path

import pytest

from generator.core.cards import format_hand, parse_hand
from generator.export.cache import export
from generator.solve.families import FAMILIES
from generator.solve.paytable import load_paytable
from generator.strategy import features as P

CONTENT = Path(__file__).resolve().parents[1] / "content"
WINDOWS = [{12, 0, 1, 2, 3}] + [set(range(low, low + 5)) for low in range(9)]  # A-5 .. T-A


def ranks_held(cards, mask, wild):
    """(wild cards held, natural ranks held highest first)."""
    held = [c for i, c in enumerate(cards) if mask >> i & 1]
    return (sum(1 for c in held if wild(c)),
            sorted((c >> 2 for c in held if not wild(c)), reverse=True))


def rule_order(name, cards, mask, wild, high):
    """The order a stated rule keeps holds in, more first, from its name alone."""
    w, ranks = ranks_held(cards, mask, wild)
    higher = (w, ranks)  # the higher cards: the highest first, then the next
    if name == "higher":
        return higher
    if name == "straights":  # the most straights the cards held fit in, then the higher
        fits = sum(1 for window in WINDOWS if set(ranks) <= window) if len(set(ranks)) == len(
            ranks) else 0
        return fits, higher
    if name == "high":  # the most high cards, then the higher
        return sum(1 for r in ranks if r >= high), higher
    raise AssertionError(f"unknown rule {name!r}")


def meets(condition, features):
    name, op, value = condition
    x = features[P.FEATURES.index(name)]
    if name == "kind":
        x = P.KIND_NAMES[x]
    return {"==": lambda: x == value, ">=": lambda: x >= value, "<=": lambda: x <= value,
            "has": lambda: x >> value & 1 == 1, "lacks": lambda: x >> value & 1 == 0,
            "in": lambda: x in value}[op]()


def all_features(reps, family, high):
    """Every suit class's 32 holds' features (rows of 32 per class, `best` included), from the
    numba kernel the strategy stage derives with: tests/test_patterns.py holds it equal to the
    plain reference (features.describe) on sampled holds of every family, and reading them here
    leaves this test the reader's own work, a minute less per pay table."""
    from generator.strategy.deal_kernels import describe_holds, faces_of

    feats, _ = describe_holds(reps, *faces_of(FAMILIES[family]), high)
    return feats[:, :P.F_DEAL].tolist()


def by_pattern(lines):
    """The lines of a level by the pattern their first three conditions fix (n, w, kind), in
    number order, each with its other conditions."""
    out = {}
    for line in lines:
        head = line["conditions"][:3]
        assert [c[:2] for c in head] == [["n", "=="], ["w", "=="], ["kind", "=="]], line
        out.setdefault(tuple(c[2] for c in head), []).append(line)
    return out


def played(buckets, described, cards, wild, high, evs):
    """(the line deciding the deal, the EV of the hold its stated rule keeps); an
    AssertionError where the line fits in ways of different ranks with no rule, or where its
    rule leaves holds of different EVs."""
    first = {}
    for m, f in enumerate(described):
        for line in buckets.get((f[P.F_N], f[P.F_W], P.KIND_NAMES[f[P.F_KIND]]), ()):
            if all(meets(c, f) for c in line["conditions"][3:]):
                first[m] = line
                break
    assert first, "no line applies"
    line = min(first.values(), key=lambda line: line["number"])
    fits = [m for m, other in first.items() if other is line]
    ways = {repr(ranks_held(cards, m, wild)) for m in fits}
    rule = line.get("choice")
    if len(ways) > 1 and rule is None:
        raise AssertionError(f"line {line['number']} ({line['text']}) fits "
                             f"{format_hand(cards)} {len(ways)} ways and says no rule")
    order = {m: rule_order(rule or "higher", cards, m, wild, high) for m in fits}
    top = max(order.values())
    kept = {evs[m] for m in fits if order[m] == top}
    assert len(kept) == 1, (line["number"], format_hand(cards), "holds differ in suits only")
    return line, kept.pop(), len(ways) > 1


@pytest.mark.slow
@pytest.mark.parametrize("slug", ["deuces-wild-25-15-10-4-3-2", "joker-poker-kings-or-better",
                                  "9-6-bonus-poker-deluxe"])
def test_every_level_keeps_the_cards_its_lines_say_on_every_deal(slug, solved, sample_exports):
    """Every suit class, every level: the holds a player keeps reading the lines and their
    stated rules give the export's cost, misplays and largest loss exactly; and a line that
    states a rule fits some deal it decides in more than one way."""
    table = load_paytable(CONTENT / "paytables" / f"{slug}.toml")
    data = export(table)[0].to_json()
    s = solved(slug)
    family = table.family.key
    wild = FAMILIES[family].is_wild
    high = P.high_rank(family, table.min_pair)
    levels = data["strategy"]["levels"]
    buckets = {name: by_pattern(level["lines"]) for name, level in levels.items()}
    exceptions = any(c[0] == "deal" for level in levels.values() for line in level["lines"]
                     for c in line["conditions"])
    lost = {name: 0 for name in levels}
    misplays = {name: 0 for name in levels}
    worst = {name: 0 for name in levels}
    by_rule = {name: {} for name in levels}  # line number: deals it decides by its rule
    features = all_features(s.deck.reps, family, high)
    for c, rep in enumerate(s.deck.reps.tolist()):
        deal = format_hand(rep) if exceptions else None
        described = [f + [deal] for f in features[32 * c:32 * c + 32]]
        evs = s.evs[c].tolist()
        size = int(s.deck.sizes[c])
        for name in levels:
            line, ev, several = played(buckets[name], described, rep, wild, high, evs)
            gap = int(s.best_ev[c]) - ev
            lost[name] += size * gap
            misplays[name] += size if gap else 0
            worst[name] = max(worst[name], gap)
            if several:
                by_rule[name][line["number"]] = by_rule[name].get(line["number"], 0) + size
    for name, level in levels.items():
        assert Fraction(lost[name], s.unit * s.deck.deals) == Fraction(level["cost"]), name
        assert misplays[name] == level["misplays"], name
        assert Fraction(worst[name], s.unit) == Fraction(level["max_loss"]["exact"]), name
        # The deals each line decides by its rule, as the export counts them; a line stating a
        # rule has some.
        assert by_rule[name] == {line["number"]: line["choice_deals"] for line in level["lines"]
                                 if line.get("choice_deals")}, name
        assert all(line["number"] in by_rule[name] for line in level["lines"]
                   if line.get("choice")), name


def test_the_rules_order_holds_as_their_names_say():
    """The issue's deals: "the most straights" keeps 4567 of 4c 5d 6d 7c 9c (the higher cards
    keep 5679), and 4c 6c with the joker of 4c 6c 9d Tc Jk (the higher cards: 6c Tc)."""
    def top(rule, hand, family, fits, high=13):
        cards = parse_hand(hand, joker_allowed=1)
        wild = FAMILIES[family].is_wild
        masks = [m for m in range(32) if bin(m).count("1") == len(fits[0].split())]
        masks = [m for m in masks if format_hand([c for i, c in enumerate(cards) if m >> i & 1])
                 in fits]
        m = max(masks, key=lambda m: rule_order(rule, cards, m, wild, high))
        return format_hand([c for i, c in enumerate(cards) if m >> i & 1])

    assert top("higher", "4c 5d 6d 7c 9c", "deuces", ["4c 5d 6d 7c", "5d 6d 7c 9c"]) == \
        "5d 6d 7c 9c"
    assert top("straights", "4c 5d 6d 7c 9c", "deuces", ["4c 5d 6d 7c", "5d 6d 7c 9c"]) == \
        "4c 5d 6d 7c"
    assert top("straights", "4c 6c 9d Tc Jk", "joker", ["4c 6c Jk", "6c Tc Jk"]) == "4c 6c Jk"
    assert top("higher", "4c 6c 9d Tc Jk", "joker", ["4c 6c Jk", "6c Tc Jk"]) == "6c Tc Jk"


def test_the_page_says_in_one_sentence_how_many_deals_a_rule_decides():
    from generator.core.records import from_json
    from generator.export.records import Level
    from generator.site.view import choice_note as said
    from tests.exports import level_json

    def choice_note(fields):
        return said(from_json(Level, level_json(**fields)))

    assert choice_note({"choice_deals": 0, "choices": {}}) == ""
    assert choice_note({"choice_deals": 118480, "choices": {"higher": 94024,
                                                            "straights": 24456}}) == (
        "On 118,480 deals a line fits more than one way: keep the higher cards, unless the "
        "line says the most straights.")
    assert choice_note({"choice_deals": 708, "choices": {"higher": 708}}) == (
        "On 708 deals a line fits more than one way: keep the higher cards.")


def test_a_line_says_its_rule_but_the_higher_cards_which_the_key_says():
    from generator.core import line_parts as words
    from generator.strategy.choices import qualifier

    def line(rule):
        return words.LineParts("4 to a Straight", "", "4S", 4, "S", (), (), 0, "", "", False,
                               (qualifier(rule),))

    assert words.text(line(P.STRAIGHTS)) == (
        "4 to a Straight: if several fit, the most straights (open-ended before inside)")
    assert words.notation(line(P.STRAIGHTS)) == "4S: most s"
    assert words.text(line(P.HIGHER)) == "4 to a Straight"  # (the key's "if several fit" says
    assert words.notation(line(P.HIGHER)) == "4S"  # it)
    from generator.site.symbols import key_for

    key = dict(key_for([words.used(line(P.STRAIGHTS), "notation")]))
    assert key["most s"] == "the most straights" and key["if several fit"] == "the higher cards"
    assert dict(key_for([words.used(line(P.HIGHER), "text")])).keys() == {"if several fit"}
