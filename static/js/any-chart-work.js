// The exact strategy of typed pays, from the pays to the chart a page prints: solve
// (solver.js), describe every hold (hold-data.js), publish the exact table as the build does
// (published.js) and say it (chart.js), reporting progress by stage. The chart worker
// (chart-worker.js) runs it, the page itself from file:// (any-engine.js), and node the bench.
//
// No import/export: attaches to globalThis.vpcharts.chartWork (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  // How far along each step of the published table is when it ends (published.exactTable's
  // names; a step of the second offer ends past its first's): the progress bar's, from the
  // steps' times on 7/5 Triple Double Bonus (VPCHARTS_DERIVE_TIMES=1 node --test derive.test.mjs).
  const DONE = [["derived", 0.35, 0.6], ["compacted", 0.42, 0.68], ["tidied", 0.48, 0.72], ["split", 0.82],
    ["merged", 0.9], ["halved", 0.93], ["joined", 0.96]];

  /** chart.js's chartOf of the pays `rules`; onProgress(fraction, stage), stage "solving",
   * "describing", "deriving" or "checking". */
  function exactChart(rules, words, onProgress = () => {}) {
    const solution = ns.solver.solve(rules, (fraction) => onProgress(0.1 * fraction, "solving"));
    const game = ns.rules.gameOf(rules);
    onProgress(0.1, "describing");
    const data = ns.holdData.holdData(solution, game);
    // (every hold's EV is in the hold data now, as whether it is optimal and its order: the
    // 34 MB of EVs go before the derivation's peak; chartOf reads the classes, not the EVs)
    solution.evs = null;
    onProgress(0.15, "deriving");
    const offers = new Set();
    const table = ns.published.exactTable(data, game, null, (name) => {
      const [step, offer] = [name.split(" ")[0], name.split(" ").slice(1).join(" ")];
      if (offer) offers.add(offer);
      const done = DONE.find(([s]) => s === step);
      if (done) onProgress(offers.size > 1 && done.length > 2 ? done[2] : done[1], "deriving");
    });
    onProgress(0.97, "checking");
    return ns.chart.chartOf(data, solution, game, table, words);
  }

  ns.chartWork = { exactChart };
})(globalThis);
