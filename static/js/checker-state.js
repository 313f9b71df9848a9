// The hold checker's state: what checker-ui.js renders, and the only functions that change it.
//
// One deal at a time: its cards in deal order (bit i of a hold mask holds cards[i]), the hold the
// player has marked, the level checked against and its compiled table, what that table plays on
// the deal, the 32 exact EVs once they arrive (or why they cannot), and the trainer's round and
// score. No DOM here, so the page's code reads these fields and draws, and Node can test the
// rules of the round (a hold is only marked on a full deal, a graded deal is final, a late EV
// answer for an older deal is dropped) without a browser.
//
// A classic script on globalThis.vpcharts like cards.js (docs/design/05-checker.md, "The hold
// checker": why classic scripts); it plays tables with rules-core.js, which loads first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});

  /** A checker with no deal. `tables`: the compiled tables; `levels`: the export's levels (each
   * naming its table by index), or null when the pay table has no strategy table yet. */
  function create(tables, levels) {
    const state = {
      tables,
      levels,
      level: null, // "card", "exact" or "simple"; null with no strategy table
      table: null, // the level's compiled table
      cards: [], // deal order; bit i of a hold mask holds cards[i]
      held: 0,
      chosen: false, // the player has marked a hold (holding nothing included)
      played: null, // play() of the table on the full deal
      evs: null, // 32 BigInts over the export's unit, once the engine answers
      evProblem: null, // why there are no EVs, when the engine cannot give them
      request: 0, // the deal's number: an EV answer for an older one is dropped
      training: false, // a trainer deal: the answer stays hidden until graded
      graded: false,
      score: { hands: 0, lost: 0n },
    };
    if (levels) chooseLevel(state, "card");
    return state;
  }

  function isFull(state) {
    return state.cards.length === 5;
  }

  /** A trainer deal not yet graded: the table's hold and the EVs stay hidden. */
  function answerHidden(state) {
    return state.training && !state.graded;
  }

  function playDeal(state) {
    state.played = state.table && isFull(state) ? ns.rules.play(state.table, state.cards) : null;
  }

  /** A new deal (0 to 5 cards): no hold, no EVs, a new request number; the table plays it. */
  function deal(state, cards, training) {
    state.cards = cards;
    state.held = 0;
    state.chosen = false;
    state.evs = null;
    state.training = training;
    state.graded = false;
    state.request += 1;
    playDeal(state);
  }

  /** Check against another level: its table plays the deal again; the player's hold stays. */
  function chooseLevel(state, level) {
    state.level = level;
    state.table = level ? state.tables[state.levels[level].table] : null;
    playDeal(state);
  }

  /** The player presses card i (0-4), or -1 for "I would hold nothing". False when no hold can
   * be marked: the deal is not full, or the trainer has graded it. */
  function markHold(state, i) {
    if (!isFull(state) || (state.training && state.graded)) return false;
    if (!state.chosen) state.held = 0;
    state.chosen = true;
    if (i >= 0) state.held ^= 1 << i;
    else state.held = 0;
    return true;
  }

  /** The 32 EVs of deal number `request`; false (and nothing kept) when a newer deal came since. */
  function receiveEvs(state, request, evs) {
    if (request !== state.request) return false;
    state.evs = evs;
    return true;
  }

  /** The EV engine cannot answer (it failed, or never loaded): the checker plays the table only. */
  function evsFailed(state, problem) {
    state.evProblem = problem;
  }

  /** The holds with the highest EV, in mask order (the EVs must be in). */
  function bestMasks(state) {
    let top = null;
    for (const ev of state.evs) if (top === null || ev > top) top = ev;
    return [...Array(32).keys()].filter((m) => state.evs[m] === top);
  }

  /** What holding `mask` gives away against the best hold, in EV units (the EVs must be in). */
  function costOf(state, mask) {
    return state.evs[bestMasks(state)[0]] - state.evs[mask];
  }

  /** The hold the level plays, to mark on the cards: null while hidden (trainer) or unknown. With
   * no strategy table, an optimal hold from the EVs. */
  function adviceMask(state) {
    if (!isFull(state) || answerHidden(state)) return null;
    if (state.played && state.played.line >= 0) return state.played.mask;
    if (!state.table && state.evs) {
      const best = bestMasks(state);
      return best[best.length - 1];
    }
    return null;
  }

  /** The wild cards of the deal: in a wild game, the section of the card the player reads. */
  function wildDealt(state) {
    return state.cards.filter((card) => ns.rules.isWild(card, state.table.game)).length;
  }

  /** How line `index` of the level's table is printed for this deal, as the card and the pages
   * print it (the export's line's `printed`: [wild cards dealt, number, label] for each section
   * printing it; wild cards and label null where the table is not split): { number, wild,
   * label, here }, the number in the deal's own section where the line is printed there
   * (`here`), else in the first section printing it. */
  function printedLine(state, index) {
    const line = state.table.lines[index].line;
    const printed = line.printed;
    if (!printed || !printed.length) return { number: line.row ?? line.number, wild: null, label: null, here: true };
    const wild = printed[0][0] === null ? null : wildDealt(state);
    const [at, number, label] = printed.find(([k]) => k === wild) ?? printed[0];
    return { number, wild: at, label, here: at === wild };
  }

  /** The best competing line: the first line below the one that applies that a different hold
   * of this deal fits (the better hold by EV on a tie), as { line, mask }; line -1 when none. */
  function nextLine(state) {
    const played = state.played;
    let next = -1;
    let nextMask = -1;
    for (let mask = 0; mask < 32; mask++) {
      const own = played.firstLines[mask];
      if (own < 0 || played.tied.includes(mask)) continue;
      if (next < 0 || own < next || (own === next && state.evs && state.evs[mask] > state.evs[nextMask])) {
        next = own;
        nextMask = mask;
      }
    }
    return { line: next, mask: nextMask };
  }

  /** Grade the trainer's deal. Returns { status }: "none" (no trainer deal to grade), "unchosen"
   * (no hold marked yet), "computing" (the EVs are on their way), or "graded" with `cost` (the EV
   * given away, added to the score) or, without EVs, `cost` null and `right` (the table's hold). */
  function grade(state) {
    if (!state.training || state.graded || !isFull(state)) return { status: "none" };
    if (!state.chosen) return { status: "unchosen" };
    if (!state.evs && !state.evProblem) return { status: "computing" };
    state.graded = true;
    state.score.hands += 1;
    if (state.evs) {
      const cost = costOf(state, state.held);
      state.score.lost += cost;
      return { status: "graded", cost };
    }
    return { status: "graded", cost: null, right: Boolean(state.played && state.played.tied.includes(state.held)) };
  }

  function resetScore(state) {
    state.score = { hands: 0, lost: 0n };
  }

  ns.checkerState = {
    create, isFull, answerHidden, deal, chooseLevel, markHold, receiveEvs, evsFailed,
    bestMasks, costOf, adviceMask, nextLine, grade, resetScore, wildDealt, printedLine,
  };
})(globalThis);
