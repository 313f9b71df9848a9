// The Any pay table page's engine: any-core.js in a Web Worker (one solve at a time, of those asked
// meanwhile only the newest), or from file://, where browsers refuse workers, on the page's own
// thread between repaints; and its answers (progress, the return, the prices, a deal's EVs) shown,
// an older run's dropped. The exact strategy of the pays is derived in a second worker
// (chart-worker.js), then its pocket card, which new pays end and start again: a derivation takes
// seconds, and the checker and the meter answer meanwhile. From file:// it is derived on a tap, on the page's
// thread, which pauses while it works.
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).engine = function makeEngine(c) {
  "use strict";
  const { ns, app, errorBox, progressBox, progress, progressLabel, dealInput, state, STAGES, DEAL_PROBLEM,
    fail, showReturn, showPrices, checkDeal, showDeal, showMeter, meterFailed } = c;
  let chartWorker = null;

  /** Derive the exact strategy of `rules` (run `id`), then its pocket card, in a worker of its
   * own, ending the one deriving the pays before: a derivation is cancelled by changing the
   * pays. */
  function chartInWorker(id, rules) {
    endChart();
    chartWorker = new Worker(app.dataset.chartWorker);
    let charted = false; // (a worker that stops after the exact chart stops in the card)
    chartWorker.onmessage = (event) => {
      if (event.data.type === "chart") charted = true;
      receive(event.data);
    };
    chartWorker.onerror = () => receive({ type: charted ? "card-error" : "chart-error", id, message: "The strategy's worker stopped: reload the page to try again." });
    chartWorker.postMessage({ id, rules, words: state.data.chart });
  }

  function endChart() {
    if (chartWorker) chartWorker.terminate();
    chartWorker = null;
  }

  function startEngine() {
    if (location.protocol !== "file:" && typeof Worker === "function") {
      try {
        const worker = new Worker(app.dataset.worker);
        // One solve at a time in the worker, and of those asked meanwhile only the newest: the
        // worker cannot stop a solve it has begun, so pays typed with pauses (each pause asks
        // for a solve) queued a solve each, and the last answer came after all of them.
        let busy = null; // the id of the solve the worker is working on
        let waiting = null; // the newest solve asked meanwhile
        const send = (message) => {
          if (message.type === "solve") busy = message.id;
          worker.postMessage(message);
        };
        worker.onmessage = (event) => {
          const message = event.data;
          if (message.id === busy && (message.type === "priced" || message.type === "error")) {
            busy = null;
            if (waiting) {
              const next = waiting;
              waiting = null;
              send(next);
            }
          }
          receive(message);
        };
        worker.onerror = () => fail("The page's worker stopped: reload the page to try again.");
        return {
          post(message) {
            if (message.type === "game") waiting = null; // (a solve of the game before: stale)
            if (message.type === "solve" && busy !== null) waiting = message;
            else send(message);
          },
          chart(id, rules) { // (a derivation of pays typed before ends, asked for or not)
            endChart();
            c.chartAsked(() => chartInWorker(id, rules));
          },
          cancelChart: endChart,
          background: true,
        };
      } catch (error) { /* fall through to the page's own thread */ }
    }
    let session = null;
    const later = (f) => setTimeout(f, 20); // (a repaint between stages shows the progress)
    return {
      background: false,
      chart: c.deriveHere,
      cancelChart() {},
      post(message) {
        const id = message.id;
        later(() => {
          try {
            if (message.type === "game") session = ns.any.makeSession(message.levels);
            else if (message.type === "solve") {
              if (id !== state.run) return;
              receive({ type: "progress", id, stage: "solving", fraction: 0.1 });
              later(() => {
                if (id !== state.run) return;
                receive({ type: "solved", id, result: session.solvePays(message.rules) });
                receive({ type: "progress", id, stage: "pricing", fraction: 0 });
                later(() => {
                  if (id !== state.run) return;
                  receive({ type: "priced", id, rows: session.priceLevels() });
                });
              });
            } else if (message.type === "deal") receive({ type: "deal", id, answers: session.dealAnswers(message.cards) });
            else if (message.type === "meter") {
              const { rules, key, low, high, held } = message;
              receive({ type: "meter", id, report: ns.progressive.meterReport(rules, key, low, high, held) });
            }
          } catch (error) {
            receive({ type: "error", id, message: String(error && error.message) });
          }
        });
      },
    };
  }

  function receive(message) {
    if (message.type === "deal") return message.id === state.dealRun && showDeal(message.answers);
    if (message.type === "meter") return message.id === state.meterRun && showMeter(message.report);
    if (message.type === "error" && message.id === state.meterRun) return meterFailed(message.message); // ("meter-N": never a solve's id)
    if (message.id !== state.run) return; // an older run's answer: newer pays were typed
    if (c.chartMessage(message)) return;
    if (message.type === "progress") {
      progressBox.hidden = false;
      progress.value = message.fraction;
      progressLabel.textContent = (STAGES[message.stage] || "Working") + (c.engine.background ? "" : " (the page may pause: opened as a file, it works on its own thread)");
    } else if (message.type === "solved") {
      state.solved = message.result;
      showReturn(message.result);
      c.meterReady();
      if (state.addressProblem.startsWith(DEAL_PROBLEM)) { // (now beside its field: said once)
        state.addressProblem = "";
        errorBox.hidden = true;
      }
      performance.measure("any-return", { start: state.changed, end: performance.now() });
    } else if (message.type === "priced") {
      state.priced = message.rows;
      progressBox.hidden = true;
      showPrices(message.rows);
      performance.measure("any-prices", { start: state.changed, end: performance.now() });
      if (dealInput.value.trim()) checkDeal();
    } else if (message.type === "error") {
      fail(message.message);
    }
  }

  return { startEngine, receive };
};
