"""The static site: HTML pages for every pay table, Markdown pages and printable pocket cards.

Modules: build (orchestration, temp folder and swap), render (Jinja), view (values derived from
an export), pages (Markdown), plot (CE distribution SVG), pocket (PDF cards), card_columns (a
section's heading again atop a card column it runs on into), links (link check), serve (local
preview).
"""

from .build import build_site

__all__ = ["build_site"]
