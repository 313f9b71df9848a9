// The Ultimate X trainer: a random deal and multipliers' total to play, and the player's hold
// graded against the best (what it gave away, in units of one line's bet).
//
// A part of the Ultimate X checker (ux-checker.js makes the parts in order, each over what the ones
// before it made: c holds the page's data, $, status line, showError and ensureEngine, and every
// earlier part's functions).
(globalThis.vpcharts.uxParts = globalThis.vpcharts.uxParts || {}).trainer = function makeTrainer(c) {
  "use strict";
  const { ns, data, $, showError, ensureEngine, cardsText, held, render } = c;
  let trainee = null;

  function dealTrainee() {
    showError("");
    const deck = Array.from({ length: data.rules.deck_size }, (_, i) => i);
    for (let i = 0; i < 5; i++) {
      const j = i + Math.floor(Math.random() * (deck.length - i));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    const cards = deck.slice(0, 5);
    const total = ns.ux.drawTotal(data, Math.random());
    $("ux-deal").value = ns.cards.formatHand(cards);
    $("ux-mult").value = `total ${total}`;
    trainee = { cards, total, rows: ensureEngine().holds(cards, total) };
    $("ux-play").textContent = `Multipliers total ${total} (average ${(total / data.lines).toFixed(2)}x): what do you hold?`;
    $("ux-line").textContent = "";
    $("ux-evs").querySelector("tbody").replaceChildren();
    $("ux-grade-form").hidden = false;
    $("ux-verdict").textContent = "";
    $("ux-hold").focus();
  }

  function gradeTrainee(event) {
    event.preventDefault();
    if (!trainee) return;
    const text = $("ux-hold").value.trim().toLowerCase();
    let mask = 0;
    if (text && text !== "none") {
      let chosen;
      try {
        chosen = ns.cards.parseHand($("ux-hold").value, data.rules.deck_size - 52, (text.match(/jk|x|10|[2-9tjqka][cdhs♣♦♥♠]/gi) || []).length);
      } catch (exc) {
        $("ux-verdict").textContent = `Hold: ${exc.message}`;
        return;
      }
      for (const card of chosen) {
        const at = trainee.cards.indexOf(card);
        if (at < 0) {
          $("ux-verdict").textContent = `Hold: ${ns.cards.cardText(card)} is not in the deal`;
          return;
        }
        mask |= 1 << at;
      }
    }
    const best = trainee.rows[0];
    const mine = trainee.rows.find((r) => r.mask === mask);
    const lost = best.value - mine.value;
    $("ux-verdict").textContent = lost <= ns.ux.TOLERANCE
      ? "Right: that is the best hold."
      : `You gave away ${lost.toFixed(4)} (units of one line's 5-coin bet): the best hold is ${cardsText(held(trainee.cards, best.mask)) || "nothing"}.`;
    render(trainee.cards, trainee.total, trainee.rows);
  }

  return { dealTrainee, gradeTrainee };
};
