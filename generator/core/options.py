"""The command line's value types: each takes an option's text and returns its value or refuses
it with the value and what was expected, the range included (argparse prefixes the option's
name: "argument --rounds: '0': expected a whole number from 1 to 100,000").

Why a range on every number: a value past what a command can compute (10**20 rounds, a seed
numpy refuses, 10**308 bets) must be refused before any work, with the limit said, never found
later as an internal error or a figure nobody asked for. The limits are the commands' own, named
where they are used (bankroll.limits, chinese, ultimate_x) and listed in `--help` and
docs/user-guide/08-commands.md.
"""

import argparse
import re
from fractions import Fraction
from pathlib import Path

from .errors import shorten

# Digits as people type them: ASCII only (int() also takes "1_000", " 5" and Arabic-Indic digits,
# which no option here means), an optional minus so that "-5" is refused for its range.
_WHOLE = re.compile(r"-?[0-9]+")
# A number of bets: 400, 2.5 (as the pages take it; no exponent, no sign).
_DECIMAL = re.compile(r"[0-9]+(\.[0-9]+)?")
# More digits than any limit here has: refused without converting (int() of 5,000 digits is slow
# and, past 4,300, an error of its own).
_MOST_DIGITS = 30


def count(text: str) -> str:
    """1234567 -> '1,234,567'."""
    return f"{text:,}"


def whole(low: int, high: int, what: str = "a whole number"):
    """A type for a whole number from `low` to `high` inclusive."""

    def parse(text: str) -> int:
        text = str(text)
        # (no number here is negative: "-0" is refused as "-5" is, a port's way)
        if len(text) <= _MOST_DIGITS + 1 and _WHOLE.fullmatch(text) and not text.startswith("-") \
                and low <= int(text) <= high:
            return int(text)
        raise argparse.ArgumentTypeError(f"{shorten(repr(text))}: expected {what} from "
                                         f"{count(low)} to {count(high)}")

    parse.__name__ = "whole number"
    return parse


def bets(high: int):
    """A type for a number of bets above 0 and at most `high`: 400 or 2.5, as a Fraction."""

    def parse(text: str) -> Fraction:
        text = str(text)
        if len(text) <= 2 * _MOST_DIGITS and _DECIMAL.fullmatch(text):
            value = Fraction(text)
            if 0 < value <= high:
                return value
        raise argparse.ArgumentTypeError(f"{shorten(repr(text))}: expected a number of bets above "
                                         f"0 and at most {count(high)}, like 400 or 2.5")

    parse.__name__ = "number of bets"
    return parse


def path(text: str) -> Path:
    """A file or folder name: any text the operating system can take (no NUL character, which
    no file name holds and which Python's file calls refuse with a ValueError)."""
    if "\x00" in str(text):
        raise argparse.ArgumentTypeError(f"{shorten(repr(text))}: expected a path (it holds a "
                                         "NUL character)")
    return Path(text)


path.__name__ = "path"


def one_of(*numbers: int):
    """A type for one of a few whole numbers, written as they are ("-0", " 1" and "1_0" are
    not: argparse's `type=int` with `choices` took them, or misquoted them when refused)."""
    names = [str(n) for n in numbers]

    def parse(text: str) -> int:
        if str(text) in names:
            return int(text)
        raise argparse.ArgumentTypeError(f"{shorten(repr(text))}: expected one of "
                                         f"{', '.join(names)}")

    parse.__name__ = "choice"
    return parse


def meter(high: int):
    """A type for a progressive meter in coins, 0 to `high`: 4000 or 4123.75, as a Fraction."""

    def parse(text: str) -> Fraction:
        text = str(text)
        if len(text) <= 2 * _MOST_DIGITS and _DECIMAL.fullmatch(text):
            value = Fraction(text)
            if value <= high:
                return value
        raise argparse.ArgumentTypeError(f"{shorten(repr(text))}: expected a meter in coins from "
                                         f"0 to {count(high)}, like 4000 or 4123.75")

    parse.__name__ = "meter"
    return parse
