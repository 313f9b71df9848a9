// The "Any pay table" page's work, apart from the page: solve typed pays (solver.js), price every
// card and simple level of the game on them (rules-core.js plays each level on every suit
// class), and answer the checker (a deal's 32 exact EVs and the hold each level makes). The
// page's Web Worker (any-worker.js) runs it; from file://, where browsers refuse workers, the
// page runs it itself (any-ui.js). Node runs it in the tests.
//
// A session belongs to one game. The holds a level makes on every class depend on its lines
// alone, not on the pays, so they are worked out once per session and each new set of pays is
// priced by summing EVs: typing a pay again costs a solve (a fraction of a second) and a look-up.
//
// No import/export: attaches to globalThis.vpcharts.any (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});

  /**
   * A session for one game: `levels` is [{id, lines, rules}] (each card or simple level of the
   * game's pay tables, its lines as the export gives them; `id` names it in the answers).
   */
  function makeSession(levels) {
    const { solve, priceHolds, fraction, fractionText, decimalText, deck } = ns.solver;
    const R = ns.rules;
    const tables = levels.map((level) => ({ id: level.id, table: R.compileTable(level.lines, level.rules) }));
    let solution = null;
    let holds = null; // per level, Uint8Array(classes): the mask it holds on each representative

    /** Solve `rules`; onProgress(fraction, stage). The figures, exact, as text. */
    function solvePays(rules, onProgress = () => {}) {
      solution = solve(rules, onProgress);
      const s = solution;
      return {
        labels: s.labels,
        pays: s.pays.map(([num, den]) => fractionText(fraction(num, den))),
        return: fractionText(s.expectedReturn),
        return_percent: decimalText(fraction(s.expectedReturn.num * 100n, s.expectedReturn.den), 6) + "%",
        variance: fractionText(s.variance),
        variance_decimal: decimalText(s.variance, 6),
        total: String(s.total),
        final_counts: s.finalCounts.map(String),
      };
    }

    /** The hold each level makes on every class (once per session), then every level's exact
     * return and cost on the solved pays, cheapest first (ties in the levels' order). */
    function priceLevels(onProgress = () => {}) {
      if (!solution) throw new Error("solve the pays first");
      const { classes, reps } = solution;
      if (!holds) {
        holds = tables.map(() => new Uint8Array(classes));
        // The features read the high cards, which are each level's own (a Kings or Better card
        // holds kings on any Joker Poker machine): one description per class and distinct game.
        const groups = new Map();
        tables.forEach((entry, k) => {
          const key = `${entry.table.game.family}:${entry.table.game.high}`;
          if (!groups.has(key)) groups.set(key, { game: entry.table.game, members: [] });
          groups.get(key).members.push(k);
        });
        const buffer = new Int32Array(32 * R.FEATURES.length);
        const cards = [0, 0, 0, 0, 0];
        for (let c = 0; c < classes; c++) {
          if ((c & 0x1fff) === 0) onProgress(c / classes, "pricing");
          for (let i = 0; i < 5; i++) cards[i] = reps[c * 5 + i];
          for (const { game, members } of groups.values()) {
            R.describeInto(cards, game, buffer);
            for (const k of members) {
              const table = tables[k].table;
              const mask = R.holdOf(table, cards, buffer, R.dealId(table, cards));
              if (mask < 0) throw new Error(`${tables[k].id}: no line applies to a deal`);
              holds[k][c] = mask;
            }
          }
        }
      }
      const best = solution.expectedReturn;
      const rows = tables.map((entry, k) => {
        const r = priceHolds(solution, (c) => holds[k][c]);
        const cost = fraction(best.num * r.den - r.num * best.den, best.den * r.den);
        return {
          id: entry.id, return: fractionText(r), cost: fractionText(cost),
          return_percent: decimalText(fraction(r.num * 100n, r.den), 4) + "%",
          cost_percent: decimalText(fraction(cost.num * 100n, cost.den), 4) + "%",
          order: k, costNum: cost.num, costDen: cost.den,
        };
      });
      rows.sort((a, b) => {
        const diff = a.costNum * b.costDen - b.costNum * a.costDen;
        return diff < 0n ? -1 : diff > 0n ? 1 : a.order - b.order;
      });
      onProgress(1, "priced");
      return rows.map(({ id, return: r, cost, return_percent, cost_percent }) => ({ id, return: r, cost, return_percent, cost_percent }));
    }

    /** A deal's 32 exact EVs (text, over `unit`; bit i holds cards[i]) and the mask each level
     * holds (by level id), on the solved pays. */
    function dealAnswers(cards) {
      if (!solution) throw new Error("solve the pays first");
      const { cls, position } = classOf(cards);
      const row = cls * 32;
      const evs = [];
      for (let mask = 0; mask < 32; mask++) {
        let repMask = 0;
        for (let i = 0; i < 5; i++) if ((mask >> i) & 1) repMask |= 1 << position[i];
        evs.push(String(solution.evs[row + repMask]));
      }
      const levelHolds = {};
      for (const { id, table } of tables) levelHolds[id] = R.play(table, cards).mask;
      return { unit: String(solution.unit), evs, holds: levelHolds };
    }

    // The suit class of a deal (solver.class_of): its suits relabelled by the permutation of
    // the family's group that makes their rank masks, read from suit 0, the largest (all 24:
    // the largest mask first), the cards sorted; found among the representatives by colex rank.
    function classOf(cards) {
      const group = solution.group;
      const dk = deck(solution.rules.deck_size, group);
      const masks = [0, 0, 0, 0];
      for (const c of cards) if (c < 52) masks[c & 3] |= 1 << (c >> 2);
      let newSuit = [0, 0, 0, 0];
      if (group.length === 24) {
        const order = [0, 1, 2, 3].sort((a, b) => masks[b] - masks[a] || a - b);
        order.forEach((old, i) => (newSuit[old] = i));
      } else {
        let best = null;
        for (const perm of group) {
          const image = [0, 0, 0, 0];
          perm.forEach((to, from) => (image[to] = masks[from]));
          const order = best && image.map((m, s) => m - best.image[s]).find((d) => d !== 0);
          if (best === null || order > 0) best = { perm, image };
        }
        newSuit = best.perm;
      }
      const mapped = cards.map((c) => (c >= 52 ? c : (c & ~3) | newSuit[c & 3]));
      const rep = [...mapped].sort((a, b) => a - b);
      const rank = rep.reduce((sum, c, i) => sum + dk.binom[i + 1][c], 0);
      let lo = 0;
      let hi = dk.classes - 1;
      while (lo < hi) { // the representatives are in colex order
        const mid = (lo + hi) >> 1;
        if (repRank(dk, mid) < rank) lo = mid + 1;
        else hi = mid;
      }
      if (repRank(dk, lo) !== rank) throw new Error(`no class for ${cards}`);
      return { cls: lo, position: mapped.map((c) => rep.indexOf(c)) };
    }

    function repRank(dk, c) {
      let rank = 0;
      for (let i = 0; i < 5; i++) rank += dk.binom[i + 1][dk.reps[c * 5 + i]];
      return rank;
    }

    return { solvePays, priceLevels, dealAnswers };
  }

  // The pay rules of generator/solve/paytable.py (parse_pay, _check_pay_range), in its words.
  const PAY_EXPECTED = 'a non-negative number: an integer, a decimal like 2.5, or a fraction like "4000/5"';
  const FRACTION = /^\s*(\d+)\s*\/\s*(\d+)\s*$/;
  const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

  function quoted(text) {
    return JSON.stringify(String(text).length > 80 ? String(text).slice(0, 80) + "..." : String(text));
  }

  /**
   * Typed pays (texts, in the order of rules.pays) checked as a pay table file's are: the rules
   * with those pays ({rules}), or {errors: [{index (or -1 for the whole table), message}]}, each
   * message one line naming the pay, the value and what was expected.
   */
  function checkPays(rules, texts) {
    const errors = [];
    const pays = [];
    rules.pays.forEach((line, index) => {
      const text = String(texts[index] === undefined ? "" : texts[index]).trim();
      const fraction = FRACTION.exec(text);
      if (fraction && BigInt(fraction[2]) === 0n) {
        errors.push({ index, message: `${line.label} = ${quoted(text)}: expected ${PAY_EXPECTED} with a non-zero denominator` });
      } else if (!fraction && !DECIMAL.test(text)) {
        errors.push({ index, message: `${line.label} = ${quoted(text)}: expected ${PAY_EXPECTED}` });
      } else {
        pays.push({ index, text: fraction ? `${BigInt(fraction[1])}/${BigInt(fraction[2])}` : text.replace(/^0+(?=\d)/, "") });
      }
    });
    if (errors.length) return { errors };
    const { parsePay, gcd } = ns.evaluator;
    // A game bet more than 5 coins a hand is typed as its glass shows it (the full bet's win over
    // 5): solved per coin bet, times 5 / coins (pay tables' `coins`, site/view.py glass_pays).
    const coins = BigInt(rules.coins || 5);
    const values = pays.map(({ text }) => parsePay(text)).map(([num, den]) => [num * 5n, den * coins]);
    if (values.every(([num]) => num === 0n)) return { errors: [{ index: -1, message: "pays: expected at least one pay above zero" }] };
    let scale = 1n;
    for (const [num, den] of values) scale = (scale / gcd(scale, den / gcd(num, den))) * (den / gcd(num, den));
    const top = ns.solver.largestExactPay(rules.deck_size);
    let largest = 0;
    values.forEach(([num, den], i) => { if (num * values[largest][1] > values[largest][0] * den) largest = i; });
    const [num, den] = values[largest];
    if ((num * scale) / den > BigInt(top)) {
      const line = rules.pays[pays[largest].index];
      const expected = scale === 1n
        ? `a pay of at most ${top.toLocaleString("en-US")}: the largest this page sums exactly for a ${rules.deck_size}-card deck`
        : `pays whose largest times the common denominator of all pays (${scale.toLocaleString("en-US")}) is at most ${top.toLocaleString("en-US")}, the largest this page sums exactly for a ${rules.deck_size}-card deck`;
      return { errors: [{ index: pays[largest].index, message: `${line.label} = ${quoted(pays[largest].text)}: expected ${expected}` }] };
    }
    const out = JSON.parse(JSON.stringify(rules));
    out.pays.forEach((line, i) => {
      line.pay = coins === 5n ? pays[i].text : ns.solver.fractionText(ns.solver.fraction(...values[i]));
    });
    return { rules: out };
  }

  ns.any = { makeSession, checkPays };
})(globalThis);
