"""A game's wild cards in a player's words: what a strategy line, a section heading and the key
call them, by the name the export gives a family's wild cards (`rules.wild`: "deuces", "joker",
"jokers", "deuces_joker", "sevens", "sevens_joker", "one_eyed_jacks"; None without them).

In: that name and a count of wild cards. Out: words ("2 deuces", "the joker", "both one-eyed
jacks"), the notation's mark ("2D", "Jkr", "2Sv") and a section's heading ("No deuces", "With
the joker"). The strategy's wording and the site's sections and key read them here, so a line,
its section and its key say the same. One or two wild cards in the deck are named ("the joker",
"both jokers"); more are counted ("3 deuces").
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class WildWords:
    noun: str  # one card: "deuce"; "wild card" where two kinds are counted together
    plural: str
    cards: int  # how many the deck holds
    mark: str  # after the count in the notation: "2D" (upper case: never a card such as "2d")
    only: str  # the key's meaning of a hold of wild cards only ("2W")
    # Whether the royal penalty counts discards of any suit where wild cards alone or nothing
    # are held (`features`: rp), as the key says; not said where two kinds are counted.
    rp_any_suit: bool = False
    members: str = ""  # where two kinds are counted together: "deuces and the joker"


WORDS = {
    "deuces": WildWords("deuce", "deuces", 4, "D", "deuces only (no other card held)", True),
    "joker": WildWords("joker", "jokers", 1, "Jkr", "the joker only"),
    "jokers": WildWords("joker", "jokers", 2, "Jkr", "jokers only (no other card held)"),
    "deuces_joker": WildWords("wild card", "wild cards", 5, "DJ",
                              "wild cards only: deuces and the joker (no other card held)",
                              members="deuces and the joker"),
    "sevens": WildWords("seven", "sevens", 4, "Sv", "sevens only (no other card held)", True),
    "sevens_joker": WildWords("wild card", "wild cards", 5, "SJ",
                              "wild cards only: sevens and the joker (no other card held)",
                              members="sevens and the joker"),
    "one_eyed_jacks": WildWords("one-eyed jack", "one-eyed jacks", 2, "OEJ",
                                "one-eyed jacks only (no other card held)", True),
}


def words_of(wild: str) -> WildWords:
    """The words of a family's wild cards; a name with none kept says "wild card"."""
    return WORDS.get(wild) or WildWords("wild card", "wild cards", 5, "W*", "wild cards only")


def held(wild: str, count: int) -> str:
    """The wild cards among those held: "2 deuces", "the joker", "both jokers", "a joker"."""
    words = words_of(wild)
    if words.cards == 1:
        return f"the {words.noun}"
    if words.cards == 2:
        return f"both {words.plural}" if count == 2 else f"a {words.noun}"
    return f"{count} {words.noun if count == 1 else words.plural}"


def held_list(wild: str | None) -> list[str]:
    """`held` by count, from none to as many as the deck holds (at most five): ["", "1 deuce",
    "2 deuces", ...], ["", "the joker"], [""] without wild cards. The browser's names of holds
    read it (static/js/progressive.js: a meter's lines that move)."""
    if not wild:
        return [""]
    cards = min(words_of(wild).cards, 5)
    return [""] + [held(wild, count) for count in range(1, cards + 1)]


def mark(wild: str, count: int) -> str:
    """The notation's mark of `count` wild cards held: "2D", "Jkr" (one of one or two named
    cards), "2Jkr", "3DJ"."""
    words = words_of(wild)
    return words.mark if words.cards <= 2 and count == 1 else f"{count}{words.mark}"


def marks(wild: str | None) -> dict[str, int]:
    """Every mark the game's notation can write, and the count each says."""
    if not wild:
        return {}
    return {mark(wild, count): count for count in range(1, min(words_of(wild).cards, 5) + 1)}


def dealt(wild: str, count: int) -> str:
    """A section's heading: `count` wild cards dealt, as a player counts them ("No deuces",
    "1 deuce", "With the joker", "With one joker")."""
    words = words_of(wild)
    if words.cards == 1:
        return f"With the {words.noun}" if count else f"Without the {words.noun}"
    if words.cards == 2:
        return (f"Without a {words.noun}", f"With one {words.noun}",
                f"With both {words.plural}")[count]
    if not count:
        return f"No {words.plural}"
    return f"{count} {words.noun if count == 1 else words.plural}"


def card_instruction(wild: str) -> str:
    """The pocket card's first step, before "the first line of that section your deal fits":
    "Count the deuces in your deal, then hold", "With the joker dealt or without, hold"."""
    words = words_of(wild)
    if words.cards == 1:
        return f"With the {words.noun} dealt or without, hold"
    members = f" ({words.members})" if words.members else ""
    return f"Count the {words.plural}{members} in your deal, then hold"


def section_instruction(wild: str) -> str:
    """How a sectioned table is read, as the page says it: "Count the deuces in your deal and
    read that section only: ..."."""
    words = words_of(wild)
    if words.cards == 1:
        first = f"See whether the {words.noun} is in your deal"
    else:
        first = f"Count the {words.plural} in your deal" + (
            f" (the {words.members})" if words.members else "")
    return (f"{first} and read that section only: it holds every line that decides such a deal, "
            "in the table's order.")
