"""An Ultimate X game as text: what `vpcharts ultimate-x` prints.

In: the game and its export record (`UltimateXExport`); out: lines of text."""

from ..core.cards import format_hand
from ..export.ultimate_x_records import Band, UltimateXExport


def _band_name(band: Band) -> str:
    low, high = band.low, band.high
    lo = f"{float(low):g}x"
    if high is None:
        return f"{lo} and up"
    return f"{lo} to under {float(high):g}x"


def game_text(game, data: UltimateXExport) -> str:
    r = data.returns
    bet = 10 * game.lines
    out = [f"{data.name}  ({data.slug}; {bet} coins a deal, pays per coin of the base "
           "game's 5)",
           "Multipliers: " + ", ".join(f"{m.label} {m.multiplier}x" for m in data.multipliers),
           "",
           f"Return, optimal play         {r.optimal.percent}  (bound "
           f"{r.optimal.bound:.1e}; {data.solve.steps} steps, {data.solve.states} totals)",
           f"  the card, lines moved      {r.card.percent}",
           f"  the card as printed        {r.card_alone.percent}  (exact)",
           f"  single strategy            {r.single.percent}  (exact; Wizard of Odds' "
           "2 x pay + multiplier - 1)",
           f"  base game's strategy       {r.base_strategy.percent}  (exact)",
           f"  base game's card           {r.base_card.percent}  (exact)",
           f"The base game, 5 coins a line: {r.base_game.percent}",
           ""]
    if game.published_return:
        out.append(f"Published: {game.published_return} ({game.published_source})")
        out.append("")
    out.append("A line's multiplier, in the long run: " + ", ".join(
        f"{v}x {p * 100:.2f}%" for v, p in zip(data.values, data.line_multipliers)))
    out.append("")
    out.append("The card (the single strategy's), and the lines that move by the average "
               "multiplier (total / lines):")
    for band in data.bands:
        moves = "; ".join(f"{a + 1} before {b + 1}" for a, b in band.moves) or "as printed"
        out.append(f"  {_band_name(band):<20} {band.share * 100:5.1f}% of deals: {moves}; "
                   f"costs {band.cost * 100:.4f}% (as printed {band.card_cost * 100:.4f}%)")
    for number, line in enumerate(data.card.lines, 1):
        out.append(f"{number:4}  {line.text}")
    for key, line in sorted(data.card.extra.items()):
        out.append(f"{key + 1:4}  {line.text}  (added where a band moves it)")
    return "\n".join(out)


def vulture_text(data: UltimateXExport) -> str:
    out = ["A machine left with multipliers lit (per total showing; profits in deals' bets):",
           f"{'total':>6} {'average':>8} {'vs average deal':>16} {'sit down':>9} "
           f"{'profit':>8} {'deals':>6}"]
    lines = data.lines
    for row in data.vulture:
        sit = "yes" if row.profit > 0 else "no"
        out.append(f"{row.total:>6} {row.total / lines:>7.2f}x {row.edge:>+16.3f} "
                   f"{sit:>9} {row.profit:>8.3f} {row.deals:>6.1f}")
    return "\n".join(out)


def deal_text(game, cards: list[int], total: int) -> str:
    from ..solve.solver import class_of  # (lazy: numpy)
    from . import mdp  # (lazy: numpy)
    from .holds import hold_arrays  # (lazy: numpy)

    arrays = hold_arrays(game)
    solved = mdp.solve(mdp.model(arrays, game.lines))
    cls, position = class_of(arrays.deck, cards)
    rep_values = solved.hold_values(cls, total)
    rows = []
    for mask in range(32):
        rep_mask = sum(1 << position[i] for i in range(5) if mask >> i & 1)
        now = total * solved.model.win[cls, rep_mask]
        rows.append((rep_values[rep_mask], now, mask))
    rows.sort(key=lambda r: -r[0])
    best = rows[0][0]
    out = [f"{game.name}: {format_hand(cards)}, multipliers totalling {total} "
           f"(average {total / game.lines:.2f}x)",
           f"{'hold':<18} {'value':>10} {'pay now':>9} {'lost':>8}"]
    for value, now, mask in rows:
        held = format_hand([c for i, c in enumerate(cards) if mask >> i & 1]) or "(discard all)"
        out.append(f"{held:<18} {value:>10.4f} {now:>9.4f} {best - value:>8.4f}")
    out.append("(units: one line's 5-coin bet; value = pay now at these multipliers + the "
               "long-run worth of the multipliers the hold earns)")
    return "\n".join(out)
