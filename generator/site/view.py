"""What the pages show, derived from one pay table's records (export/records.py, and what the
pricing stage adds: pricing/records.py, bankroll/records.py) and nothing else.

Exact values stay Fractions until the last step; the strings made here are for display only.
"""

import json
from dataclasses import dataclass, replace
from fractions import Fraction

from ..bankroll.records import LevelBankroll
from ..core import line_parts as words
from ..core.cards import RANKS, STAR, STAR_SYMBOL, SUIT_SYMBOLS, SUITS
from ..core.decimals import decimal
from ..core.records import to_json
from ..export.records import Export, Level, Summary
from ..pricing.records import PriceRow
from .lines import Line, lines_of
from .sections import sections

_RED_SUITS = {"d", "h"}
# The simple level's rule as pages say it: the most it may cost, and how much shorter than the
# card it must be to be offered (strategy.levels.SIMPLE_COST and SIMPLE_SHORTER, which
# tests/test_site_levels.py holds these to; the site imports no strategy code).
SIMPLE_RULE = {"cost_percent": "0.10%", "shorter": "a quarter"}

def number_text(value: str | Fraction, places: int = 4) -> str:
    """'800', '2.5', '0.4312': a decimal without trailing zeros (exact pays print exactly)."""
    text = decimal(Fraction(value), places)
    return text.rstrip("0").rstrip(".") if "." in text else text


def ce_ranges(runs: list[list[int]]) -> str:
    """[[4, 6], [9, 9]] -> '4-6, 9': every CE number, in runs (as the export writes them)."""
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs) or "-"


def ce_span(high: Fraction | None, low: Fraction | None) -> str:
    """A line's CE values as decimals: '19.6809-18.3617', or one value."""
    if high is None:
        return "-"
    if high == low or low is None:
        return decimal(Fraction(high), 4)
    return f"{decimal(Fraction(high), 4)}–{decimal(Fraction(low), 4)}"


@dataclass(frozen=True)
class Card:
    rank: str       # "A", "T", or "Jk" for the joker
    suit: str       # the suit symbol ("★" for Five Aces' fifth ace), "" for the joker
    red: bool
    held: bool

    @property
    def text(self) -> str:
        return self.rank + self.suit


def example_cards(example: str) -> list[Card]:
    """'[As Ks] 9d 8c 2h' -> five Cards; the bracketed ones are held."""
    cards, held = [], False
    for token in example.split():
        if token.startswith("["):
            held, token = True, token[1:]
        closes = token.endswith("]")
        token = token.rstrip("]")
        if token == "Jk":
            cards.append(Card("Jk", "", False, held))
        elif token.endswith(STAR) and token[0] in RANKS:  # (the fifth ace: neither red nor black)
            cards.append(Card(token[0], STAR_SYMBOL, False, held))
        else:
            rank, suit = token[0], token[1]
            if rank not in RANKS or suit not in SUITS:
                raise ValueError(f"not a card: {token!r} in {example!r}")
            cards.append(Card(rank, SUIT_SYMBOLS[SUITS.index(suit)], suit in _RED_SUITS, held))
        if closes:
            held = False
    return cards


@dataclass(frozen=True)
class LineRow:
    number: int
    # The number it is printed with (a run of made hands shares one): the export's `row` as
    # made, then numbered through the table's sections by `section_rows` (`numbered_sections`).
    row: int
    hold: str
    notes: list[str]
    notation: str
    text: str
    ce_numbers: str
    ce_summary: str     # the CE numbers in a few words, when the list is long; else ""
    ce_values: str
    deals: int
    examples: list[list[Card]]
    # Where the notation writes each symbol of the key (line_parts.marked): <abbr> on the page.
    marks: tuple = ()
    also: tuple[int, ...] = ()  # the other lines printed in this row (a run of made hands)
    anchored: bool = True  # the row carries the line's anchor (the first time it is shown)
    # The exact table shows each line of a run of made hands apart (each has its CE values):
    # the rows after the first continue its printed line, and its number is not printed again
    # ("1 Royal Flush / 1 Straight Flush / 1 Four of a Kind" read as three lines numbered 1).
    run_on: bool = False
    band: bool = False  # shaded: every other printed line of the section, a run shaded alike
    # In a sectioned table: the wild cards dealt in its section, and every line printed in the
    # row, each of which has an anchor of the section's ("line-12-w1": the checker links to the
    # line in the deal's section).
    wild: int | None = None
    lines: tuple[int, ...] = ()

    @property
    def classes(self) -> str:
        """The exact table's row classes ("run-on band"), or ""."""
        return " ".join(name for name, on in (("run-on", self.run_on), ("band", self.band)) if on)


