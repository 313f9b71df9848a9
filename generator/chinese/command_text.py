"""Text for the `vpcharts chinese` commands: results in, lines out."""

from ..core.cards import format_hand
from .ranks import key_text


def round_line(k: int, rounds: int, seconds: float, row: dict) -> str:
    c = row["max_change"]
    return (f"round {k}/{rounds}: {seconds:.1f} s, largest change front {c['front']:.4f} "
            f"middle {c['middle']:.4f} back {c['back']:.4f}")


def split_line(n: int, split: dict) -> str:
    def row(name):
        cards = sorted(split[name], reverse=True)
        return format_hand(cards)
    kf, km, kb = split["keys"]
    return (f"{n:>2}. back {row('back')} ({key_text(kb)}, {100 * split['pb']:.2f}%)  "
            f"middle {row('middle')} ({key_text(km)}, {100 * split['pm']:.2f}%)  "
            f"front {row('front')} ({key_text(kf)}, {100 * split['pf']:.2f}%)  "
            f"E+ {split['e_plus']:.4f}  E {2 * split['e_plus'] - 4:+.4f}")


def set_text(cards, splits: list[dict], held: bool = False) -> str:
    source = ("the trained tables, corrected for the cards held" if held
              else "the trained tables")
    lines = [f"hand: {format_hand(sorted(cards, reverse=True))}",
             f"best split first; win chance per row from {source}; "
             "E = 2 E+ - 4 points per opponent"]
    lines += [split_line(i + 1, s) for i, s in enumerate(splits)]
    return "\n".join(lines)
