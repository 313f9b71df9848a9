// The dealt hand (the advised and the player's holds marked on it), the deck's buttons pressed
// for the cards in the deal, the player's hold and its cost, the trainer's score and the status
// line; renderAll draws everything a change of deal, level or answers touches.
//
// A part of the checker (checker-ui.js makes the parts in order, each over what the ones before it
// made: c holds the page's data, elements and state, and every earlier part's functions).
(globalThis.vpcharts.checkerParts = globalThis.vpcharts.checkerParts || {}).view = function makeView(c) {
  "use strict";
  const V = globalThis.vpcharts;
  const { cardText, cardName, JOKER } = V.cards;
  const S = V.checkerState;
  const { data, els, state, deckButtons, extras } = c;
  const { el, holdText, yoursExplained, decimal, fraction, renderPlay, renderEvs } = c;
  const hold = (i) => c.hold(i); // (checker-changes.js, a later part)

  function suitClass(card) {
    if (card >= JOKER) return extras[card - JOKER] === "Jk" ? "card-joker" : "card-star"; // (both jokers of a 54-card deck)
    return (card & 3) === 1 || (card & 3) === 2 ? "card-red" : "card-black";
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
      const said = [cardName(card, extras)];
      if (advice !== null) said.push(advised ? "hold it" : "discard it");
      if (state.chosen) said.push(held ? "you hold it" : "you discard it");
      const button = el("button", {
        type: "button",
        className: `hand-card ${suitClass(card)}${held ? " is-held" : ""}${advised ? " is-advised" : ""}`,
        ariaPressed: String(held),
      }, [el("span", { className: "hand-advice", text: advised ? "HOLD" : "", ariaHidden: "true" }),
        el("span", { className: "hand-rank", text: cardText(card, true, extras), ariaHidden: "true" }),
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

  // ---- rendering: the player's hold ----------------------------------------------------------
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

  return { suitClass, renderHand, renderAll, renderYours, renderScore, renderStatus };
};