def numbered_sections(lines, wild: str | None) -> list[tuple]:
    """(section, {line number: the number it is printed with}) of each section of a table
    (`sections`): the printed lines numbered through the table, section after section, from 1
    and without a gap or a repeat, as a player reads them. A run of made hands sharing one
    `row` is one printed line; a line standing in two sections is printed, and numbered, in
    each. (The export's `row` numbers the table unsplit: a section printing some of its lines
    read 1, 3, 5.) The card, the pages and the checker all number lines so."""
    out, printed = [], 0
    for section in sections(lines, wild):
        numbers, last = {}, None
        for line in section.lines:
            printed += line.row != last
            numbers[line.number], last = printed, line.row
        out.append((section, numbers))
    return out


def printed_numbers(lines, wild: str | None) -> dict[int, list[list]]:
    """Each line's printed numbers by its number: [wild cards dealt, number, the section's
    label] for each section printing it, in order (wild cards and label None in a table not
    split): what the checker says "line N" with, for a deal of that many wild cards."""
    out: dict[int, list[list]] = {}
    for section, numbers in numbered_sections(lines, wild):
        for number, printed in numbers.items():
            out.setdefault(number, []).append([section.wild, printed, section.label])
    return out


def section_rows(lines, wild: str | None, rows_of) -> list[tuple[str | None, list]]:
    """(label, rows) of each section of a table (`sections`: a wild game by the wild cards
    dealt), rows made by `rows_of` (level_rows, line_rows), each with the number it is printed
    with (`numbered_sections`). A line shown in two sections carries its anchor ("line-N") in
    the first only, and in every section its section's ("line-N-wK"); a row printed in the line
    of the row above it is `run_on`."""
    seen: set[int] = set()
    out = []
    for section, numbers in numbered_sections(lines, wild):
        rows, printed = [], -1
        for row in rows_of(section.lines):
            lines_in = (row.number,) + row.also
            run_on = bool(rows) and rows[-1].row == numbers[row.number]
            printed += not run_on
            # (shaded as the stylesheet's alternate rows were: the first printed line under a
            # section's heading row, the second where there is no heading)
            rows.append(replace(row, row=numbers[row.number], anchored=row.number not in seen,
                                also=tuple(n for n in row.also if n not in seen),
                                run_on=run_on, band=printed % 2 == (0 if section.label else 1),
                                wild=section.wild, lines=lines_in))
            seen.update(lines_in)
        out.append((section.label, rows))
    return out


@dataclass(frozen=True)
class ExceptionNote:
    """The deals an exception line names, listed under the table (players' charts put
    exceptions in a footnote with the cards written out, never in the line)."""
    number: int  # the line's number in the table (its anchor, "line-N")
    row: int  # the number it is printed with where its anchor is (`numbered_sections`)
    hold: str  # what the line holds: "2 to a Royal Flush"
    deals: list[tuple[list[Card], list[Card]]]  # (the cards the line holds, the others)


def exception_notes(lines, wild: str | None) -> list[ExceptionNote]:
    """Each exception line's deals (its `deal in` condition), in table order, each as the cards
    the line holds there and the others (the export's `exception_holds`): "2 to a Straight
    Flush, with the joker" does not say which card goes with the joker; (6♦ Jk, 2♣ 3♥ 7♣) does."""
    notes = [line for line in lines_of(lines) if line.is_exception]
    if not notes:
        return []
    printed = printed_numbers(lines, wild)
    return [ExceptionNote(line.number, printed[line.number][0][1], words.named(line.parts),
                          [(example_cards(held), example_cards(others))
                           for held, others in line.exception_holds])
            for line in notes]


# The words of each choice rule as the note under a level says them (strategy.features'
# CHOICE_WORDS: the site imports no strategy code on a rebuild from the cache).
CHOICE_WORDS = {"higher": "the higher cards", "straights": "the most straights",
                "high": "the most high cards"}


