// The Ultimate X checker and trainer on a game's page: the deal and the multipliers showing in,
// the best hold, the card's line at that average multiplier, and all 32 holds' values out.
// The values are ux-engine.js's; the card's lines are played by rules-core.js in the band's
// order (the card's lines with the band's moves applied). The address keeps the deal and the
// multipliers (#deal=...&mult=...), so a check can be bookmarked; from file:// too.
//
// The parts, in the order the page loads them: ux-checker-cards.js (the cards as text and spans),
// ux-checker-view.js (the card's line and the answer drawn), ux-checker-trainer.js (a trainer's
// deal and its grade). This file reads the page, starts the engine when first needed, makes the
// parts, checks a deal and binds the player's events.
(function () {
  "use strict";
  const ns = globalThis.vpcharts;
  const app = document.getElementById("ux-app");
  const dataNode = document.getElementById("ux-data");
  if (!app || !dataNode || !ns || !ns.ux) return;
  const data = JSON.parse(dataNode.textContent);
  const $ = (id) => document.getElementById(id);
  const status = $("ux-status");
  const error = $("ux-error");
  let engine = null;

  function showError(text) {
    error.textContent = text;
    error.hidden = !text;
  }

  function ensureEngine() {
    if (!engine) {
      status.textContent = "Working out the pays and multipliers of every draw ...";
      engine = ns.ux.makeUxEngine(data);
    }
    return engine;
  }

  const c = { ns, data, $, status, showError, ensureEngine };
  const P = ns.uxParts;
  for (const make of [P.cards, P.view, P.trainer]) Object.assign(c, make(c));
  const { render, dealTrainee, gradeTrainee } = c;

  function check(dealText, multText) {
    showError("");
    let cards;
    let total;
    try {
      cards = ns.cards.parseHand(dealText, data.rules.deck_size - 52);
    } catch (exc) {
      showError(`Deal: ${exc.message}`);
      return null;
    }
    try {
      total = ns.ux.parseMultipliers(multText.trim() ? multText : Array(data.lines).fill("1").join(" "), data);
    } catch (exc) {
      showError(`Multipliers: ${exc.message}`);
      return null;
    }
    const rows = ensureEngine().holds(cards, total);
    render(cards, total, rows);
    history.replaceState(null, "", `#deal=${encodeURIComponent(ns.cards.formatHand(cards))}&mult=${encodeURIComponent(multText.trim() || "1")}`);
    return { cards, total, rows };
  }

  $("ux-form").addEventListener("submit", (event) => {
    event.preventDefault();
    check($("ux-deal").value, $("ux-mult").value);
  });

  $("ux-train").addEventListener("click", dealTrainee);

  $("ux-grade-form").addEventListener("submit", gradeTrainee);

  status.textContent = "Type a deal and the multipliers, then Check.";
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("deal")) {
    $("ux-deal").value = hash.get("deal");
    $("ux-mult").value = hash.get("mult") || "";
    check($("ux-deal").value, $("ux-mult").value);
  }
})();
