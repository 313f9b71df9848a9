// The exact EVs of the deal: asked of the Web Worker (ev-worker.js), or, opened from file:// where
// browsers refuse workers, of the same engine (ev-engine.js) on the page's thread; each answer is
// handed to checker-state.js and drawn.
//
// A part of the checker (checker-ui.js makes the parts in order, each over what the ones before it
// made: c holds the page's data, elements and state, and every earlier part's functions).
(globalThis.vpcharts.checkerParts = globalThis.vpcharts.checkerParts || {}).engine = function makeEvRequests(c) {
  "use strict";
  const V = globalThis.vpcharts;
  const S = V.checkerState;
  const { app, data, state, unit } = c;
  const { renderHand, renderAll } = c;

  // ---- the EV engine's answers: a Web Worker, or the engine on this thread -------------------
  let worker = null;
  let engine = null; // the EV engine on the page's own thread, when there is no worker
  function startEngine() {
    if (location.protocol !== "file:") {
      try {
        worker = new Worker(app.dataset.worker);
      } catch (error) {
        worker = null;
      }
    }
    if (!worker) {
      // Opened from disk (file://), browsers refuse Web Workers: the engine runs here.
      if (!V.ev) S.evsFailed(state, "the EV engine did not load.");
      return;
    }
    worker.onmessage = onWorkerMessage;
    worker.onerror = () => {
      // A worker that cannot start: fall back to the page's thread.
      worker = null;
      requestEvs();
    };
    worker.postMessage({ type: "init", rules: data.rules });
  }

  function onWorkerMessage(event) {
    const message = event.data;
    if (message.type === "ready") {
      if (BigInt(message.unit) !== unit) S.evsFailed(state, "the EV engine's unit differs from the export's (a bug).");
    } else if (message.type === "evs") {
      gotEvs(message.id, message.evs.map(BigInt)); // (dropped there if a newer deal came since)
    } else if (message.type === "error") {
      S.evsFailed(state, `the EV worker failed: ${message.message}`);
      renderAll();
    }
  }

  function gotEvs(request, evs) {
    if (!S.receiveEvs(state, request, evs)) return;
    renderHand();
    renderAll();
    performance.mark("checker-evs");
    performance.measure("checker-evs", "checker-deal", "checker-evs");
  }

  function requestEvs() {
    if (!S.isFull(state)) return;
    if (worker) {
      worker.postMessage({ type: "evs", id: state.request, cards: state.cards });
      return;
    }
    if (state.evProblem) return;
    const id = state.request;
    const cards = state.cards;
    // After the hold is on screen: the first deal builds the engine (about a quarter second).
    setTimeout(() => {
      if (id !== state.request) return;
      try {
        if (!engine) {
          engine = V.ev.makeEngine(data.rules);
          if (engine.unit !== unit) throw new Error("the EV engine's unit differs from the export's (a bug)");
        }
        gotEvs(id, engine.evs(cards).map(BigInt));
      } catch (error) {
        S.evsFailed(state, `the EV engine failed: ${error.message}`);
        renderAll();
      }
    }, 0);
  }

  return { startEngine, requestEvs };
};
