import pytest

from generator.core.cards import JOKER, card_id, format_hand, parse_hand
from generator.core.errors import CardError
from generator.solve.families import FAMILIES

ROYAL = [card_id("A", "s"), card_id("K", "h"), card_id("Q", "d"), card_id("J", "c"), card_id("T", "s")]


@pytest.mark.parametrize("text", [
    "As Kh Qd Jc Ts", "AsKhQdJcTs", "as kh qd jc ts", "As Kh Qd Jc 10s", "A♠ K♥ Q♦ J♣ T♠",
    "A♠K♥Q♦J♣10♠", "As, Kh, Qd, Jc, Ts",
])
def test_accepted_formats(text):
    assert parse_hand(text) == ROYAL


def test_card_ids_are_rank_times_four_plus_suit():
    assert card_id("2", "c") == 0 and card_id("A", "s") == 51
    assert parse_hand("2c 2d 2h 2s Jk", joker_allowed=True) == [0, 1, 2, 3, JOKER]
    assert parse_hand("2c 2d 2h 2s X", joker_allowed=True)[-1] == JOKER


def test_round_trip_and_symbols():
    assert format_hand(ROYAL) == "As Kh Qd Jc Ts"
    assert format_hand(ROYAL, symbols=True) == "A♠ K♥ Q♦ J♣ T♠"
    assert format_hand([JOKER]) == "Jk"


@pytest.mark.parametrize("text, message", [
    ("As As Kd Qc Jh", "repeats As"),
    ("As Kd Qc Jh", "has 4 cards: expected 5"),
    ("As Kd Qc Jh Tc 9c", "has 6 cards: expected 5"),
    ("Zs Kd Qc Jh Tc", "unknown card 'Zs'"),
    ("As Kx Qc Jh Tc", "unknown card 'Kx'"),
    ("As Kd Qc Jh Jk", "played without one"),
])
def test_bad_hands_are_refused_with_one_clear_line(text, message):
    with pytest.raises(CardError) as err:
        parse_hand(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


FIVE_ACES_DECK = FAMILIES["five_aces"].deck  # the 52, then the fifth ace "A*" as card 52


def test_the_fifth_ace_is_typed_a_star_and_shown_with_the_star():
    assert parse_hand("A* As Ah Ad Ac", deck=FIVE_ACES_DECK) == [52, 51, 50, 49, 48]
    assert parse_hand("A★ 2c 3c 4c 5c", deck=FIVE_ACES_DECK)[0] == 52
    assert format_hand([52, 51], deck=FIVE_ACES_DECK) == "A* As"
    assert format_hand([52, 51], symbols=True, deck=FIVE_ACES_DECK) == "A★ A♠"
    # The same card id in a joker deck is the joker: the deck says which.
    assert format_hand([52], deck=FAMILIES["joker"].deck) == "Jk"


@pytest.mark.parametrize("text, deck, message", [
    ("Jk As Ah Ad Ac", FIVE_ACES_DECK, "has a joker, but this game is played without one"),
    ("A* As Ah Ad Ac", None, "has A★, but this game is played without star cards"),
    ("K* As Ah Ad Ac", FIVE_ACES_DECK, "has K★, but this deck's only star card is A★"),
    ("A* A★ Ah Ad Ac", FIVE_ACES_DECK, "repeats A*"),
])
def test_star_cards_the_deck_does_not_hold_are_refused(text, deck, message):
    with pytest.raises(CardError) as err:
        parse_hand(text, deck=deck)
    assert message in str(err.value)
