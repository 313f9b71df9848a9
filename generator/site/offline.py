"""The site as an installable web app that works with no signal (issue 56).

    write_app_files(folder)       the manifest and its icons, written with the site's pages
    write_service_worker(folder)  sw.js, naming this build and the digest of every file in it,
                                  written last (the build's name is a hash of all the others)

A player's phone on a casino floor often has no signal. Over http(s) (and `vpcharts serve` on
127.0.0.1, a secure context) every page registers sw.js (static/js/offline.js), whose logic is
static/js/offline-cache.js (what to keep, pure: tested in Node) and offline-worker.js (the
service worker's events). The worker keeps the pages every visit needs when it installs (CORE:
the index, the "Any pay table" page with its engine and every game's data, the scripts, styles
and icons) and every file of the build a player opens after; a pay table page's "Keep this
machine offline" button keeps its page, exact table, card, JSON and multi-play rounds at once.

The cache is named after the build: BUILD is a hash of every file's path and SHA-256, so the
same inputs give the same sw.js byte for byte, and any change to any file gives another. The
worker takes a file into its cache only when its bytes have the digest sw.js names, so a file of
another build is never kept beside this one's. From file:// nothing registers.

The icons are drawn here (a red diamond on a white card on the site's blue), with numpy, and
written as PNG by the standard library: no binary file in the repository.
"""

import base64
import hashlib
import json
import struct
import zlib
from importlib.metadata import version
from pathlib import Path

from ..core import store
from .folders import MARKER

SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICONS = "icons"
NAME = "vpcharts: exact video poker strategy"
SHORT_NAME = "vpcharts"
THEME = "#1f4e8c"       # static/site.css --accent: the site's header
BACKGROUND = "#ffffff"
CARD_RED = "#c00000"    # static/site.css --red
PNG_SIZES = (192, 512)  # what Chrome's installability asks for (144 px at least) and a splash
APPLE_SIZE = 180        # iOS takes its home-screen icon from <link rel="apple-touch-icon">
# Kept when the worker installs, whatever the player opens: a prefix or a whole name.
CORE = ("index.html", "any.html", "any/", "static/", "icons/", MANIFEST)


def manifest_text() -> str:
    icons = [{"src": f"{ICONS}/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    icons += [{"src": f"{ICONS}/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
              for size in PNG_SIZES]
    # The drawing keeps the diamond and the card inside the middle 80%: the maskable safe zone.
    icons.append({"src": f"{ICONS}/icon-512.png", "sizes": "512x512", "type": "image/png",
                  "purpose": "maskable"})
    manifest = {"name": NAME, "short_name": SHORT_NAME, "id": "./", "start_url": "index.html",
                "scope": "./", "display": "standalone", "theme_color": THEME,
                "background_color": BACKGROUND, "icons": icons,
                "description": "Exact video poker strategy charts, pocket cards and a hold "
                               "checker that work with no signal."}
    return json.dumps(manifest, indent=1, sort_keys=True) + "\n"


def icon_svg() -> str:
    # The same drawing as _icon_pixels, in a 100-unit square.
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect width="100" height="100" fill="{THEME}"/>'
            '<rect x="28" y="20" width="44" height="60" rx="6" fill="#fff"/>'
            f'<path d="M50 30 L64 50 L50 70 L36 50 Z" fill="{CARD_RED}"/></svg>\n')


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def _icon_pixels(size: int):
    """The icon as an RGB array: each shape's coverage of a pixel from its signed distance (in
    pixels, negative inside), a one-pixel ramp for smooth edges."""
    import numpy as np  # (lazy: numpy)

    scale = size / 100
    centre = (np.arange(size, dtype=np.float64) + 0.5) / scale - 50  # pixel centres, in units
    x, y = np.meshgrid(centre, centre)
    # the card: a rounded rectangle 44 x 60, corners of radius 6
    qx, qy = np.abs(x) - (22 - 6), np.abs(y) - (30 - 6)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    card = outside + np.minimum(np.maximum(qx, qy), 0) - 6
    # the diamond: |x|/14 + |y|/20 <= 1, distance to its nearest edge
    diamond = (np.abs(x) / 14 + np.abs(y) / 20 - 1) / np.hypot(1 / 14, 1 / 20)
    image = np.empty((size, size, 3))
    image[:] = _rgb(THEME)
    for distance, colour in ((card, "#ffffff"), (diamond, CARD_RED)):
        cover = np.clip(0.5 - distance * scale, 0, 1)[..., None]
        image = image * (1 - cover) + np.array(_rgb(colour)) * cover
    return np.rint(image).astype(np.uint8)


