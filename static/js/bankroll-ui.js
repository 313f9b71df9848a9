// The session calculator on a pay table's page ("How much a round swings", templates/
// paytable.html): bankroll, bet, hands a deal and deals in; the chance of losing the bankroll, of
// ending ahead, the 5th/50th/95th percentiles and a plot of the result out, computed by
// bankroll.js from the level's hand (embedded as JSON by the build: bankroll/figures.py) or, for
// 3 to 10 hands a deal, from the deal's totals (rounds/<slug>.js, loaded when first asked for).
// Measured by the benchmark as "bankroll-session".
//
// The parts, in the order the page loads them: bankroll-fields.js (the fields read, a chance
// printed), bankroll-plot.js (the result's bars). This file reads the page, makes them, loads the
// multi-play figures when asked for and answers the form.
//
// No import/export: a classic script, reading globalThis.vpcharts.bankroll.
(function () {
  "use strict";
  const form = document.getElementById("session-form");
  if (!form) return;
  const hands = JSON.parse(document.getElementById("session-data").textContent);
  const $ = (id) => document.getElementById(id);
  const c = { form, $ };
  for (const make of [vpcharts.sessionParts.fields, vpcharts.sessionParts.plot]) Object.assign(c, make(c));
  const { MAX_ROUNDS, MAX_BANKROLL, MAX_BET, number, percent, plot } = c;

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
