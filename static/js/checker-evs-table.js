// The table of the deal's 32 holds, best first, each with its exact EV and the line it fits.
//
// A part of the checker (checker-ui.js makes the parts in order, each over what the ones before it
// made: c holds the page's data, elements and state, and every earlier part's functions).
(globalThis.vpcharts.checkerParts = globalThis.vpcharts.checkerParts || {}).evsTable = function makeEvsTable(c) {
  "use strict";
  const V = globalThis.vpcharts;
  const S = V.checkerState;
  const { els, state } = c;
  const { el, holdText, lineNumber, decimal, fraction } = c;

  // ---- rendering: the 32 EVs -----------------------------------------------------------------
  function renderEvs() {
    els.evsBody.replaceChildren();
    if (!S.isFull(state)) {
      // (the table's head alone, with no rows, read as a table that failed to fill)
      els.evsNote.textContent = "Once the deal has five cards: its 32 holds, best first, each with its exact EV.";
      return;
    }
    if (S.answerHidden(state)) {
      els.evsNote.textContent = "Hidden until you grade your hold.";
      return;
    }
    if (!state.evs) {
      els.evsNote.textContent = state.evProblem ? `Exact EVs unavailable: ${state.evProblem}` : "Computing the exact EVs ...";
      return;
    }
    const level = state.level;
    const table = state.table;
    els.evsNote.textContent = `Best first; EV per coin bet; "=" marks holds tied with the one above${state.chosen ? "; your hold is outlined" : ""}. Line: the line of ${level ? `the ${level === "card" ? "card" : level === "exact" ? "exact table" : "simple level"}` : "the table"} the hold fits.`;
    const order = [...Array(32).keys()].sort((a, b) => (state.evs[b] > state.evs[a] ? 1 : state.evs[b] < state.evs[a] ? -1 : a - b));
    const top = state.evs[order[0]];
    let rank = 0;
    order.forEach((mask, i) => {
      const tied = i > 0 && state.evs[mask] === state.evs[order[i - 1]];
      if (!tied) rank = i + 1;
      const own = table && state.played ? state.played.firstLines[mask] : -1;
      const classes = [state.evs[mask] === top ? "is-best" : "", state.chosen && mask === state.held ? "is-yours" : "",
        state.played && state.played.line >= 0 && state.played.tied.includes(mask) ? "is-played" : ""].filter(Boolean).join(" ");
      els.evsBody.append(el("tr", { className: classes }, [
        el("td", { className: "num", text: tied ? `= ${rank}` : String(rank) }),
        el("td", { text: holdText(mask) + (state.evs[mask] === top ? " (best)" : "") }),
        el("td", { className: "num", text: decimal(state.evs[mask]) }),
        el("td", { className: "num exact", text: fraction(state.evs[mask]) }),
        el("td", { className: "num", text: own >= 0 ? String(lineNumber(own)) : "" }),
      ]));
    });
  }

  return { renderEvs };
};
