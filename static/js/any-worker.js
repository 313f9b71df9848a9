// The "Any pay table" page's Web Worker: any-core.js off the page's thread.
//
// Messages in: {type: "game", levels} (a session for the game's levels), {type: "solve", id,
// rules} (solve, then price every level), {type: "deal", id, cards}. Out: {type: "progress", id,
// stage, fraction}, {type: "solved", id, result}, {type: "priced", id, rows}, {type: "deal", id,
// answers}, {type: "error", id, message}; and {type: "meter", id, rules, key, low, high, held} (a
// progressive meter, progressive.js) answered {type: "meter", id, report}. A newer "solve" makes the page ignore an older one's
// messages by id; the worker finishes each in turn.
/* global importScripts */
importScripts("cards.js", "evaluator.js", "rules-core.js", "combinatorics.js", "solver.js", "any-core.js",
  "progressive.js");

let session = null;

self.onmessage = (event) => {
  const message = event.data;
  const id = message.id;
  try {
    if (message.type === "game") {
      session = self.vpcharts.any.makeSession(message.levels);
    } else if (message.type === "solve") {
      const progress = (fraction, stage) => self.postMessage({ type: "progress", id, stage, fraction });
      self.postMessage({ type: "solved", id, result: session.solvePays(message.rules, progress) });
      self.postMessage({ type: "priced", id, rows: session.priceLevels(progress) });
    } else if (message.type === "deal") {
      self.postMessage({ type: "deal", id, answers: session.dealAnswers(message.cards) });
    } else if (message.type === "meter") {
      const { rules, key, low, high, held } = message;
      self.postMessage({ type: "meter", id, report: self.vpcharts.progressive.meterReport(rules, key, low, high, held) });
    }
  } catch (error) {
    self.postMessage({ type: "error", id, message: String(error && error.message) });
  }
};
