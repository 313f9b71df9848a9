// The Any pay table page's second Web Worker: the exact strategy of typed pays, derived apart
// from any-worker.js (the return, the prices, a deal's EVs), so the checker and the meter answer
// while it works, and new pays cancel it by ending this worker (any-engine.js).
//
// Message in: {id, rules, words} (the pays as any-core.js's checkPays gives them; the game's
// chart words, any/<id>.js's `chart`). Out: {type: "chart-progress", id, stage, fraction},
// then {type: "chart", id, chart} (chart.js's chartOf); then the pocket card from it:
// {type: "card-progress", id, stage, fraction}, then {type: "card", id, card} (levelChart).
// Either may end in {type: "chart-error" or "card-error", id, message}.
/* global importScripts */
importScripts("cards.js", "evaluator.js", "rules-core.js", "combinatorics.js", "solver.js", "hold-data.js",
  "derive-kernels.js", "derive.js", "compact.js", "rank-words.js", "describe-data.js", "describe.js",
  "shortest-kernels.js", "shortest.js", "choices.js", "published.js", "levels.js", "chart.js", "any-chart-work.js");

self.onmessage = (event) => {
  const { id, rules, words } = event.data;
  const W = self.vpcharts.chartWork;
  let work;
  try {
    work = W.exactWork(rules, words, (fraction, stage) => self.postMessage({ type: "chart-progress", id, stage, fraction }));
    self.postMessage({ type: "chart", id, chart: work.chart });
  } catch (error) {
    self.postMessage({ type: "chart-error", id, message: String(error && error.message) });
    return;
  }
  try {
    const card = W.cardChart(work, words, (fraction, stage) => self.postMessage({ type: "card-progress", id, stage, fraction }));
    self.postMessage({ type: "card", id, card });
  } catch (error) {
    self.postMessage({ type: "card-error", id, message: String(error && error.message) });
  }
};
