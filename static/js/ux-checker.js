// The Ultimate X checker and trainer on a game's page: the deal and the multipliers showing in,
// the best hold, the card's line at that average multiplier, and all 32 holds' values out.
// The values are ux-engine.js's; the card's lines are played by rules-core.js in the band's
// order (the card's lines with the band's moves applied). The address keeps the deal and the
// multipliers (#deal=...&mult=...), so a check can be bookmarked; from file:// too.
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
  const tables = {};
  let trainee = null;

  function cardsText(cards) {
    return cards.map((c) => ns.cards.cardText(c, true)).join(" ");
  }

  /** Cards as text, red suits red (the 32 holds' table: narrow enough for a phone). */
  function cardText(cards) {
    const out = document.createElement("span");
    cards.forEach((card, i) => {
      const span = document.createElement("span");
      if (card < 52 && (card % 4 === 1 || card % 4 === 2)) span.className = "card-red";
      span.textContent = (i ? " " : "") + ns.cards.cardText(card, true);
      out.append(span);
    });
    return out;
  }

  /** Cards as spans, red suits red (and, with `mask`, the held ones marked). */
  function cardSpans(cards, mask = null) {
    const out = document.createElement("span");
    out.className = "deal";
    cards.forEach((card, i) => {
      const span = document.createElement("span");
      const red = card < 52 && (card % 4 === 1 || card % 4 === 2);
      const held = mask !== null && ((mask >> i) & 1) === 1;
      span.className = "card" + (red ? " red" : "") + (held ? " held" : "");
      span.textContent = ns.cards.cardText(card, true);
      if (held) span.title = "hold";
      out.append(span);
    });
    return out;
  }

  function held(cards, mask) {
    return cards.filter((_, i) => (mask >> i) & 1);
  }

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

  /** The card's line (its printed name: a number, or a band's letter) at this band, or null. */
  function cardLine(cards, band) {
    if (band < 0) return null;
    if (!tables[band]) {
      const order = data.bands[band].order || null;
      const lines = [];
      const names = [];
      const cardLines = data.card;
      const indexes = order || cardLines.map((_, i) => i);
      indexes.forEach((index, position) => {
        const line = index < cardLines.length ? cardLines[index] : data.extra[String(index)];
        if (!line) return;
        lines.push({ ...line, number: position + 1 });
        names.push(index < cardLines.length ? String(line.printed_as || cardLines[index].number) : data.letters[String(index)]);
      });
      tables[band] = { table: ns.rules.compileTable(lines, data.rules), names, lines };
    }
    const { table, names, lines } = tables[band];
    const played = ns.rules.play(table, cards);
    if (played.line < 0) return null;
    return { name: names[played.line], text: lines[played.line].text, mask: played.mask };
  }

  function render(cards, total, rows) {
    const best = rows[0];
    const band = ns.ux.bandOf(data, total);
    const average = (total / data.lines).toFixed(2).replace(/\.?0+$/, "");
    const holding = held(cards, best.mask);
    $("ux-play").replaceChildren("Hold ", holding.length ? cardSpans(holding) : "nothing (draw five)",
      ` at multipliers totalling ${total} (average ${average}x): `, cardSpans(cards, best.mask));
    const line = cardLine(cards, band);
    $("ux-line").textContent = line
      ? `The card (${data.band_names[band]}): line ${line.name}, ${line.text}` + (line.mask === best.mask ? "." : `: it holds ${cardsText(held(cards, line.mask)) || "nothing"}, worth ${(best.value - rows.find((r) => r.mask === line.mask).value).toFixed(4)} less.`)
      : "";
    const body = $("ux-evs").querySelector("tbody");
    body.replaceChildren(...rows.map((row, i) => {
      const tr = document.createElement("tr");
      if (i === 0) tr.className = "best";
      const kept = held(cards, row.mask);
      const cells = [String(i + 1), kept.length ? cardText(kept) : "(draw five)", row.value.toFixed(4), row.now.toFixed(4), (best.value - row.value).toFixed(4)];
      cells.forEach((content, k) => {
        const td = document.createElement("td");
        td.append(content);
        if (k !== 1) td.className = "num";
        tr.append(td);
      });
      return tr;
    }));
    status.textContent = `Optimal play returns ${data.optimal_return} in the long run.`;
  }

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

  $("ux-train").addEventListener("click", () => {
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
  });

  $("ux-grade-form").addEventListener("submit", (event) => {
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
  });

  status.textContent = "Type a deal and the multipliers, then Check.";
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("deal")) {
    $("ux-deal").value = hash.get("deal");
    $("ux-mult").value = hash.get("mult") || "";
    check($("ux-deal").value, $("ux-mult").value);
  }
})();
