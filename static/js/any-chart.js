// The Any pay table page's chart: the exact strategy derived for the typed pays (chart.js's
// chartOf, made in the worker), printed as a catalogue page prints a level's table
// (chart-markup.js), with what it says of itself, so a player reads it as any of our pages. And its progress while it is derived, which takes seconds: the rest of the page is
// usable meanwhile, and new pays cancel it (any-engine.js).
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).chart = function makeChart(c) {
  "use strict";
  const { ns, $, state } = c;
  const box = $("any-chart");
  const progressBox = $("any-chart-progress-box");
  const progress = $("any-chart-progress");
  const progressLabel = $("any-chart-progress-label");
  const STAGES = {
    describing: "Describing every hold of every deal",
    deriving: "Deriving the exact strategy",
    checking: "Checking it on every deal",
  };

  const M = ns.chartMarkup;
  const el = M.el;
  const thousands = (n) => Number(n).toLocaleString("en-US");

  /** What the table says of itself, as a catalogue page's card level does (paytable.html). */
  function summaryOf(chart) {
    const words = state.data.chart;
    let text = "Hold the cards of the first line your deal fits (lines sharing a number name several made hands: the first of them that fits). "
      + `These ${chart.printed} lines play every one of the ${thousands(chart.deals)} deals optimally: checked here on every one of its ${thousands(chart.classes)} suit classes, ${chart.misplays} misplays.`;
    if (chart.choiceDeals) text += ` On ${thousands(chart.choiceDeals)} deals a line fits more than one way: keep the higher cards.`;
    text += " Held cards are outlined in the examples.";
    if (words.instruction) text += ` ${words.instruction} The lines are numbered through the table, section after section: a line that decides deals of two sections is printed, and numbered, in each.`;
    return text;
  }

  function showChart(chart) {
    progressBox.hidden = true;
    box.textContent = "";
    $("any-chart-head").textContent = `The exact strategy for these pays: ${chart.printed} lines`;
    if (chart.misplays) { // (never: the derivation is exact by construction; said, not hidden)
      box.append(el("p", { class: "any-error", role: "alert" }, `This table misplays ${thousands(chart.misplays)} deals: it is not shown. Please tell us the pays.`));
    } else {
      box.append(el("p", {}, summaryOf(chart)), ...M.jumpOf(chart.sections), M.keyOf(chart.key),
        el("div", { class: "scroll" }, M.tableOf(chart, state.data.chart.key)), ...M.exceptionsOf(chart));
    }
    box.hidden = false;
  }

  function chartProgress(stage, fraction) {
    progressBox.hidden = false;
    progress.value = fraction;
    progressLabel.textContent = STAGES[stage] || "Working";
  }

  /** New pays: the old chart goes (it is of other pays). */
  function clearChart() {
    box.hidden = true;
    box.textContent = "";
    progressBox.hidden = true;
    $("any-chart-head").textContent = "The exact strategy for these pays";
  }

  /** The chart could not be derived (a worker stopped): said in its place. */
  function chartFailed(message) {
    progressBox.hidden = true;
    box.textContent = "";
    box.append(el("p", { class: "any-error", role: "alert" }, message));
    box.hidden = false;
  }

  /** A button that derives the chart when the player asks (`derive` runs it): from file://,
   * where the page has no worker and pauses while it works; and for a game whose derivation is
   * too heavy for a phone (`ask`, the game data's chart_ask, says why). */
  function chartOffer(derive, ask = "") {
    box.textContent = "";
    const button = el("button", { type: "button" }, ask ? "Derive it anyway" : "Derive the exact strategy");
    button.addEventListener("click", () => {
      button.disabled = true;
      derive();
    });
    box.append(el("p", {}, ask || "Opened as a file, this page works on its own thread: deriving the strategy pauses it for ten to forty seconds. Served from a web address, it derives the strategy by itself while you read. "), button);
    box.hidden = false;
  }

  /** Derive the chart (`start` does), or, for a game too heavy to derive unasked (its data's
   * chart_ask says why), offer to. */
  function chartAsked(start) {
    if (state.data.chart_ask) chartOffer(start, state.data.chart_ask);
    else start();
  }

  return { showChart, chartProgress, clearChart, chartFailed, chartOffer, chartAsked };
};
