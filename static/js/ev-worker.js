// The checker's Web Worker: exact EVs of all 32 holds off the page's thread.
//
// Messages in: {type: "init", rules} (the export's rules, of any family and deck: builds the
// engine, about half a second), then {type: "evs", id, cards}. Out: {type: "ready", unit} and
// {type: "evs", id, evs, ms}: evs are 32 integers over unit, as decimal strings (exact whatever
// their size), bit i holding cards[i].
// A classic worker with importScripts, because the core files are classic scripts too.
/* global importScripts */
importScripts("evaluator.js", "combinatorics.js", "ev-engine.js");

let engine = null;

self.onmessage = (event) => {
  const message = event.data;
  try {
    if (message.type === "init") {
      engine = self.vpcharts.ev.makeEngine(message.rules);
      self.postMessage({ type: "ready", unit: String(engine.unit) });
    } else if (message.type === "evs") {
      const start = performance.now();
      const evs = engine.evs(message.cards).map(String);
      self.postMessage({ type: "evs", id: message.id, evs, ms: performance.now() - start });
    }
  } catch (error) {
    self.postMessage({ type: "error", id: message.id, message: String(error && error.message) });
  }
};
