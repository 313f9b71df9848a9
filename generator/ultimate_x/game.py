"""Ultimate X games as data: a base pay table, a number of lines and the multiplier each final
hand earns for the next deal.

A file in `content/ultimate-x/` names one base pay table and gives, per number of lines the
machines offer, the multiplier of every paying hand (what the machine's help screen shows):

    paytable = "8-6-jacks-or-better"        # a slug of content/paytables/
    source = "Wizard of Odds, Ultimate X Poker: https://..."   # where the multipliers are from
                                            # (a [lines.N] table may name its own)

    [lines.10]
    multipliers = { royal_flush = 7, straight_flush = 7, four_of_a_kind = 3, full_house = 12,
                    flush = 11, straight = 7, three_of_a_kind = 4, two_pair = 3, pair = 2 }
    quads = { "A" = 4, "2-4" = 4 }          # the [quads] rules of the pay table, by their keys
    published_return = "0.99422"            # optional: the optimal return as printed, and where
    return_source = "Wizard of Odds, ..."

Each `[lines.N]` is one game (N = 1, 3, 5 or 10), with its own page, pocket card and checker.
The bet is 10 coins a line where the base game's is 5: every return here is per coin bet, the
pays stay those of the 5-coin pay table. A hand that pays nothing earns 1x.

In: the file and the base pay tables. Out: `UltimateX` records (and `single_table`, the pay
table Wizard of Odds' single strategy plays); every problem is a `ContentError` naming the
file, the field, the value and what was expected.
"""

import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.errors import ContentError
from ..solve.paytable import PayLine, PayTable, _parse_published  # (the same published-figure rules)

LINE_COUNTS = (1, 3, 5, 10)  # the machines IGT makes: single hand, Triple, Five and Ten Play
LARGEST_MULTIPLIER = 12  # the largest any Ultimate X machine awards; the states are sums of them
BET_FACTOR = 2  # 10 coins a line against the base game's 5
FOLDER = "ultimate-x"


@dataclass(frozen=True)
class UltimateX:
    """One Ultimate X game: a base pay table played on `lines` lines at 10 coins a line."""

    slug: str
    name: str
    table: PayTable
    lines: int
    multipliers: tuple[int, ...]  # per pay line of `table` (table.lines order); "nothing" earns 1
    source: str  # the file it was read from
    multipliers_source: str
    published_return: str | None = field(default=None, compare=False)
    published_source: str | None = field(default=None, compare=False)

    @property
    def values(self) -> tuple[int, ...]:
        """The distinct multipliers a line can carry, 1 first."""
        return tuple(sorted({1, *self.multipliers}))

    @property
    def play_name(self) -> str:
        return "single hand" if self.lines == 1 else f"{self.lines}-play"

    def multiplier(self, key: str) -> int:
        """The multiplier a final hand of pay line `key` earns ("nothing" earns 1)."""
        for line, m in zip(self.table.lines, self.multipliers):
            if line.key == key:
                return m
        if key == "nothing":
            return 1
        raise KeyError(key)

    def canonical(self) -> str:
        """What decides the solution: the base pay table, the lines and the multipliers."""
        return (f"{self.table.canonical()}|lines={self.lines}|"
                f"multipliers={','.join(map(str, self.multipliers))}")


def slug_for(stem: str, lines: int) -> str:
    return f"ultimate-x-{stem}-" + ("single-hand" if lines == 1 else f"{lines}-play")


def _multiplier(value, path, field) -> int:
    if isinstance(value, bool) or not isinstance(value, int) \
            or not 1 <= value <= LARGEST_MULTIPLIER:
        raise ContentError(path, field, value, f"a whole number of times from 1 to "
                           f"{LARGEST_MULTIPLIER}, as the machine shows it (12 for 12x)")
    return value


def parse_game(data: dict, path: Path | str, stem: str,
               tables: dict[str, PayTable]) -> list[UltimateX]:
    """The games of one file (one per `[lines.N]`), checked against the base pay tables."""
    allowed = {"paytable", "source", "lines", "name"}
    for key in data:
        if key not in allowed:
            raise ContentError(path, key, None, "only the fields " + ", ".join(sorted(allowed)))
    slug = data.get("paytable")
    if not isinstance(slug, str) or slug not in tables:
        raise ContentError(path, "paytable", slug, "the slug of a pay table in content/paytables/"
                           " (the base game, e.g. \"8-6-jacks-or-better\")")
    table = tables[slug]
    source = data.get("source")
    if not isinstance(source, str) or not source.strip() or not source.isprintable() \
            or len(source) > 300:
        raise ContentError(path, "source", source, "where the multipliers come from, on one line "
                           "of at most 300 characters (a name and an address)")
    name = data.get("name", f"{table.name} Ultimate X")
    if not isinstance(name, str) or not name.strip() or len(name) > 70 or not name.isprintable():
        raise ContentError(path, "name", name, "a name of at most 70 characters on one line")
    lines = data.get("lines")
    if not isinstance(lines, dict) or not lines:
        raise ContentError(path, "lines", lines, "at least one multiplier table, [lines.N] with "
                           "N = " + ", ".join(map(str, LINE_COUNTS)))
    games = []
    for key, entry in lines.items():
        where = f"lines.{key}"
        if not re.fullmatch(r"\d{1,3}", key) or int(key) not in LINE_COUNTS:
            raise ContentError(path, where, key, "a number of lines the machines offer: "
                               + ", ".join(map(str, LINE_COUNTS)))
        count = int(key)
        if not isinstance(entry, dict):
            raise ContentError(path, where, entry, "a table with multipliers = { ... }")
        games.append(_parse_lines(entry, path, where, stem, name.strip(), table, count,
                                  source.strip()))
    return sorted(games, key=lambda g: g.lines)


