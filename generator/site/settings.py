"""Site settings from `content/site.toml` (optional; every key has a default).

    url = "https://example.org/vp/"   # the site's address, printed on every pocket card
    [cards]
    size = "A6"          # "A6" (105 x 148 mm) or "4x6in" (US index card)

Every pay table with a strategy table gets a card of this size; one whose card level does not fit
one page fails the build (site/build.py).
"""

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import ContentError

CARD_SIZES = {"A6": "105mm 148mm", "4x6in": "4in 6in"}


@dataclass(frozen=True)
class Settings:
    url: str = ""
    card_size: str = "A6"

    @property
    def page_size(self) -> str:
        return CARD_SIZES[self.card_size]


def load_settings(content_dir: Path) -> Settings:
    path = Path(content_dir) / "site.toml"
    if not path.exists():
        return Settings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(path, None, None, f"valid TOML ({exc})") from None
    known = {"url", "cards"}
    for key in data:
        if key not in known:
            raise ContentError(path, key, data[key], f"one of the keys {sorted(known)}")
    url = data.get("url", "")
    if not isinstance(url, str) or (url and not url.startswith(("https://", "http://"))):
        raise ContentError(path, "url", url, "an http(s) address or \"\"")
    if url and not url.endswith("/"):
        url += "/"
    cards = data.get("cards", {})
    if not isinstance(cards, dict):
        raise ContentError(path, "cards", cards, "a [cards] table")
    for key in cards:
        if key != "size":
            raise ContentError(path, f"cards.{key}", cards[key], "'size', the only key of [cards]")
    size = cards.get("size", "A6")
    if size not in CARD_SIZES:
        raise ContentError(path, "cards.size", size, f"one of {', '.join(CARD_SIZES)}")
    return Settings(url, size)