def png_bytes(size: int) -> bytes:
    """The icon as a PNG file: 8-bit RGB, no filter, zlib level 9 (the same bytes every time)."""
    pixels = _icon_pixels(size)
    raw = b"".join(b"\x00" + pixels[row].tobytes() for row in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def _pngs(_source: bytes = b"") -> dict[str, str]:
    """{path: base64 of the PNG} of every PNG icon."""
    sizes = {f"{ICONS}/apple-touch-icon.png": APPLE_SIZE}
    sizes.update({f"{ICONS}/icon-{size}.png": size for size in PNG_SIZES})
    return {name: base64.b64encode(png_bytes(size)).decode() for name, size in sizes.items()}


def app_files(use_cache: bool = False) -> dict[str, bytes]:
    """{path: bytes} of the manifest and the icons. Drawing them takes 0.3 s (numpy's import
    most of it), most of a rebuild with nothing changed: with the cache on, the PNGs are kept
    under this file's text (what draws them) and the versions of numpy and zlib."""
    if use_cache:
        code = f"numpy {version('numpy')}, zlib {zlib.ZLIB_RUNTIME_VERSION}"
        pngs = store.derived("icons", Path(__file__).read_bytes(), code, _pngs)
    else:
        pngs = _pngs()
    files = {MANIFEST: manifest_text().encode(), f"{ICONS}/icon.svg": icon_svg().encode()}
    files.update({name: base64.b64decode(text) for name, text in pngs.items()})
    return files


def write_app_files(folder: Path, write, use_cache: bool = False) -> None:
    (folder / ICONS).mkdir(exist_ok=True)
    for name, content in sorted(app_files(use_cache).items()):
        write(folder / name, content)


def file_digests(folder: Path) -> dict[str, str]:
    """{path: the first 16 hex digits of its SHA-256} of every file of the site but the marker
    and sw.js, by path (the worker checks each file it keeps against these)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_file() and name not in (MARKER, SERVICE_WORKER):
            out[name] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return dict(sorted(out.items()))


def build_id(digests: dict[str, str]) -> str:
    """The build's name: a hash of every file's path and digest (16 hex digits)."""
    text = "".join(f"{name}\0{digest}\n" for name, digest in sorted(digests.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def core_files(digests: dict[str, str]) -> list[str]:
    return [name for name in digests
            if any(name == c or (c.endswith("/") and name.startswith(c)) for c in CORE)]


def service_worker_text(digests: dict[str, str]) -> str:
    build = {"id": build_id(digests), "files": digests, "core": core_files(digests)}
    text = json.dumps(build, sort_keys=True, separators=(",", ":"))
    return ("// Written by vpcharts build (generator/site/offline.py): this build's name and the "
            "digest of each of its files.\n"
            "// The service worker itself is static/js/offline-cache.js and offline-worker.js.\n"
            f"self.vpchartsBuild = {text};\n"
            'importScripts("static/js/offline-cache.js", "static/js/offline-worker.js");\n')


def write_service_worker(folder: Path, write) -> str:
    """Write sw.js for the files now in `folder`; returns the build's name."""
    digests = file_digests(folder)
    write(folder / SERVICE_WORKER, service_worker_text(digests))
    return build_id(digests)
