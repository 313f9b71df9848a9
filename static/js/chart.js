// A chart derived in the browser, said as a catalogue page says its tables: the published exact
// table of published.js checked on every suit class, then its lines described (describe.js), read
// by the wild cards dealt in sections, numbered and keyed as generator/site/view.py's section_rows
// and level_rows, sections.py and symbols.key_from make a pay table's card level; and its
// exception lines' deals as they are played (view.exception_notes). Each part is held to the
// build's by tests/js/derive.test.mjs (make_derive_fixtures.py's `chart`): one derivation, two
// runtimes, and one set of words.
//
// In: hold-data.js's holdData, solver.js's solution, rules-core.js's game, exactTable's
// {lines, choices} and the game's chart words (any/<id>.js's `chart`, any_paytable.chart_words:
// its key's entries and its sections' headings). Out: `chartOf` gives {lines, printed, deals,
// classes, misplays, choiceDeals, sections: [{label, wild, rows}], key: [[symbol, meaning]],
// exceptions: [{number, row, hold, deals: [[held, others]]}]}, each row {number, row, also,
// anchored, runOn, band, lines, hold, notes, notation, marks, example} as the page prints it.
// `levelChart` gives a level's (the pocket card's) the same way, with its figures: {cost,
// costPercent, returnPercent, patBroken, payDropped, choiceNote}.
//
// No import/export: attaches to globalThis.vpcharts.chart (see cards.js for why). Load cards.js,
// shortest-kernels.js, choices.js and describe.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const K = ns.shortestKernels;
  const W = ns.describe;
  const P = ns.published;
  // The key's entry of the choice rule most lines that need one play (choices.DEFAULT_KEY):
  // "the higher cards" is said by the key and the note, never on the line; the other rules by
  // the line, in these symbols (choices.NOTATION).
  const DEFAULT_KEY = "if several fit";
  const CHOICE_NOTATION = { higher: "", straights: "most s", high: "most h" };
  // The key's scores (symbols._FEATURES' names that contain "−": each is one symbol, read with
  // its parts).
  const MINUS = "\u2212";

  // ---- the table played and checked ----

  /** The hold mask (over the class's representative) of the row at position p of class c. */
  function maskAt(data, c, p) {
    for (let m = 0; m < 32; m++) if (data.columnOf[c * 32 + m] === p) return m;
    throw new Error(`chart: no hold of class ${c} is at position ${p}`);
  }

  /** A class's representative as card ids. */
  function repOf(solution, c) {
    return Array.from(solution.reps.subarray(c * 5, c * 5 + 5));
  }

  /** A deal with the held cards first, in brackets: "[As Ks Qs Js] 9d" (verify.example_of). */
  function exampleText(cards, mask, extras) {
    const held = cards.filter((_, i) => (mask >> i) & 1);
    const dropped = cards.filter((_, i) => !((mask >> i) & 1));
    const F = ns.cards.formatHand;
    return (held.length ? [`[${F(held, false, extras)}]`] : []).concat(dropped.length ? [F(dropped, false, extras)] : []).join(" ");
  }

  /** The wild cards in each class's deal (Int8Array), null in a game without them. */
  function wildDealt(solution, game) {
    if (!game.wild.some((w) => w)) return null;
    const out = new Int8Array(solution.classes);
    for (let i = 0; i < out.length * 5; i++) out[Math.floor(i / 5)] += game.wild[solution.reps[i]];
    return out;
  }

  /** A choice rule as its line says it (choices.qualifier): "if several fit, the most
   * straights (open-ended before inside)", "most s"; nothing for the higher cards, which the key
   * says. */
  function choiceQualifier(rule) {
    const notation = CHOICE_NOTATION[rule];
    return {
      role: W.HOLD, text: notation ? `if several fit, ${ns.rules.choiceWords({ choice: rule })}` : "", notation, compact: notation,
      deals: [], keys: (notation ? [notation] : []).concat([DEFAULT_KEY]), text_keys: [DEFAULT_KEY], marks: [],
    };
  }

  /** Each line as the build's export has it (build._describe): its parts, with its choice
   * rule's qualifier; its printed row; the wild cards dealt in the deals it decides; its first
   * example (the deal it decides with the largest value, first by class among equals), its
   * deals, and the deals it fits more than one way. And the check: every class decided, each
   * with an optimal hold. `played` ({place, held}: the row each class holds) is the lines'
   * play by their choice rules (levels.playedWith); by default the higher cards everywhere,
   * the only rule an exact table plays. */
  function describedLines(data, solution, game, table, played = null) {
    const { lines, choices } = table;
    const { place, held } = played || K.play(data, lines);
    let misplays = 0;
    for (let c = 0; c < data.classes; c++) if (place[c] < 0 || !data.optimalAt[held[c]]) misplays += solution.sizes[c];
    const byRule = ns.choices.decidedByRule(data, lines, place);
    const deal = (c) => ns.cards.formatHand(repOf(solution, c), false, game.extras);
    const indexed = W.indexed(lines);
    const parts = W.tableParts(indexed.lines, indexed.rankSets, game.family, game.high, deal);
    const rows = printedRows(lines);
    const dealt = wildDealt(solution, game);
    const best = new Int32Array(lines.length).fill(-1);
    const deals = new Float64Array(lines.length);
    const wild = lines.map(() => new Set());
    for (let c = 0; c < data.classes; c++) {
      const i = place[c];
      if (i < 0) continue;
      deals[i] += solution.sizes[c];
      if (dealt) wild[i].add(dealt[c]);
      if (best[i] < 0 || solution.bestEv[c] > solution.bestEv[best[i]]) best[i] = c;
    }
    const out = lines.map((line, i) => {
      let p = parts[i];
      if (choices[i] !== null) p = { ...p, qualifiers: p.qualifiers.concat([choiceQualifier(choices[i])]) };
      const c = best[i];
      return {
        number: i + 1, row: rows[i] + 1, parts: p, conditions: line, choice: choices[i], choiceDeals: byRule[i],
        wildDealt: [...wild[i]].sort((a, b) => a - b), deals: deals[i],
        example: c < 0 ? null : exampleText(repOf(solution, c), maskAt(data, c, held[c]), game.extras),
      };
    });
    return { lines: out, misplays, place, held };
  }

  // ---- a level's figures (table_output.level_json, view.choice_note) ----

  // A choice rule as the note under a level names it (view.CHOICE_WORDS).
  const NOTE_WORDS = { higher: "the higher cards", straights: "the most straights", high: "the most high cards" };

  /** What a page says of a level beside its lines: its cost against perfect play per unit bet,
   * exactly and in percent, the return played with it, the deals it plays otherwise than the
   * exact table stands (`exactHeld`, its hold masks: 31) or than a hold making the paying hand
   * the exact table's makes (`pays`, levels.surePays), and the note on its choice rules.
   * `described` is describedLines' of the level. */
  function levelFigures(data, solution, described, exactHeld, pays) {
    const S = ns.solver;
    let cost = 0n, patBroken = 0, payDropped = 0;
    for (let c = 0; c < data.classes; c++) {
      const mask = described.place[c] < 0 ? 0 : maskAt(data, c, described.held[c]);
      const loss = solution.bestEv[c] - solution.evs[c * 32 + mask];
      if (loss) cost += BigInt(solution.sizes[c]) * BigInt(loss);
      if (exactHeld[c] === 31 && mask !== 31) patBroken += solution.sizes[c];
      if (pays[c * 32 + exactHeld[c]] && !pays[c * 32 + mask]) payDropped += solution.sizes[c];
    }
    const exact = S.fraction(cost, solution.unit * BigInt(solution.deals));
    const r = solution.expectedReturn;
    const played = S.fraction(r.num * exact.den - exact.num * r.den, r.den * exact.den);
    const lines = described.lines;
    const deals = lines.reduce((sum, line) => sum + line.choiceDeals, 0);
    const others = Object.keys(NOTE_WORDS).filter((name) => name !== "higher" && lines.some((line) => line.choice === name));
    const note = !deals ? "" : `On ${deals.toLocaleString("en-US")} deals a line fits more than one way: keep the higher cards`
      + (others.length ? `, unless the line says ${others.map((name) => NOTE_WORDS[name]).join(" or ")}.` : ".");
    return {
      cost: S.fractionText(exact),
      costPercent: S.decimalText(S.fraction(exact.num * 100n, exact.den), 4) + "%",
      returnPercent: S.decimalText(S.fraction(played.num * 100n, played.den), 6) + "%",
      patBroken, payDropped, choiceNote: note,
    };
  }

  /** The printed row of each line (from 0): a run of lines holding made hands shares one
   * (levels.printed_rows). */
  function printedRows(lines) {
    const rows = [];
    let row = -1;
    lines.forEach((line, i) => {
      if (!(i && P.holdsMadeHand(line) && P.holdsMadeHand(lines[i - 1]))) row += 1;
      rows.push(row);
    });
    return rows;
  }

  // ---- sections, rows and numbers (site/sections.py, view.py) ----

  /** [{label, wild, lines}]: a wild game's table by the wild cards dealt, most first, each line
   * saying the wild cards it holds unless its section's heading does (sections.sections). */
  function sections(lines, labels) {
    const counts = [...new Set(lines.flatMap((line) => line.wildDealt))].sort((a, b) => b - a);
    if (!labels.length || counts.length < 2) return [{ label: null, wild: null, lines: lines.map((l) => ({ ...l, withWild: true })) }];
    return counts.map((k) => ({
      label: labels[k], wild: k,
      lines: lines.filter((l) => l.wildDealt.includes(k)).map((l) => ({ ...l, withWild: !(k > 0 && l.parts.wild === k) })),
    }));
  }

  /** An exception line pointing to the deals under the table (view.without_deals). */
  function withoutDeals(parts) {
    if (!W.exceptionDeals(parts).length) return parts;
    return {
      ...parts,
      qualifiers: parts.qualifiers.map((q) => (q.role === W.DEALS ? {
        ...q, text: "only in the deals listed under the table", notation: "exception (deals under the table)",
        compact: "exception (deals under the table)",
      } : q)),
    };
  }

  /** A section's rows as a level's table prints them (view.level_rows): a run of lines
   * sharing one row is one row, its holds joined, its first line's example. */
  function levelRows(lines) {
    const runs = [];
    for (const line of lines) {
      if (runs.length && runs[runs.length - 1][0].row === line.row) runs[runs.length - 1].push(line);
      else runs.push([line]);
    }
    return runs.map((run) => {
      const first = run[0];
      const shown = withoutDeals(first.parts);
      const texts = run.map((l) => W.text(l.parts, l.withWild));
      const hold = run.length > 1 ? texts.join(texts.some((t) => t.includes(", ")) ? "; " : ", ")
        : W.text(W.holding(shown), first.withWild);
      const marks = [];
      let at = 0;
      const notations = run.map((l) => {
        const [words, where] = W.marked(l.parts, l.withWild);
        for (const [start, end, ...rest] of where) marks.push([start + at, end + at, ...rest]);
        at += words.length + 2;
        return words;
      });
      return {
        number: first.number, row: first.row, also: run.slice(1).map((l) => l.number), hold,
        notes: W.notes(shown), notation: notations.join(", "), marks, example: first.example,
      };
    });
  }

  /** [{label, wild, rows}] as view.section_rows makes them with level_rows: the printed lines
   * numbered through the table, section after section; a line shown in two sections anchored
   * in the first. */
  function sectionRows(lines, labels) {
    const seen = new Set();
    let printed = 0;
    return sections(lines, labels).map((section) => {
      const numbers = new Map();
      let last = null;
      for (const line of section.lines) {
        if (line.row !== last) printed += 1;
        numbers.set(line.number, printed);
        last = line.row;
      }
      const rows = [];
      let shaded = -1;
      for (const row of levelRows(section.lines)) {
        const linesIn = [row.number].concat(row.also);
        const runOn = rows.length > 0 && rows[rows.length - 1].row === numbers.get(row.number);
        if (!runOn) shaded += 1;
        rows.push({
          ...row, row: numbers.get(row.number), anchored: !seen.has(row.number),
          also: row.also.filter((n) => !seen.has(n)), runOn, band: shaded % 2 === (section.label ? 0 : 1),
          wild: section.wild, lines: linesIn,
        });
        linesIn.forEach((n) => seen.add(n));
      }
      return { label: section.label, wild: section.wild, rows };
    });
  }

  // ---- the key (site/symbols.key_from) ----

  /** [[symbol, meaning]] of the key's entries (`table`: symbols.key_table's) the lines' notation
   * uses, in the key's order. */
  function keyFrom(table, used) {
    const symbols = new Set(used.flatMap((u) => [...u]));
    const featureNames = new Set(table.features.map(([f]) => f));
    const features = new Set();
    for (const s of symbols) if (featureNames.has(s)) [s, ...s.split(MINUS)].forEach((part) => features.add(part));
    const out = [];
    if (table.kinds.some(([kind]) => symbols.has(kind))) out.push(table.kinds_lead.slice());
    for (const [kind, meaning] of table.kinds) if (symbols.has(kind)) out.push([kind, meaning]);
    const marks = table.marks.filter(([mark]) => symbols.has(mark));
    if (marks.length && table.counted === null) {
      for (const [mark, , meaning] of marks) out.push([mark, meaning]);
    } else if (marks.length) {
      const [noun, plural] = table.counted;
      const counts = marks.map(([, count]) => String(count));
      const said = counts.length === 1 ? counts[0] : counts.slice(0, -1).join(", ") + " or " + counts[counts.length - 1];
      out.push([marks.map(([mark]) => mark).join(", "),
        `with ${said} ${counts.length === 1 && counts[0] === "1" ? noun : plural} among the cards held`]);
    }
    for (const [feature, meaning] of table.features) if (features.has(feature)) out.push([feature, meaning]);
    for (const [symbol, meaning] of table.phrases) if (symbols.has(symbol)) out.push([symbol, meaning]);
    return out;
  }

  // ---- the exception lines' deals (view.exception_notes) ----

  /** Each exception line's deals as it plays them: [held, others] as card texts, in the order
   * the export lists a deal set (its deals' texts sorted). */
  function exceptionNotes(data, solution, game, described, numbered) {
    const out = [];
    for (const line of described) {
      const dealCondition = line.conditions.find(([f]) => f === ns.rules.FEATURE_NUMBERS.F_DEAL);
      if (!dealCondition) continue;
      const { index, places } = K.rowsOf(data, line.conditions);
      const top = new Map(); // class -> its first row meeting the line (the top order key)
      if (index >= 0) {
        const start = data.patterns[index].start;
        for (const p of places) {
          const c = data.classAt[start + p];
          if (!top.has(c)) top.set(c, start + p);
        }
      }
      const F = (cards) => ns.cards.formatHand(cards, false, game.extras);
      const deals = dealCondition[2].map((c) => {
        const cards = repOf(solution, c);
        if (!top.has(c)) throw new Error(`chart: line ${line.number} names a deal it meets no hold of`);
        const mask = maskAt(data, c, top.get(c));
        return { text: F(cards), held: F(cards.filter((_, i) => (mask >> i) & 1)), others: F(cards.filter((_, i) => !((mask >> i) & 1))) };
      }).sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
      out.push({ number: line.number, row: numbered.get(line.number), hold: W.named(line.parts), deals: deals.map((d) => [d.held, d.others]) });
    }
    return out;
  }

  // ---- the chart ----

  /** The chart of `table` ({lines, choices}) as a page prints it; `played` as describedLines
   * takes it (a level's play by its choice rules). */
  function chartOf(data, solution, game, table, words, played = null) {
    return printedChart(data, solution, game, describedLines(data, solution, game, table, played), words);
  }

  /** A level's chart (the card's) as a page prints it, with its figures (levelFigures):
   * `played` is its play by its choice rules (levels.playedWith), `exactHeld` and `pays` what
   * it keeps (levelFigures'). */
  function levelChart(data, solution, game, table, words, played, exactHeld, pays) {
    const described = describedLines(data, solution, game, table, played);
    return { ...printedChart(data, solution, game, described, words), ...levelFigures(data, solution, described, exactHeld, pays) };
  }

  function printedChart(data, solution, game, described, words) {
    const { lines, misplays } = described;
    const labels = words.sections || [];
    const rows = sectionRows(lines, labels);
    const firstNumber = new Map(); // a line's printed number in the first section printing it
    for (const section of rows) for (const row of section.rows) for (const n of row.lines) if (!firstNumber.has(n)) firstNumber.set(n, row.row);
    return {
      lines: lines.length,
      printed: lines.length ? lines[lines.length - 1].row : 0,
      deals: Number(solution.deals), classes: solution.classes, misplays,
      choiceDeals: lines.reduce((sum, line) => sum + line.choiceDeals, 0),
      sections: rows,
      key: keyFrom(words.key, lines.map((line) => W.used(line.parts, "notation"))),
      exceptions: exceptionNotes(data, solution, game, lines, firstNumber),
    };
  }

  ns.chart = { chartOf, levelChart, describedLines, levelFigures, printedRows, sections, sectionRows, levelRows, keyFrom, exampleText, exceptionNotes };
})(globalThis);
