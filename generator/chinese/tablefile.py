"""The trained tables as a content file, `content/chinese/tables.json`.

In (write): the result of training.train. Out (read): the three tables as float64 win
probabilities (and, when trained with it, the held-cards correction: `held`, three (ranks x 13)
integer arrays over `held_denominator`) plus the file's settings and history, after checking
that the file is whole, was made by this trainer version, and that its numbers are consistent;
otherwise one ContentError line.

The file is committed so that `vpcharts build`, the tests and CI never pay for training (minutes);
`vpcharts chinese train` writes it, recording the settings and TRAINER_VERSION, and
`vpcharts chinese train --check` trains again and compares byte for byte.
"""

import hashlib
import json
from pathlib import Path

import numpy as np

from ..core.errors import ContentError
from . import CONTENT_FOLDER
from .ranks import N_FIVE, N_THREE
from .version import RULES, TRAINER_VERSION

ROWS = (("front", N_THREE), ("middle", N_FIVE), ("back", N_FIVE))


def path_in(content: Path) -> Path:
    return Path(content) / CONTENT_FOLDER / "tables.json"


HELD = tuple(("held_" + name, size) for name, size in ROWS)


def digest(result: dict) -> str:
    """The tables' digest, and their held-cards correction's when they have one (the evaluation
    records it: the correction changes how hands are set)."""
    rows = [[int(x) for x in result[name]] for name, _ in ROWS]
    if result.get("held") is not None:
        rows.append(int(result["held_denominator"]))
        rows += [np.asarray(h).tolist() for h in result["held"]]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


def digest_of(tables: dict) -> str:
    """digest() of tables as read() returns them."""
    return digest({**{name: tables[name + "_numerators"] for name, _ in ROWS},
                   "held": tables.get("held"), "held_denominator": tables.get("held_denominator")})


def without_held(tables: dict) -> dict:
    """Tables as read() returns them, less their held-cards correction (as the card plays)."""
    return {key: value for key, value in tables.items()
            if key not in ("held", "held_denominator")}


def to_text(result: dict) -> str:
    """The file's text: deterministic (same training, same bytes)."""
    data = {"trainer_version": TRAINER_VERSION, "rules": RULES,
            "settings": result["settings"], "denominator": int(result["denominator"]),
            "sha256": digest(result), "history": result["history"]}
    held = result.get("held")
    if held is not None:
        data["held_denominator"] = int(result["held_denominator"])
    lines = ["{"]
    for key in sorted(data):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key], sort_keys=True)},")
    for (name, _), rows in zip(HELD, held or ()):
        lines.append(f"  {json.dumps(name)}: "
                     f"{json.dumps(np.asarray(rows).tolist(), separators=(',', ':'))},")
    for i, (name, _) in enumerate(ROWS):
        comma = "," if i < len(ROWS) - 1 else ""
        lines.append(f"  {json.dumps(name)}: {json.dumps([int(x) for x in result[name]])}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write(path: Path, result: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(to_text(result))


def _held_row(path: Path, data: dict, name: str, size: int, den: int) -> np.ndarray:
    values = data.get(name)
    if (not isinstance(values, list) or len(values) != size
            or not all(isinstance(r, list) and len(r) == 13
                       and all(isinstance(v, int) and -den <= v <= den for v in r)
                       for r in values)):
        raise ContentError(path, name, None,
                           f"{size} lists of 13 integers from -{den} to {den}")
    return np.array(values, np.int64)


def read(path: Path) -> dict:
    """The tables of a file written by `write`, checked; floats in `front`, `middle`, `back`."""
    path = Path(path)
    if not path.is_file():
        raise ContentError(path, None, None, "the trained tables (run `vpcharts chinese train`)")
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ContentError(path, None, None, f"a JSON file ({error})") from None
    if data.get("trainer_version") != TRAINER_VERSION:
        raise ContentError(path, "trainer_version", data.get("trainer_version"),
                           f"{TRAINER_VERSION!r} (train again: `vpcharts chinese train`)")
    den = data.get("denominator")
    if not isinstance(den, int) or den <= 0:
        raise ContentError(path, "denominator", den, "a positive integer")
    out = {"settings": data.get("settings"), "history": data.get("history"), "denominator": den,
           "path": path}
    for name, size in ROWS:
        values = data.get(name)
        if (not isinstance(values, list) or len(values) != size
                or not all(isinstance(v, int) and 0 <= v <= den for v in values)):
            raise ContentError(path, name, None, f"{size} integers from 0 to {den}")
        out[name + "_numerators"] = np.array(values, np.int64)
        out[name] = out[name + "_numerators"] / den
    if "held_denominator" in data:
        held_den = data["held_denominator"]
        if not isinstance(held_den, int) or held_den <= 0:
            raise ContentError(path, "held_denominator", held_den, "a positive integer")
        out["held_denominator"] = held_den
        out["held"] = tuple(_held_row(path, data, name, size, held_den) for name, size in HELD)
    if data.get("sha256") != digest_of(out):
        raise ContentError(path, "sha256", data.get("sha256"), "the digest of the tables")
    return out
