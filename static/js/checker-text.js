// The checker's words: exact numbers as the page prints them (fractions over the EV unit,
// decimals rounded from the integers), the names of holds and lines, the explanation of the
// player's own hold, and el(), the one way they go into the page (as text, never as HTML).
//
// A part of the checker (checker-ui.js makes the parts in order, each over what the ones before it
// made: c holds the page's data, elements and state, and every earlier part's functions).
(globalThis.vpcharts.checkerParts = globalThis.vpcharts.checkerParts || {}).text = function makeText(c) {
  "use strict";
  const V = globalThis.vpcharts;
  const { formatHand } = V.cards;
  const { gcd } = V.evaluator;
  const S = V.checkerState;
  const { state, unit } = c;

  // ---- numbers -------------------------------------------------------------------------------
  function fraction(value) {
    if (value === 0n) return "0";
    const g = gcd(value, unit);
    return g === unit ? String(value / unit) : `${value / g}/${unit / g}`;
  }
  function decimal(value, places = 6) {
    // Exact rounding from the integers (Number division would do for display, but needn't).
    const scale = 10n ** BigInt(places);
    const negative = value < 0n;
    const v = negative ? -value : value;
    const scaled = (v * scale * 2n + unit) / (unit * 2n);
    const whole = scaled / scale;
    const frac = String(scaled % scale).padStart(places, "0");
    return `${negative ? "-" : ""}${whole}.${frac}`;
  }
  function percentOfBet(value) {
    // A difference in EV per coin bet, as a percent of the bet.
    const hundred = value * 100n;
    return `${decimal(hundred, hundred < unit ? 4 : 2)}% of the bet`;
  }

  // ---- small DOM helpers (text only) ---------------------------------------------------------
  function el(tag, props = {}, children = []) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key === "text") node.textContent = value;
      else if (key === "className") node.className = value;
      else if (key.startsWith("aria") || key.startsWith("data")) node.setAttribute(key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()), value);
      else node[key] = value;
    }
    for (const child of children) node.append(child);
    return node;
  }
  function holdText(mask) {
    const held = state.cards.filter((_, i) => (mask >> i) & 1);
    return held.length ? formatHand(held, true, c.extras) : "nothing (draw five)";
  }
  // The number line `index` is printed with, as the card and the pages number it: a run of made
  // hands shares one; in a wild game, the number in the deal's section (checker-state.js).
  function lineNumber(index) {
    return S.printedLine(state, index).number;
  }
  function lineLabel(index) {
    const printed = S.printedLine(state, index);
    const section = printed.here ? "" : ` (under \u201c${printed.label}\u201d)`;
    return `line ${printed.number}${section}, ${state.table.lines[index].line.text}`;
  }

  // ---- the player's hold, explained ---------------------------------------------------------
  function yoursExplained() {
    // Text pieces: the hold, the line it fits, and its cost once the EVs are in.
    const mask = state.held;
    const table = state.table;
    const pieces = [`Your hold: ${holdText(mask)}. `];
    if (table && state.played) {
      // The deal's own features (its exception class included), as the table plays them.
      const own = state.played.firstLines[mask];
      const applies = state.played.line;
      if (own < 0) pieces.push("It fits no line of the table, so the table never plays it. ");
      else if (own === applies && state.played.tied.includes(mask)) pieces.push(`It is what ${lineLabel(own)} holds. `);
      else if (own === applies) pieces.push(`It fits ${lineLabel(own)}, the line that applies, but where it fits more than one way the line holds ${V.rules.choiceWords(table.lines[applies].line)}. `);
      else {
        // Counted as printed, as the player reads the chart: a run of made hands is one line;
        // in a wild game, in the deal's section, where the line that applies is.
        const first = S.printedLine(state, applies);
        const mine = S.printedLine(state, own);
        const below = mine.number - first.number;
        if (!mine.here) pieces.push(`It fits ${lineLabel(own)}: your deal is read under \u201c${first.label}\u201d, where line ${first.number} applies first. `);
        else if (below === 0) pieces.push(`It fits ${lineLabel(own)}; ${table.lines[applies].line.text}, named before it on the same line, applies first. `);
        else pieces.push(`It fits ${lineLabel(own)}, ${below} line${below === 1 ? "" : "s"} below line ${first.number}, which applies first. `);
      }
    }
    if (!state.evs) {
      pieces.push(state.evProblem ? `Its cost needs the exact EVs: ${state.evProblem}` : "Computing its exact cost ...");
      return pieces;
    }
    const best = state.evs[S.bestMasks(state)[0]];
    const cost = S.costOf(state, mask);
    pieces.push(cost === 0n ? "It is optimal: it costs nothing." :
      `It costs ${decimal(cost)} a coin (${percentOfBet(cost)}; exactly ${fraction(cost)}): EV ${decimal(state.evs[mask])} against the best ${decimal(best)}.`);
    return pieces;
  }

  return { fraction, decimal, percentOfBet, el, holdText, lineNumber, lineLabel, yoursExplained };
};
