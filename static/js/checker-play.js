// What the chosen level's table plays on the deal: the hold, the line it comes from (a link to
// that line on the page, highlighted there), what it gives away against the best hold, and the
// next line that fits.
//
// A part of the checker (checker-ui.js makes the parts in order, each over what the ones before it
// made: c holds the page's data, elements and state, and every earlier part's functions).
(globalThis.vpcharts.checkerParts = globalThis.vpcharts.checkerParts || {}).play = function makePlay(c) {
  "use strict";
  const V = globalThis.vpcharts;
  const S = V.checkerState;
  const { data, els, state, exactPage } = c;
  const { el, holdText, lineNumber, lineLabel, decimal, percentOfBet } = c;

  // Where the chosen level's line `index` is on the page: the card level's and the simple
  // level's tables are here; the exact table is on its own page. A sectioned table's line is
  // found in the deal's section ("line-12-w1"), where the player reads it.
  function lineId(index) {
    const { wild } = S.printedLine(state, index);
    const prefix = state.level === "simple" ? "simple-line-" : "line-";
    return `${prefix}${state.table.lines[index].line.number}${wild === null ? "" : `-w${wild}`}`;
  }
  function lineHref(index) {
    return state.level === "exact" ? `${exactPage}#${lineId(index)}` : `#${lineId(index)}`;
  }
  // (a run of made hands is one row: its other lines are anchors inside it)
  function lineRow(index) {
    return state.level === "exact" ? null : document.getElementById(lineId(index))?.closest("tr") ?? null;
  }

  // ---- rendering: the table's play -----------------------------------------------------------
  let highlighted = null;
  function clearHighlight() {
    if (highlighted) highlighted.classList.remove("checker-applies");
    highlighted = null;
  }

  function renderPlay() {
    els.play.replaceChildren();
    els.next.replaceChildren();
    const table = state.table;
    if (!S.isFull(state)) {
      els.play.textContent = state.cards.length ? `Pick ${5 - state.cards.length} more card${state.cards.length === 4 ? "" : "s"}.` : "";
      return;
    }
    if (S.answerHidden(state)) {
      els.play.textContent = "Trainer: mark your hold, then grade it (G).";
      return;
    }
    if (!table) {
      els.play.textContent = `No strategy table for this pay table yet (${data.strategy_error}). The optimal hold comes from the exact EVs.`;
      if (state.evs) {
        const best = S.bestMasks(state);
        els.play.append(" Optimal hold: ", el("strong", { className: "play-hold", id: "checker-optimal", text: holdText(best[best.length - 1]) }), ".");
      }
      return;
    }
    const played = state.played;
    if (played.line < 0) {
      els.play.textContent = "No line of the table applies to this deal.";
      return;
    }
    const line = table.lines[played.line].line;
    els.play.append(
      "Hold ", el("strong", { className: "play-hold", id: "checker-optimal", text: holdText(played.mask) }),
      ": ", el("a", { href: lineHref(played.line), className: "play-line", id: "checker-line", text: `line ${lineNumber(played.line)}` }),
      `, ${line.text}, is the first line your deal fits.`,
    );
    if (played.tied.length > 1) els.play.append(` Equally: ${played.tied.slice(1).map(holdText).join("; ")}.`);
    if (state.evs) {
      const gap = S.costOf(state, played.mask);
      if (gap > 0n) {
        els.play.append(` This level gives away ${decimal(gap)} a coin here (${percentOfBet(gap)}) against the best hold, ${holdText(S.bestMasks(state)[0])}.`);
      }
    }
    const row = lineRow(played.line);
    if (row) {
      row.classList.add("checker-applies");
      highlighted = row;
      const shut = row.closest("details:not([open])");  // a level behind a tap: checked against, shown
      if (shut) shut.open = true;
    }
    renderNext();
  }

  // The best competing line (checker-state.js's nextLine), and what choosing it would cost.
  function renderNext() {
    const { line: next, mask: nextMask } = S.nextLine(state);
    if (next < 0) {
      els.next.textContent = "No other line of the table fits this deal.";
      return;
    }
    els.next.append(`The next line that fits is ${lineLabel(next)}: it would hold ${holdText(nextMask)}`);
    if (state.evs) {
      const gap = state.evs[state.played.mask] - state.evs[nextMask];
      els.next.append(gap >= 0n
        ? `, worth ${decimal(gap)} a coin less (${percentOfBet(gap)}).`
        : `, worth ${decimal(-gap)} a coin more (${percentOfBet(-gap)}): this level trades it away to stay short.`);
    } else {
      els.next.append(".");
    }
  }

  return { clearHighlight, renderPlay };
};
