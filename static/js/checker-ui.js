// The hold checker and trainer on a pay table's page (templates/checker.html).
//
// Reads the embedded JSON (#checker-data: rules, strategy lines), plays the table here at once
// (rules-core.js) and asks a Web Worker (ev-worker.js) for the exact EV of all 32 holds. Opened
// from file://, where the browser refuses workers, it still plays the table and says what needs a
// web server. All text from the user or the data goes in through textContent, never as HTML.
//
// Timing marks for the benchmark (generator/browser_bench.py): performance marks
// "checker-deal" (the fifth card is in), "checker-hold" (hold and line shown) and "checker-evs"
// (all 32 EVs shown), and measures "checker-hold" and "checker-evs" from the deal.
(function (root) {
  "use strict";
  const V = root.vpcharts;
  const { parseHand, cardText, cardName, formatHand, JOKER, CardError } = V.cards;
  const { compileTable, play, describe, firstLine } = V.rules;

  const app = document.getElementById("checker-app");
  const dataNode = document.getElementById("checker-data");
  if (!app || !dataNode) return;
  const data = JSON.parse(dataNode.textContent);
  const $ = (id) => document.getElementById(id);
  const els = {
    status: $("checker-status"), form: $("checker-form"), input: $("checker-input"), error: $("checker-error"),
    clear: $("checker-clear"), hand: $("checker-hand"), deck: $("checker-deck"), play: $("checker-play"),
    yours: $("checker-yours"), evsNote: $("checker-evs-note"), evsBody: $("checker-evs").tBodies[0],
    deal: $("trainer-deal"), grade: $("trainer-grade"), reset: $("trainer-reset"), score: $("trainer-score"),
    verdict: $("trainer-verdict"),
  };
  const jokerAllowed = data.rules.deck_size === 53;
  const table = data.lines ? compileTable(data.lines, data.rules) : null;
  const game = V.rules.gameOf(data.rules);
  const unit = BigInt(data.ev_denominator);

  const state = {
    cards: [], // deal order; bit i of a hold mask holds cards[i]
    held: 0,
    played: null, // play() of the table on the full deal
    evs: null, // 32 BigInts over unit, once the worker answers
    request: 0,
    training: false, // a trainer deal not yet graded: the answer stays hidden
    graded: false,
    score: { hands: 0, lost: 0n },
  };

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
    if (card === JOKER) return "card-joker";
    return (card & 3) === 1 || (card & 3) === 2 ? "card-red" : "card-black";
  }
  function holdText(mask) {
    const held = state.cards.filter((_, i) => (mask >> i) & 1);
    return held.length ? formatHand(held, true) : "nothing (draw five)";
  }
  function lineLabel(index) {
    const line = table.lines[index].line;
    return `line ${line.number}, ${line.text}`;
  }

  // ---- the deck and the hand -----------------------------------------------------------------
  const deckButtons = new Map();
  function buildDeck() {
    const order = [];
    for (let suit = 3; suit >= 0; suit--) for (let rank = 12; rank >= 0; rank--) order.push(rank * 4 + suit);
    if (jokerAllowed) order.push(JOKER);
    for (const card of order) {
      const button = el("button", {
        type: "button", className: `deck-card ${suitClass(card)}`, text: cardText(card, true),
        ariaLabel: cardName(card), ariaPressed: "false",
      });
      button.addEventListener("click", () => toggleDeckCard(card));
      deckButtons.set(card, button);
      els.deck.append(button);
    }
  }

  function toggleDeckCard(card) {
    clearError();
    const at = state.cards.indexOf(card);
    if (at >= 0) {
      setDeal(state.cards.filter((c) => c !== card), false);
    } else if (state.cards.length >= 5) {
      showError("The deal already has five cards: take one out first (press it in the deck), or Clear.");
    } else {
      setDeal([...state.cards, card], false);
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
      const held = ((state.held >> i) & 1) === 1;
      const button = el("button", {
        type: "button", className: `hand-card ${suitClass(card)}${held ? " is-held" : ""}`,
        ariaPressed: String(held), ariaLabel: `${cardName(card)}, ${held ? "held" : "discarded"} (key ${i + 1})`,
      }, [el("span", { className: "hand-rank", text: cardText(card, true) }), el("span", { className: "hand-mark", text: held ? "HELD" : "" })]);
      button.addEventListener("click", () => toggleHold(i));
      els.hand.append(button);
    }
    for (const [card, button] of deckButtons) {
      const inDeal = state.cards.includes(card);
      button.setAttribute("aria-pressed", String(inDeal));
      button.classList.toggle("in-deal", inDeal);
    }
  }

  function toggleHold(i) {
    if (state.cards.length !== 5 || (state.training && state.graded)) return;
    state.held ^= 1 << i;
    renderHand();
    renderYours();
    // Keep the focus on the same card for keyboard users (the buttons were rebuilt).
    const button = els.hand.children[i];
    if (button && document.activeElement !== els.input) button.focus();
  }

  // ---- a new deal ----------------------------------------------------------------------------
  function setDeal(cards, training) {
    state.cards = cards;
    state.held = 0;
    state.played = null;
    state.evs = null;
    state.training = training;
    state.graded = false;
    state.request += 1;
    els.input.value = formatHand(cards);
    els.grade.disabled = !(training && cards.length === 5);
    els.verdict.textContent = "";
    clearHighlight();
    if (cards.length === 5) {
      performance.clearMarks();
      performance.clearMeasures();
      performance.mark("checker-deal");
      state.played = table ? play(table, cards) : null;
      requestEvs();
    }
    renderHand();
    renderAll();
    if (cards.length === 5) {
      performance.mark("checker-hold");
      performance.measure("checker-hold", "checker-deal", "checker-hold");
    }
  }

  function renderAll() {
    renderPlay();
    renderYours();
    renderEvs();
  }

  // ---- the table's play ----------------------------------------------------------------------
  let highlighted = null;
  function clearHighlight() {
    if (highlighted) highlighted.classList.remove("checker-applies");
    highlighted = null;
  }

  function renderPlay() {
    els.play.replaceChildren();
    if (state.cards.length < 5) {
      els.play.textContent = state.cards.length ? `Pick ${5 - state.cards.length} more card${state.cards.length === 4 ? "" : "s"}.` : "";
      return;
    }
    if (state.training && !state.graded) {
      els.play.textContent = "Trainer: mark your hold, then grade it (G).";
      return;
    }
    if (!table) {
      els.play.textContent = `No strategy table for this pay table yet (${data.strategy_error}). The optimal hold comes from the exact EVs below.`;
      if (state.evs) {
        const best = bestMasks();
        els.play.append(" Optimal hold: ", el("strong", { className: "play-hold", text: holdText(best[best.length - 1]) }), ".");
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
      ": ", el("a", { href: `#line-${line.number}`, className: "play-line", id: "checker-line", text: `line ${line.number}` }),
      `, ${line.text}, is the first line that fits.`,
    );
    if (played.tied.length > 1) els.play.append(` Equally: ${played.tied.slice(1).map(holdText).join("; ")}.`);
    const row = document.getElementById(`line-${line.number}`);
    if (row) {
      row.classList.add("checker-applies");
      highlighted = row;
    }
  }

  // ---- the user's hold -----------------------------------------------------------------------
  function bestMasks() {
    let top = null;
    for (const ev of state.evs) if (top === null || ev > top) top = ev;
    return [...Array(32).keys()].filter((m) => state.evs[m] === top);
  }

  function yoursExplained() {
    // Returns [text pieces, cost or null].
    const mask = state.held;
    const pieces = [`Your hold: ${holdText(mask)}. `];
    if (table) {
      const own = firstLine(table, describe(state.cards, mask, game));
      const applies = state.played.line;
      if (own < 0) pieces.push("It fits no line of the table, so the table never plays it. ");
      else if (own === applies && state.played.tied.includes(mask)) pieces.push(`It is what ${lineLabel(own)} holds. `);
      else if (own === applies) pieces.push(`It fits ${lineLabel(own)}, the line that applies, but the line holds the higher cards. `);
      else if (own < applies) pieces.push(`It fits ${lineLabel(own)}. `); // cannot happen: the first fitting line applies
      else pieces.push(`It fits ${lineLabel(own)}, ${own - applies} line${own - applies === 1 ? "" : "s"} below line ${table.lines[applies].line.number}, which applies first. `);
    }
    if (!state.evs) {
      pieces.push(workerProblem ? `Its cost needs the exact EVs: ${workerProblem}` : "Computing its exact cost ...");
      return [pieces, null];
    }
    const best = state.evs[bestMasks()[0]];
    const cost = best - state.evs[mask];
    pieces.push(cost === 0n ? "It is optimal: it costs nothing." :
      `It costs ${decimal(cost)} per unit bet (exactly ${fraction(cost)}): EV ${decimal(state.evs[mask])} against the best ${decimal(best)}.`);
    return [pieces, cost];
  }

  function renderYours() {
    els.yours.replaceChildren();
    if (state.cards.length < 5) return;
    if (state.training && !state.graded) {
      els.yours.textContent = `Your hold so far: ${holdText(state.held)}.`;
      return;
    }
    const [pieces] = yoursExplained();
    els.yours.append(...pieces);
  }

  // ---- the 32 EVs ----------------------------------------------------------------------------
  let worker = null;
  let workerProblem = null;
  function startWorker() {
    if (location.protocol === "file:") {
      workerProblem = "this page was opened from disk (file://), where browsers do not run Web Workers. " +
        "Serve the site (vpcharts serve, or any static web server) to see the exact EV of every hold and the trainer's EV score.";
      return;
    }
    try {
      worker = new Worker(app.dataset.worker);
    } catch (error) {
      workerProblem = `the browser refused the Web Worker (${error.message}).`;
      return;
    }
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "ready") {
        if (BigInt(message.unit) !== unit) workerProblem = "the EV engine's unit differs from the export's (a bug).";
      } else if (message.type === "evs" && message.id === state.request) {
        state.evs = message.evs.map(BigInt);
        renderAll();
        performance.mark("checker-evs");
        performance.measure("checker-evs", "checker-deal", "checker-evs");
      } else if (message.type === "error") {
        workerProblem = `the EV worker failed: ${message.message}`;
        renderAll();
      }
    };
    worker.onerror = (event) => {
      workerProblem = `the EV worker could not start (${event.message || "blocked"}).`;
      worker = null;
      renderAll();
    };
    worker.postMessage({ type: "init", rules: data.rules });
  }

  function requestEvs() {
    if (worker) worker.postMessage({ type: "evs", id: state.request, cards: state.cards });
  }

  function renderEvs() {
    els.evsBody.replaceChildren();
    if (state.cards.length < 5) {
      els.evsNote.textContent = "";
      return;
    }
    if (state.training && !state.graded) {
      els.evsNote.textContent = "Hidden until you grade your hold.";
      return;
    }
    if (!state.evs) {
      els.evsNote.textContent = workerProblem ? `Exact EVs unavailable: ${workerProblem}` : "Computing the exact EVs ...";
      return;
    }
    els.evsNote.textContent = `Best first; EVs per unit bet; "=" marks holds tied with the one above. Your hold is outlined.`;
    const order = [...Array(32).keys()].sort((a, b) => (state.evs[b] > state.evs[a] ? 1 : state.evs[b] < state.evs[a] ? -1 : a - b));
    const top = state.evs[order[0]];
    let rank = 0;
    order.forEach((mask, i) => {
      const tied = i > 0 && state.evs[mask] === state.evs[order[i - 1]];
      if (!tied) rank = i + 1;
      const own = table ? firstLine(table, describe(state.cards, mask, game)) : -1;
      const classes = [state.evs[mask] === top ? "is-best" : "", mask === state.held ? "is-yours" : "",
        state.played && state.played.line >= 0 && state.played.tied.includes(mask) ? "is-played" : ""].filter(Boolean).join(" ");
      els.evsBody.append(el("tr", { className: classes }, [
        el("td", { className: "num", text: tied ? `= ${rank}` : String(rank) }),
        el("td", { text: holdText(mask) + (state.evs[mask] === top ? " (best)" : "") }),
        el("td", { className: "num", text: decimal(state.evs[mask]) }),
        el("td", { className: "num exact", text: fraction(state.evs[mask]) }),
        el("td", { className: "num", text: own >= 0 ? String(table.lines[own].line.number) : "" }),
      ]));
    });
  }

  // ---- the trainer ---------------------------------------------------------------------------
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

  function renderScore() {
    const { hands, lost } = state.score;
    if (hands === 0) {
      els.score.textContent = "Score: no hands graded yet.";
      return;
    }
    const exact = workerProblem ? "EV lost needs a web server (see above)" :
      `EV lost ${decimal(lost)} in all (exactly ${fraction(lost)}), ${decimal(lost / BigInt(hands) , 6)} a hand on average`;
    els.score.textContent = `Score: ${hands} hand${hands === 1 ? "" : "s"} graded; ${exact}.`;
  }

  function grade() {
    if (!state.training || state.graded || state.cards.length !== 5) return;
    if (!state.evs && !workerProblem) {
      els.verdict.textContent = "Still computing the exact EVs: grade again in a moment.";
      return;
    }
    state.graded = true;
    els.grade.disabled = true;
    state.score.hands += 1;
    let verdict;
    if (state.evs) {
      const best = state.evs[bestMasks()[0]];
      const cost = best - state.evs[state.held];
      state.score.lost += cost;
      verdict = cost === 0n ? "Right: your hold is optimal." : `Costly: you gave away ${decimal(cost)} per unit bet.`;
    } else {
      const right = state.played && state.played.tied.includes(state.held);
      verdict = right ? "Right: your hold is the table's." : "Not the table's hold.";
    }
    els.verdict.textContent = verdict;
    renderAll();
    renderScore();
  }

  // ---- input ---------------------------------------------------------------------------------
  function showError(message) {
    els.error.textContent = message;
    els.error.hidden = false;
  }
  function clearError() {
    els.error.textContent = "";
    els.error.hidden = true;
  }

  els.form.addEventListener("submit", (event) => {
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
    setDeal(cards, false);
  });
  els.clear.addEventListener("click", () => {
    clearError();
    setDeal([], false);
    els.input.focus();
  });
  els.deal.addEventListener("click", () => {
    clearError();
    setDeal(randomDeal(), true);
  });
  els.grade.addEventListener("click", grade);
  els.reset.addEventListener("click", () => {
    state.score = { hands: 0, lost: 0n };
    renderScore();
  });
  document.addEventListener("keydown", (event) => {
    // Shortcuts when not typing: 1-5 hold, N new trainer deal, G grade.
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    if (!app.contains(target) && target !== document.body) return;
    if (event.key >= "1" && event.key <= "5") toggleHold(Number(event.key) - 1);
    else if (event.key === "n" || event.key === "N") els.deal.click();
    else if (event.key === "g" || event.key === "G") grade();
    else return;
    event.preventDefault();
  });

  buildDeck();
  startWorker();
  els.status.textContent = workerProblem
    ? `Playing the strategy table only: ${workerProblem}`
    : table ? "" : `No strategy table for ${data.name} yet: the checker shows the exact EVs.`;
  els.status.hidden = els.status.textContent === "";
  renderHand();
  renderScore();
})(globalThis);