def choice_note(level: Level) -> str:
    """One sentence for a level's page: on how many deals a line of it fits more than one way,
    and which cards it keeps then: the higher cards, unless the line says another rule (the
    lines say only the others) ("" where no line fits a deal more than one way)."""
    deals = level.choice_deals
    if not deals:
        return ""
    others = [CHOICE_WORDS[name] for name in sorted(level.choices,
                                                    key=list(CHOICE_WORDS).index)
              if name != "higher"]
    return (f"On {deals:,} deals a line fits more than one way: keep the higher cards"
            + (f", unless the line says {' or '.join(others)}." if others else "."))


def without_deals(line: Line) -> Line:
    """An exception line pointing to its note under the table instead of listing its deals."""
    if not line.is_exception:
        return line
    return line.said(words.with_deals_said(line.parts, "only in the deals listed under the table",
                                           "exception (deals under the table)"))


def line_json(line) -> dict:
    """An exported line as the published JSON and the checker have it: its words, not its
    parts, nor its exception's deals as played (the exact table's page lists them)."""
    return {key: value for key, value in to_json(line).items()
            if key not in ("parts", "exception_holds")}


def for_checker(line) -> dict:
    """An exported line as the checker embeds it (its words, not its parts): an exception line
    names the deal it is checking among its deals, not all of them (Joker Poker Kings' longest
    made a 2,700-character sentence); the deals are listed under the exact table, where the
    line's number links."""
    out = line_json(line)
    typed = lines_of([line])[0]
    if typed.is_exception:
        deals = words.exception_deals(typed.parts)
        out["text"] = words.text(words.with_deals_said(
            typed.parts, "only in this deal (or the same with suits exchanged)" if len(deals) == 1
            else "only in the deals listed under the exact table, this one among them"))
    return out


def line_rows(lines) -> list[LineRow]:
    rows = []
    for line in map(without_deals, lines_of(lines)):
        rows.append(LineRow(
            number=line.number, row=line.row,
            hold=words.text(words.holding(line.parts), line.with_wild),
            notes=words.notes(line.parts), notation=line.notation, text=line.text,
            marks=words.marked(line.parts, line.with_wild)[1],
            ce_numbers=ce_ranges(line.ce_numbers),
            ce_summary=(ce_summary(line.ce_numbers)
                        if len(ce_ranges(line.ce_numbers)) > CE_LIST_SHOWN else ""),
            ce_values=ce_span(line.ce_high, line.ce_low), deals=line.deals,
            examples=[example_cards(e) for e in line.examples]))
    return rows


@dataclass(frozen=True)
class FinalRow:
    label: str
    pay: str
    combinations: int
    probability: str
    contribution: str


def level_rows(lines) -> list[LineRow]:
    """A level's rows as the card prints them: a run of made hands sharing one `row` is one row
    ("Natural Royal Flush; Five of a Kind, with the joker; ..."), its first line's example, the
    other lines' numbers in `also` (the checker finds a line by any of them)."""
    lines = lines_of(lines)
    rows = line_rows(lines)
    out = []
    for run in printed_lines(lines):
        members = [row for row in rows if row.number in run.lines]
        # A lone line keeps its hold and penalty notes apart (the notes have their own column).
        hold = run.text if len(members) > 1 else members[0].hold
        out.append(replace(members[0], hold=hold, notation=run.notation, marks=run.marks,
                           also=run.lines[1:]))
    return out


def final_rows(solution: Summary, coins: int = 5) -> list[FinalRow]:
    """The final hands' table, its pays as the glass shows them (`glass_pays`)."""
    return [FinalRow(row.label, number_text(row.pay * Fraction(coins, 5)), row.combinations,
                     decimal(row.probability, 8), decimal(row.contribution, 6))
            for row in solution.final_hands]


def glass_pays(rules) -> list:
    """The pays as the machine's glass shows them (`Rules`' are per coin bet): times coins / 5,
    so a six-coin game's read as the full bet's win over 5 (its wild royal 20, not 16.67)."""
    if rules.coins == 5:
        return list(rules.pays)
    return [replace(pay, pay=pay.pay * Fraction(rules.coins, 5)) for pay in rules.pays]


