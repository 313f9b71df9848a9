// The session calculator on a pay table's page ("How much a round swings", templates/
// paytable.html): bankroll, bet, hands a deal and deals in; the chance of losing the bankroll, of
// ending ahead, the 5th/50th/95th percentiles and a plot of the result out, computed by
// bankroll.js from the level's hand (embedded as JSON by the build: bankroll/figures.py) or, for
// 3 to 10 hands a deal, from the deal's totals (rounds/<slug>.js, loaded when first asked for).
// Measured by the benchmark as "bankroll-session".
//
// No import/export: a classic script, reading globalThis.vpcharts.bankroll.
(function () {
  "use strict";
  const form = document.getElementById("session-form");
  if (!form) return;
  const hands = JSON.parse(document.getElementById("session-data").textContent);
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";

  // The limits of `vpcharts bankroll` (generator/bankroll/limits.py), said in the same words.
  const MAX_ROUNDS = 100000;
  const MAX_BANKROLL = 1000000;
  const MAX_BET = 1000000; // (money: only so that a result is a number, not "Infinity")

  // A typed value as a message shows it: quoted, cut to 80 characters (as generator/errors.py
  // cuts a value in an error line), so a pasted page of digits comes back as one short line.
  function shown(text) {
    return text.length > 80 ? `${JSON.stringify(text.slice(0, 80))}... (${text.length.toLocaleString("en-US")} characters)` : JSON.stringify(text);
  }

  /** The field's number from `low` to `high`, else an Error naming the field, the value and the
   * range (`low` 0 means "above 0"). */
  function number(id, what, whole, low, high, unit) {
    const text = $(id).value.trim();
    const value = Number(text);
    const range = low ? `from ${low.toLocaleString("en-US")} to ${high.toLocaleString("en-US")}` : `above 0 and at most ${high.toLocaleString("en-US")}`;
    const expected = `expected ${whole ? "a whole number" : "a number"}${unit} ${range}${whole ? "" : ", like 400 or 2.5"}`;
    if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0) || (whole && !Number.isInteger(value))) {
      throw new Error(`${what} = ${shown(text)}: ${expected}`);
    }
    if (value < low || value > high) {
      // (a bankroll under the deal's stake says why: the first deal could not be paid)
      const stake = what === "Bankroll" && value < low ? ` a deal of ${low} hand${low > 1 ? "s" : ""} stakes ${low} bet${low > 1 ? "s" : ""};` : "";
      throw new Error(`${what} = ${shown(text)}:${stake} ${expected}`);
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

  // The multi-play rounds' distributions (rounds/<slug>.js, written by the build), loaded the
  // first time a deal of more than one hand is asked for: a script, so it loads from file:// too.
  function withRounds(then, fail) {
    const all = (vpcharts.rounds = vpcharts.rounds || {});
    if (all[form.dataset.slug]) return then(all[form.dataset.slug]);
    const script = document.createElement("script");
    script.src = form.dataset.rounds;
    script.onload = () => (all[form.dataset.slug] ? then(all[form.dataset.slug]) : fail());
    script.onerror = fail;
    document.head.appendChild(script);
  }

  function show(message) {
    const error = $("session-error");
    error.hidden = false;
    error.textContent = message;
    $("session-result").hidden = true;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let bankroll, rounds, bet;
    const play = Number($("session-play").value);
    try {
      bankroll = number("session-bankroll", "Bankroll", false, play, MAX_BANKROLL, " of bets");
      rounds = number("session-hands", "Deals played", true, 1, MAX_ROUNDS, "");
      bet = $("session-bet").value.trim() ? number("session-bet", "Bet", false, 0, MAX_BET, "") : null;
    } catch (problem) {
      show(problem.message);
      return;
    }
    $("session-error").hidden = true;
    const level = $("session-level") ? $("session-level").value : form.dataset.level;
    const hand = hands[level] || hands[Object.keys(hands)[0]];
    if (play === 1) {
      const start = performance.now();
      const walk = vpcharts.bankroll.handWalk(hand.pays, hand.chances);
      return report(vpcharts.bankroll.session(walk, bankroll, rounds), 1, start, walk);
    }
    const button = form.querySelector("button");
    const status = $("session-status");
    withRounds((data) => {
      const round = (data[level] || data[Object.keys(data)[0]]).find((r) => r.hands === play);
      const start = performance.now();
      button.disabled = true;
      status.hidden = false;
      status.textContent = "Working it out...";
      const walk = vpcharts.bankroll.roundWalk(round);
      vpcharts.bankroll.sessionInSlices(walk, bankroll, rounds, (share) => {
        status.textContent = `Working it out: ${Math.floor(share * 100)}% of the deals.`;
      }).then((s) => {
        button.disabled = false;
        status.hidden = true;
        report(s, play, start, walk);
      });
    }, () => show(`The ${play}-play figures did not load (${form.dataset.rounds}).`));

    function report(s, play, start, walk) {
      // "1 bet", "2 bets" (a bankroll of 1 bet played for 1 hand read "1 bets within 1 hands")
      const count = (n, word) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
      const money = (bets) => {
        const sign = bets < 0 ? "-" : bets > 0 ? "+" : "";
        const size = Math.abs(bets);
        return bet ? `${sign}${(size * bet).toLocaleString("en-US", { maximumFractionDigits: 2 })}` : `${sign}${count(size, "bet")}`;
      };
      performance.measure("bankroll-session", { start, end: performance.now() });
      const amount = bet ? `${(bankroll * bet).toLocaleString("en-US", { maximumFractionDigits: 2 })} (${count(bankroll, "bet")})` : count(bankroll, "bet");
      const played = play === 1 ? count(rounds, "hand")
        : `${rounds.toLocaleString("en-US")} deals of ${play} hands (${(rounds * play).toLocaleString("en-US")} hands)`;
      $("session-ruin").textContent = `Chance of losing the ${amount} within ${played}: ${percent(s.ruin)}.`;
      $("session-ahead").textContent = `Chance of ending the session ahead: ${percent(s.ahead)}.`;
      $("session-spread").textContent = `The result: 1 session in 20 ends below ${money(s.percentiles[5])}, half below ${money(s.percentiles[50])}, 1 in 20 above ${money(s.percentiles[95])}.`;
      const lifetime = play === 1 ? null : [1, 5, 10].map((risk) => vpcharts.bankroll.lifetimeBankrolls(walk, risk / 100));
      const lifetimeLine = $("session-lifetime");
      lifetimeLine.hidden = !(lifetime && lifetime[0]);
      if (lifetime && lifetime[0]) {
        const bets = (pair) => Math.ceil(pair[1]).toLocaleString("en-US");
        lifetimeLine.textContent = `A lifetime of ${play}-play: a bankroll of ${bets(lifetime[0])} bets is lost only 1 time in 100 (${bets(lifetime[1])}: 5 in 100; ${bets(lifetime[2])}: 10 in 100), to within ${play} bets.`;
      }
      plot(s.result, $("session-plot"), money);
      $("session-result").hidden = false;
    }
  });
})();
