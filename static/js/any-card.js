// The Any pay table page's pocket card: the card level found from the exact strategy of the
// typed pays (chart.js's levelChart, made in the chart worker after the exact chart), printed as
// a catalogue page prints its card (chart-markup.js, with ids of its own), with what it returns
// and costs and the pays it is for; printed alone, on one page (any.css). And its progress while
// it is found: the exact strategy first, then seconds more.
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).card = function makeCard(c) {
  "use strict";
  const { ns, $, state } = c;
  const M = ns.chartMarkup;
  const el = M.el;
  const thousands = (n) => Number(n).toLocaleString("en-US");
  const cardBox = $("any-card");
  const cardProgressBox = $("any-card-progress-box");
  const cardProgressBar = $("any-card-progress");
  const cardProgressLabel = $("any-card-progress-label");
  const CARD_STAGES = {
    waiting: "Waiting for the exact strategy",
    keeping: "Finding the hands a card must keep",
    finding: "Finding the shortest table within 0.01% (seconds)",
  };
  const CARD_IDS = { table: "any-card-table", row: "any-card-line-" };

  /** The pays as typed, for the printed card: "Royal Flush 800, Straight Flush 50, ...". */
  function paysText() {
    return [...document.querySelectorAll(".any-pay")].map((pay) => `${pay.querySelector("label").textContent} ${pay.querySelector("input").value.trim()}`).join(", ");
  }

  /** What the card says of itself, as a catalogue page's card level does (paytable.html). */
  function cardSummary(card) {
    const words = state.data.chart;
    let text = "Hold the cards of the first line your deal fits (lines sharing a number name several made hands: the first of them that fits). "
      + `Played on every one of the ${thousands(card.deals)} deals, these lines return ${card.returnPercent}, ${card.costPercent} less than perfect play: counted here on every one of its ${thousands(card.classes)} suit classes.`;
    if (card.choiceNote) text += ` ${card.choiceNote}`;
    // (the examples are the screen's: a printed card leaves them out)
    const examples = el("span", { class: "any-screen" }, " Held cards are outlined in the examples.");
    const sections = words.instruction ? ` ${words.instruction} The lines are numbered through the table, section after section: a line that decides deals of two sections is printed, and numbered, in each.` : "";
    return [text, examples, sections];
  }

  function showCard(card) {
    cardProgressBox.hidden = true;
    cardBox.textContent = "";
    $("any-card-head").textContent = `The pocket card for these pays: ${card.printed} lines`;
    const print = el("button", { type: "button", class: "any-print" }, "Print the card");
    print.addEventListener("click", () => window.print());
    cardBox.append(el("p", { class: "any-card-pays" }, `${state.data.title}, pays for one coin: ${paysText()}.`),
      el("p", {}, ...cardSummary(card)), el("p", { class: "any-print-box" }, print), ...M.jumpOf(card.sections, CARD_IDS.table),
      M.keyOf(card.key, "any-card-key"), el("div", { class: "scroll" }, M.tableOf(card, state.data.chart.key, CARD_IDS)),
      ...M.exceptionsOf(card, CARD_IDS.row));
    cardBox.hidden = false;
  }

  function cardProgress(stage, fraction) {
    cardProgressBox.hidden = false;
    cardProgressBar.value = fraction;
    cardProgressLabel.textContent = CARD_STAGES[stage] || "Working";
  }

  /** New pays: the old card goes (it is of other pays). */
  function clearCard() {
    cardBox.hidden = true;
    cardBox.textContent = "";
    cardProgressBox.hidden = true;
    $("any-card-head").textContent = "The pocket card for these pays";
  }

  /** The card could not be found (a worker stopped): said in its place. */
  function cardFailed(message) {
    cardProgressBox.hidden = true;
    cardBox.textContent = "";
    cardBox.append(el("p", { class: "any-error", role: "alert" }, message));
    cardBox.hidden = false;
  }

  return { showCard, cardProgress, clearCard, cardFailed };
};
