"""Pocket card columns: where a wild game's section runs on into the next column, its heading is
printed again atop that column ("1 deuce (continued)"), so that a player reading down from a
column's top never takes its first lines for the section above them.

In: a rendered card (a WeasyPrint document of `card.html`) and its lines (`pocket.card_lines`).
Out: the lines that open a column in mid-section, by their index in the lines, with their
section's label: what `card.html` heads again (`continued`).
"""


def continued(document, wordings: list[dict]) -> dict[int, str]:
    """The lines that open a column of the card's first page in mid-section, and their
    sections' labels. A heading printed again that no longer opens a column is not among
    them: rendered without it, the lines may fall otherwise."""
    labels = sections_of(wordings)
    if not any(labels):
        return {}  # (a natural game: no sections, and no layout to read)
    return {k: labels[k] for kind, k in column_tops(document)
            if kind in ("line", "continued") and labels[k] is not None
            and wordings[k]["section"] is None}


def sections_of(wordings: list[dict]) -> list[str | None]:
    """Each line's section label (None throughout in a natural game, which has no sections)."""
    out, label = [], None
    for line in wordings:
        label = line["section"] or label
        out.append(label)
    return out


def column_tops(document) -> list[tuple[str, int | None]]:
    """What opens each column of the first page but the first: ("line", its index in the
    lines), ("continued", the index of the line its heading is printed again above) or
    ("heading", None) for a section's own heading. A column starts where an item of the list
    stands to the right of the one before it."""
    items = []  # (element, x) of each <li> in document order, once (a line split by a column
    # break is two boxes of one element)
    for element, box in laid_out(document.pages[0]):
        if element.tag == "li" and (not items or items[-1][0] is not element):
            items.append((element, box.position_x))
    tops, line, previous_x = [], 0, None
    for element, x in items:
        classes = (element.get("class") or "").split()
        kind = ("continued" if "continued" in classes else "heading") if "section" in classes \
            else "line"
        if previous_x is not None and x > previous_x + 1:
            tops.append((kind, None if kind == "heading" else line))
        if kind == "line":
            line += 1
        previous_x = x
    return tops


def laid_out(page):
    """(element, box) of every box of a rendered page that lays out an element, in document
    order (WeasyPrint's box tree, depth first)."""
    stack = [page._page_box]
    while stack:
        box = stack.pop()
        element = getattr(box, "element", None)
        if element is not None:
            yield element, box
        stack.extend(reversed(getattr(box, "children", ())))
