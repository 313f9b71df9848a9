// A session computed by static/js/bankroll.js, for tests/test_bankroll.py to compare with
// generator/bankroll/session.py:
//   node tests/js/bankroll-session.mjs '{"pays": [...], "chances": [...], "bankroll": B, "rounds": N}'
//   node tests/js/bankroll-session.mjs '{"round": {hands, scale, totals, chances}, "bankroll": B, "rounds": N}'
// (single play, or a multi-play round from rounds/<slug>.js). Not a test file itself: node's
// test runner skips the name.
import "../../static/js/bankroll.js";

const { pays, chances, round, bankroll, rounds } = JSON.parse(process.argv[2]);
const B = globalThis.vpcharts.bankroll;
const walk = round ? B.roundWalk(round) : B.handWalk(pays, chances);
const start = performance.now();
const s = B.session(walk, bankroll, rounds);
console.log(JSON.stringify({
  ruin: s.ruin, ahead: s.ahead, percentiles: s.percentiles, wrap_bound: s.wrapBound,
  rho: round ? null : B.lifetimeRho(pays, chances), ms: performance.now() - start,
  lifetime: B.lifetimeBankrolls(walk, 0.01),
}));
