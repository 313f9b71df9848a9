"""The cards of a game's other pay tables, played on each of its pay tables (generator/pricing/prices.py):
each level's holds against the plain Python reference on sampled deals, a table's own levels
priced on itself against the returns its export states, and the rows as the sample site's pages
and JSON show them."""

import json
import random
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.pricing.records import Offer
from tests.sample import sample_slugs

CONTENT = Path(__file__).resolve().parents[1] / "content"


def _table(slug: str):
    from generator.solve.paytable import load_paytable

    return load_paytable(CONTENT / "paytables" / f"{slug}.toml")


def _reference_hold(cards: list[int], cls: int, conditions: list, family: str,
                    min_pair) -> int:
    """The hold a level's JSON lines make on one deal, played plainly: the first line some hold
    of the deal meets (a `deal` line only in its deals), the first of its holds by rank
    (`features.line_hold`); nothing held where no line meets the deal."""
    from generator.core.cards import format_hand
    from generator.strategy import features as P

    for line in conditions:
        parsed, rank_sets, deals = [], [], None
        for name, op_name, value in line:
            feature, op, value = P.condition_named(name, op_name, value)
            if feature == P.F_DEAL:
                deals = set(value)
                continue
            if op == P.OP_IN:
                rank_sets.append(frozenset(value))
                value = len(rank_sets) - 1
            parsed.append((feature, op, value))
        if deals is not None and format_hand(sorted(cards)) not in deals:
            continue
        mask = P.line_hold(cards, parsed, rank_sets, family, min_pair)
        if mask is not None:
            return mask
    return 0


# (a level, the pay table it is played on): another game's pays; Joker Poker's Two Pair card,
# whose lines know no high card, on Kings or Better; a table's own card.
PAIRS = [("nsu-deuces-wild", "card", "full-pay-deuces-wild"),
         ("loose-deuces", "card", "nsu-deuces-wild"),
         ("joker-poker-two-pair-or-better", "simple", "joker-poker-kings-or-better"),
         ("joker-poker-kings-or-better", "card", "joker-poker-two-pair-or-better"),
         ("8-5-jacks-or-better", "card", "9-6-jacks-or-better")]


@pytest.mark.parametrize("level_slug,level,slug", PAIRS)
def test_a_levels_holds_on_another_table_match_the_plain_reference(level_slug, level, slug):
    """On 150 random suit classes and every class a `deal` exception line names, the EV of
    the hold `prices.level_holds` plays equals that of the hold the Python reference plays
    with the level's JSON lines, from `Solution.deal_evs` of the deal itself."""
    from generator.export import cache as export
    from generator.pricing import prices
    from generator.core.cards import format_hand
    from generator.solve import cache

    source = _table(level_slug)
    data, _ = export.export(source)
    offer = prices.offered(data)
    if level not in offer:  # (the simple level is offered only where published)
        lines = getattr(data.strategy.levels, level).lines
        offer = {level: Offer(0, tuple(line.conditions for line in lines),
                              tuple(line.choice for line in lines))}
    held = prices.level_holds(source, {level: offer[level]})[0][level]
    solution, _ = cache.solve(_table(slug))
    reps = solution.deck.reps
    rng = random.Random(f"{level_slug} {level} {slug}")
    classes = set(rng.sample(range(len(reps)), 150))
    deal_of = {format_hand(rep.tolist()): c for c, rep in enumerate(reps)}
    for line in offer[level].conditions:
        for name, _, value in line:
            if name == "deal":
                classes |= {deal_of[text] for text in value}
    for c in sorted(classes):
        cards = reps[c].tolist()
        mask = _reference_hold(cards, c, offer[level].conditions, source.family.key,
                               source.min_pair)
        assert solution.evs[c, int(held[c])] == solution.deal_evs(cards)[mask], (c, cards)


def test_a_card_played_on_a_game_of_a_smaller_suit_group_plays_its_classes():
    """Black Jack Bonus tells the black jacks from the red (700,544 suit classes, not the
    134,459 of a deck under all 24 suit permutations): a level played there is played on the
    classes its solve has, one hold each, and on 150 random ones its hold's EV equals that of
    the hold the plain reference plays. The 9/6 Jacks or Better card stands in for one of the
    game's own (its lines name no black jack, so they read the same in both games)."""
    from generator.export import cache as export
    from generator.pricing import prices
    from generator.solve import cache

    card = prices.offered(export.export(_table("9-6-jacks-or-better"))[0])["card"]
    table = _table("black-jack-bonus-9-6")
    held = prices.level_holds(table, {"card": card}, use_cache=False)[0]["card"]
    solution, _ = cache.solve(table)
    reps = solution.deck.reps
    assert held.shape == (len(reps),) == (700544,)
    for c in random.Random("black jack").sample(range(len(reps)), 150):
        cards = reps[c].tolist()
        mask = _reference_hold(cards, c, card.conditions, table.family.key, table.min_pair)
        assert solution.evs[c, int(held[c])] == solution.deal_evs(cards)[mask], (c, cards)


def test_a_reference_that_plays_one_line_wrong_is_caught():
    """The comparison above can fail: dropping a level's first line that decides any sampled
    deal changes some EV."""
    from generator.export import cache as export
    from generator.pricing import prices
    from generator.solve import cache

    source = _table("full-pay-deuces-wild")
    card = prices.offered(export.export(source)[0])["card"]
    lines = card.conditions
    held = prices.level_holds(source, {"card": card})[0]["card"]
    cut = {"card": Offer(0, lines[:3] + lines[4:],  # "4 deuces" and on
                         card.choices[:3] + card.choices[4:])}
    other = prices.level_holds(source, cut)[0]["card"]
    solution, _ = cache.solve(source)
    differ = [c for c in range(len(held)) if held[c] != other[c]]
    assert differ
    c = differ[0]
    cards = solution.deck.reps[c].tolist()
    mask = _reference_hold(cards, c, lines, source.family.key, source.min_pair)
    evs = solution.deal_evs(cards)
    assert evs[mask] == solution.evs[c, int(held[c])] != solution.evs[c, int(other[c])]


