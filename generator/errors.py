"""The exception tree the CLI knows how to report.

Every error a user can cause (a bad hand, a malformed pay table) is a `VpchartsError` whose message
is one line: where (file, field), what was found, and what was expected. The CLI prints that line
and exits non-zero; tracebacks are for `--verbose` only.
"""


class VpchartsError(Exception):
    """Base class: a problem with the user's input or content, reported as one line."""


class CardError(VpchartsError):
    """A hand that cannot be parsed or is not a legal deal for the game."""


class ContentError(VpchartsError):
    """A content file (pay table, page) that does not validate."""

    def __init__(self, path, field, value, expected):
        self.path, self.field, self.value, self.expected = path, field, value, expected
        where = f"{path}: {field}" if field else str(path)
        shown = "" if value is None else f" = {value!r}"
        super().__init__(f"{where}{shown}: expected {expected}")


class StrategyError(VpchartsError):
    """No exact strategy table could be derived with the hold features available."""
