// The Any pay table page's pays: a field a pay line, the catalogue table they are (or come
// closest to), and the typed pays checked and sent to be solved a quarter second after the last
// keystroke (a bad pay is outlined and said, in the words of the pay table files' validation).
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).pays = function makePays(c) {
  "use strict";
  const { ns, $, fields, errorBox, progressBox, progress, progressLabel, result, state, SEPARATOR, STAGES,
    notice, writeAddress } = c;

  /** The game's levels as a session plays them: each with its own pay table's high cards. */
  function levelsOf(data) {
    return data.levels.map((level) => ({
      id: level.id, lines: level.lines, rules: { ...data.rules, min_pair: data.tables[level.table].min_pair },
    }));
  }

  /** The pay tables of this pay structure (the others lend their cards only). */
  function ownTables() {
    return state.data.tables.filter((table) => table.pays);
  }

  function buildFields(data, paysText) {
    fields.textContent = "";
    const reference = data.tables.find((table) => table.pays);
    let values = reference.pays;
    if (paysText !== null && paysText !== undefined) {
      const typed = paysText.split(SEPARATOR);
      if (typed.length === data.rules.pays.length) values = typed;
      else notice(`The address has ${typed.length} pays; ${data.title} has ${data.rules.pays.length} (${data.rules.pays.map((line) => line.label).join(", ")}): filled in from ${reference.name} instead.`);
    }
    data.rules.pays.forEach((line, index) => {
      const row = document.createElement("p");
      row.className = "any-pay";
      const label = document.createElement("label");
      label.htmlFor = `any-pay-${index}`;
      label.textContent = line.label;
      const input = document.createElement("input");
      input.id = `any-pay-${index}`;
      input.type = "text";
      input.inputMode = "decimal";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.value = values[index];
      input.addEventListener("input", scheduleSolve);
      row.append(label, input);
      fields.appendChild(row);
    });
    showReference();
  }

  function typedPays() {
    return [...fields.querySelectorAll("input")].map((input) => input.value.trim());
  }

  /** The catalogue table of the game these pays are (or come closest to: most pays equal). */
  function closestTable(pays) {
    let best = ownTables()[0];
    let bestSame = -1;
    for (const table of ownTables()) {
      const same = table.pays.filter((pay, i) => pay === pays[i]).length;
      if (same > bestSame) {
        best = table;
        bestSame = same;
      }
    }
    return { table: best, exact: bestSame === pays.length };
  }

  function showReference() {
    const { table, exact } = closestTable(typedPays());
    const span = $("any-reference");
    span.textContent = "";
    const link = document.createElement("a");
    link.href = `${table.slug}.html`;
    link.textContent = table.name;
    if (exact) span.append("These are the pays of ", link, ": its page has the exact strategy table.");
    else span.append("The closest pay table of this game: ", link, ".");
  }

  let timer = 0;
  function scheduleSolve() {
    state.changed = performance.now();
    state.addressProblem = "";
    clearTimeout(timer);
    timer = setTimeout(solveNow, 250);
  }

  function solveNow() {
    if (!state.data) return;
    const pays = typedPays();
    const checked = ns.any.checkPays(state.data.rules, pays);
    for (const input of fields.querySelectorAll("input")) input.removeAttribute("aria-invalid");
    showReference();
    state.run += 1;
    if (checked.errors) {
      c.clearChart();
      c.engine.cancelChart();
      progressBox.hidden = true;
      result.hidden = true;
      errorBox.hidden = false;
      // One line however many pays are wrong: the first said, the rest counted (each is marked).
      const [first, ...more] = checked.errors;
      errorBox.textContent = first.message + (more.length ? ` (and ${more.length} more pay${more.length === 1 ? "" : "s"} to fix, outlined)` : "");
      for (const error of checked.errors) if (error.index >= 0) $(`any-pay-${error.index}`).setAttribute("aria-invalid", "true");
      return;
    }
    errorBox.hidden = !state.addressProblem;
    errorBox.textContent = state.addressProblem;
    state.rules = checked.rules; // (the meter's, once solved)
    c.clearMeter(); // (before the address is written: a meter of other pays is not kept)
    writeAddress(pays);
    progressBox.hidden = false;
    progress.value = 0;
    progressLabel.textContent = STAGES.counting;
    c.engine.post({ type: "solve", id: state.run, rules: checked.rules });
    c.clearChart();
    c.engine.chart(state.run, checked.rules);
  }

  return { levelsOf, ownTables, buildFields, typedPays, closestTable, showReference, scheduleSolve, solveNow };
};
