"""Is this output folder ours to replace? Asked before a build starts and again before its swap.

    checked_output(out, protected, force) -> the folder to build into (symlinks followed)

A build replaces its output folder whole, so it first makes sure that nothing it did not write
would be lost, as careful site generators do (MkDocs refuses a site folder that holds its docs;
Hugo removes nothing it did not write unless asked). Every site this tool writes carries a marker
file, `.vpcharts-site`; the temporary folder of a build carries it from its first instant, so
that what a killed build leaves behind can be told apart from a folder of the user's.

The output path may be replaced when it does not exist, is an empty folder, or carries the
marker; `force` lets a build replace any other folder. Never replaced, whatever the flags: `/`,
an existing path that is not a folder, a folder that is (or holds, or lies inside) an input of
the build (the content, templates and static folders), one that holds the current folder, the
repository or the user's home, and a git repository. A symlink is judged by where it leads, and
the build replaces that folder, leaving the link in place.
"""

import os
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import VpchartsError, shorten
from ..site.folders import MARKER

MARKER_TEXT = ("This folder is a site written by `vpcharts build`. The next build replaces it "
               "whole:\nkeep no files of your own in it.\n")


class OutputRefused(VpchartsError):
    """An output folder that a build or `serve` must not use: one line, exit 2."""


@dataclass(frozen=True)
class Protected:
    """The folders an output path must stay clear of, each with the words that name it."""

    inputs: tuple[tuple[Path, str], ...]      # never the folder, inside it, or around it
    surroundings: tuple[tuple[Path, str], ...]  # never around it (or the folder itself)


def protected_for(content_dir: Path, templates_dir: Path, static_dir: Path,
                  repository: Path) -> Protected:
    inputs = ((content_dir, "the content folder"), (templates_dir, "the templates folder"),
              (static_dir, "the static folder"))
    surroundings = [(Path.cwd(), "the current folder"), (repository, "the vpcharts repository")]
    home = os.environ.get("HOME")
    if home:
        surroundings.append((Path(home), "your home folder"))
    return Protected(tuple((p.resolve(), words) for p, words in inputs),
                     tuple((p.resolve(), words) for p, words in surroundings))


def write_marker(folder: Path) -> None:
    (folder / MARKER).write_text(MARKER_TEXT)


def is_site(folder: Path) -> bool:
    """True for a folder this tool wrote: its marker is a regular file saying so."""
    marker = folder / MARKER
    try:
        if marker.is_symlink() or not marker.is_file():
            return False
        with marker.open("rb") as handle:
            return handle.read(len(MARKER_TEXT) + 1) == MARKER_TEXT.encode()
    except OSError:
        return False


def checked_output(out: Path, protected: Protected, force: bool = False) -> Path:
    """The folder a build may replace for `out`, or OutputRefused naming the path and why."""
    shown = shorten(out, 200)
    target = _resolved(out)
    via = f" (a link to {shorten(target, 200)})" if os.path.islink(out) else ""
    never = ": refused whatever the flags; choose another output folder with --out"

    def refuse(why: str, ending: str = never):
        raise OutputRefused(f"{shown}{via}: {why}{ending}")

    if target == Path(target.anchor):
        refuse("is the root of the file system")
    if target.exists() and not target.is_dir():
        refuse("is a file, not a folder")
    every = protected.surroundings + protected.inputs
    for folder, words in every:
        if target == folder:
            refuse(f"is {words}")
    for folder, words in every:
        if folder.is_relative_to(target):
            refuse(f"holds {words} ({shorten(folder, 200)})")
    for folder, words in protected.inputs:
        if target.is_relative_to(folder):
            refuse(f"lies inside {words} ({shorten(folder, 200)})")
    if not target.exists():
        return target
    if os.path.lexists(target / ".git"):
        refuse("is a git repository (it holds .git)")
    if is_site(target):
        return target
    if not force and any(target.iterdir()):
        refuse(f"holds files that vpcharts did not write (no {MARKER} in it)",
               "; choose another output folder with --out, empty this one, or replace it with "
               "--force")
    return target


def checked_site(folder: Path) -> Path:
    """A folder `vpcharts serve` may serve: one a build wrote."""
    if not folder.is_dir():
        raise OutputRefused(f"{shorten(folder, 200)}: no such folder; build the site first with "
                            "`vpcharts build`")
    if not is_site(folder):
        raise OutputRefused(f"{shorten(folder, 200)}: not a site vpcharts built (no {MARKER} in "
                            "it); build one with `vpcharts build --out FOLDER` and serve that")
    return folder


def _resolved(out: Path) -> Path:
    try:
        return out.resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise OutputRefused(f"{shorten(out, 200)}: cannot be followed ({exc}); choose another "
                            "output folder with --out") from None
