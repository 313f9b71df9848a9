// The Any pay table page's progressive meter: one of the typed pays given as a range of meters,
// worked out exactly (progressive.js, in the worker): the return from one end to the other, the
// meter at which it is 100%, and every meter at which the best hold of some deal changes, with
// the lines that move there (the holds that swap, by name, each with one of its deals), drawn as
// a small plot of the return against the meter and listed.
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).meter = function makeMeter(c) {
  "use strict";
  const { ns, $, state, holdNodes, drawPlot } = c;
  const MOST = 1000000; // coins, as `vpcharts progressive` (cli.MAX_METER)
  const SHOWN = 200; // rows listed; the rest counted (`vpcharts progressive` lists them all)
  const form = $("any-meter-form");
  const paySelect = $("any-meter-pay");
  const error = $("any-meter-error");
  const answer = $("any-meter-result");

  /** The game's pays to choose from, the top one first chosen, its meter prefilled x1 to x2. */
  function resetMeter(rules) {
    paySelect.textContent = "";
    for (const line of rules.pays) paySelect.add(new Option(line.label, line.key));
    clearMeter();
    prefill();
  }

  /** A meter the address asks for ("royal_flush:4000-8000"): worked out once the pays are. */
  function restoreMeter(text) {
    state.pendingMeter = text || null;
  }

  /** The pays are solved: a meter the address asked for is filled in and worked out. */
  function meterReady() {
    const text = state.pendingMeter;
    state.pendingMeter = null;
    if (!text) return;
    const match = /^([^:]+):([^-]+)-(.+)$/.exec(text);
    if (!match || ![...paySelect.options].some((option) => option.value === match[1])) {
      meterFailed(`The address's meter: "${text}" is not a pay of this game and a range of coins, like royal_flush:4000-8000.`);
      return;
    }
    paySelect.value = match[1];
    $("any-meter-from").value = match[2];
    $("any-meter-to").value = match[3];
    askMeter();
  }

  function prefill() {
    const line = state.data.rules.pays.find((l) => l.key === paySelect.value);
    const coins = ns.progressive.parseFraction(line.pay);
    // (a meter counts what the full bet wins: the pay a coin bet times the coins bet)
    const five = ns.solver.fraction(coins[0] * BigInt(state.data.rules.coins || 5), coins[1]);
    const text = (f) => ns.solver.fractionText(f).includes("/") ? ns.solver.decimalText(f, 2) : ns.solver.fractionText(f);
    $("any-meter-from").value = text(five);
    $("any-meter-to").value = text(ns.solver.fraction(five.num * 2n, five.den));
  }

  /** New pays: an answer of the old ones is gone (and out of the address), and one on its way is
   * dropped. */
  function clearMeter() {
    state.meterRun = null;
    state.meter = null;
    error.hidden = true;
    answer.hidden = true;
    $("any-meter-working").hidden = true;
  }

  function meterFailed(message) {
    error.textContent = message;
    error.hidden = false;
    answer.hidden = true;
    $("any-meter-working").hidden = true;
  }

  /** A meter typed: coins, 0 to MOST, whole or with decimals; else null and the reason said. */
  function readMeter(id, name) {
    const text = $(id).value.trim();
    if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || text.length > 20 || Number(text) > MOST) {
      meterFailed(`The meter's ${name} end: "${text}" is not a number of coins from 0 to ${MOST.toLocaleString("en-US")} (like 4000 or 4123.75).`);
      return null;
    }
    return ns.progressive.parseFraction(text);
  }

  function askMeter(event) {
    if (event) event.preventDefault();
    if (!state.solved || !state.rules) return;
    const low = readMeter("any-meter-from", "low");
    const high = low && readMeter("any-meter-to", "high");
    if (!high) return;
    if (ns.progressive.compare(low, high) >= 0) {
      meterFailed("The meter's low end must be below its high end.");
      return;
    }
    error.hidden = true;
    state.meterRun = `meter-${(state.meterCount = (state.meterCount || 0) + 1)}`;
    state.meter = `${paySelect.value}:${$("any-meter-from").value.trim()}-${$("any-meter-to").value.trim()}`;
    c.writeAddress(c.typedPays()); // (a bookmark or a shared link works the meter out again)
    $("any-meter-working").hidden = false;
    c.engine.post({ type: "meter", id: state.meterRun, rules: state.rules, key: paySelect.value, low, high,
      held: state.data.held_words });
  }

  function showMeter(report) {
    $("any-meter-working").hidden = true;
    answer.hidden = false;
    const label = paySelect.options[paySelect.selectedIndex].text;
    $("any-meter-summary").textContent = `${label} from ${report.low.meter} to ${report.high.meter} coins: `
      + `the return goes from ${report.low.return} to ${report.high.return}. `
      + (report.breakEven ? `It is 100% at ${report.breakEven} coins (the break-even). ` : "It does not reach 100% in this range. ")
      + (report.points.length ? `The best hold of some deal changes at ${report.points.length.toLocaleString("en-US")} meters.`
        : "No deal's best hold changes in this range: the strategy is the same throughout.");
    drawPlot(report);
    const body = $("any-meter-points").tBodies[0];
    body.textContent = "";
    for (const p of report.points.slice(0, SHOWN)) {
      const row = body.insertRow();
      for (const text of [p.meter, p.return, p.deals.toLocaleString("en-US")]) {
        const cell = row.insertCell();
        cell.textContent = text;
        cell.className = "num";
      }
      // The lines that move: each swap of holds by name, with one of its deals, the cards held
      // dealt (hearts and diamonds in red, as every hand on the page).
      const cell = row.insertCell();
      p.moves.forEach((move) => {
        const swap = document.createElement("div");
        const deals = p.moves.length > 1 ? `; ${move.deals.toLocaleString("en-US")} deals` : "";
        swap.append(`${move.above} over ${move.below} (`, ...holdNodes(move.example.cards, 31), `${deals})`);
        cell.append(swap);
      });
    }
    $("any-meter-list").hidden = !report.points.length;
    $("any-meter-list-count").textContent = `The ${report.points.length.toLocaleString("en-US")} meters, one by one`;
    $("any-meter-more").hidden = report.points.length <= SHOWN;
    $("any-meter-more").textContent = `And ${(report.points.length - SHOWN).toLocaleString("en-US")} more meters `
      + "(the command vpcharts progressive lists them all).";
  }

  form.addEventListener("submit", askMeter);
  paySelect.addEventListener("change", () => {
    answer.hidden = true;
    prefill();
  });
  return { resetMeter, clearMeter, restoreMeter, meterReady, showMeter, meterFailed };
};
