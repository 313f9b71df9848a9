// A single-play session computed by static/js/bankroll.js, for tests/test_bankroll.py to compare
// with generator/bankroll/session.py:
//   node tests/js/bankroll-session.mjs '{"pays": [...], "chances": [...], "bankroll": B, "rounds": N}'
// Not a test file itself: node's test runner skips the name.
import "../../static/js/bankroll.js";

const { pays, chances, bankroll, rounds } = JSON.parse(process.argv[2]);
const B = globalThis.vpcharts.bankroll;
const start = performance.now();
const s = B.session(pays, chances, bankroll, rounds);
console.log(JSON.stringify({
  ruin: s.ruin, ahead: s.ahead, percentiles: s.percentiles, wrap_bound: s.wrapBound,
  rho: B.lifetimeRho(pays, chances), ms: performance.now() - start,
}));
