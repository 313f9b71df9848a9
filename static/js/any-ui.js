// The "Any pay table" page (templates/any.html): pick a game, type its pays, read the exact
// return, what every card of the game plays these pays at, and the best hold of any deal.
//
// The work (any-core.js) runs in a Web Worker (any-worker.js), so the page stays live and shows
// progress; opened from file://, where browsers refuse workers, the page runs it itself between
// repaints. The address keeps everything typed (#game=...&pays=800_50_25...&deal=...), written on
// each change with history.replaceState, so a bookmark or a shared link restores it; a bad
// address or pay is said on the page in the words of the pay table files' validation.
//
// The parts, in the order the page loads them: any-address.js (the address read and written),
// any-answers.js (the return and the levels' prices shown), any-pays.js (the pays' fields, checked
// and solved), any-deal.js (a deal's 32 holds), any-meter-plot.js and any-meter.js (a pay as a
// progressive meter, and its plot), any-card.js (its pocket card), any-chart.js (the exact strategy of the pays), any-engine.js (the worker or the page's own thread, and its
// answers), any-game.js (a game loaded and chosen). This file reads the page, makes them, starts
// the engine and binds the player's events.
//
// No import/export: attaches nothing; reads globalThis.vpcharts (cards, solver, any) and the
// game scripts any/<id>.js, which add globalThis.vpcharts.anyGames[id].
(function () {
  "use strict";
  const app = document.getElementById("any-app");
  if (!app) return;
  const ns = globalThis.vpcharts;
  const $ = (id) => document.getElementById(id);
  const status = $("any-status");
  const gameSelect = $("any-game");
  const paysForm = $("any-pays");
  const fields = $("any-pay-fields");
  const errorBox = $("any-error");
  const progressBox = $("any-progress-box");
  const progress = $("any-progress");
  const progressLabel = $("any-progress-label");
  const result = $("any-result");
  const dealInput = $("any-deal");
  const dealError = $("any-deal-error");
  const dealResult = $("any-deal-result");
  const SEPARATOR = "_"; // between pays in the address: no pay can contain it
  const STAGES = { counting: "Counting every hand", solving: "Solving every deal", pricing: "Playing each card on every deal" };

  const state = { game: null, data: null, run: 0, solved: null, priced: null, unit: null, dealRun: 0 };
  // When the pays last changed (a keystroke, or the page's own prefill): the benchmark
  // (generator/bench/any_page.py) reads the measures "any-return" and "any-prices" taken from it.
  state.changed = performance.now();
  // A problem with the address: said until the player changes something.
  state.addressProblem = "";
  const DEAL_PROBLEM = "The address's deal: ";

  function notice(message) {
    state.addressProblem = message;
    errorBox.hidden = false;
    errorBox.textContent = message;
  }

  function fail(message) {
    progressBox.hidden = true;
    errorBox.hidden = false;
    errorBox.textContent = message;
  }

  const c = {
    ns, app, $, status, gameSelect, paysForm, fields, errorBox, progressBox, progress, progressLabel, result,
    dealInput, dealError, dealResult, SEPARATOR, STAGES, state, DEAL_PROBLEM, notice, fail, engine: null,
  };
  const P = ns.anyParts;
  for (const make of [P.address, P.answers, P.pays, P.deal, P.meterPlot, P.meter, P.card, P.chart, P.engine, P.game]) {
    Object.assign(c, make(c));
  }
  const { readAddress, closestTable, typedPays, solveNow, checkDeal, startEngine, chooseGame } = c;

  // ---- start ----
  if (!gameSelect.options.length) {
    status.textContent = "No game has a card yet.";
    return;
  }
  c.engine = startEngine();
  $("any-game-form").addEventListener("submit", (event) => event.preventDefault());
  paysForm.addEventListener("submit", (event) => {
    event.preventDefault();
    solveNow();
  });
  gameSelect.addEventListener("change", () => {
    state.addressProblem = "";
    errorBox.hidden = true;
    dealInput.value = "";
    dealResult.hidden = true;
    chooseGame(gameSelect.value, null);
  });
  $("any-reset").addEventListener("click", () => {
    const { table } = closestTable(typedPays());
    fields.querySelectorAll("input").forEach((input, i) => (input.value = table.pays[i]));
    solveNow();
  });
  $("any-deal-form").addEventListener("submit", checkDeal);
  const address = readAddress();
  if (address.deal) dealInput.value = address.deal;
  c.restoreMeter(address.meter);
  chooseGame(address.game, address.pays);
  // An address typed or a link followed while the page is open (only the part after # changed,
  // so the page is not loaded again) is read as at load; the page's own replaceState of its
  // address fires no hashchange.
  window.addEventListener("hashchange", () => {
    const again = readAddress();
    state.addressProblem = "";
    errorBox.hidden = true;
    dealInput.value = again.deal || "";
    dealError.hidden = true;
    dealResult.hidden = true;
    state.dealRun += 1; // (an answer still on its way is of the old deal)
    c.restoreMeter(again.meter);
    chooseGame(again.game, again.pays);
  });
})();
