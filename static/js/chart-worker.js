// The Any pay table page's second Web Worker: the exact strategy of typed pays, derived apart
// from any-worker.js (the return, the prices, a deal's EVs), so the checker and the meter answer
// while it works, and new pays cancel it by ending this worker (any-engine.js).
//
// Message in: {id, rules, words} (the pays as any-core.js's checkPays gives them; the game's
// chart words, any/<id>.js's `chart`). Out: {type: "chart-progress", id, stage, fraction},
// then {type: "chart", id, chart} (chart.js's chartOf) or {type: "chart-error", id, message}.
/* global importScripts */
importScripts("cards.js", "evaluator.js", "rules-core.js", "combinatorics.js", "solver.js", "hold-data.js",
  "derive-kernels.js", "derive.js", "compact.js", "rank-words.js", "describe-data.js", "describe.js",
  "shortest-kernels.js", "shortest.js", "choices.js", "published.js", "chart.js", "any-chart-work.js");

self.onmessage = (event) => {
  const { id, rules, words } = event.data;
  try {
    const progress = (fraction, stage) => self.postMessage({ type: "chart-progress", id, stage, fraction });
    self.postMessage({ type: "chart", id, chart: self.vpcharts.chartWork.exactChart(rules, words, progress) });
  } catch (error) {
    self.postMessage({ type: "chart-error", id, message: String(error && error.message) });
  }
};
