"""The families' data file (generator/solve/families.toml, read by family_file.py).

* The file holds every family the catalogue's pay tables name, and reading it again gives the
  same descriptions (what the solver's cache keys and the browser's evaluator hold).
* A description no machine deals is one line naming the file and the field, value and what was
  expected: a wild card the deck does not hold, a card twice, a count of a wild kind the family
  does not have, a hand no evaluator knows, a misspelt field; and through the CLI, exit 2.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from generator.core.errors import ContentError
from generator.solve import family_file
from generator.solve.families import FAMILIES, family_data

ROOT = Path(__file__).resolve().parents[1]

# A small family, each case below changes one thing of it.
GOOD = '''
[twos]
title = "Twos Wild"
wild = [{ name = "deuces", cards = ["2c", "2d", "2h", "2s"] }]
categories = [
    { key = "four_deuces", label = "Four Deuces", hand = "wild_cards", exactly = { deuces = 4 } },
    { key = "five_of_a_kind", label = "Five of a Kind", ranks = "3-A" },
    { key = "three_of_a_kind", label = "Three of a Kind" },
]
'''


def test_the_package_file_is_what_every_stage_reads():
    again = family_file.read_families()
    assert list(again) == list(FAMILIES)
    assert {key: family_data(f) for key, f in again.items()} == \
        {key: family_data(f) for key, f in FAMILIES.items()}
    assert again["sevens_joker"].wild_name == "sevens_joker"
    assert again["five_aces"].deck[52:] == ("A*",)
    assert again["double_joker"].jokers == 2
    # a kicker of named suits: the black jacks
    four_aces = again["black_jack_bonus"].category("four_aces_black_jack")
    assert four_aces.kicker_suits == frozenset({0, 3})
    assert again["black_jack_bonus"].kicker_cards(four_aces) == ("Jc", "Js")


def test_a_good_small_family_reads_as_written(tmp_path):
    path = tmp_path / "families.toml"
    path.write_text(GOOD)
    twos = family_file.read_families(path)["twos"]
    assert twos.deck_size == 52 and twos.wild_count == 4
    assert [c.key for c in twos.categories] == ["four_deuces", "five_of_a_kind", "three_of_a_kind"]
    assert twos.categories[0].exactly == (("deuces", 4),)
    assert twos.categories[1].ranks == frozenset(range(1, 13))
    assert twos.lowest_min_pair == 8 and not twos.pair_optional


@pytest.mark.parametrize("old, new, field, needle", [
    ('cards = ["2c", "2d", "2h", "2s"]', 'cards = ["2c", "Jk"]', "twos.wild[0].cards[1] = 'Jk'",
     "a card of this family's deck"),
    ('title = "Twos Wild"', 'title = "Twos Wild"\nextra_cards = ["As"]',
     "twos.extra_cards[0] = 'As'", "this deck would have it twice"),
    ('title = "Twos Wild"', 'title = "Twos Wild"\nextra_cards = ["A*", "A*"]',
     "twos.extra_cards[0] = 'A*'", "only jokers may repeat"),
    ('title = "Twos Wild"', 'title = "Twos Wild"\nextra_cards = ["Xx"]',
     "twos.extra_cards[0] = 'Xx'", '"Jk" (a joker)'),
    ("exactly = { deuces = 4 }", "exactly = { sevens = 4 }",
     "twos.categories[0].exactly.sevens = 4", "one of this family's wild kinds: deuces"),
    ("exactly = { deuces = 4 }", "exactly = { deuces = 6 }",
     "twos.categories[0].exactly.deuces = 6", "from 0 to 5"),
    ('hand = "wild_cards"', 'hand = "wild_card"', "twos.categories[0].hand = 'wild_card'",
     "one of wild_cards, royal_flush"),
    ('label = "Three of a Kind"', 'label = "Three of a Kind", natrual = true',
     "twos.categories[2].natrual = True", "one of the fields key, label"),
    ('ranks = "3-A"', 'ranks = "A-3"', "twos.categories[1].ranks = 'A-3'", "from low to high"),
    ('ranks = "3-A"', 'ranks = "three"', "twos.categories[1].ranks = 'three'", '"3-5"'),
    ('ranks = "3-A"', 'ranks = "3-A", kicker_suits = "cx"',
     "twos.categories[1].kicker_suits = 'cx'", 'suits by letter, each once, of "cdhs*"'),
    ('ranks = "3-A"', 'ranks = "3-A", kicker_suits = "cc"',
     "twos.categories[1].kicker_suits = 'cc'", "each once"),
    ('title = "Twos Wild"', 'title = "Twos Wild"\nidentifying = ["flush"]',
     "twos.identifying[0] = 'flush'", "a key of this family's categories"),
    ('title = "Twos Wild"\n', "", "twos.title", "(the field is missing)"),
    ('{ key = "three_of_a_kind", label = "Three of a Kind" },',
     '{ key = "three", label = "Three of a Kind" },', "twos.categories[2].hand",
     "(needed: the key 'three' is not a hand)"),
])
def test_a_description_no_machine_deals_is_one_line_naming_the_field(tmp_path, old, new, field,
                                                                      needle):
    assert old in GOOD
    path = tmp_path / "families.toml"
    path.write_text(GOOD.replace(old, new, 1))
    with pytest.raises(ContentError) as caught:
        family_file.read_families(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: {field}") and needle in message, message
    assert "\n" not in message


def test_a_file_that_is_not_toml_says_so(tmp_path):
    path = tmp_path / "families.toml"
    path.write_text("[twos\n")
    with pytest.raises(ContentError, match=r"families.toml: expected valid TOML"):
        family_file.read_families(path)


def test_the_cli_refuses_a_bad_families_file_in_one_line_with_exit_2(tmp_path):
    """The file is read where the CLI starts: a wild card the deck does not hold stops every
    command with one line and exit 2, no traceback (the file pointed at before the first import,
    as a changed package file would be read)."""
    path = tmp_path / "families.toml"
    path.write_text(GOOD.replace('"2s"', '"Jk"'))
    script = ("import sys; from generator.solve import family_file as f; "
              "f.DEFAULT_FILE = sys.argv[1]; from generator.cli import main; "
              "sys.exit(main(['families']))")
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr == (f"vpcharts: error: {path}: twos.wild[0].cards[3] = 'Jk': expected a "
                           "card of this family's deck (the 52 and extra_cards)\n")
