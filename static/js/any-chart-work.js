// The exact strategy and the pocket card of typed pays, from the pays to the charts a page
// prints: solve (solver.js), describe every hold (hold-data.js), publish the exact table as the
// build does (published.js) and say it (chart.js); then find the card level from it as the build
// does (levels.js) and say that. Each reports progress by stage. The chart worker
// (chart-worker.js) runs them, the page itself from file:// (any-engine.js), and node the bench.
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

  /** The exact strategy of the pays `rules`: {chart (chart.js's chartOf), and what the card's
   * search starts from: solution, game, data, table (the published {lines, choices}), plain
   * (the first offer's compacted table, where the levels descend from)}. onProgress(fraction,
   * stage), stage "solving", "describing", "deriving" or "checking". `forCard` false drops the
   * EVs before the derivation's peak (34 MB): the exact chart alone reads the classes. */
  function exactWork(rules, words, onProgress = () => {}, forCard = true) {
    const solution = ns.solver.solve(rules, (fraction) => onProgress(0.1 * fraction, "solving"));
    const game = ns.rules.gameOf(rules);
    onProgress(0.1, "describing");
    const data = ns.holdData.holdData(solution, game);
    if (!forCard) solution.evs = null;
    onProgress(0.15, "deriving");
    const offers = new Set();
    let plain = null;
    const table = ns.published.exactTable(data, game, null, (name, lines) => {
      const [step, offer] = [name.split(" ")[0], name.split(" ").slice(1).join(" ")];
      if (step === "compacted" && plain === null) plain = lines;
      if (offer) offers.add(offer);
      const done = DONE.find(([s]) => s === step);
      if (done) onProgress(offers.size > 1 && done.length > 2 ? done[2] : done[1], "deriving");
    });
    onProgress(0.97, "checking");
    return { chart: ns.chart.chartOf(data, solution, game, table, words), solution, game, data, table, plain };
  }

  /** chart.js's chartOf of the pays `rules` (exactWork's chart, the EVs dropped early). */
  function exactChart(rules, words, onProgress = () => {}) {
    return exactWork(rules, words, onProgress, false).chart;
  }

  /** The card level of exactWork's `work` as a pay table's page prints it (levels.cardLevel,
   * said by chart.js's levelChart). onProgress as cardLevel's. */
  function cardChart(work, words, onProgress = () => {}) {
    const { solution, game, data, table, plain } = work;
    const card = ns.levels.cardLevel(data, solution, game, table.lines, plain, onProgress);
    return ns.chart.levelChart(data, solution, game, card.table, words, card.played, card.held, card.pays);
  }

  ns.chartWork = { exactWork, exactChart, cardChart };
})(globalThis);
