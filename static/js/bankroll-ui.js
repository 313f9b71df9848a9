// The session calculator on a pay table's page ("How much a round swings", templates/
// paytable.html): bankroll, bet and hands in; the chance of losing the bankroll, of ending ahead,
// the 5th/50th/95th percentiles and a plot of the result out, computed by bankroll.js from the
// level's hand (embedded as JSON by the build: bankroll/figures.py). Measured by the benchmark
// as "bankroll-session".
//
// No import/export: a classic script, reading globalThis.vpcharts.bankroll.
(function () {
  "use strict";
  const form = document.getElementById("session-form");
  if (!form) return;
  const hands = JSON.parse(document.getElementById("session-data").textContent);
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";

  function number(id, what, whole) {
    const text = $(id).value.trim();
    const value = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0) || (whole && !Number.isInteger(value))) {
      throw new Error(`${what} = ${JSON.stringify(text)}: expected ${whole ? "a whole number above 0" : "a number above 0, like 400 or 2.5"}`);
    }
    return value;
  }

  function percent(p) {
    if (p > 0 && p < 0.0001) return "under 0.01%";
    return `${(p * 100).toFixed(2)}%`;
  }

  function plot(result, figure, money) {
    // The result's distribution in about 60 bars between its 0.5th and 99.5th percentiles.
    const { scale, low, dist } = result;
    let cumulative = 0, from = 0, to = dist.length - 1;
    for (let i = 0; i < dist.length; i++) {
      cumulative += dist[i];
      if (cumulative < 0.005) from = i + 1;
      if (cumulative < 0.995) to = i + 1;
    }
    const bars = Math.min(60, to - from + 1);
    const width = Math.max(1, Math.ceil((to - from + 1) / bars));
    const heights = [];
    for (let b = 0; b < bars; b++) {
      let mass = 0;
      for (let i = from + b * width; i < Math.min(from + (b + 1) * width, dist.length); i++) mass += dist[i];
      heights.push(mass);
    }
    const top = Math.max(...heights) || 1;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 600 220");
    svg.setAttribute("role", "img");
    const first = (low + from) / scale, last = (low + from + bars * width) / scale;
    svg.setAttribute("aria-label", `The session's result, from ${money(first)} to ${money(last)}: the bars' heights are how likely each is`);
    heights.forEach((mass, b) => {
      const rect = document.createElementNS(SVG, "rect");
      const h = (mass / top) * 180;
      const x0 = (low + from + b * width) / scale;
      rect.setAttribute("x", String(10 + (b * 580) / bars));
      rect.setAttribute("y", String(190 - h));
      rect.setAttribute("width", String(Math.max(1, 580 / bars - 1)));
      rect.setAttribute("height", String(h));
      rect.setAttribute("class", x0 + width / scale > 0 ? "bar-ahead" : "bar-behind");
      svg.appendChild(rect);
    });
    for (const [value, anchor] of [[first, "start"], [0, "middle"], [last, "end"]]) {
      if (value === 0 && (first > 0 || last < 0)) continue;
      const text = document.createElementNS(SVG, "text");
      const x = value === 0 ? 10 + ((0 - first) / (last - first)) * 580 : anchor === "start" ? 10 : 590;
      text.setAttribute("x", String(x));
      text.setAttribute("y", "212");
      text.setAttribute("text-anchor", anchor);
      text.textContent = value === 0 ? "even" : money(value);
      svg.appendChild(text);
    }
    figure.replaceChildren(svg);
    const caption = document.createElement("figcaption");
    caption.textContent = "The session's result: bars right of even end ahead.";
    figure.appendChild(caption);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const error = $("session-error");
    let bankroll, rounds, bet;
    try {
      bankroll = number("session-bankroll", "Bankroll", false);
      rounds = number("session-hands", "Hands played", true);
      if (rounds > 100000) throw new Error(`Hands played = "${rounds}": expected at most 100,000`);
      bet = $("session-bet").value.trim() ? number("session-bet", "Bet", false) : null;
    } catch (problem) {
      error.hidden = false;
      error.textContent = problem.message;
      $("session-result").hidden = true;
      return;
    }
    error.hidden = true;
    const level = $("session-level") ? $("session-level").value : form.dataset.level;
    const hand = hands[level] || hands[Object.keys(hands)[0]];
    const money = (bets) => {
      const sign = bets < 0 ? "-" : bets > 0 ? "+" : "";
      const size = Math.abs(bets);
      return bet ? `${sign}${(size * bet).toLocaleString("en-US", { maximumFractionDigits: 2 })}` : `${sign}${size.toLocaleString("en-US")} bets`;
    };
    const start = performance.now();
    const s = vpcharts.bankroll.session(hand.pays, hand.chances, bankroll, rounds);
    performance.measure("bankroll-session", { start, end: performance.now() });
    const amount = bet ? `${(bankroll * bet).toLocaleString("en-US", { maximumFractionDigits: 2 })} (${bankroll} bets)` : `${bankroll} bets`;
    $("session-ruin").textContent = `Chance of losing the ${amount} within ${rounds.toLocaleString("en-US")} hands: ${percent(s.ruin)}.`;
    $("session-ahead").textContent = `Chance of ending the session ahead: ${percent(s.ahead)}.`;
    $("session-spread").textContent = `The result: 1 session in 20 ends below ${money(s.percentiles[5])}, half below ${money(s.percentiles[50])}, 1 in 20 above ${money(s.percentiles[95])}.`;
    plot(s.result, $("session-plot"), money);
    $("session-result").hidden = false;
  });
})();
