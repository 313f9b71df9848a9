// Price a built site's game on one of its pay tables, as the Any pay table page does:
//   node tests/js/price-site.mjs SITE GAME_ID EXPORT.json  ->  {"<slug>/<level>": "<return>", ...}
// (tests/test_any_page.py compares it with the export's cards_played_here, which Python priced.)
// Not a test file itself: node's test runner skips the name.
import fs from "node:fs";
import path from "node:path";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/rules-core.js";
import "../../static/js/combinatorics.js";
import "../../static/js/solver.js";
import "../../static/js/any-core.js";

const [site, game, exportPath] = process.argv.slice(2);
// The game's data script sets globalThis.vpcharts.anyGames[game].
new Function(fs.readFileSync(path.join(site, "any", `${game}.js`), "utf8"))();
const data = globalThis.vpcharts.anyGames[game];
const table = JSON.parse(fs.readFileSync(exportPath, "utf8"));
const levels = data.levels.map((level) => ({ id: level.id, lines: level.lines, rules: { ...data.rules, min_pair: data.tables[level.table].min_pair } }));
const session = globalThis.vpcharts.any.makeSession(levels);
session.solvePays(table.rules);
const out = {};
for (const row of session.priceLevels()) out[row.id] = row.return;
console.log(JSON.stringify(out));
