"""The CE distribution as an inline SVG: the share of deals whose best EV is at most x.

One step per distinct CE value, on a log scale of x (CE values run from about 0.3 to 800, and the
common ones are crowded below 2). The mean of the curve is the return, marked by a vertical line.
Geometry is rounded to 0.1 so the same export gives the same bytes. Only presentation
attributes, no style attributes: the pages' Content-Security-Policy has no 'unsafe-inline'.
"""

import math

from markupsafe import Markup, escape

from ..export.records import CurvePoint, Export

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 52, 14, 12, 40
# A phone's plot is drawn narrower, not shrunk: the 640-wide one at 355 px set its 11-unit
# labels in 6 px type.
PHONE_WIDTH = 360


def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def for_screens(draw, *args) -> Markup:
    """A plot drawn twice, `draw(*args, width=..., suffix=...)`: for wide screens and print, and
    PHONE_WIDTH wide for phones (the stylesheet shows one); empty where there is no plot."""
    wide = draw(*args)
    if not wide:
        return Markup("")
    narrow = draw(*args, width=PHONE_WIDTH, suffix="-narrow")
    return Markup(f'<div class="plot-wide">{wide}</div>\n<div class="plot-narrow">{narrow}</div>')


def ce_distribution_svg(export: Export, width: int = WIDTH, suffix: str = "") -> Markup:
    ce, solution = export.ce, export.solution
    unit = solution.ev_denominator
    pairs = sorted(zip(ce.values, ce.deals))  # ascending CE value
    total = sum(deals for _, deals in pairs)
    low = math.floor(math.log10(pairs[0][0] / unit))
    high = math.ceil(math.log10(pairs[-1][0] / unit))
    plot_w, plot_h = width - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(value: float) -> float:
        return LEFT + (math.log10(value) - low) / (high - low) * plot_w

    def y_of(share: float) -> float:
        return TOP + (1 - share) * plot_h

    # One horizontal then one vertical move per drawn x: values closer than the 0.1 rounding
    # share a step (Deuces Wild has 8,903 CE values; the path stays a few kilobytes).
    steps = [f"M{_fmt(LEFT)},{_fmt(y_of(0))}"]
    seen, last_x = 0, None
    for value, deals in pairs:
        x = _fmt(x_of(value / unit))
        seen += deals
        if x == last_x:
            steps.pop()
        else:
            steps.append(f"H{x}")
        steps.append(f"V{_fmt(y_of(seen / total))}")
        last_x = x
    steps.append(f"H{_fmt(LEFT + plot_w)}")

    ret = solution.return_.exact
    parts = [
        f'<svg class="ce-plot" viewBox="0 0 {width} {HEIGHT}" role="img" '
        f'aria-labelledby="ce-plot-title{suffix}" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="ce-plot-title{suffix}">{escape(export.name)}: share of the '
        f'{total:,} deals whose best expected value (CE value) is at most x, '
        f'{len(pairs):,} distinct values</title>',
    ]
    for power in range(low, high + 1):  # decade grid lines and labels
        x = _fmt(x_of(10.0 ** power))
        label = f"{10.0 ** power:g}"
        parts.append(f'<line class="grid" x1="{x}" y1="{TOP}" x2="{x}" y2="{TOP + plot_h}" '
                     f'stroke="#ccc"/>')
        parts.append(f'<text x="{x}" y="{TOP + plot_h + 14}" text-anchor="middle" '
                     f'font-size="11">{label}</text>')
    for share in (0, 0.25, 0.5, 0.75, 1):
        y = _fmt(y_of(share))
        parts.append(f'<line class="grid" x1="{LEFT}" y1="{y}" x2="{LEFT + plot_w}" y2="{y}" '
                     f'stroke="#ccc"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y}" text-anchor="end" dominant-baseline="middle" '
                     f'font-size="11">{int(share * 100)}%</text>')
    x_ret = _fmt(x_of(float(ret)))
    parts.append(f'<line x1="{x_ret}" y1="{TOP}" x2="{x_ret}" y2="{TOP + plot_h}" '
                 f'stroke="#b00" stroke-dasharray="4 3"/>')
    parts.append(f'<text x="{x_ret}" y="{TOP + plot_h - 6}" dx="4" font-size="11" fill="#b00">'
                 f'mean = return {float(ret):.4f}</text>')
    parts.append(f'<path d="{"".join(steps)}" fill="none" stroke="#1f4e8c" stroke-width="1.5"/>')
    parts.append(f'<text x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle" '
                 f'font-size="12">CE value x (best expected return of the deal, log scale)</text>')
    parts.append("</svg>")
    return Markup("\n".join(parts))


