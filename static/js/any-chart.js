// The Any pay table page's charts: the exact strategy derived for the typed pays (chart.js's
// chartOf, made in the worker), then the pocket card found from it (levelChart), each printed as
// a catalogue page prints a level's table (chart-markup.js), with what it says of itself, so a
// player reads it as any of our pages. And their
// progress while they are derived, which takes seconds: the rest of the page is usable
// meanwhile, and new pays cancel them (any-engine.js). From file://, both on a tap, on the
// page's thread. The card's own part is any-card.js.
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).chart = function makeChart(c) {
  "use strict";
  const { ns, $, state, showCard, cardProgress, clearCard, cardFailed } = c;
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
    cardProgress("waiting", 0);
  }

  /** New pays: the old chart goes (it is of other pays). */
  function clearChart() {
    box.hidden = true;
    box.textContent = "";
    progressBox.hidden = true;
    $("any-chart-head").textContent = "The exact strategy for these pays";
    clearCard();
  }

  /** The chart could not be derived (a worker stopped): said in its place. */
  function chartFailed(message) {
    clearCard();
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

  /** A message of the chart's derivation (the worker's, or deriveHere's) shown: true if it is
   * one (the engine has dropped an older run's). */
  function chartMessage(message) {
    const shown = {
      "chart-progress": () => chartProgress(message.stage, message.fraction),
      "chart-error": () => chartFailed(message.message),
      chart: () => {
        showChart(message.chart);
        performance.measure("any-chart", { start: state.changed, end: performance.now() });
      },
      "card-progress": () => cardProgress(message.stage, message.fraction),
      "card-error": () => cardFailed(message.message),
      card: () => {
        showCard(message.card);
        performance.measure("any-card", { start: state.changed, end: performance.now() });
      },
    }[message.type];
    if (shown) shown();
    return Boolean(shown);
  }

  /** From file://, where the page has no worker: the chart, then the card, on the page's
   * thread, when the player asks (it pauses the page). */
  function deriveHere(id, rules) {
    const W = ns.chartWork;
    const later = (f) => setTimeout(() => id === state.run && f(), 20); // (a repaint first)
    const attempt = (type, f) => {
      try {
        chartMessage({ type, [type]: f() });
        return true;
      } catch (error) {
        chartMessage({ type: `${type}-error`, message: String(error && error.message) });
        return false;
      }
    };
    chartOffer(() => {
      chartMessage({ type: "chart-progress", stage: "deriving", fraction: 0.15 });
      later(() => {
        let work;
        if (!attempt("chart", () => (work = W.exactWork(rules, state.data.chart)).chart)) return;
        chartMessage({ type: "card-progress", stage: "finding", fraction: 0.1 });
        later(() => attempt("card", () => W.cardChart(work, state.data.chart)));
      });
    }, state.data.chart_ask);
  }

  return { showChart, chartProgress, clearChart, chartFailed, chartOffer, chartAsked, chartMessage, deriveHere };
};
