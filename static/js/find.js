// "Find my machine" on the index: type the pays on the machine's glass ("9 6", "25 15 9 5") or
// words of its name ("deuces"), and the index shows only the pay tables that match.
// A number matches when the typed numbers appear in the table's pays in the order typed (best
// pay first, as on the glass); a word when the name or family contains it. Where the numbers
// are every pay of some table, in order, only such tables are shown. Plain classic
// script, no fetch: works opened from disk (file://) too.
(function () {
  "use strict";
  const form = document.getElementById("find");
  const input = document.getElementById("find-input");
  const count = document.getElementById("find-count");
  const none = document.getElementById("find-none");
  if (!form || !input) return;
  const rows = [...document.querySelectorAll("tr.paytable")];
  const tables = rows.map((row) => ({
    row,
    name: row.dataset.name,
    // "800|250|4000 50 25 9 6": each pay with the numbers it may be typed as.
    pays: row.dataset.pays.split(" ").map((p) => p.split("|")),
  }));

  function matchesPays(pays, numbers) {
    let at = 0;
    for (const n of numbers) {
      while (at < pays.length && !pays[at].includes(n)) at++;
      if (at === pays.length) return false;
      at++;
    }
    return true;
  }

  function matchesAll(pays, numbers) {
    return numbers.length === pays.length && numbers.every((n, i) => pays[i].includes(n));
  }

  function update() {
    const tokens = input.value.toLowerCase().split(/[^0-9a-z.]+/).filter(Boolean);
    const numbers = tokens.filter((t) => /^\d+(\.\d+)?$/.test(t));
    const words = tokens.filter((t) => !/^\d+(\.\d+)?$/.test(t));
    const named = (t) => words.every((w) => t.name.includes(w));
    // Every pay of a machine typed, top down, none skipped: that machine, not also the games
    // whose longer lists hold those numbers among others (Bonus Poker's quads around 9/6's).
    const whole = tables.some((t) => named(t) && matchesAll(t.pays, numbers));
    let shown = 0;
    for (const t of tables) {
      const ok = named(t) && (whole ? matchesAll(t.pays, numbers) : matchesPays(t.pays, numbers));
      t.row.hidden = !ok;
      if (ok) shown++;
    }
    for (const section of document.querySelectorAll("section.family")) {
      section.hidden = !section.querySelector("tr.paytable:not([hidden])");
      // (and its link in the games' list: what is left there are the games that match)
      const link = section.id && document.querySelector(`nav a[href="#${section.id}"]`);
      if (link) link.parentElement.hidden = section.hidden;
    }
    none.hidden = shown > 0;
    count.textContent = tokens.length ? `${shown} of ${tables.length} pay tables match.` : "";
    // Nothing matches: the way to an unlisted machine, right under the box (the longer note
    // below the games is a screen away on a phone).
    const any = document.getElementById("find-any");
    if (tokens.length && shown === 0 && any) {
      const link = document.createElement("a");
      link.href = any.getAttribute("href");
      link.textContent = "Solve these pays here";
      count.append(" ", link, ": pick the game and type its pays.");
    }
  }

  form.hidden = false;
  form.addEventListener("submit", (event) => event.preventDefault());
  input.addEventListener("input", update);
})();
