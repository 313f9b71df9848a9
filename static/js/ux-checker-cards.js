// The Ultimate X checker's cards as the page shows them: as text, as spans with red suits red
// (the held ones marked), and the held cards of a hold's mask.
//
// A part of the Ultimate X checker (ux-checker.js makes the parts in order, each over what the ones
// before it made: c holds the page's data, $, status line, showError and ensureEngine, and every
// earlier part's functions).
(globalThis.vpcharts.uxParts = globalThis.vpcharts.uxParts || {}).cards = function makeCards(c) {
  "use strict";
  const { ns } = c;

  function cardsText(cards) {
    return cards.map((c) => ns.cards.cardText(c, true)).join(" ");
  }

  /** Cards as text, red suits red (the 32 holds' table: narrow enough for a phone). */
  function cardText(cards) {
    const out = document.createElement("span");
    cards.forEach((card, i) => {
      const span = document.createElement("span");
      if (card < 52 && (card % 4 === 1 || card % 4 === 2)) span.className = "card-red";
      span.textContent = (i ? " " : "") + ns.cards.cardText(card, true);
      out.append(span);
    });
    return out;
  }

  /** Cards as spans, red suits red (and, with `mask`, the held ones marked). */
  function cardSpans(cards, mask = null) {
    const out = document.createElement("span");
    out.className = "deal";
    cards.forEach((card, i) => {
      const span = document.createElement("span");
      const red = card < 52 && (card % 4 === 1 || card % 4 === 2);
      const held = mask !== null && ((mask >> i) & 1) === 1;
      span.className = "card" + (red ? " red" : "") + (held ? " held" : "");
      span.textContent = ns.cards.cardText(card, true);
      if (held) span.title = "hold";
      out.append(span);
    });
    return out;
  }

  function held(cards, mask) {
    return cards.filter((_, i) => (mask >> i) & 1);
  }

  return { cardsText, cardText, cardSpans, held };
};
