"""The exception tree the CLI knows how to report.

Every error a user can cause (a bad hand, a malformed pay table) is a `VpchartsError` whose message
is one line: where (file, field), what was found, and what was expected. The CLI prints that line
and exits with the error's `exit_code`: 2 for bad input, 1 for a problem with the machine (a
folder that cannot be written, another build holding the lock). Tracebacks are for `--debug` only.
"""

import re
import shutil

# Values echoed back in an error line are cut to this many characters: a 99 KB input must not
# come back whole.
SHOWN_CHARS = 80


def shorten(text: str, limit: int = SHOWN_CHARS) -> str:
    """`text` on one line, cut to `limit` characters with the length of what was left out."""
    text = str(text).replace("\r", "\\r").replace("\n", "\\n")
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


def shown(value) -> str:
    """A value as an error line shows it: repr for strings, cut to SHOWN_CHARS."""
    return shorten(repr(value))


class VpchartsError(Exception):
    """Base class: a problem with the user's input or content, reported as one line."""

    exit_code = 2


class CardError(VpchartsError):
    """A hand that cannot be parsed or is not a legal deal for the game."""


class ContentError(VpchartsError):
    """A content file (pay table, page) that does not validate."""

    def __init__(self, path, field, value, expected):
        self.path, self.field, self.value, self.expected = path, field, value, expected
        where = f"{shorten(path, 200)}: {shorten(field)}" if field else shorten(path, 200)
        value_text = "" if value is None else f" = {shown(value)}"
        super().__init__(f"{where}{value_text}: expected {expected}")

    def __reduce__(self):
        # A worker process raises it (a return past the exact sums is known only once solved);
        # pickled by its message alone it could not be rebuilt, and the build's pool would break.
        return type(self), (self.path, self.field, self.value, self.expected)


class StrategyError(VpchartsError):
    """No exact strategy table could be derived with the hold features available."""


class EnvironmentProblem(VpchartsError):
    """The machine, not the input: a folder that cannot be written, a port in use, a build
    already running. Exit status 1."""

    exit_code = 1


def os_error_line(exc: OSError, path=None) -> str:
    """'PATH: REASON' for an OSError, the way careful command-line tools print one (`path` when
    the error names none, as a failed write does)."""
    if isinstance(exc, shutil.Error) and exc.args and isinstance(exc.args[0], list) and exc.args[0]:
        _, target, why = exc.args[0][0]  # copytree's list of (source, target, reason)
        match = re.match(r"\[Errno \d+\] ([^:]+)", str(why))
        return f"{shorten(target, 200)}: {match.group(1) if match else shorten(why)}"
    reason = exc.strerror or str(exc)
    if exc.filename is None and path is not None:
        return f"{shorten(path, 200)}: {reason}"
    names = [name for name in (exc.filename, exc.filename2) if name is not None]
    if names:
        return ": ".join([" -> ".join(shorten(n, 200) for n in map(str, names)), reason])
    return reason
