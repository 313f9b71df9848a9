// Choice rules of the exact table: which of a line's holds it keeps where it fits a deal in more
// than one way; the port of generator/strategy/choices.py's `choose` with no bound (the exact
// table's: "the higher cards" wherever a rule is needed, the order the lines were derived under)
// and `decided_by_rule`. A level's rules, priced against the EVs, are levels.js's `choicesOf`.
//
// In: hold-data.js's holdData, a table's lines (rank sets inline) and each class's deciding line
// (shortest-kernels.js's play). Out: per line, "higher" or null where it fits every deal it
// decides one way only (in ranks: holds of the same ranks differ only in suits), as the export
// writes a line's `choice`; and the deals each line decides by its rule.
//
// No import/export: attaches to globalThis.vpcharts.choices (see cards.js for why). Load
// shortest-kernels.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const K = ns.shortestKernels;

  /** The classes line i decides that it fits in holds of different order keys (ranks), or an
   * empty list (choices._ways): a line's rows in a class lie together, top key first. */
  function ways(data, line, place, i) {
    const { index, places } = K.rowsOf(data, line);
    const out = [];
    if (index < 0) return out;
    const start = data.patterns[index].start;
    for (let k = 0; k < places.length;) {
      const c = data.classAt[start + places[k]];
      const top = data.keyAt[start + places[k]];
      let many = false;
      for (; k < places.length && data.classAt[start + places[k]] === c; k++) {
        if (data.keyAt[start + places[k]] !== top) many = true;
      }
      if (many && place[c] === i) out.push(c);
    }
    return out;
  }

  /** Per line, the rule it plays: "higher" where it fits some deal it decides more than one way,
   * else null (choices.choose with bound None). */
  function choose(data, lines, place) {
    return lines.map((line, i) => (ways(data, line, place, i).length ? "higher" : null));
  }

  /** Per line, the deals it decides that it fits in more than one way (choices.decided_by_rule). */
  function decidedByRule(data, lines, place) {
    return lines.map((line, i) => ways(data, line, place, i).reduce((sum, c) => sum + data.sizes[c], 0));
  }

  ns.choices = { ways, choose, decidedByRule };
})(globalThis);
