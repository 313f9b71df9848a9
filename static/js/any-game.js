// The Any pay table page's game: its data (any/<id>.js, a classic script, so that it loads from
// file:// too) loaded when first chosen, its fields built, and its pays solved.
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).game = function makeGame(c) {
  "use strict";
  const { ns, app, status, gameSelect, paysForm, dealInput, state, notice, fail, levelsOf, buildFields,
    checkDeal, solveNow } = c;

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
      c.engine.post({ type: "game", levels: levelsOf(data) });
      buildFields(data, pays);
      c.resetMeter(data.rules);
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

  return { loadGame, chooseGame };
};
