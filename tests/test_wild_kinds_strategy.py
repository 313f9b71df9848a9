"""Issue 53's wild cards through the strategy stage: an exact table derived for Sevens Wild
(content/paytables/), proven on every deal, in the game's own words; and the words of every
family's wild cards (core/wild_words.py), as lines, sections and keys say them."""

import functools
from pathlib import Path

import pytest

from generator.core import wild_words
from generator.site.sections import label
from generator.site.symbols import key_for
from generator.solve.cache import solve_uncached
from generator.solve.families import FAMILIES
from generator.solve.paytable import load_paytable
from generator.strategy import build, verify

PAYTABLES = Path(__file__).resolve().parents[1] / "content" / "paytables"


@functools.cache
def _solved(slug: str):
    return solve_uncached(load_paytable(PAYTABLES / f"{slug}.toml"))


def test_every_family_with_wild_cards_has_its_own_words():
    # A name with no words kept would say "wild card" where a player says "seven": each
    # family's wild cards are named.
    for family in FAMILIES.values():
        if family.wild:
            assert family.wild_name in wild_words.WORDS, family.key


def test_wild_cards_are_counted_or_named_as_players_do():
    assert [wild_words.held("sevens", w) for w in (1, 3)] == ["1 seven", "3 sevens"]
    assert [wild_words.held("one_eyed_jacks", w) for w in (1, 2)] == [
        "a one-eyed jack", "both one-eyed jacks"]
    assert wild_words.held("sevens_joker", 2) == "2 wild cards"
    assert [wild_words.mark("sevens", 2), wild_words.mark("one_eyed_jacks", 1),
            wild_words.mark("one_eyed_jacks", 2)] == ["2Sv", "OEJ", "2OEJ"]
    assert [label(k, "sevens") for k in (0, 1, 4)] == ["No sevens", "1 seven", "4 sevens"]
    assert [label(k, "one_eyed_jacks") for k in (0, 1, 2)] == [
        "Without a one-eyed jack", "With one one-eyed jack", "With both one-eyed jacks"]
    # The marks a table uses are keyed in the game's words.
    key = dict(key_for([{"2Sv", "3Sv", "W"}], "sevens"))
    assert key["2Sv, 3Sv"] == "with 2 or 3 sevens among the cards held"
    assert key["W"] == "sevens only (no other card held)"
    assert dict(key_for([{"OEJ"}], "one_eyed_jacks"))["OEJ"] == (
        "a one-eyed jack is one of the cards held")


def test_the_marks_of_each_game_are_its_own():
    # A seven's mark is not a deuce's; only the two joker games share "Jkr".
    suffixes = [words.mark for words in wild_words.WORDS.values() if words.mark != "Jkr"]
    assert len(set(suffixes)) == len(suffixes)


# Sevens Wild: the quickest of the new games to derive (25 s); Five Aces (30 s more) and
# Sevens and Joker Wild are derived by `vpcharts build --content` a folder holding them, and
# their words are checked line by line in test_wording.py.
@pytest.mark.slow
@pytest.mark.parametrize("slug, family_words, absent", [
    ("sevens-wild", ("4 sevens", "No sevens"), "deuce"),
])
def test_an_exact_table_in_the_games_words(slug, family_words, absent):
    solution = _solved(slug)
    table = build(solution)
    result = verify(solution, table)
    assert result["deals"] == solution.deck.deals
    assert result["misplays"] == 0 and result["cost"] == 0 and result["unmatched"] == 0
    texts = [line.text for line in table.lines]
    sections = {label(k, solution.table.family.wild_name)
                for line in table.lines for k in line.wild_dealt} \
        if solution.table.family.wild else set()
    for words in family_words:
        assert any(words in text for text in texts) or words in sections, words
    assert not any(absent in text.lower() for text in texts)


def test_the_card_and_the_page_say_how_to_find_a_deals_section_in_each_games_words():
    # The words the catalogue's games printed before these were data (their pages stay
    # byte-identical), and the new games' in the same shape.
    assert [wild_words.card_instruction(w) for w in ("deuces", "joker", "deuces_joker")] == [
        "Count the deuces in your deal, then hold", "With the joker dealt or without, hold",
        "Count the wild cards (deuces and the joker) in your deal, then hold"]
    assert wild_words.card_instruction("sevens") == "Count the sevens in your deal, then hold"
    assert wild_words.section_instruction("sevens_joker").startswith(
        "Count the wild cards in your deal (the sevens and the joker) and read that section only")
    assert wild_words.section_instruction("joker").startswith(
        "See whether the joker is in your deal and read")
