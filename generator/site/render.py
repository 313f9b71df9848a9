"""The Jinja environment: autoescaping on, undefined names are errors, errors name file and line.

A template problem (a syntax error, an unknown variable or filter) becomes a ContentError naming
the template file and line, so the CLI prints one line and the build stops before swapping.
"""

import traceback
from pathlib import Path

import jinja2

from ..errors import ContentError
from . import view
from .symbols import abbr_notation, long_text

# The Content-Security-Policy of every page: no inline scripts or styles, nothing from elsewhere.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; worker-src 'self'; base-uri 'none'; "
       "form-action 'none'")


def _template_line(exc: BaseException, folder: Path) -> tuple[str, int | None]:
    """The template file and line an exception was raised from (Jinja rewrites the frames)."""
    lineno = getattr(exc, "lineno", None)
    name = getattr(exc, "filename", None) or getattr(exc, "name", None)
    if lineno and name:
        return name, lineno
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename and Path(frame.filename).parent == folder:
            return frame.filename, frame.lineno
    return str(folder), None


def template_error(exc: jinja2.TemplateError, folder: Path) -> ContentError:
    name, lineno = _template_line(exc, folder)
    path = Path(name)
    if not path.is_absolute():
        path = folder / path
    where = f"{path}:{lineno}" if lineno else str(path)
    message = (exc.message or type(exc).__name__).splitlines()[0]
    return ContentError(where, "template", None, f"a valid Jinja template ({message})")


class Renderer:
    """Templates from one folder, checked up front, rendered with one-line errors."""

    def __init__(self, folder: Path):
        self.folder = folder.resolve()
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(self.folder)),
            autoescape=True,  # every template, whatever its extension
            undefined=jinja2.StrictUndefined,
            trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
        self.env.globals["csp"] = CSP
        self.env.filters["num"] = view.number_text
        self.env.filters["thousands"] = lambda n: f"{n:,}"
        self.env.filters["abbr"] = abbr_notation
        self.env.filters["long_text"] = long_text
        try:  # parse every template now: a syntax error stops the build before any work
            for name in sorted(self.env.list_templates(extensions=["html"])):
                self.env.get_template(name)
        except jinja2.TemplateError as exc:
            raise template_error(exc, self.folder) from None

    def render(self, name: str, **context) -> str:
        try:
            return self.env.get_template(name).render(**context)
        except jinja2.TemplateError as exc:
            raise template_error(exc, self.folder) from None