CURVE_FLOOR = 0.0001  # percent: the curve's axis starts here
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10**9)


def curve_svg(curve: tuple[CurvePoint, ...] | None, marks: dict[str, int] | None = None,
              width: int = 640, suffix: str = "") -> Markup:
    """What each line is worth: the cost (percent of return) of the best table of n lines, for
    each n of the export's curve, as an inline SVG; marks names levels at their line counts.
    The cost axis is logarithmic, from CURVE_FLOOR (costs below it, exact tables included, sit
    on the axis) to the decade above the largest cost: the costs of short tables run to 10%
    and those of the card level to 0.01%, and both must be read. Empty when there is no curve."""
    if not curve:
        return Markup("")
    points = sorted((row.lines, float(row.cost * 100)) for row in curve)
    w, h, left, right, top, bottom = width, 240, 70, 14, 18, 40
    plot_w, plot_h = w - left - right, h - top - bottom
    n_low, n_high = points[0][0], points[-1][0]
    low = math.log10(CURVE_FLOOR)
    high = max(low + 1, math.ceil(math.log10(max(max(c for _, c in points), CURVE_FLOOR))))

    def x_of(n: float) -> float:
        return left + (n - n_low) / max(n_high - n_low, 1) * plot_w

    def y_of(cost: float) -> float:
        level = math.log10(max(cost, CURVE_FLOOR))
        return top + (1 - (level - low) / (high - low)) * plot_h

    path = " ".join(f"{'M' if i == 0 else 'L'}{_fmt(x_of(n))},{_fmt(y_of(c))}"
                    for i, (n, c) in enumerate(points))
    out = [f'<svg class="curve-plot" viewBox="0 0 {w} {h}" role="img" '
           f'aria-labelledby="curve-title{suffix}" xmlns="http://www.w3.org/2000/svg">',
           f'<title id="curve-title{suffix}">Cost against perfect play of the best table of '
           f'each length, {n_low} to {n_high} lines</title>',
           f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
           f'stroke="#1a1a1a"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#1a1a1a"/>']
    for decade in range(int(low), int(high) + 1):
        cost = 10.0 ** decade
        y = _fmt(y_of(cost))
        out.append(f'<line x1="{left}" y1="{y}" x2="{left + plot_w}" y2="{y}" stroke="#d0d0d0"/>')
        out.append(f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle" '
                   f'font-size="11">{"≤ " if decade == low else ""}{cost:.{max(0, -decade)}f}%'
                   f'</text>')
    # A number every 55 units of axis at most (ten on the wide plot, five on a phone's): a
    # 370-line table numbered every 5 lines printed 74 labels over one another.
    step = next(s for s in TICK_STEPS if (n_high - n_low) / s <= plot_w // 55)
    for n in range(n_low - n_low % step + (step if n_low % step else 0), n_high + 1, step):
        out.append(f'<text x="{_fmt(x_of(n))}" y="{top + plot_h + 16}" text-anchor="middle" '
                   f'font-size="11">{n}</text>')
    out.append(f'<text x="{left + plot_w / 2:.0f}" y="{h - 4}" text-anchor="middle" '
               f'font-size="12">lines in the table</text>')
    out.append(f'<path d="{path}" fill="none" stroke="#1f4e8c" stroke-width="2"/>')
    costs = dict(points)
    named: dict[int, list[str]] = {}
    for name, n in sorted((marks or {}).items(), key=lambda item: (item[1], item[0])):
        named.setdefault(n, []).append(name)
    last_x = None
    for n, names in named.items():  # levels of one length share a mark: "card, simple"
        if n in costs:
            x, y = _fmt(x_of(n)), _fmt(y_of(costs[n]))
            out.append(f'<circle cx="{x}" cy="{y}" r="4" fill="#c00000"/>')
            # (a mark's name above it, or below where the one before is too close to share
            # the line: the card at 19 lines and the simple level at 20)
            near = last_x is not None and x_of(n) - last_x < 40
            out.append(f'<text x="{x}" y="{_fmt(y_of(costs[n]) + (18 if near else -8))}" '
                       f'text-anchor="middle" font-size="11">{escape(", ".join(names))}</text>')
            last_x = x_of(n)
    out.append("</svg>")
    return Markup("\n".join(out))
