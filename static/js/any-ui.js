// The "Any pay table" page (templates/any.html): pick a game, type its pays, read the exact
// return, what every card of the game plays these pays at, and the best hold of any deal.
//
// The work (any-core.js) runs in a Web Worker (any-worker.js), so the page stays live and shows
// progress; opened from file://, where browsers refuse workers, the page runs it itself between
// repaints. The address keeps everything typed (#game=...&pays=800_50_25...&deal=...), written on
// each change with history.replaceState, so a bookmark or a shared link restores it; a bad
// address or pay is said on the page in the words of the pay table files' validation.
//
// No import/export: attaches nothing; reads globalThis.vpcharts (cards, solver, any) and the
// game scripts any/<id>.js, which add globalThis.vpcharts.anyGames[id].
(function () {
  "use strict";
  const app = document.getElementById("any-app");
  if (!app) return;
  const ns = globalThis.vpcharts;
  const $ = (id) => document.getElementById(id);
  const status = $("any-status");
  const gameSelect = $("any-game");
  const paysForm = $("any-pays");
  const fields = $("any-pay-fields");
  const errorBox = $("any-error");
  const progressBox = $("any-progress-box");
  const progress = $("any-progress");
  const progressLabel = $("any-progress-label");
  const result = $("any-result");
  const dealInput = $("any-deal");
  const dealError = $("any-deal-error");
  const dealResult = $("any-deal-result");
  const SEPARATOR = "_"; // between pays in the address: no pay can contain it
  const STAGES = { counting: "Counting every hand", solving: "Solving every deal", pricing: "Playing each card on every deal" };

  const state = { game: null, data: null, run: 0, solved: null, priced: null, unit: null, dealRun: 0 };
  // When the pays last changed (a keystroke, or the page's own prefill): the benchmark
  // (generator/any_bench.py) reads the measures "any-return" and "any-prices" taken from it.
  let changed = performance.now();
  let engine = null;

  // ---- the address ----
  function readAddress() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    return { game: params.get("game"), pays: params.get("pays"), deal: params.get("deal") };
  }

  function writeAddress(pays) {
    const params = new URLSearchParams();
    params.set("game", state.game);
    params.set("pays", pays.join(SEPARATOR));
    const deal = dealInput.value.trim();
    if (deal) params.set("deal", deal);
    const hash = "#" + params.toString().replace(/%2F/g, "/");
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  // ---- the engine: a worker, or this page from file:// ----
  function startEngine() {
    if (location.protocol !== "file:" && typeof Worker === "function") {
      try {
        const worker = new Worker(app.dataset.worker);
        // One solve at a time in the worker, and of those asked meanwhile only the newest: the
        // worker cannot stop a solve it has begun, so pays typed with pauses (each pause asks
        // for a solve) queued a solve each, and the last answer came after all of them.
        let busy = null; // the id of the solve the worker is working on
        let waiting = null; // the newest solve asked meanwhile
        const send = (message) => {
          if (message.type === "solve") busy = message.id;
          worker.postMessage(message);
        };
        worker.onmessage = (event) => {
          const message = event.data;
          if (message.id === busy && (message.type === "priced" || message.type === "error")) {
            busy = null;
            if (waiting) {
              const next = waiting;
              waiting = null;
              send(next);
            }
          }
          receive(message);
        };
        worker.onerror = () => fail("The page's worker stopped: reload the page to try again.");
        return {
          post(message) {
            if (message.type === "game") waiting = null; // (a solve of the game before: stale)
            if (message.type === "solve" && busy !== null) waiting = message;
            else send(message);
          },
          background: true,
        };
      } catch (error) { /* fall through to the page's own thread */ }
    }
    let session = null;
    const later = (f) => setTimeout(f, 20); // (a repaint between stages shows the progress)
    return {
      background: false,
      post(message) {
        const id = message.id;
        later(() => {
          try {
            if (message.type === "game") session = ns.any.makeSession(message.levels);
            else if (message.type === "solve") {
              if (id !== state.run) return;
              receive({ type: "progress", id, stage: "solving", fraction: 0.1 });
              later(() => {
                if (id !== state.run) return;
                receive({ type: "solved", id, result: session.solvePays(message.rules) });
                receive({ type: "progress", id, stage: "pricing", fraction: 0 });
                later(() => {
                  if (id !== state.run) return;
                  receive({ type: "priced", id, rows: session.priceLevels() });
                });
              });
            } else if (message.type === "deal") receive({ type: "deal", id, answers: session.dealAnswers(message.cards) });
          } catch (error) {
            receive({ type: "error", id, message: String(error && error.message) });
          }
        });
      },
    };
  }

  function receive(message) {
    if (message.type === "deal") return message.id === state.dealRun && showDeal(message.answers);
    if (message.id !== state.run) return; // an older run's answer: newer pays were typed
    if (message.type === "progress") {
      progressBox.hidden = false;
      progress.value = message.fraction;
      progressLabel.textContent = (STAGES[message.stage] || "Working") + (engine.background ? "" : " (the page may pause: opened as a file, it works on its own thread)");
    } else if (message.type === "solved") {
      state.solved = message.result;
      showReturn(message.result);
      if (addressProblem.startsWith(DEAL_PROBLEM)) { // (now beside its field: said once)
        addressProblem = "";
        errorBox.hidden = true;
      }
      performance.measure("any-return", { start: changed, end: performance.now() });
    } else if (message.type === "priced") {
      state.priced = message.rows;
      progressBox.hidden = true;
      showPrices(message.rows);
      performance.measure("any-prices", { start: changed, end: performance.now() });
      if (dealInput.value.trim()) checkDeal();
    } else if (message.type === "error") {
      fail(message.message);
    }
  }

  // A problem with the address: said until the player changes something.
  let addressProblem = "";
  const DEAL_PROBLEM = "The address's deal: ";
  function notice(message) {
    addressProblem = message;
    errorBox.hidden = false;
    errorBox.textContent = message;
  }

  function fail(message) {
    progressBox.hidden = true;
    errorBox.hidden = false;
    errorBox.textContent = message;
  }

  // ---- the game and its pays ----
  function loadGame(id, then) {
    const games = (ns.anyGames = ns.anyGames || {});
    if (games[id]) return then(games[id]);
    const script = document.createElement("script");
    script.src = app.dataset.games + encodeURIComponent(id) + ".js";
    script.onload = () => (games[id] ? then(games[id]) : fail(`The data of ${id} did not load.`));
    script.onerror = () => fail(`The data of ${id} did not load (${script.src}).`);
    document.head.appendChild(script);
  }

  function chooseGame(id, pays) {
    const known = [...gameSelect.options].some((option) => option.value === id);
    if (!known) {
      if (id) notice(`The address names no game here: ${JSON.stringify(id)}. Pick one from the list.`);
      id = gameSelect.options[0].value;
    }
    gameSelect.value = id;
    status.textContent = "Loading the game's cards...";
    loadGame(id, (data) => {
      state.game = id;
      state.data = data;
      state.solved = state.priced = null;
      engine.post({ type: "game", levels: levelsOf(data) });
      buildFields(data, pays);
      status.textContent = "";
      status.hidden = true;
      paysForm.hidden = false;
      // A deal in the address is read now, not once the pays are solved: a bad one (a card
      // twice, a joker in a game without one) is said at once, even when the pays are bad and
      // never solve (issue 55: "deal=As+As+As+As+As" said nothing). A good one waits for the
      // prices (checkDeal returns until then, and runs again when they come).
      if (dealInput.value.trim()) checkDeal();
      solveNow();
    });
  }

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
    changed = performance.now();
    addressProblem = "";
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
      progressBox.hidden = true;
      result.hidden = true;
      errorBox.hidden = false;
      // One line however many pays are wrong: the first said, the rest counted (each is marked).
      const [first, ...more] = checked.errors;
      errorBox.textContent = first.message + (more.length ? ` (and ${more.length} more pay${more.length === 1 ? "" : "s"} to fix, outlined)` : "");
      for (const error of checked.errors) if (error.index >= 0) $(`any-pay-${error.index}`).setAttribute("aria-invalid", "true");
      return;
    }
    errorBox.hidden = !addressProblem;
    errorBox.textContent = addressProblem;
    writeAddress(pays);
    progressBox.hidden = false;
    progress.value = 0;
    progressLabel.textContent = STAGES.counting;
    engine.post({ type: "solve", id: state.run, rules: checked.rules });
  }

  // ---- the answers ----
  const percent = (num, den, places) => ns.solver.decimalText(ns.solver.fraction(BigInt(num) * 100n, BigInt(den)), places) + "%";

  function showReturn(r) {
    result.hidden = false;
    $("any-return-percent").textContent = r.return_percent;
    $("any-return-exact").textContent = r.return;
    $("any-variance").textContent = r.variance_decimal;
    const body = $("any-final").tBodies[0];
    body.textContent = "";
    r.labels.forEach((label, i) => {
      const [num, den] = r.pays[i].includes("/") ? r.pays[i].split("/") : [r.pays[i], "1"];
      const cells = [label, r.pays[i], ns.solver.decimalText(ns.solver.fraction(BigInt(r.final_counts[i]), BigInt(r.total)), 6),
        ns.solver.decimalText(ns.solver.fraction(BigInt(r.final_counts[i]) * BigInt(num), BigInt(r.total) * BigInt(den)), 6)];
      const row = body.insertRow();
      cells.forEach((text, c) => {
        const cell = c === 0 ? document.createElement("th") : row.insertCell();
        if (c === 0) { cell.scope = "row"; row.appendChild(cell); } else cell.className = "num";
        cell.textContent = text;
      });
    });
    $("any-recommend").textContent = "Playing each card on every deal...";
    $("any-prices").tBodies[0].textContent = "";
  }

  function levelName(level) {
    const table = state.data.tables[level.table];
    return level.level === "card" ? `${table.name} card` : `${table.name} simple level`;
  }

  function showPrices(rows) {
    const levels = Object.fromEntries(state.data.levels.map((level) => [level.id, level]));
    const body = $("any-prices").tBodies[0];
    body.textContent = "";
    for (const row of rows) {
      const level = levels[row.id];
      const table = state.data.tables[level.table];
      const tr = body.insertRow();
      const name = document.createElement("th");
      name.scope = "row";
      const page = document.createElement("a");
      page.href = `${table.slug}.html${level.level === "simple" ? "#simple" : "#strategy"}`;
      page.textContent = levelName(level);
      name.append(page, ` (${level.printed} lines`);
      if (level.level === "card") {
        const pdf = document.createElement("a");
        pdf.href = `${table.slug}.pdf`;
        pdf.textContent = "PDF";
        name.append(", ", pdf);
      }
      name.append(")");
      tr.appendChild(name);
      const plays = tr.insertCell();
      plays.className = "num";
      plays.textContent = row.return_percent;
      const cost = tr.insertCell();
      cost.className = "num";
      cost.textContent = row.cost === "0" ? "none" : row.cost_percent;
    }
    const top = rows[0];
    if (!top) {
      $("any-recommend").textContent = "This game has no card yet.";
      return;
    }
    const cost = top.cost === "0" ? "the same as perfect play" : `${top.cost_percent} below perfect play`;
    $("any-recommend").textContent = `Carry the ${levelName(levels[top.id])}: it plays this machine at ${top.return_percent}, ${cost}.`;
  }

  // ---- the checker ----
  function checkDeal(event) {
    if (event) event.preventDefault();
    const text = dealInput.value.trim();
    state.dealRun += 1; // (an answer still on its way is of a deal no longer asked: dropped)
    dealError.hidden = true;
    if (!text) {
      dealResult.hidden = true;
      return;
    }
    let cards;
    try {
      cards = ns.cards.parseHand(text, state.data.rules.deck_size - 52);
    } catch (error) {
      dealError.hidden = false;
      dealError.textContent = error.message;
      dealResult.hidden = true;
      // Until the pays are solved the deal's form is hidden with the result: said at the top
      // meanwhile, as the address's other problems are (and moved beside the field once shown).
      if (result.hidden) notice(DEAL_PROBLEM + error.message);
      return;
    }
    writeAddress(typedPays());
    if (!state.priced) return; // asked again once the pays are solved
    state.dealCards = cards;
    engine.post({ type: "deal", id: state.dealRun, cards });
  }

  function holdText(cards, mask) {
    const held = cards.filter((_, i) => (mask >> i) & 1);
    return held.length ? ns.cards.formatHand(held, true) : "Nothing (draw five)";
  }

  /** The held cards as nodes, hearts and diamonds in red (PLAYERS.md), or "Nothing (draw five)". */
  function holdNodes(cards, mask) {
    const held = cards.filter((_, i) => (mask >> i) & 1);
    if (!held.length) return ["Nothing (draw five)"];
    return held.flatMap((card, i) => {
      const span = document.createElement("span");
      span.className = card < 52 && ((card & 3) === 1 || (card & 3) === 2) ? "card-red" : "card-black";
      span.textContent = ns.cards.cardText(card, true);
      return i ? [" ", span] : [span];
    });
  }

  function showDeal(answers) {
    const cards = state.dealCards;
    const unit = BigInt(answers.unit);
    const evs = answers.evs.map(BigInt);
    const order = [...evs.keys()].sort((a, b) => (evs[b] > evs[a] ? 1 : evs[b] < evs[a] ? -1 : a - b));
    const top = evs[order[0]];
    const recommended = state.priced[0] && answers.holds[state.priced[0].id];
    const ev = (value) => ns.solver.decimalText(ns.solver.fraction(value, unit), 4);
    const best = holdText(cards, order[0]);
    let said = `Best hold: ${best} (EV ${ev(top)}).`;
    if (recommended !== undefined && state.priced[0]) {
      const name = levelName(state.data.levels.find((level) => level.id === state.priced[0].id));
      said += evs[recommended] === top ? ` The ${name} holds the same.`
        : ` The ${name} holds ${holdText(cards, recommended)}: ${ev(top - evs[recommended])} less.`;
    }
    $("any-play").textContent = said;
    const body = $("any-evs").tBodies[0];
    body.textContent = "";
    for (const mask of order) {
      const tr = body.insertRow();
      const hold = document.createElement("th");
      hold.scope = "row";
      hold.append(...holdNodes(cards, mask));
      if (mask === recommended) {
        const badge = document.createElement("span");
        badge.className = "any-card-badge";
        badge.textContent = "the card";
        hold.append(" ", badge);
      }
      tr.appendChild(hold);
      const value = tr.insertCell();
      value.className = "num";
      value.textContent = ev(evs[mask]);
      const below = tr.insertCell();
      below.className = "num";
      below.textContent = evs[mask] === top ? "" : ev(top - evs[mask]);
    }
    dealResult.hidden = false;
  }

  // ---- start ----
  if (!gameSelect.options.length) {
    status.textContent = "No game has a card yet.";
    return;
  }
  engine = startEngine();
  $("any-game-form").addEventListener("submit", (event) => event.preventDefault());
  paysForm.addEventListener("submit", (event) => {
    event.preventDefault();
    solveNow();
  });
  gameSelect.addEventListener("change", () => {
    addressProblem = "";
    errorBox.hidden = true;
    dealInput.value = "";
    dealResult.hidden = true;
    chooseGame(gameSelect.value, null);
  });
  $("any-reset").addEventListener("click", () => {
    const { table } = closestTable(typedPays());
    fields.querySelectorAll("input").forEach((input, i) => (input.value = table.pays[i]));
    solveNow();
  });
  $("any-deal-form").addEventListener("submit", checkDeal);
  const address = readAddress();
  if (address.deal) dealInput.value = address.deal;
  chooseGame(address.game, address.pays);
  // An address typed or a link followed while the page is open (only the part after # changed,
  // so the page is not loaded again) is read as at load; the page's own replaceState of its
  // address fires no hashchange.
  window.addEventListener("hashchange", () => {
    const again = readAddress();
    addressProblem = "";
    errorBox.hidden = true;
    dealInput.value = again.deal || "";
    dealError.hidden = true;
    dealResult.hidden = true;
    state.dealRun += 1; // (an answer still on its way is of the old deal)
    chooseGame(again.game, again.pays);
  });
})();
