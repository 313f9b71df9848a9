// A chart's markup, as the catalogue's templates write a level's table: macros.html's
// level_table (rows, section headings, anchors, <abbr> titles, long cells folded, example
// deals), key and section_jump, and exact.html's deals of the exception lines. In: chart.js's
// chart and the game's key table (symbols.key_table: the <abbr> titles). Out: DOM nodes.
// tests/test_any_page.py compares them with the templates' rendering of the build's table.
//
// No import/export: attaches to globalThis.vpcharts.chartMarkup (see cards.js for why). Load
// cards.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const TABLE_ID = "any-chart-table";
  const ROW_PREFIX = "any-line-";
  // A cell longer than this shows its start and how many choices it lists (symbols.LONG_TEXT).
  const LONG_TEXT = 160;
  // An exception line's deals: the first few shown, all on a tap (exact.html's shown_deals).
  const SHOWN_DEALS = 6;

  const el = (tag, attributes = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
  const thousands = (n) => Number(n).toLocaleString("en-US");

  /** symbols.unbroken: no line ends between a comparison and its number. */
  const unbroken = (text) => text.replace(/ ([=≥≤]) /g, "\u00a0$1\u00a0");

  /** The notation with each symbol in <abbr title> (symbols.abbr_notation); `key`: the game's
   * key table. */
  function abbrNotation(notation, marks, key) {
    const { titles, kinds } = key;
    const out = [];
    let at = 0;
    for (const [start, end, symbol, held] of marks) {
      if (start < at || end > notation.length) continue; // (a notation cut short: longText)
      const title = kinds.some(([kind]) => kind === symbol) ? `${held} cards held, ${titles[symbol]}` : titles[symbol];
      out.push(notation.slice(at, start), el("abbr", { title }, notation.slice(start, end)));
      at = end;
    }
    out.push(notation.slice(at));
    return out;
  }

  /** The text (a notation where `marks` are given), clipped in a <details> past LONG_TEXT
   * characters (symbols.long_text). */
  function longText(text, marks = null, key = null) {
    const shown = (part) => (marks ? abbrNotation(part, marks, key) : [unbroken(part)]);
    if ([...text].length <= LONG_TEXT) return shown(text);
    const head = [...text].slice(0, LONG_TEXT).join("");
    let cut = head.lastIndexOf(" or ");
    if (cut < 0) cut = head.lastIndexOf(" ");
    const choices = text.split(" or ").length;
    return [el("details", { class: "long-list" },
      el("summary", {}, ...shown(text.slice(0, cut)), " … ", el("span", { class: "more" }, `(${thousands(choices)} choices in all)`)),
      ...shown(text))];
  }

  /** Cards as the catalogue's deal shows them: "[As Ks] 9d" -> outlined held cards, red suits. */
  function dealNode(example) {
    const deal = el("span", { class: "deal" });
    let held = false;
    for (let token of example.split(" ")) {
      if (token.startsWith("[")) { held = true; token = token.slice(1); }
      const closes = token.endsWith("]");
      token = token.replace(/\]$/, "");
      deal.append(cardNode(token, held));
      if (closes) held = false;
    }
    return deal;
  }

  function cardNode(token, held) {
    let rank = token, suit = "", red = false;
    if (token === "Jk") rank = "Jk";
    else if (token.endsWith("*")) { rank = token[0]; suit = "★"; } // (the fifth ace)
    else {
      rank = token[0];
      suit = ns.cards.SUIT_SYMBOLS["cdhs".indexOf(token[1])];
      red = token[1] === "d" || token[1] === "h";
    }
    const node = el("span", { class: "card" + (red ? " red" : "") + (held ? " held" : "") }, rank + suit);
    if (held) node.title = "held";
    return node;
  }

  function cardsText(text) {
    const out = [];
    text.split(" ").filter(Boolean).forEach((token, i) => {
      if (i) out.push(" ");
      const node = cardNode(token, false);
      out.push(node.classList.contains("red") ? el("span", { class: "red" }, node.textContent) : node.textContent);
    });
    return out;
  }

  const sectionId = (label, tableId = TABLE_ID) => `${tableId}-${label.toLowerCase().replaceAll(" ", "-")}`;

  /** The table of `chart`; `ids` its element ids (the page's second table, the card, has its
   * own): {table, row} (a line's row is row + its number). */
  function tableOf(chart, key, ids = { table: TABLE_ID, row: ROW_PREFIX }) {
    const ROW = ids.row;
    const table = el("table", { id: ids.table, class: "strategy level" });
    const head = el("tr");
    for (const name of ["#", "Hold", "Penalty notes", "Short", "Example"]) head.append(el("th", { scope: "col" }, name));
    table.append(el("thead", {}, head));
    for (const { label, wild, rows } of chart.sections) {
      const body = el("tbody", label ? { class: "section" } : {});
      if (label) body.append(el("tr", { class: "section-head", id: sectionId(label, ids.table) }, el("th", { scope: "rowgroup", colspan: "5" }, label)));
      for (const row of rows) {
        const tr = el("tr", row.anchored ? { id: ROW + row.number } : {});
        const number = el("td", { class: "num", "data-label": "#" }, String(row.row));
        for (const n of row.also) number.append(el("span", { id: ROW + n }));
        if (wild !== null) for (const n of row.lines) number.append(el("span", { id: `${ROW}${n}-w${wild}` }));
        tr.append(number,
          el("td", { class: "hold", "data-label": "Hold" }, ...(row.also.length ? [row.hold] : longText(row.hold))),
          el("td", { class: "notes" + (row.notes.length ? "" : " none"), "data-label": "Penalty notes" },
            ...(row.notes.length ? longText(row.notes.join(", ")) : ["–"])),
          el("td", { class: "notation", "data-label": "Short" }, ...longText(row.notation, row.marks, key)),
          el("td", { class: "examples", "data-label": "Example" }, ...(row.example ? [dealNode(row.example)] : [])));
        body.append(tr);
      }
      table.append(body);
    }
    return table;
  }

  function keyOf(entries, id = "any-chart-key") {
    const list = el("dl");
    for (const [symbol, meaning] of entries) list.append(el("div", {}, el("dt", {}, el("abbr", { title: meaning }, symbol)), el("dd", {}, meaning)));
    return el("details", { class: "key", id, open: "" }, el("summary", {}, "Key to the notation"), list);
  }

  function jumpOf(sections, tableId = TABLE_ID) {
    const labels = sections.map((s) => s.label).filter(Boolean);
    if (labels.length < 2) return [];
    const nav = el("nav", { class: "section-jump", "aria-label": "Sections of the table" }, el("span", {}, "Go to your deal:"));
    for (const label of labels) nav.append(" ", el("a", { href: "#" + sectionId(label, tableId) }, label));
    return [nav];
  }

  function exceptionsOf(chart, rowPrefix = ROW_PREFIX) {
    if (!chart.exceptions.length) return [];
    const list = el("dl", { class: "exception-deals" });
    const deals = (pairs) => {
      const out = [];
      pairs.forEach(([held, rest], i) => {
        const deal = el("span", { class: "exception-deal" });
        if (held) deal.append(el("b", {}, ...cardsText(held)), " ");
        deal.append(...cardsText(rest));
        out.push(deal);
        if (i < pairs.length - 1) out.push(", ");
      });
      return out;
    };
    for (const note of chart.exceptions) {
      list.append(el("dt", {}, el("a", { href: `#${rowPrefix}${note.number}` }, `Line ${note.row}`), `: ${note.hold}`));
      list.append(el("dd", {}, ...(note.deals.length > SHOWN_DEALS
        ? [el("details", { class: "long-list" }, el("summary", {}, ...deals(note.deals.slice(0, SHOWN_DEALS)), " … ",
          el("span", { class: "more" }, `(${thousands(note.deals.length)} deals in all)`)), ...deals(note.deals))]
        : deals(note.deals))));
    }
    return [el("h3", {}, "The deals of the exception lines"),
      el("p", {}, "Where no pattern a player can see tells the right hold from a worse one, a line names its deals: it applies to these deals only, and to the same deals with the suits exchanged. The cards to hold come first, in bold."),
      list];
  }

  ns.chartMarkup = { TABLE_ID, ROW_PREFIX, tableOf, keyOf, jumpOf, exceptionsOf, el };
})(globalThis);
