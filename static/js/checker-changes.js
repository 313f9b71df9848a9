// The changes the player makes: a deal (typed, picked from the deck, or a trainer's random one),
// a hold, a level, a grade; each is made in checker-state.js, then drawn.
//
// A part of the checker (checker-ui.js makes the parts in order, each over what the ones before it
// made: c holds the page's data, elements and state, and every earlier part's functions).
(globalThis.vpcharts.checkerParts = globalThis.vpcharts.checkerParts || {}).changes = function makeChanges(c) {
  "use strict";
  const V = globalThis.vpcharts;
  const { formatHand } = V.cards;
  const S = V.checkerState;
  const { data, els, state } = c;
  const { decimal, clearHighlight, renderHand, renderAll, renderYours, renderScore, requestEvs } = c;

  // ---- changes: a deal, a hold, a level ------------------------------------------------------
  function newDeal(cards, training) {
    const full = cards.length === 5;
    if (full) {
      performance.clearMarks();
      performance.clearMeasures();
      performance.mark("checker-deal");
    }
    S.deal(state, cards, training); // the table plays it here
    els.input.value = formatHand(cards, false, c.extras);
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

  return { newDeal, hold, chooseLevel, grade, randomDeal };
};
