// The Chinese Poker page's arranger: click or type 13 cards, see the best split and the next
// best, and score your own split. Uses cards.js (parsing, card text), chinese-arranger.js and
// the tables in chinese-tables.js; classic deferred scripts (docs/design/05-checker.md, "The
// hold checker": why classic scripts).
(function (root) {
  "use strict";
  const { parseHand, cardText, CardError } = root.vpcharts.cards;
  const { Arranger } = root.vpcharts.chinese;
  const form = document.getElementById("cp-form");
  if (!form) return;
  const arranger = new Arranger(root.vpchartsChineseTables);
  const input = document.getElementById("cp-hand");
  const own = document.getElementById("cp-own");
  const grid = document.getElementById("cp-grid");
  const out = document.getElementById("cp-result");
  const message = document.getElementById("cp-message");
  const pct = (p) => (100 * p).toFixed(2) + "%";
  let chosen = [];

  function cardSpan(card) {
    const span = document.createElement("span");
    span.className = "card" + ((card & 3) === 1 || (card & 3) === 2 ? " red" : "");
    span.textContent = cardText(card, true);
    return span;
  }

  function rowLine(name, cards, p) {
    const line = document.createElement("div");
    line.className = "cp-row";
    const label = document.createElement("span");
    label.className = "cp-label";
    label.textContent = name;
    line.append(label);
    for (const c of [...cards].sort((a, b) => b - a)) line.append(cardSpan(c), " ");
    const chance = document.createElement("span");
    chance.className = "cp-p";
    chance.textContent = pct(p);
    line.append(chance);
    return line;
  }

  function showSplit(title, s, extra) {
    const box = document.createElement("div");
    box.className = "cp-split";
    const head = document.createElement("p");
    head.className = "cp-head";
    head.textContent = `${title}: E+ ${s.ePlus.toFixed(4)} (E ${(2 * s.ePlus - 4 >= 0 ? "+" : "")}${(2 * s.ePlus - 4).toFixed(4)} points)${extra || ""}`;
    box.append(head, rowLine("back", s.back, s.pb), rowLine("middle", s.middle, s.pm), rowLine("front", s.front, s.pf));
    return box;
  }

  function say(text) {
    message.textContent = text;
  }

  function update() {
    out.replaceChildren();
    for (const b of grid.querySelectorAll("button")) b.setAttribute("aria-pressed", chosen.includes(Number(b.dataset.card)) ? "true" : "false");
    if (chosen.length !== 13) {
      say(`${chosen.length} of 13 cards chosen.`);
      return;
    }
    const started = performance.now();
    const splits = arranger.ranked(chosen, 5);
    const ms = performance.now() - started;
    out.dataset.ms = ms.toFixed(1);
    const held = root.vpchartsChineseTables.held ? " (win chances corrected for the cards you hold)" : "";
    say(`Best split of ${chosen.length} cards${held}, found in ${ms.toFixed(0)} ms.`);
    splits.forEach((s, i) => out.append(showSplit(i === 0 ? "Best split" : `Next best #${i}`, s)));
    scoreOwn(splits[0]);
  }

  function scoreOwn(best) {
    const text = own.value.trim();
    if (!text) return;
    const parts = text.split("/");
    try {
      if (parts.length !== 3) throw new CardError("Your split: expected back / middle / front, separated by /");
      const [back, middle, front] = parts.map((p, i) => parseHand(p, false, i === 2 ? 3 : 5));
      const all = [...back, ...middle, ...front];
      if (new Set(all).size !== 13 || !all.every((c) => chosen.includes(c))) throw new CardError("Your split: expected the 13 cards of the hand, each once");
      const r = arranger.score(front, middle, back);
      if (r.error) throw new CardError("Your split is " + r.error);
      const loss = best.ePlus - r.ePlus;
      out.append(showSplit("Your split", { ...r, front, middle, back }, loss > 0 ? `, ${loss.toFixed(4)} E+ below the best` : ", as good as the best"));
    } catch (e) {
      if (!(e instanceof CardError)) throw e;
      say(e.message);
    }
  }

  for (let card = 51; card >= 0; card--) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.card = String(card);
    b.className = "card" + ((card & 3) === 1 || (card & 3) === 2 ? " red" : "");
    b.textContent = cardText(card, true);
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => {
      if (chosen.includes(card)) chosen = chosen.filter((c) => c !== card);
      else if (chosen.length < 13) chosen.push(card);
      input.value = chosen.map((c) => cardText(c)).join(" ");
      update();
    });
    grid.append(b);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    try {
      chosen = parseHand(input.value, false, 13);
    } catch (e) {
      if (!(e instanceof CardError)) throw e;
      out.replaceChildren();
      say(e.message);
      return;
    }
    update();
  });
  say("Choose 13 cards.");
})(globalThis);