def line_count(export: Export) -> int | None:
    levels = export.levels
    return None if levels is None else len(levels["exact"].lines)


@dataclass(frozen=True)
class PrintedLine:
    """A line as printed: a run of lines sharing one `row` is one printed line."""
    number: int  # the row it is printed as
    lines: tuple[int, ...]  # the numbers of the lines in it
    text: str
    notation: str
    compact: str  # the notation, rank sets listed with spaces ("3SF: 9JK 7TJ 79J")
    marks: tuple  # where the notation writes each symbol of the key (line_parts.marked)
    # The symbols of the notation's key each wording uses ("text", "notation", "compact").
    used: dict[str, frozenset[str]]


def printed_lines(lines) -> list[PrintedLine]:
    """The lines as printed: a run sharing one `row` (made hands held whole: "Full House,
    Flush, Three of a Kind, Straight") becomes one line, its wordings joined: by semicolons
    where a hand's own name has a comma ("Five of a Kind, with 1 deuce; Straight Flush")."""
    runs: list[list[Line]] = []
    for line in lines_of(lines):
        if runs and runs[-1][0].row == line.row:
            runs[-1].append(line)
        else:
            runs.append([line])
    out = []
    for run in runs:
        texts = [line.text for line in run]
        out.append(PrintedLine(
            run[0].row, tuple(line.number for line in run),
            ("; " if any(", " in text for text in texts) else ", ").join(texts),
            ", ".join(line.notation for line in run),
            ", ".join(words.notation(line.parts, line.with_wild, compact=True) for line in run),
            _joined_marks([words.marked(line.parts, line.with_wild) for line in run]),
            {wording: frozenset().union(*(words.used(line.parts, wording, line.with_wild)
                                          for line in run))
             for wording in ("text", "notation", "compact")}))
    return out


def _joined_marks(notations) -> tuple:
    """The marks of notations joined with ", ", each moved by what goes before it."""
    out, at = [], 0
    for notation, marks in notations:
        out += [(start + at, end + at, *rest) for start, end, *rest in marks]
        at += len(notation) + len(", ")
    return tuple(out)


def published(export: Export, played_here: tuple[PriceRow, ...] = (),
              bankroll: dict[str, LevelBankroll] | None = None) -> dict:
    """The export as `site/<slug>.json` publishes it: the CE table's classes-by-size column left
    out (the CLI's `strategy --ce` prints it), and the CE numbers of the card and simple levels'
    lines, which keep the largest Deuces Wild exports under 100 KB gzipped; and the times,
    which differ from one cold build to the next (the site's files depend on the inputs only);
    and what the pages are made from (each line's parts, an exception's deals as played, the
    game's facts for the index). Everything the checker and the pages read is kept, and the
    game's cards priced on this pay table are added (`cards_played_here`: prices.py's rows,
    cheapest first; [] for a game of one pay table), and its bankroll figures (`bankroll`:
    bankroll/figures.py's, by level, but for the multi-play rounds' distributions, which are
    in rounds/<slug>.js: `rounds_script`)."""
    out = to_json(export)
    del out["game"]
    del out["ce"]["classes"]
    out["cards_played_here"] = to_json(played_here)
    out["bankroll"] = {level: {k: v for k, v in to_json(figures).items() if k != "multi"}
                       for level, figures in bankroll.items()} if bankroll else bankroll
    if export.strategy is not None:
        strategy = out["strategy"]
        del strategy["derive_seconds"], strategy["levels_seconds"]
        for name, level in strategy["levels"].items():
            # The lines' parts are what the pages render from; the JSON keeps their words. The
            # CE numbers of the card and simple levels' lines are shown nowhere (the exact
            # table's are, on its page) and were a third of the largest files.
            level["lines"] = [{k: v for k, v in line.items() if not (
                k in ("parts", "exception_holds") or k == "ce_numbers" and name != "exact")}
                for line in level["lines"]]
    return out


