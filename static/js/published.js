// The published exact table of a pay table solved in the browser, made as the build makes it
// (generator/strategy/build.py's published_lines, then with_choices): for each set of counts the
// build offers the game, the decision list derived, compacted, tidied and its needless lines
// removed; the shorter kept (fewer lines, then fewer characters); its long lines split, lines
// merged, halved in a natural game; then `joined` (levels.joined, ported here): a lone made
// hand's line moved into a run of them where no deal plays differently. Every step is held to
// the build's line for line by tests/js/derive.test.mjs.
//
// In: hold-data.js's holdData, rules-core.js's game (its family, lowest high rank, faced wild
// cards) and optionally `notation(line)`, a line's notation as describe.py writes it (the
// lengths split_long, merged and halved weigh; by default describe.js's lineNotation). Out:
// {lines, choices}: the lines, each [feature, op, value] by number (a set ascending), and each
// line's choice rule ("higher" or null).
//
// No import/export: attaches to globalThis.vpcharts.published (see cards.js for why). Load
// derive.js, compact.js, shortest-kernels.js, shortest.js, choices.js and describe.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const D = ns.derive;
  const S = ns.shortest;
  const { F_H, F_S, F_SH, F_SHF, F_SHP } = R.FEATURE_NUMBERS;
  const [, WILD, , , , , , PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS, FIVE] = R.KIND_NAMES.keys();
  const COUNTS = [F_H, F_S, F_SH];
  // What a derived line may set thresholds on, one derivation each (build.OFFERS: why each).
  const OFFERS = {
    natural: [COUNTS.concat([F_SHF]), COUNTS.concat([F_SHF, F_SHP])],
    faced: [COUNTS.concat([F_SHF]), COUNTS.concat([F_SHF, F_SHP])],
    joker: [COUNTS],
  };

  /** natural (no wild card), faced (wild cards with a face), joker (jokers only). */
  function wildStyle(game) {
    return !ns.describeData[game.family].wild_count ? "natural" : game.faced ? "faced" : "joker";
  }

  /** A line with no condition beyond its pattern whose held cards make three of a kind or
   * better, or two pair (levels.holds_made_hand): charts print a run of them as one line. */
  function holdsMadeHand(line) {
    if (line.length > 3) return false;
    const [n, w, kind] = S.patternOf(line);
    return n === 5 || [TRIPS, QUADS, FIVE, FULL_HOUSE, TWO_PAIR].includes(kind)
      || (kind === PAIR && w >= 1) || (kind === WILD && w >= 3);
  }

  /** Each lone made hand's line (never the last) and where it could go: next to the nearest run
   * of made hands above it, then below (levels.join_places). */
  function joinPlaces(made) {
    const at = [];
    made.slice(0, -1).forEach((m, i) => { if (m) at.push(i); });
    const out = [];
    at.forEach((i, x) => {
      if ((x && at[x - 1] === i - 1) || (x + 1 < at.length && at[x + 1] === i + 1)) return;
      const places = (x ? [at[x - 1] + 1] : []).concat(x + 1 < at.length ? [at[x + 1] - 1] : []);
      if (places.length) out.push([i, places]);
    });
    return out;
  }

  /** The lines with each move `joinPlaces` offers taken wherever every class is still played
   * optimally (levels.joined). */
  function joined(data, lines) {
    lines = lines.slice();
    let moved = true;
    while (moved) {
      moved = false;
      for (const [i, places] of joinPlaces(lines.map(holdsMadeHand))) {
        const rest = lines.slice(0, i).concat(lines.slice(i + 1));
        for (const to of places) {
          const trial = rest.slice(0, to).concat([lines[i]], rest.slice(to));
          if (S.playsRight(data, trial)) {
            lines = trial;
            moved = true;
            break;
          }
        }
        if (moved) break;
      }
    }
    return lines;
  }

  /** The exact table as the build publishes it: {lines, choices}. `onStep(name, lines)` sees
   * each step's lines, named as build.published_lines names them. */
  function exactTable(data, game, notation = null, onStep = () => {}) {
    notation = notation || ((line) => ns.describe.lineNotation(line, game.family, game.high));
    const step = (name, lines) => { onStep(name, lines); return lines; };
    const family = game.family;
    let best = null;
    for (const counts of OFFERS[wildStyle(game)]) {
      const offer = counts.map((f) => R.FEATURES[f]).join(" ");
      const derived = step(`compacted ${offer}`, ns.compact.compact(data, step(`derived ${offer}`, D.derive(data, { counts }))));
      const lines = step(`tidied ${offer}`, S.withoutNeedless(data, S.tidy(data, derived, family, counts)));
      const length = [lines.length, lines.reduce((sum, line) => sum + S.lineCost(line, family), 0)];
      if (best === null || length[0] < best.length[0] || (length[0] === best.length[0] && length[1] < best.length[1])) {
        best = { length, lines, counts };
      }
    }
    const { counts } = best;
    let lines = step("split", S.withoutNeedless(data, S.splitLong(data, best.lines, family, counts, notation)));
    lines = step("merged", S.merged(data, lines, family, counts, notation));
    if (!ns.describeData[family].wild_count) lines = step("halved", S.halved(data, lines, family, notation));
    lines = step("joined", joined(data, lines));
    return { lines, choices: ns.choices.choose(data, lines, S.play(data, lines).place) };
  }

  ns.published = { OFFERS, wildStyle, holdsMadeHand, joinPlaces, joined, exactTable };
})(globalThis);