def _parse_lines(entry: dict, path, where: str, stem: str, name: str, table: PayTable, count: int,
                 source: str) -> UltimateX:
    allowed = {"multipliers", "quads", "published_return", "return_source", "source"}
    for key in entry:
        if key not in allowed:
            raise ContentError(path, f"{where}.{key}", None, "only the fields "
                               + ", ".join(sorted(allowed)))
    plain = entry.get("multipliers")
    if not isinstance(plain, dict):
        raise ContentError(path, f"{where}.multipliers", plain, "a multiplier per paying hand, "
                           "like multipliers = { full_house = 12, flush = 11, ... }")
    quads = entry.get("quads", {})
    if not isinstance(quads, dict):
        raise ContentError(path, f"{where}.quads", quads, "a multiplier per [quads] rule of the "
                           "pay table, like quads = { \"A\" = 4 }")
    given = {k: (f"{where}.multipliers.{k}", v) for k, v in plain.items()}
    given.update({"quads:" + k: (f"{where}.quads.{k}", v) for k, v in quads.items()})
    keys = [line.key for line in table.lines]
    for key, (field_name, _) in given.items():
        if key not in keys:
            hands = ", ".join(k for k in keys if not k.startswith("quads:"))
            rules = [k[6:] for k in keys if k.startswith("quads:")]
            expected = f"a paying hand of {table.name}: {hands}"
            if rules:
                expected += " (quads rules under quads: " + ", ".join(rules) + ")"
            raise ContentError(path, field_name, None, expected)
    multipliers = []
    for line in table.lines:
        if line.key not in given:
            field_name = (f"{where}.quads.{line.key[6:]}" if line.key.startswith("quads:")
                          else f"{where}.multipliers.{line.key}")
            raise ContentError(path, field_name, None, f"a multiplier for {line.label}: every "
                               "paying hand earns one")
        multipliers.append(_multiplier(given[line.key][1], path, given[line.key][0]))
    own = entry.get("source", source)
    if not isinstance(own, str) or not own.strip() or not own.isprintable() or len(own) > 300:
        raise ContentError(path, f"{where}.source", own, "where this table's multipliers come "
                           "from, on one line of at most 300 characters")
    source = own.strip()
    published = {"published_return": entry.get("published_return"),
                 "source": entry.get("return_source")}
    published = {k: v for k, v in published.items() if v is not None}
    try:
        figure, figure_source = _parse_published(published, path)
    except ContentError as exc:  # (named as this file writes them)
        field_name = {"source": "return_source"}.get(exc.field, exc.field)
        raise ContentError(path, f"{where}.{field_name}", exc.value, exc.expected) from None
    play = "Single Hand" if count == 1 else f"{count}-Play"
    return UltimateX(slug_for(stem, count), f"{name}, {play}", table, count, tuple(multipliers),
                     str(path), source, figure, figure_source)


def load_games(folder: Path | str, tables: list[PayTable]) -> list[UltimateX]:
    """Every game of every `*.toml` in `folder` (none if there is no such folder), by slug."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    by_slug = {t.slug: t for t in tables}
    games: list[UltimateX] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError as exc:
            raise ContentError(path, "encoding", None, f"UTF-8 text (byte {exc.start}: "
                               f"{exc.reason})") from None
        except tomllib.TOMLDecodeError as exc:
            found = re.search(r"\(at (line \d+), column \d+\)|\(at (end of document)\)", str(exc))
            raise ContentError(path, (found.group(1) or found.group(2)) if found else None, None,
                               f"valid TOML ({exc})") from None
        games += parse_game(data, path, path.stem, by_slug)
    return sorted(games, key=lambda g: g.slug)


def load_games_of_file(path: Path, tables: list[PayTable]) -> list[UltimateX]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(path, None, None, f"a readable TOML file ({exc})") from None
    return parse_game(data, path, path.stem, {t.slug: t for t in tables})


SINGLE_WIN_WEIGHT = 2  # Wizard of Odds' multi-line valuation: 2 x win + multiplier - 1


def single_table(game: UltimateX) -> PayTable:
    """The pay table the single strategy plays: each hand valued at 2 pay + multiplier - 1."""
    table = game.table
    lines = tuple(PayLine(line.key, line.label, SINGLE_WIN_WEIGHT * line.pay + m - 1)
                  for line, m in zip(table.lines, game.multipliers))
    by_key = {line.key: line.pay for line in lines}
    rules = tuple(replace(rule, pay=by_key["quads:" + rule.key]) for rule in table.quad_rules)
    slug = f"{game.slug}-single"
    return replace(table, slug=slug, name=f"{game.name}: single strategy", lines=lines,
                   quad_rules=rules, warnings=(), published_return=None, published_source=None)