def played_here(rows: tuple[PriceRow, ...]) -> dict | None:
    """The page's table of the game's cards played on this pay table (prices.py's rows,
    cheapest first): each row with its links (the card's PDF and page; a simple level's section
    of the page, which no PDF prints), and how many rows the page shows before the rest are
    folded away (PLAYED_HERE_SHOWN, and this pay table's own rows wherever they stand). None
    where no other pay table's level is priced."""
    if not any(not row.own for row in rows):
        return None
    out = []
    for row in rows:
        card = row.level == "card"
        # (this pay table's own rows link to their sections of this page)
        page = "" if row.own else f"{row.slug}.html"
        out.append(PlayedRow(row, page + ("#strategy" if row.own and card else
                                          "" if card else "#simple"),
                             f"{row.slug}.pdf" if card else None,
                             "card" if card else "simple level"))
    last_own = max((i for i, row in enumerate(out) if row.own), default=-1)
    shown = max(PLAYED_HERE_SHOWN, last_own + 1)
    return {"shown": out[:shown], "folded": out[shown:]}


@dataclass(frozen=True)
class PlayedRow:
    """A row of the page's table of the game's cards played here, with its links."""
    price: PriceRow
    page: str               # the card's section of its pay table's page
    pdf: str | None         # the card's PDF (a simple level has none)
    level_name: str         # "card", "simple level"

    def __getattr__(self, name):  # (the template reads the row's own fields through it)
        return getattr(self.price, name)


# The rows the page shows of the game's cards played here; the rest open on a tap (Deuces Wild
# has 18 pay tables: 17 cards and their simple levels, the dearest a dozen times the cheapest).
PLAYED_HERE_SHOWN = 6


# ---- what identifies a machine, and the index ------------------------------------------------

# Short names of the pays a player reads off the glass to tell machines of a family apart
# (which pays those are is the family's: families.Family.identifying), in the key's order.
_SHORT = {"natural_royal": ("NR", "Natural royal"), "royal_flush": ("RF", "Royal flush"),
          "four_deuces": ("4D", "Four deuces"),
          "wild_royal": ("WR", "Wild royal"), "five_of_a_kind": ("5K", "Five of a kind"),
          "straight_flush": ("SF", "Straight flush"), "four_of_a_kind": ("4K", "Four of a kind"),
          "full_house": ("FH", "Full house"), "flush": ("F", "Flush"),
          "straight": ("S", "Straight")}


@dataclass(frozen=True)
class Pay:
    short: str     # "FH"
    label: str     # "Full house"
    pay: str       # "9"


def identifying_pays(export: Export, varying: frozenset = frozenset()) -> list[Pay]:
    """The pays that tell this machine from others, best first: its family's (full house and
    flush, "9/6", for the natural games; every pay from the wild royal to the flush for deuces),
    and those that differ among its game's pay tables (`varying_pays`: All American's straight
    flush, a 4,700-coin royal)."""
    family = export.game.identifying
    return [Pay(*_SHORT.get(p.key, (p.label, p.label)), number_text(p.pay))
            for p in glass_pays(export.rules) if p.key in family or p.key in varying]


def varying_pays(exports: list[Export]) -> frozenset:
    """The pay keys whose pay is not the same in every one of these pay tables (one game's)."""
    pays = [{p.key: p.pay for p in glass_pays(data.rules)} for data in exports]
    keys = set().union(*pays)
    return frozenset(key for key in keys if len({table.get(key) for table in pays}) > 1)


def pay_key(pay_lists) -> list[tuple[str, str]]:
    """[(short, label)] of every identifying pay used, once each, in a fixed order."""
    seen: dict[str, str] = {}
    for pays in pay_lists:
        for pay in pays:
            if pay.short != pay.label:  # (a pay without an abbreviation is named in full)
                seen.setdefault(pay.short, pay.label)
    order = [short for short, _ in _SHORT.values()]
    return sorted(seen.items(), key=lambda item: order.index(item[0]))


def search_pays(export: Export) -> str:
    """Every pay, best first, as the numbers a player may type into "find my machine": per unit
    (coin) bet, with the royal's 250 for one coin and 4000 for five as well."""
    out = []
    for pay in glass_pays(export.rules):
        value = number_text(pay.pay)
        if pay.key in ("royal_flush", "natural_royal") and pay.pay == 800:
            value = "800|250|4000"
        out.append(value)
    return " ".join(out)


def game_of(export: Export) -> str:
    """The game a player looks for (`paytable.game_name`): "Jacks or Better" for "9/6 Jacks or
    Better"; the family for deuces and joker games ("Deuces Wild")."""
    return export.game.name


