// The Ultimate X checker's answer drawn: the best hold at the multipliers' total, the card's line
// at that total's band (the card's lines in the band's order, compiled once a band), and the table
// of all 32 holds' values.
//
// A part of the Ultimate X checker (ux-checker.js makes the parts in order, each over what the ones
// before it made: c holds the page's data, $, status line, showError and ensureEngine, and every
// earlier part's functions).
(globalThis.vpcharts.uxParts = globalThis.vpcharts.uxParts || {}).view = function makeView(c) {
  "use strict";
  const { ns, data, $, status, cardsText, cardText, cardSpans, held } = c;
  const tables = {};

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

  return { cardLine, render };
};