def _exports(slugs):
    from generator.export import cache as export

    return {slug: export.export(_table(slug))[0] for slug in slugs}


def test_own_levels_priced_on_their_table_return_what_the_export_states_and_rows_are_sorted():
    from generator.pricing import prices

    slugs = ["full-pay-deuces-wild", "loose-deuces", "nsu-deuces-wild"]
    exports = _exports(slugs)
    rows, _, _ = prices.price_game([_table(s) for s in slugs],
                                {s: prices.offered(d) for s, d in exports.items()},
                                use_cache=False)
    for slug, data in exports.items():
        best = data.solution.return_.exact
        own = [row for row in rows[slug] if row.own]
        assert [row.level for row in own] == list(prices.offered(data))
        for row in own:
            level = data.levels[row.level]
            assert row.return_ == level.return_ and row.cost == level.cost
        assert len(rows[slug]) == sum(len(prices.offered(d)) for d in exports.values())
        costs = [row.cost for row in rows[slug]]
        assert costs == sorted(costs) and costs[0] >= 0
        for row in rows[slug]:
            assert row.return_.exact + row.cost == best


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth, self.links, self.ids, self.rows = 0, [], set(), 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if attrs.get("id") == "played-here":
            self.depth = 1
        elif self.depth and tag == "section":
            self.depth += 1
        if self.depth and tag == "a":
            self.links.append(attrs["href"])
        if self.depth and tag == "tr":
            self.rows += 1

    def handle_endtag(self, tag):
        if self.depth and tag == "section":
            self.depth -= 1


def test_the_sample_site_prices_each_game_on_its_pages_and_json(sample_site):
    """Every pay table of a game with others in the sample: its JSON's rows, cheapest first,
    exact and as decimals, its own card's return as its export states; the page's table with
    a row each (and the headings' rows), linking to pages and PDFs that exist. A game alone
    gets no table and no rows."""
    from generator.core.decimals import percent
    from generator.solve.paytable import load_paytables

    tables = {t.slug: t for t in load_paytables(CONTENT / "paytables") if t.slug in
              set(sample_slugs())}
    games = {}
    for table in tables.values():
        games.setdefault((table.family.key, table.game), []).append(table.slug)
    alone = priced = 0
    for slug, table in tables.items():
        data = json.loads((sample_site / f"{slug}.json").read_text())
        rows = data["cards_played_here"]
        page = _Links()
        page.feed((sample_site / f"{slug}.html").read_text())
        if len(games[table.family.key, table.game]) == 1:
            assert rows == [] and "played-here" not in page.ids, slug
            alone += 1
            continue
        priced += 1
        costs = [Fraction(row["cost"]) for row in rows]
        assert costs == sorted(costs), slug
        for row in rows:  # (exact as strings, and the export's display decimals)
            assert row["cost_percent"] == percent(Fraction(row["cost"]), 4)
            assert row["return"]["percent"] == percent(Fraction(row["return"]["exact"]))
        own_card = next(row for row in rows if row["own"] and row["level"] == "card")
        assert own_card["return"] == data["strategy"]["levels"]["card"]["return"]
        assert {row["slug"] for row in rows} == set(games[table.family.key, table.game])
        # (a row a level, one a table heading, shown and folded)
        assert page.rows == len(rows) + (2 if len(rows) > 6 else 1), slug
        for link in page.links:
            target, _, fragment = link.partition("#")
            assert (sample_site / (target or f"{slug}.html")).is_file(), (slug, link)
            if fragment:
                other = _Links()
                other.feed((sample_site / (target or f"{slug}.html")).read_text())
                assert fragment in other.ids, (slug, link)
        assert sum(link.endswith(".pdf") for link in page.links) == sum(
            row["level"] == "card" for row in rows)
    assert alone and priced >= 10


def test_a_price_job_weighs_its_tables_rounds_windows_so_the_six_coin_game_starts_early():
    """The build starts the heaviest price job first (orchestrate._played_here): the six-coin
    game's one table, whose rounds' FFT window is five times a five-coin table's, before a game
    of four Jacks or Better tables; a game weighs the sum of its tables."""
    from generator.bankroll.rounds import window
    from generator.pricing.prices import job_weight

    six_coin, jacks = _table("deuces-wild-double-double-bonus-20-10-8"), _table("9-6-jacks-or-better")
    assert job_weight([jacks]) == window(800) == 8192  # (the royal's 800, 10 hands a round)
    assert job_weight([six_coin]) == window(4000) == 40960  # (800 x 5/6 a coin bet, in sixths)
    assert job_weight([jacks] * 4) == 4 * 8192 < job_weight([six_coin])


@pytest.mark.parametrize("top", [1, 7, 80, 800, 801, 940, 1000, 4000, 4700, 10 ** 6])
def test_the_rounds_window_is_the_shortest_two_and_five_smooth_length_holding_every_total(top):
    from generator.bankroll.rounds import window

    need = 10 * top + 1
    smooth = sorted(2 ** a * 5 ** b for a in range(40) for b in range(12))
    assert window(top) == next(n for n in smooth if n >= need)
