"""A served site for the browser tests and the benchmark: built, then served on localhost.

`built_site(out)` builds the real site for one pay table (9/6 Jacks or Better) with
`generator.site.build_site` when the site builder is present; until then it renders a minimal
stand-in page (the page's CSP, a strategy table with the real row ids, and the checker included
exactly as paytable.html includes it). `serving(folder)` serves a folder with the standard
library's server on a free port, as `vpcharts serve` does.
"""

import contextlib
import functools
import http.server
import shutil
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLUG = "9-6-jacks-or-better"
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

_STAND_IN = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{{ csp }}">
<title>{{ export.name }}</title></head>
<body><main><h1>{{ export.name }}</h1>
<section id="strategy"><table id="strategy-exact"><tbody>
{% for line in export.strategy.lines %}<tr id="line-{{ line.number }}"><td>{{ line.number }}</td>
<td>{{ line.text }}</td></tr>
{% endfor %}</tbody></table></section>
<section id="checker">{% include "checker.html" ignore missing %}</section>
</main></body></html>
"""


def built_site(out: Path, slug: str = SLUG) -> Path:
    """A site folder holding `<slug>.html` with the checker, and `static/`."""
    content = out / "content"
    (content / "paytables").mkdir(parents=True)
    shutil.copy(ROOT / "content" / "paytables" / f"{slug}.toml", content / "paytables")
    site = out / "site"
    try:
        from generator.site import build_site
    except ImportError:
        build_site = None
    if build_site is not None:
        build_site(content, site, use_cache=True, progress=lambda *_: None)
        return site
    import jinja2

    from generator.export import export
    from generator.paytable import load_paytable

    data, _ = export(load_paytable(content / "paytables" / f"{slug}.toml"))
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "templates"), autoescape=True)
    site.mkdir()
    page = env.from_string(_STAND_IN).render(export=data, root="", csp=CSP)
    (site / f"{slug}.html").write_text(page, encoding="utf-8")
    shutil.copytree(ROOT / "static", site / "static")
    return site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


@contextlib.contextmanager
def serving(folder: Path):
    """Serve `folder` on 127.0.0.1 at a free port; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
