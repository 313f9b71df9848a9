// The hold checker and trainer on a pay table's page (templates/checker.html).
//
// Reads the embedded JSON (#checker-data: rules, the levels' tables), plays the chosen level here
// at once (rules-core.js) and marks its hold on the dealt cards, and asks a Web Worker
// (ev-worker.js) for the exact EV of all 32 holds. Opened from file://, where the browser refuses
// workers, the same engine (ev-engine.js, loaded on the page too) runs on the main thread: a few
// milliseconds a deal after a quarter of a second to start. Nothing about the player's own hold
// is said until the player has chosen one. All text from the user or the data goes in through
// textContent, never as HTML.
//
// The deal, the holds, the level and the answers live in checker-state.js (loaded before this
// file); here they are drawn (render*), changed on the player's events (the handlers bound in
// bindEvents) and on the EV engine's answers (the worker's messages, or the engine on this
// thread), each change followed by a render of what it touches.
//
// Timing marks for the benchmark (generator/browser_bench.py): performance marks
// "checker-deal" (the fifth card is in), "checker-hold" (hold and line shown) and "checker-evs"
// (all 32 EVs shown), and measures "checker-hold" and "checker-evs" from the deal.
(function (root) {
  "use strict";
  const V = root.vpcharts;
  const { parseHand, cardText, cardName, formatHand, JOKER, CardError } = V.cards;
  const { compileTable } = V.rules;
  const S = V.checkerState;

  const app = document.getElementById("checker-app");
  const dataNode = document.getElementById("checker-data");
  if (!app || !dataNode) return;
  const data = JSON.parse(dataNode.textContent);
  const $ = (id) => document.getElementById(id);
  const els = {
    status: $("checker-status"), form: $("checker-form"), input: $("checker-input"), error: $("checker-error"),
    clear: $("checker-clear"), hand: $("checker-hand"), deck: $("checker-deck"), play: $("checker-play"),
    next: $("checker-next"), none: $("checker-none"), levels: $("checker-levels"), yours: $("checker-yours"), evsNote: $("checker-evs-note"), evsBody: $("checker-evs").tBodies[0],
    deal: $("trainer-deal"), grade: $("trainer-grade"), reset: $("trainer-reset"), score: $("trainer-score"),
    verdict: $("trainer-verdict"),
  };
  const jokerAllowed = data.rules.deck_size - 52; // how many jokers the deck has (0, 1 or 2)
  const exactPage = app.dataset.exactPage;
  const unit = BigInt(data.ev_denominator);
  const state = S.create((data.tables || []).map((lines) => compileTable(lines, data.rules)), data.levels || null);
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

  // ---- numbers -------------------------------------------------------------------------------
  function gcd(a, b) {
    while (b) [a, b] = [b, a % b];
    return a < 0n ? -a : a;
  }
  function fraction(value) {
    if (value === 0n) return "0";
    const g = gcd(value, unit);
    return g === unit ? String(value / unit) : `${value / g}/${unit / g}`;
  }
  function decimal(value, places = 6) {
    // Exact rounding from the integers (Number division would do for display, but needn't).
    const scale = 10n ** BigInt(places);
    const negative = value < 0n;
    const v = negative ? -value : value;
    const scaled = (v * scale * 2n + unit) / (unit * 2n);
    const whole = scaled / scale;
    const frac = String(scaled % scale).padStart(places, "0");
    return `${negative ? "-" : ""}${whole}.${frac}`;
  }
  function percentOfBet(value) {
    // A difference in EV per coin bet, as a percent of the bet.
    const hundred = value * 100n;
    return `${decimal(hundred, hundred < unit ? 4 : 2)}% of the bet`;
  }

  // ---- small DOM helpers (text only) ---------------------------------------------------------
  function el(tag, props = {}, children = []) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key === "text") node.textContent = value;
      else if (key === "className") node.className = value;
      else if (key.startsWith("aria") || key.startsWith("data")) node.setAttribute(key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()), value);
      else node[key] = value;
    }
    for (const child of children) node.append(child);
    return node;
  }
  function suitClass(card) {
    if (card >= JOKER) return "card-joker"; // (both jokers of a 54-card deck)
    return (card & 3) === 1 || (card & 3) === 2 ? "card-red" : "card-black";
  }
  function holdText(mask) {
    const held = state.cards.filter((_, i) => (mask >> i) & 1);
    return held.length ? formatHand(held, true) : "nothing (draw five)";
  }
  // The number line `index` is printed with, as the card and the pages number it: a run of made
  // hands shares one; in a wild game, the number in the deal's section (checker-state.js).
  function lineNumber(index) {
    return S.printedLine(state, index).number;
  }
  function lineLabel(index) {
    const printed = S.printedLine(state, index);
    const section = printed.here ? "" : ` (under \u201c${printed.label}\u201d)`;
    return `line ${printed.number}${section}, ${state.table.lines[index].line.text}`;
  }

  // ---- rendering: the deck and the hand ------------------------------------------------------
  const deckButtons = new Map();
  function buildDeck() {
    const order = [];
    for (let suit = 3; suit >= 0; suit--) for (let rank = 12; rank >= 0; rank--) order.push(rank * 4 + suit);
    for (let j = 0; j < jokerAllowed; j++) order.push(JOKER + j);
    for (const card of order) {
      // The name is the spoken one ("ace of spades"); the symbol is for the eye only, so the
      // button's accessible name is its own content (no aria-label that differs from it).
      const button = el("button", { type: "button", className: `deck-card ${suitClass(card)}`, ariaPressed: "false" },
        [el("span", { text: cardText(card, true), ariaHidden: "true" }), el("span", { className: "sr-only", text: cardName(card) })]);
      button.addEventListener("click", () => onDeckCard(card));
      deckButtons.set(card, button);
      els.deck.append(button);
    }
  }

  function renderHand() {
    els.hand.replaceChildren();
    for (let i = 0; i < 5; i++) {
      const card = state.cards[i];
      if (card === undefined) {
        els.hand.append(el("span", { className: "hand-card hand-empty", text: "?", ariaHidden: "true" }));
        continue;
      }
      const held = state.chosen && ((state.held >> i) & 1) === 1;
      const advice = S.adviceMask(state);
      const advised = advice !== null && ((advice >> i) & 1) === 1;
      const said = [cardName(card)];
      if (advice !== null) said.push(advised ? "hold it" : "discard it");
      if (state.chosen) said.push(held ? "you hold it" : "you discard it");
      const button = el("button", {
        type: "button",
        className: `hand-card ${suitClass(card)}${held ? " is-held" : ""}${advised ? " is-advised" : ""}`,
        ariaPressed: String(held),
      }, [el("span", { className: "hand-advice", text: advised ? "HOLD" : "", ariaHidden: "true" }),
        el("span", { className: "hand-rank", text: cardText(card, true), ariaHidden: "true" }),
        el("span", { className: "hand-mark", text: held ? "yours" : "", ariaHidden: "true" }),
        el("span", { className: "sr-only", text: `${said.join(", ")} (key ${i + 1})` })]);
      button.addEventListener("click", () => hold(i));
      els.hand.append(button);
    }
    for (const [card, button] of deckButtons) {
      const inDeal = state.cards.includes(card);
      button.setAttribute("aria-pressed", String(inDeal));
      button.classList.toggle("in-deal", inDeal);
    }
  }

  function renderAll() {
    renderPlay();
    renderYours();
    renderEvs();
    els.none.disabled = !S.isFull(state);
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

  // ---- rendering: the player's hold ----------------------------------------------------------
  function yoursExplained() {
    // Text pieces: the hold, the line it fits, and its cost once the EVs are in.
    const mask = state.held;
    const table = state.table;
    const pieces = [`Your hold: ${holdText(mask)}. `];
    if (table && state.played) {
      // The deal's own features (its exception class included), as the table plays them.
      const own = state.played.firstLines[mask];
      const applies = state.played.line;
      if (own < 0) pieces.push("It fits no line of the table, so the table never plays it. ");
      else if (own === applies && state.played.tied.includes(mask)) pieces.push(`It is what ${lineLabel(own)} holds. `);
      else if (own === applies) pieces.push(`It fits ${lineLabel(own)}, the line that applies, but where it fits more than one way the line holds ${V.rules.choiceWords(table.lines[applies].line)}. `);
      else {
        // Counted as printed, as the player reads the chart: a run of made hands is one line;
        // in a wild game, in the deal's section, where the line that applies is.
        const first = S.printedLine(state, applies);
        const mine = S.printedLine(state, own);
        const below = mine.number - first.number;
        if (!mine.here) pieces.push(`It fits ${lineLabel(own)}: your deal is read under \u201c${first.label}\u201d, where line ${first.number} applies first. `);
        else if (below === 0) pieces.push(`It fits ${lineLabel(own)}; ${table.lines[applies].line.text}, named before it on the same line, applies first. `);
        else pieces.push(`It fits ${lineLabel(own)}, ${below} line${below === 1 ? "" : "s"} below line ${first.number}, which applies first. `);
      }
    }
    if (!state.evs) {
      pieces.push(state.evProblem ? `Its cost needs the exact EVs: ${state.evProblem}` : "Computing its exact cost ...");
      return pieces;
    }
    const best = state.evs[S.bestMasks(state)[0]];
    const cost = S.costOf(state, mask);
    pieces.push(cost === 0n ? "It is optimal: it costs nothing." :
      `It costs ${decimal(cost)} a coin (${percentOfBet(cost)}; exactly ${fraction(cost)}): EV ${decimal(state.evs[mask])} against the best ${decimal(best)}.`);
    return pieces;
  }

  function renderYours() {
    els.yours.replaceChildren();
    if (!S.isFull(state)) return;
    if (!state.chosen) {
      els.yours.textContent = "Press the cards you would hold (or \u201cI would hold nothing\u201d) to see what your hold costs.";
      return;
    }
    if (S.answerHidden(state)) {
      els.yours.textContent = `Your hold so far: ${holdText(state.held)}.`;
      return;
    }
    els.yours.append(...yoursExplained());
  }

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

  // ---- rendering: the trainer's score --------------------------------------------------------
  function renderScore() {
    const { hands, lost } = state.score;
    if (hands === 0) {
      els.score.textContent = "Score: no hands graded yet.";
      return;
    }
    const exact = state.evProblem ? `EV lost unavailable (${state.evProblem})` :
      `EV lost ${decimal(lost)} in all (exactly ${fraction(lost)}), ${decimal(lost / BigInt(hands) , 6)} a hand on average`;
    els.score.textContent = `Score: ${hands} hand${hands === 1 ? "" : "s"} graded; ${exact}.`;
  }

  function renderStatus() {
    els.status.textContent = state.evProblem
      ? `Playing the strategy table only: ${state.evProblem}`
      : state.table ? "" : `No strategy table for ${data.name} yet: the checker shows the exact EVs.`;
    els.status.hidden = els.status.textContent === "";
  }

  function showError(message) {
    els.error.textContent = message;
    els.error.hidden = false;
  }
  function clearError() {
    els.error.textContent = "";
    els.error.hidden = true;
  }

  // ---- changes: a deal, a hold, a level ------------------------------------------------------
  function newDeal(cards, training) {
    const full = cards.length === 5;
    if (full) {
      performance.clearMarks();
      performance.clearMeasures();
      performance.mark("checker-deal");
    }
    S.deal(state, cards, training); // the table plays it here
    els.input.value = formatHand(cards);
    els.grade.disabled = !(training && full);
    els.verdict.textContent = "";
    clearHighlight();
    if (full) requestEvs();
    renderHand();
    renderAll();
    if (full) {
      performance.mark("checker-hold");
      performance.measure("checker-hold", "checker-deal", "checker-hold");
    }
  }

  function hold(i) {
    if (!S.markHold(state, i)) return;
    renderHand();
    renderYours();
    // Keep the focus on the same card for keyboard users (the buttons were rebuilt).
    const button = els.hand.children[i];
    if (button && document.activeElement !== els.input) button.focus();
  }

  function chooseLevel(level) {
    // Play the deal again with the level's table; the player's hold stays.
    clearHighlight();
    S.chooseLevel(state, level);
    renderHand();
    renderAll();
  }

  function grade() {
    const result = S.grade(state);
    if (result.status === "none") return;
    if (result.status === "unchosen") {
      els.verdict.textContent = "Mark your hold first (press the cards, or \u201cI would hold nothing\u201d).";
      return;
    }
    if (result.status === "computing") {
      els.verdict.textContent = "Still computing the exact EVs: grade again in a moment.";
      return;
    }
    els.grade.disabled = true;
    if (result.cost !== null) {
      els.verdict.textContent = result.cost === 0n ? "Right: your hold is optimal." : `Costly: you gave away ${decimal(result.cost)} per unit bet.`;
    } else {
      els.verdict.textContent = result.right ? "Right: your hold is the table's." : "Not the table's hold.";
    }
    renderAll();
    renderScore();
  }

  function randomDeal() {
    const deck = [...Array(data.rules.deck_size).keys()];
    const picks = new Uint32Array(5);
    crypto.getRandomValues(picks);
    const cards = [];
    for (let i = 0; i < 5; i++) {
      // Partial Fisher-Yates; the modulo bias over 2^32 is below 1e-8.
      const j = i + (picks[i] % (deck.length - i));
      [deck[i], deck[j]] = [deck[j], deck[i]];
      cards.push(deck[i]);
    }
    return cards;
  }

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

  // ---- events --------------------------------------------------------------------------------
  function onDeckCard(card) {
    clearError();
    if (state.cards.includes(card)) {
      newDeal(state.cards.filter((c) => c !== card), false);
    } else if (state.cards.length >= 5) {
      showError("The deal already has five cards: take one out first (press it in the deck), or Clear.");
    } else {
      newDeal([...state.cards, card], false);
    }
  }

  function onSubmit(event) {
    event.preventDefault(); // form-action 'none': nothing is sent anywhere
    let cards;
    try {
      cards = parseHand(els.input.value, jokerAllowed);
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      showError(error.message);
      return; // nothing else happens: the previous deal stays as it was
    }
    clearError();
    newDeal(cards, false);
  }

  function onKey(event) {
    // Shortcuts when not typing: 1-5 hold, N new trainer deal, G grade.
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    if (!app.contains(target) && target !== document.body) return;
    if (event.key >= "1" && event.key <= "5") hold(Number(event.key) - 1);
    else if (event.key === "n" || event.key === "N") els.deal.click();
    else if (event.key === "g" || event.key === "G") grade();
    else return;
    event.preventDefault();
  }

  function bindEvents() {
    els.form.addEventListener("submit", onSubmit);
    els.clear.addEventListener("click", () => {
      clearError();
      newDeal([], false);
      els.input.focus();
    });
    els.deal.addEventListener("click", () => {
      clearError();
      newDeal(randomDeal(), true);
    });
    els.grade.addEventListener("click", grade);
    els.none.addEventListener("click", () => hold(-1));
    if (els.levels) {
      els.levels.addEventListener("change", (event) => {
        if (event.target.name !== "checker-level") return;
        chooseLevel(event.target.value);
      });
    }
    els.reset.addEventListener("click", () => {
      S.resetScore(state);
      renderScore();
    });
    document.addEventListener("keydown", onKey);
  }

  // ---- start ---------------------------------------------------------------------------------
  buildDeck();
  bindEvents();
  startEngine();
  renderStatus();
  renderHand();
  renderScore();
  renderEvs();
})(globalThis);
