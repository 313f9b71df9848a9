// The session calculator's numbers in and out: its fields read and checked against the limits of
// `vpcharts bankroll`, a bad one said in the same words, and a chance as the page prints it.
//
// A part of the session calculator (bankroll-ui.js makes the parts in order, each over what the
// ones before it made: c holds the page's form and $, and every earlier part's functions).
(globalThis.vpcharts.sessionParts = globalThis.vpcharts.sessionParts || {}).fields = function makeFields(c) {
  "use strict";
  const { $ } = c;

  // The limits of `vpcharts bankroll` (generator/bankroll/limits.py), said in the same words.
  const MAX_ROUNDS = 100000;
  const MAX_BANKROLL = 1000000;
  const MAX_BET = 1000000; // (money: only so that a result is a number, not "Infinity")

  // A typed value as a message shows it: quoted, cut to 80 characters (as generator/core/errors.py
  // cuts a value in an error line), so a pasted page of digits comes back as one short line.
  function shown(text) {
    return text.length > 80 ? `${JSON.stringify(text.slice(0, 80))}... (${text.length.toLocaleString("en-US")} characters)` : JSON.stringify(text);
  }

  /** The field's number from `low` to `high`, else an Error naming the field, the value and the
   * range (`low` 0 means "above 0"). */
  function number(id, what, whole, low, high, unit) {
    const text = $(id).value.trim();
    const value = Number(text);
    const range = low ? `from ${low.toLocaleString("en-US")} to ${high.toLocaleString("en-US")}` : `above 0 and at most ${high.toLocaleString("en-US")}`;
    const expected = `expected ${whole ? "a whole number" : "a number"}${unit} ${range}${whole ? "" : ", like 400 or 2.5"}`;
    if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0) || (whole && !Number.isInteger(value))) {
      throw new Error(`${what} = ${shown(text)}: ${expected}`);
    }
    if (value < low || value > high) {
      // (a bankroll under the deal's stake says why: the first deal could not be paid)
      const stake = what === "Bankroll" && value < low ? ` a deal of ${low} hand${low > 1 ? "s" : ""} stakes ${low} bet${low > 1 ? "s" : ""};` : "";
      throw new Error(`${what} = ${shown(text)}:${stake} ${expected}`);
    }
    return value;
  }

  function percent(p) {
    if (p > 0 && p < 0.0001) return "under 0.01%";
    return `${(p * 100).toFixed(2)}%`;
  }

  return { MAX_ROUNDS, MAX_BANKROLL, MAX_BET, number, percent };
};
