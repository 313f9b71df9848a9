// The Any pay table page's checker: a typed deal read (a bad one said beside its field, or at the
// top while the pays are unsolved), asked of the engine once the pays are priced, and its 32
// holds' EVs shown, best first, the carried card's hold marked.
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).deal = function makeDeal(c) {
  "use strict";
  const { ns, $, result, dealInput, dealError, dealResult, state, DEAL_PROBLEM, notice, writeAddress,
    typedPays, levelName } = c;

  function checkDeal(event) {
    if (event) event.preventDefault();
    const text = dealInput.value.trim();
    state.dealRun += 1; // (an answer still on its way is of a deal no longer asked: dropped)
    dealError.hidden = true;
    if (!text) {
      dealResult.hidden = true;
      return;
    }
    let cards;
    try {
      cards = ns.cards.parseHand(text, ns.cards.deckExtras(state.data.rules));
    } catch (error) {
      dealError.hidden = false;
      dealError.textContent = error.message;
      dealResult.hidden = true;
      // Until the pays are solved the deal's form is hidden with the result: said at the top
      // meanwhile, as the address's other problems are (and moved beside the field once shown).
      if (result.hidden) notice(DEAL_PROBLEM + error.message);
      return;
    }
    writeAddress(typedPays());
    if (!state.priced) return; // asked again once the pays are solved
    state.dealCards = cards;
    c.engine.post({ type: "deal", id: state.dealRun, cards });
  }

  function holdText(cards, mask) {
    const held = cards.filter((_, i) => (mask >> i) & 1);
    return held.length ? ns.cards.formatHand(held, true, ns.cards.deckExtras(state.data.rules)) : "Nothing (draw five)";
  }

  /** The held cards as nodes, hearts and diamonds in red (PLAYERS.md), or "Nothing (draw five)". */
  function holdNodes(cards, mask) {
    const held = cards.filter((_, i) => (mask >> i) & 1);
    if (!held.length) return ["Nothing (draw five)"];
    return held.flatMap((card, i) => {
      const span = document.createElement("span");
      const star = card >= 52 && ns.cards.deckExtras(state.data.rules)[card - 52] !== "Jk"; // (the fifth ace)
      span.className = star ? "card-star" : card < 52 && ((card & 3) === 1 || (card & 3) === 2) ? "card-red" : "card-black";
      span.textContent = ns.cards.cardText(card, true, ns.cards.deckExtras(state.data.rules));
      return i ? [" ", span] : [span];
    });
  }

  function showDeal(answers) {
    const cards = state.dealCards;
    const unit = BigInt(answers.unit);
    const evs = answers.evs.map(BigInt);
    const order = [...evs.keys()].sort((a, b) => (evs[b] > evs[a] ? 1 : evs[b] < evs[a] ? -1 : a - b));
    const top = evs[order[0]];
    const recommended = state.priced[0] && answers.holds[state.priced[0].id];
    const ev = (value) => ns.solver.decimalText(ns.solver.fraction(value, unit), 4);
    const best = holdText(cards, order[0]);
    let said = `Best hold: ${best} (EV ${ev(top)}).`;
    if (recommended !== undefined && state.priced[0]) {
      const name = levelName(state.data.levels.find((level) => level.id === state.priced[0].id));
      said += evs[recommended] === top ? ` The ${name} holds the same.`
        : ` The ${name} holds ${holdText(cards, recommended)}: ${ev(top - evs[recommended])} less.`;
    }
    $("any-play").textContent = said;
    const body = $("any-evs").tBodies[0];
    body.textContent = "";
    for (const mask of order) {
      const tr = body.insertRow();
      const hold = document.createElement("th");
      hold.scope = "row";
      hold.append(...holdNodes(cards, mask));
      if (mask === recommended) {
        const badge = document.createElement("span");
        badge.className = "any-card-badge";
        badge.textContent = "the card";
        hold.append(" ", badge);
      }
      tr.appendChild(hold);
      const value = tr.insertCell();
      value.className = "num";
      value.textContent = ev(evs[mask]);
      const below = tr.insertCell();
      below.className = "num";
      below.textContent = evs[mask] === top ? "" : ev(top - evs[mask]);
    }
    dealResult.hidden = false;
  }

  return { checkDeal, holdText, holdNodes, showDeal };
};
