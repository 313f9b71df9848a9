// The Any pay table page's answers to the pays: the exact return, variance and each pay line's
// share, then what every level of the game plays these pays at and which to carry.
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).answers = function makeAnswers(c) {
  "use strict";
  const { ns, $, result, state } = c;

  function showReturn(r) {
    result.hidden = false;
    $("any-return-percent").textContent = r.return_percent;
    $("any-return-exact").textContent = r.return;
    $("any-variance").textContent = r.variance_decimal;
    const body = $("any-final").tBodies[0];
    body.textContent = "";
    r.labels.forEach((label, i) => {
      const [num, den] = r.pays[i].includes("/") ? r.pays[i].split("/") : [r.pays[i], "1"];
      // (a game bet more than 5 coins shows its pays as typed, as the glass does: any-core.js)
      const coins = BigInt(state.data.rules.coins || 5);
      const shown = coins === 5n ? r.pays[i] : ns.solver.fractionText(ns.solver.fraction(BigInt(num) * coins, BigInt(den) * 5n));
      const cells = [label, shown, ns.solver.decimalText(ns.solver.fraction(BigInt(r.final_counts[i]), BigInt(r.total)), 6),
        ns.solver.decimalText(ns.solver.fraction(BigInt(r.final_counts[i]) * BigInt(num), BigInt(r.total) * BigInt(den)), 6)];
      const row = body.insertRow();
      cells.forEach((text, c) => {
        const cell = c === 0 ? document.createElement("th") : row.insertCell();
        if (c === 0) { cell.scope = "row"; row.appendChild(cell); } else cell.className = "num";
        cell.textContent = text;
      });
    });
    $("any-recommend").textContent = "Playing each card on every deal...";
    $("any-prices").tBodies[0].textContent = "";
  }

  function levelName(level) {
    const table = state.data.tables[level.table];
    return level.level === "card" ? `${table.name} card` : `${table.name} simple level`;
  }

  function showPrices(rows) {
    const levels = Object.fromEntries(state.data.levels.map((level) => [level.id, level]));
    const body = $("any-prices").tBodies[0];
    body.textContent = "";
    for (const row of rows) {
      const level = levels[row.id];
      const table = state.data.tables[level.table];
      const tr = body.insertRow();
      const name = document.createElement("th");
      name.scope = "row";
      const page = document.createElement("a");
      page.href = `${table.slug}.html${level.level === "simple" ? "#simple" : "#strategy"}`;
      page.textContent = levelName(level);
      name.append(page, ` (${level.printed} lines`);
      if (level.level === "card") {
        const pdf = document.createElement("a");
        pdf.href = `${table.slug}.pdf`;
        pdf.textContent = "PDF";
        name.append(", ", pdf);
      }
      name.append(")");
      tr.appendChild(name);
      const plays = tr.insertCell();
      plays.className = "num";
      plays.textContent = row.return_percent;
      const cost = tr.insertCell();
      cost.className = "num";
      cost.textContent = row.cost === "0" ? "none" : row.cost_percent;
    }
    const top = rows[0];
    if (!top) {
      $("any-recommend").textContent = "This game has no card yet.";
      return;
    }
    const cost = top.cost === "0" ? "the same as perfect play" : `${top.cost_percent} below perfect play`;
    $("any-recommend").textContent = `Carry the ${levelName(levels[top.id])}: it plays this machine at ${top.return_percent}, ${cost}.`;
  }

  return { showReturn, levelName, showPrices };
};
