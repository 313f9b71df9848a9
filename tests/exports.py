"""Small exports for tests that need no derivation: JSON in the export's schema (every field a
record asks for, the values a test does not care about filled in plainly), read into the
records (export/records.py) as the cache's would be.

    line_json(number, ...) -> a line's JSON;  level_json(lines, ...) -> a level's
    export_json(levels=..., curve=..., pays=..., ...) -> an export's JSON
    record(**same) -> Export
"""

from generator.core.line_parts import LineParts, parts_json
from generator.export.records import Export

PAYS = (("royal_flush", "Royal Flush", "800"), ("full_house", "Full House", "9"),
        ("flush", "Flush", "6"), ("pair", "Jacks or Better", "1"))


def line_json(number, notation="2LP", text="Low Pair", **fields) -> dict:
    parts = LineParts(hold=text, hold_ranks="", head=notation, held=2, kind="LP",
                      head_ranks=(), head_keys=(), wild=0, wild_words="", wild_mark="",
                      best=False, qualifiers=())
    return {"number": number, "row": number, "text": text, "notation": notation,
            "conditions": [], "ce_numbers": [[number, number]], "ce_high": "1", "ce_low": "1",
            "deals": 1, "examples": [], "wild_dealt": [], "choice": None, "choice_deals": 0,
            "parts": parts_json(parts), "exception_holds": [], **fields}


def level_json(lines=None, printed=2, cost="0", cost_percent="0.0000%", **fields) -> dict:
    return {"lines": lines if lines is not None else [line_json(1), line_json(2)],
            "printed": printed, "route": "exact", "cost": cost, "cost_percent": cost_percent,
            "return": {"exact": "99/100", "percent": "99.000000%"}, "misplays": 0,
            "pat_broken": 0, "pay_dropped": 0, "max_loss": {"exact": "0", "decimal": "0.0000"},
            "max_loss_example": None, "choice_deals": 0, "choices": {}, **fields}


def export_json(levels=None, curve=(), slug="x", name="9/6 Jacks or Better", ret="99/100",
                family="natural", game="Jacks or Better", family_order=0,
                identifying=("full_house", "flush"), pays=PAYS, strategy=True) -> dict:
    level = level_json()
    levels = levels or {"exact": level, "card": level, "simple": dict(level, published=True)}
    return {
        "schema": 3, "slug": slug, "name": name,
        "rules": {"family": family, "family_title": game, "deck_size": 52, "wild": None,
                  "min_pair": 9, "quads": [],
                  "pays": [{"key": k, "label": label, "pay": pay} for k, label, pay in pays]},
        "solution": {"slug": slug, "name": name, "family": family, "deals": 2598960,
                     "classes": 134459, "class_sizes": {"4": 2301, "12": 48503, "24": 83655},
                     "ev_denominator": 1, "return": {"exact": ret, "percent": "99.000000%"},
                     "variance": {"exact": "19", "decimal": "19.000000"}, "ce_values": 1,
                     "ce_values_holding": 1, "tied_deals": 0, "total_combinations": 1,
                     "final_hands": []},
        "ce": {"values": [1], "deals": [1], "classes": [[0, 0, 1]], "holding": 1},
        "strategy": {"levels": levels, "curve": list(curve), "routes": [], "misplays": 0,
                     "cost": "0", "derive_seconds": 0.0, "levels_seconds": 0.0}
        if strategy else None,
        "strategy_error": None if strategy else "no strategy",
        "game": {"name": game, "family_order": family_order, "identifying": list(identifying),
                 "high_rank": 9},
    }


def record(**fields) -> Export:
    return Export.from_json(export_json(**fields))
