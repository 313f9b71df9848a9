"""The Jinja environment: autoescaping on, undefined names are errors, errors name file and line.

A template problem (a syntax error, an unknown variable or filter) becomes a ContentError naming
the template file and line, so the CLI prints one line and the build stops before swapping.

Compiling the templates took 0.08 s of every build; with the cache on, each template's compiled
code is kept in the cache folder (`SealedBytecodeCache`).
"""

import functools
import hashlib
import traceback
from importlib.metadata import version
from pathlib import Path

import jinja2

from ..core import store, wild_words
from ..core.errors import ContentError
from . import view
from .symbols import abbr_notation, long_text, unbroken

# The Content-Security-Policy of every page: no inline scripts or styles, nothing from elsewhere
# (manifest-src: the web app's manifest, offline.py; worker-src covers its service worker).
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
       "base-uri 'none'; form-action 'none'")


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


@functools.cache
def _code_version() -> str:
    """What compiles a template besides its source: Jinja, and this file (the environment's
    options, the filters a template may name). Python's version is in every entry's seal."""
    return hashlib.sha256(f"jinja2 {version('jinja2')}\n".encode()
                          + Path(__file__).read_bytes()).hexdigest()[:16]


class SealedBytecodeCache(jinja2.BytecodeCache):
    """Each template's compiled code in the cache folder, under the template's name and file
    (Jinja's bucket key: the code names its file in tracebacks and in our error lines), the
    SHA-1 of its source (Jinja's checksum) and _code_version; sealed (store.seal) like every
    entry, so a damaged or foreign one is compiled again. Jinja itself checks its own format
    and Python's version in the entry (its `bc_magic`)."""

    def _entry(self, bucket: jinja2.bccache.Bucket) -> tuple[Path, dict]:
        meta = {"kind": "jinja", "template": bucket.key, "source": bucket.checksum,
                "code": _code_version()}
        name = hashlib.sha256(f"{bucket.key} {bucket.checksum} {meta['code']}".encode())
        return store.cache_dir() / "jinja" / f"template-{name.hexdigest()[:32]}.bin", meta

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        data = store.read_sealed(*self._entry(bucket))
        if data is not None:
            bucket.bytecode_from_string(data)  # (leaves the bucket empty if Jinja rejects it)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        path, meta = self._entry(bucket)
        store.write_bytes(path, store.seal(bucket.bytecode_to_string(), meta))


class Renderer:
    """Templates from one folder, checked up front, rendered with one-line errors. `cache`: keep
    the compiled templates in the cache folder (SealedBytecodeCache)."""

    def __init__(self, folder: Path, cache: bool = False):
        self.folder = folder.resolve()
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(self.folder)),
            autoescape=True,  # every template, whatever its extension
            undefined=jinja2.StrictUndefined,
            trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
            bytecode_cache=SealedBytecodeCache() if cache else None)
        self.env.globals["csp"] = CSP
        self.env.filters["num"] = view.number_text
        self.env.filters["thousands"] = lambda n: f"{n:,}"
        self.env.filters["choice_note"] = view.choice_note
        self.env.filters["abbr"] = abbr_notation
        self.env.filters["long_text"] = long_text
        self.env.filters["unbroken"] = unbroken
        self.env.filters["game_id"] = view.game_id
        self.env.filters["typed_extras"] = view.typed_extras
        self.env.filters["per_coin_example"] = view.per_coin_example
        self.env.filters["glass_pays"] = view.glass_pays
        self.env.filters["card_instruction"] = wild_words.card_instruction
        self.env.filters["section_instruction"] = wild_words.section_instruction
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
