"""Card ids and the text form of hands.

A card is an int: `rank * 4 + suit` for the 52 natural cards (rank 0 = deuce ... 12 = ace; suit
0..3 = clubs, diamonds, hearts, spades), then the deck's other cards by the names its family
gives them (`solve/families.py`): 52 for the joker (53 for the second joker of a 54-card deck;
both read "Jk"), or 52 for Five Aces' fifth ace, of the star suit ("A*", shown "A★"). Text for a
card past 51 needs its deck (`deck`: the names by card id); without one, 52 and 53 are jokers.
The same ids are used by the numba kernels, the JSON export and the JavaScript checker; text
appears only at the edges.
"""

import re

from .errors import CardError, shown

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
JOKER = 52
STAR, STAR_SYMBOL = "*", "★"  # the fifth ace's suit: typed "A*", shown "A★"
JOKER_DECK = ("Jk", "Jk")  # the names of cards 52 and 53 where no deck is given

_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
# Also the white (outline) suit symbols some keyboards and fonts produce.
_SYMBOL_TO_SUIT.update({"♧": "c", "♢": "d", "♡": "h", "♤": "s", STAR_SYMBOL: STAR, "☆": STAR})

# One token: the joker (Jk or X), or a rank (2-9, T, 10, J, Q, K, A) then a suit letter, symbol
# or the star.
_TOKEN = re.compile(r"jk|x|(10|[2-9tjqka])([cdhs*])", re.IGNORECASE)


def card_id(rank_char: str, suit_char: str) -> int:
    return RANKS.index(rank_char.upper()) * 4 + SUITS.index(suit_char.lower())


def extra_names(deck=None) -> tuple[str, ...]:
    """The names of a deck's cards past the 52: ("Jk",), ("A*",); no deck: two jokers."""
    return JOKER_DECK if deck is None else tuple(deck[52:])


def card_text(card: int, symbols: bool = False, deck=None) -> str:
    """'As', or 'A♠' with symbols=True; a joker is 'Jk', the fifth ace 'A*' ('A★')."""
    if card >= JOKER:
        name = extra_names(deck)[card - JOKER]
        return name.replace(STAR, STAR_SYMBOL) if symbols else name
    rank, suit = divmod(card, 4)
    return RANKS[rank] + (SUIT_SYMBOLS[suit] if symbols else SUITS[suit])


def format_hand(cards, symbols: bool = False, deck=None) -> str:
    return " ".join(card_text(c, symbols, deck) for c in cards)


def parse_hand(text: str, joker_allowed: bool | int = False, size: int = 5,
               deck=None) -> list[int]:
    """Parse 'As Kh Qd Jc Ts' (also 'AsKhQdJcTs', '10h', lower case, suit symbols, 'Jk' or 'X',
    'A*' or 'A★' for a fifth ace).

    `deck`: the deck's card names by id (a family's `deck`), which says its jokers and its
    fifth ace; else `joker_allowed`: how many jokers a 52-card deck adds (True: one). The first
    joker written is card 52, a second one 53. Returns card ids in the order given. Raises
    CardError with one line saying what is wrong.
    """
    extras = tuple(deck[52:]) if deck is not None else JOKER_DECK[:int(joker_allowed)]
    jokers = extras.count("Jk")
    source = text
    for sym, letter in _SYMBOL_TO_SUIT.items():
        text = text.replace(sym, letter)
    text = text.replace(",", " ").strip()
    cards: list[int] = []
    pos = 0
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        match = _TOKEN.match(text, pos)
        if match is None:
            bad = text[pos:].split()[0][:3]
            raise CardError(
                f"unknown card {bad!r} in {shown(source)}: expected a rank (2-9, T or 10, J, Q, K, A) "
                f"then a suit (s, h, d, c or ♠ ♥ ♦ ♣), or Jk for the joker"
            )
        token = match.group(0)
        if match.group(2) == STAR:
            name = ("T" if match.group(1) == "10" else match.group(1).upper()) + STAR
            if name not in extras:
                stars = [n.replace(STAR, STAR_SYMBOL) for n in extras if n.endswith(STAR)]
                raise CardError(f"{shown(source)} has {name.replace(STAR, STAR_SYMBOL)}, but "
                                + (f"this deck's only star card is {stars[0]}" if stars else
                                   "this game is played without star cards (the fifth ace)"))
            cards.append(JOKER + extras.index(name))
        elif token.lower() in ("jk", "x"):
            if not jokers:
                raise CardError(f"{shown(source)} has a joker, but this game is played without one")
            joker_ids = [JOKER + i for i, name in enumerate(extras) if name == "Jk"]
            held = sum(1 for c in cards if c in joker_ids)
            if held == jokers:
                raise CardError(f"{shown(source)} has {held + 1} jokers, but this game is played "
                                f"with {'one' if jokers == 1 else jokers}")
            cards.append(joker_ids[held])
        else:
            rank = "T" if match.group(1) == "10" else match.group(1)
            cards.append(card_id(rank, match.group(2)))
        pos = match.end()
    if len(cards) != size:
        raise CardError(f"{shown(source)} has {len(cards)} cards: expected {size}")
    seen = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{shown(source)} repeats {card_text(card, deck=deck)}: expected {size} "
                            "different cards")
        seen.add(card)
    return cards