def game_id(game: str) -> str:
    """The index's anchor of a game: "double-double-bonus" for "Double Double Bonus"."""
    return "-".join("".join(c if c.isalnum() else " " for c in game.lower()).split())


def families(exports: list[Export]) -> list[tuple[str, list[Export]]]:
    """[(game, exports best return first)]: the natural games first (the game with the best
    return first), then Deuces Wild, then Joker Poker: the families in the order their
    descriptions list them (`Game.family_order`)."""
    groups: dict[tuple[str, str], list[Export]] = {}
    for data in exports:
        groups.setdefault((data.rules.family, game_of(data)), []).append(data)

    def best(data):
        return (-data.solution.return_.exact, data.name.lower(), data.slug)

    for members in groups.values():
        members.sort(key=best)
    order = sorted(groups, key=lambda k: (groups[k][0].game.family_order, k[0],
                                          best(groups[k][0])))
    return [(game, groups[(family, game)]) for family, game in order]


# A CE number list longer than this is summed up in its cell and listed in full when opened:
# Deuces Wild lines run to 13,000 characters, a row 49,000 px tall.
CE_LIST_SHOWN = 120


def ce_summary(runs: list[list[int]]) -> str:
    """'412 CE numbers, 5 to 1,153': a long CE list in a few words."""
    count = sum(b - a + 1 for a, b in runs)
    return f"{count:,} CE numbers, {runs[0][0]:,} to {runs[-1][1]:,}" if runs else "-"


ROUNDS_FOLDER = "rounds"


def rounds_script(slug: str, bankroll: dict[str, LevelBankroll]) -> str:
    """rounds/<slug>.js: each level's multi-play round distributions (bankroll/figures.py's
    `multi`), added to globalThis.vpcharts.rounds[slug] for the session calculator, which loads
    it when a round of more than one hand is asked for (a script: it loads from file:// too)."""
    data = {level: to_json(figures.multi) for level, figures in bankroll.items()}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return ("// Written by vpcharts build (bankroll/rounds.py): the chance of each total pay of a "
            "round of 3, 5 and 10 hands, by level.\n"
            "(globalThis.vpcharts = globalThis.vpcharts || {}).rounds = "
            "globalThis.vpcharts.rounds || {};\n"
            f"globalThis.vpcharts.rounds[{json.dumps(slug)}] = {text};\n")


def bankroll_rows(bankroll: dict[str, LevelBankroll] | None) -> dict | None:
    """The page's table of swings: per round size, the card level's standard deviation a round
    (perfect play's for a table without a card), the two parts of the variance, and the
    lifetime bankrolls of a game over 100%. None without figures."""
    if not bankroll:
        return None
    card = bankroll.get("card") or bankroll["exact"]
    return {"level": "card" if "card" in bankroll else "exact", "rows": card.rounds,
            "within": card.within.decimal, "between": card.between.decimal,
            "lifetime": card.lifetime_bankroll,
            # what the session calculator (static/js/bankroll-ui.js) plays: each level's hand
            "hands": {name: dict(to_json(level.hand), percent=level.return_.percent)
                      for name, level in bankroll.items()}}


def typed_extras(rules) -> tuple[str, str] | None:
    """How the checker's help says to type the deck's cards past the 52 (`Rules`): ("Write the
    joker", "Jk"), ("Write each joker", "Jk"), ("Write the fifth ace", "A*"); None for 52."""
    if rules.deck_extras:
        return "Write the fifth ace", rules.deck_extras[0]
    if rules.deck_size == 52:
        return None
    return ("Write the joker" if rules.deck_size == 53 else "Write each joker"), "Jk"


def per_coin_example(pays) -> str:
    """The pay table's note on its units, by its top pay (of its `Pay`s, the first paying the
    most): "Royal Flush: 4,000 for 5 coins is 800 a coin" (Sevens and Joker Wild's top pay is
    its five wilds; a Joker Poker's with a 500-coin royal, its five of a kind)."""
    def shown(value: Fraction) -> str:
        return f"{int(value):,}" if value.denominator == 1 else number_text(value)

    pay = max(pays, key=lambda pay: Fraction(pay.pay))  # (the first of equals)
    each = Fraction(pay.pay)
    return f"{pay.label}: {shown(5 * each)} for 5 coins is {shown(each)} a coin"
