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
// file); the parts below draw them (render*) and change them on the player's events (the
// handlers bound in bindEvents) and on the EV engine's answers (the worker's messages, or the
// engine on this thread), each change followed by a render of what it touches.
//
// Timing marks for the benchmark (generator/bench/browser.py): performance marks
// "checker-deal" (the fifth card is in), "checker-hold" (hold and line shown) and "checker-evs"
// (all 32 EVs shown), and measures "checker-hold" and "checker-evs" from the deal.
//
// The parts, in the order the page loads them: checker-text.js (the words), checker-play.js (the
// table's play), checker-evs-table.js (the 32 EVs), checker-view.js (the hand, the player's hold,
// the score), checker-engine.js (the EVs' engine), checker-changes.js (deal, hold, level, grade).
// This file reads the page, makes them, builds the deck's buttons and binds the player's events.
(function (root) {
  "use strict";
  const V = root.vpcharts;
  const { parseHand, cardText, cardName, deckExtras, JOKER, CardError } = V.cards;
  const { compileTable } = V.rules;
  const S = V.checkerState;
  const P = V.checkerParts;

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
  const extras = deckExtras(data.rules); // the deck's cards past the 52: jokers, a fifth ace
  const exactPage = app.dataset.exactPage;
  const unit = BigInt(data.ev_denominator);
  const state = S.create((data.tables || []).map((lines) => compileTable(lines, data.rules)), data.levels || null);
  const c = { data, app, els, state, unit, exactPage, extras, deckButtons: new Map() };
  for (const make of [P.text, P.play, P.evsTable, P.view, P.engine, P.changes]) Object.assign(c, make(c));
  const { el, suitClass, deckButtons, renderHand, renderEvs, renderScore, renderStatus } = c;
  const { startEngine, newDeal, hold, chooseLevel, grade, randomDeal } = c;

  // ---- the deck: a button a card -------------------------------------------------------------
  function buildDeck() {
    const order = [];
    for (let suit = 3; suit >= 0; suit--) for (let rank = 12; rank >= 0; rank--) order.push(rank * 4 + suit);
    for (let j = 0; j < extras.length; j++) order.push(JOKER + j);
    for (const card of order) {
      // The name is the spoken one ("ace of spades"); the symbol is for the eye only, so the
      // button's accessible name is its own content (no aria-label that differs from it).
      const button = el("button", { type: "button", className: `deck-card ${suitClass(card)}`, ariaPressed: "false" },
        [el("span", { text: cardText(card, true, extras), ariaHidden: "true" }), el("span", { className: "sr-only", text: cardName(card, extras) })]);
      button.addEventListener("click", () => onDeckCard(card));
      deckButtons.set(card, button);
      els.deck.append(button);
    }
  }

  function showError(message) {
    els.error.textContent = message;
    els.error.hidden = false;
  }
  function clearError() {
    els.error.textContent = "";
    els.error.hidden = true;
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
      cards = parseHand(els.input.value, extras);
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
