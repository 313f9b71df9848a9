// A pay that moves, as a progressive meter does: the port of generator/solve/progressive.py.
//
// Every hold's EV is linear in the one pay: EV(p) = base + p * slope, `base` the hold's EV with
// that pay at 0 and `slope` its chance of making that hand (from two runs of the page's solver,
// solver.js). A deal's best EV over the range is the upper envelope of its 32 lines; a deal
// whose best hold is the same at both ends keeps it throughout, so only the others are walked.
// The return is the envelopes summed: linear between breakpoints. Every value is an exact
// fraction [numerator, denominator] of BigInts; tests/js/progressive.test.mjs holds the
// breakpoints, the returns and the break-even to Python's, fraction for fraction.
//
// A classic script (globalThis.vpcharts.progressive), as the other engines: see cards.js.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});

  function gcd(a, b) {
    a = a < 0n ? -a : a;
    b = b < 0n ? -b : b;
    while (b) [a, b] = [b, a % b];
    return a;
  }

  /** The fraction num/den, reduced, its denominator positive. */
  function frac(num, den) {
    if (den < 0n) [num, den] = [-num, -den];
    const g = gcd(num, den) || 1n;
    return [num / g, den / g];
  }

  function compare([a, b], [c, d]) {
    const left = a * d;
    const right = c * b;
    return left < right ? -1 : left > right ? 1 : 0;
  }

  /** "800", "4123.75" or "4000/5" -> an exact fraction (the page's pays are typed so). */
  function parseFraction(text) {
    const [num, den] = ns.evaluator.parsePay(String(text));
    return frac(num, den);
  }

  /**
   * Every hold of every suit class as a line in the pay of `key`: {base, slope} (Float64Arrays,
   * exact integers, EV * unit = base + pay * slope), and what the return needs of the deck.
   */
  function holdLines(rules, key, onProgress = () => {}) {
    const zeroed = (line) => ({ ...line, pay: line.key === key ? "0" : line.pay });
    const alone = (line) => ({ ...line, pay: line.key === key ? "1" : "0" });
    const others = ns.solver.solve({ ...rules, pays: rules.pays.map(zeroed) }, (f) => onProgress(f / 2));
    const only = ns.solver.solve({ ...rules, pays: rules.pays.map(alone) }, (f) => onProgress(0.5 + f / 2));
    const scale = Number(others.scale); // (a pay of p a coin is p * scale in the others' units)
    const slope = new Float64Array(only.evs.length);
    for (let i = 0; i < slope.length; i++) slope[i] = only.evs[i] * scale;
    return { base: others.evs, slope, sizes: others.sizes, classes: others.classes, reps: others.reps,
      unit: others.unit, deals: others.deals };
  }

  /** Each class's best hold at `pay`; of holds tied there, the steepest or the least steep. */
  function bestHolds(lines, [a, q], preferSteeper) {
    const { base, slope, classes } = lines;
    let most = 0;
    for (let i = 0; i < base.length; i++) most = Math.max(most, Math.abs(base[i]), Math.abs(slope[i]));
    const safe = most * (Number(a < 0n ? -a : a) + Number(q)) < 2 ** 53;
    const [an, qn] = [Number(a), Number(q)];
    const value = safe ? (i) => base[i] * qn + slope[i] * an : (i) => BigInt(base[i]) * q + BigInt(slope[i]) * a;
    const out = new Int32Array(classes);
    for (let c = 0; c < classes; c++) {
      let chosen = c * 32;
      let top = value(chosen);
      for (let i = c * 32 + 1; i < c * 32 + 32; i++) {
        const v = value(i);
        if (v > top || (v === top && (preferSteeper ? slope[i] > slope[chosen] : slope[i] < slope[chosen]))) {
          top = v;
          chosen = i;
        }
      }
      out[c] = chosen - c * 32;
    }
    return out;
  }

  /** One class's envelope from `low` to `high` from hold `start`: [[pay, from, to], ...]. */
  function walk(lines, c, start, low, high) {
    const base = (m) => BigInt(lines.base[c * 32 + m]);
    const slope = (m) => lines.slope[c * 32 + m];
    const out = [];
    let current = start;
    let at = low;
    for (;;) {
      let next = null;
      for (let j = 0; j < 32; j++) {
        if (!(slope(j) > slope(current))) continue;
        const pay = frac(base(current) - base(j), BigInt(slope(j) - slope(current)));
        if (compare(pay, at) < 0) continue;
        // (the first crossing above where the walk stands; of lines crossing there, the steepest)
        if (next === null || compare(pay, next.pay) < 0 || (compare(pay, next.pay) === 0 && slope(j) > slope(next.hold))) {
          next = { pay, hold: j };
        }
      }
      if (next === null || compare(next.pay, high) >= 0) return out;
      if (compare(next.pay, low) > 0) out.push([next.pay, current, next.hold]);
      current = next.hold;
      at = next.pay;
    }
  }

  /**
   * The return of `rules` as the pay of `key` moves from `low` to `high` (fractions, a coin):
   * {returnLow, returnHigh, breakEven (or null), breakpoints: [{pay, return, deals,
   * changes: [{cls, before, after}]}]}, as progressive.py's Progressive.
   */
  function progressive(rules, key, low, high, lines = holdLines(rules, key)) {
    const atLow = bestHolds(lines, low, true);
    const atHigh = bestHolds(lines, high, false);
    const events = new Map();
    for (let c = 0; c < lines.classes; c++) {
      if (lines.slope[c * 32 + atLow[c]] === lines.slope[c * 32 + atHigh[c]]) continue;
      for (const [pay, before, after] of walk(lines, c, atLow[c], low, high)) {
        const id = `${pay[0]}/${pay[1]}`;
        if (!events.has(id)) events.set(id, { pay, changes: [] });
        events.get(id).changes.push({ cls: c, before, after });
      }
    }
    const size = (c) => BigInt(lines.sizes[c]);
    let baseSum = 0n;
    let slopeSum = 0n;
    for (let c = 0; c < lines.classes; c++) {
      baseSum += size(c) * BigInt(lines.base[c * 32 + atLow[c]]);
      slopeSum += size(c) * BigInt(lines.slope[c * 32 + atLow[c]]);
    }
    const whole = lines.unit * lines.deals;
    const value = ([n, d]) => frac(baseSum * d + n * slopeSum, whole * d);
    const crossesOne = (start, end) => {
      if (slopeSum === 0n) return null;
      const pay = frac(whole - baseSum, slopeSum);
      return compare(start, pay) <= 0 && compare(pay, end) <= 0 ? pay : null;
    };
    const ordered = [...events.values()].sort((x, y) => compare(x.pay, y.pay));
    const breakpoints = [];
    let start = low;
    let breakEven = null;
    const returnLow = value(low);
    for (const { pay, changes } of ordered) {
      if (breakEven === null) breakEven = crossesOne(start, pay);
      changes.sort((x, y) => x.cls - y.cls);
      let deals = 0;
      for (const { cls } of changes) deals += lines.sizes[cls];
      breakpoints.push({ pay, return: value(pay), deals, changes });
      for (const { cls, before, after } of changes) {
        baseSum += size(cls) * (BigInt(lines.base[cls * 32 + after]) - BigInt(lines.base[cls * 32 + before]));
        slopeSum += size(cls) * (BigInt(lines.slope[cls * 32 + after]) - BigInt(lines.slope[cls * 32 + before]));
      }
      start = pay;
    }
    if (breakEven === null) breakEven = crossesOne(start, high);
    return { returnLow, returnHigh: value(high), breakEven, breakpoints };
  }

  /** A meter in coins as a player reads it: "4,000", "4,879.97" (to the cent, rounded). A meter
   * counts what the full bet wins: the pay a coin bet times the coins a hand is bet (5, or the
   * rules' `coins`). */
  function meterText([num, den], bet = 5n) {
    const coins = ns.solver.fraction(num * bet, den);
    const text = coins.den === 1n ? String(coins.num) : ns.solver.decimalText(coins, 2);
    const [int, cents] = text.split(".");
    return Number(int).toLocaleString("en-US") + (cents ? "." + cents : "");
  }

  function percentText([num, den]) {
    return ns.solver.decimalText(ns.solver.fraction(num * 100n, den), 4) + "%";
  }

  // A hold in a chart's words: generator/strategy/hold_words.py's name_of, word for word
  // (tests/js/hold-names.test.mjs holds the two to each other on every hold of sampled deals).
  const RANK_LETTERS = "23456789TJQKA";
  const [NONE, WILD, RF, SF, F, S, X, PAIR, TWO_PAIR, , FULL_HOUSE] = [...Array(13).keys()];
  const DRAWS = { [RF]: "Royal Flush", [SF]: "Straight Flush", [F]: "Flush", [S]: "Straight" };
  const RANK_PLURALS = { 12: "Aces", 11: "Kings", 10: "Queens", 9: "Jacks", 8: "Tens" };
  const SIZE_WORDS = { 2: "Pair of", 3: "Three", 4: "Four", 5: "Five" };
  const letters = (ranks) => [...ranks].sort((a, b) => b - a).map((r) => RANK_LETTERS[r]).join("");

  /** The name of a hold of `n` cards, `w` wild, of `kind` (rules-core's features), its natural
   * cards of the ranks `naturals`; `held[w]`: w wild cards held, in the game's words. */
  function nameOf(n, w, kind, naturals, held) {
    if (kind === NONE) return "Discard everything";
    if (kind === WILD) return held[w][0].toUpperCase() + held[w].slice(1) + " only";
    const counts = new Map();
    for (const r of naturals) counts.set(r, (counts.get(r) || 0) + 1);
    let core;
    if (kind in DRAWS && n === 5) core = DRAWS[kind];
    else if (kind <= X && kind >= RF && naturals.length === 1) return RANK_LETTERS[naturals[0]] + (w ? ` with ${held[w]}` : " alone");
    else if (kind === F && n >= 3) core = `${n} to a Flush`; // (a flush draw's ranks matter little)
    else if (kind in DRAWS && n >= 3) core = `${n} to a ${DRAWS[kind]}: ${letters(naturals)}`;
    else if (kind === RF || kind === SF || kind === F) core = "Suited " + letters(naturals);
    else if (kind === S || kind === X) core = letters(naturals) + " unsuited";
    else {
      if (kind === TWO_PAIR) core = "Two Pair";
      else if (kind === FULL_HOUSE) core = "Full House";
      else {
        let top = -1;
        for (const [r, k] of counts) if (top < 0 || k > counts.get(top) || (k === counts.get(top) && r > top)) top = r;
        core = `${SIZE_WORDS[counts.get(top)]} ${RANK_PLURALS[top] || RANK_LETTERS[top] + "s"}`;
      }
      const kickers = [...counts].filter(([, k]) => k === 1).map(([r]) => r);
      if (kickers.length) core += kickers.length === 1 ? ` with a ${letters(kickers)} kicker` : ` with ${letters(kickers)} kickers`;
    }
    return core + (w ? `, with ${held[w]}` : "");
  }

  /** The name of holding cards[i] for each bit i of `mask` (hold_words.hold_name). */
  function holdName(cards, mask, game, held) {
    const f = ns.rules.describe(cards, mask, game);
    const naturals = [];
    cards.forEach((card, i) => {
      if (mask >> i & 1 && !ns.rules.isWild(card, game)) naturals.push(game.ranks[card]);
    });
    return nameOf(f[0], f[1], f[2], naturals, held);
  }

  /** A breakpoint's changes grouped by the names of the holds that swap, in the order each swap
   * first comes (progressive_report.moves): [{above, below, deals, change}]. */
  function moves(point, lines, game, held) {
    const found = new Map();
    for (const change of point.changes) {
      const cards = Array.from(lines.reps.slice(change.cls * 5, change.cls * 5 + 5));
      const above = holdName(cards, change.after, game, held);
      const below = holdName(cards, change.before, game, held);
      const id = `${above}\n${below}`;
      if (!found.has(id)) found.set(id, { above, below, deals: 0, change });
      found.get(id).deals += lines.sizes[change.cls];
    }
    return [...found.values()];
  }

  /**
   * What the page shows of a meter from `lowCoins` to `highCoins` (fractions, coins for the full
   * bet): the returns and the break-even as text, and every breakpoint with its meter and
   * return (text, and a Number for the plot), the deals that change and the lines that move:
   * the holds that swap, by name (`held`: wild cards held in the game's words, as
   * hold_words.held_words), each with its deals and one of them (its cards, and the masks held
   * above and below). Plain data: it crosses from the worker to the page.
   */
  function meterReport(rules, key, lowCoins, highCoins, held = [""], onProgress = () => {}) {
    const bet = BigInt(rules.coins || 5);
    const perCoin = ([n, d]) => frac(n, d * bet);
    const lines = holdLines(rules, key, onProgress);
    const moving = progressive(rules, key, perCoin(lowCoins), perCoin(highCoins), lines);
    const game = ns.rules.gameOf(rules);
    const number = ([n, d]) => Number(n) / Number(d);
    const example = ({ cls, before, after }) => ({ cards: Array.from(lines.reps.slice(cls * 5, cls * 5 + 5)), above: after, below: before });
    const point = (pay, ret) => ({ meter: meterText(pay, bet), at: number(pay) * Number(bet), return: percentText(ret), value: number(ret) });
    return {
      low: point(perCoin(lowCoins), moving.returnLow), high: point(perCoin(highCoins), moving.returnHigh),
      breakEven: moving.breakEven && meterText(moving.breakEven, bet),
      points: moving.breakpoints.map((p) => ({
        ...point(p.pay, p.return), deals: p.deals,
        moves: moves(p, lines, game, held).map((m) => ({ above: m.above, below: m.below, deals: m.deals, example: example(m.change) })),
      })),
    };
  }

  ns.progressive = { holdLines, progressive, meterReport, meterText, parseFraction, frac, compare, holdName, nameOf };
})(globalThis);
