// The Any pay table page's address: what it keeps (#game=...&pays=...&deal=...&meter=...) read, and
// written on each change with history.replaceState (no new history entry, no hashchange).
//
// A part of the Any pay table page (any-ui.js makes the parts in order, each over what the ones
// before it made: c holds the page's elements, its state and messages, the engine once started,
// and every earlier part's functions).
(globalThis.vpcharts.anyParts = globalThis.vpcharts.anyParts || {}).address = function makeAddress(c) {
  "use strict";
  const { state, dealInput, SEPARATOR } = c;

  function readAddress() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    return { game: params.get("game"), pays: params.get("pays"), deal: params.get("deal"), meter: params.get("meter") };
  }

  function writeAddress(pays) {
    const params = new URLSearchParams();
    params.set("game", state.game);
    params.set("pays", pays.join(SEPARATOR));
    const deal = dealInput.value.trim();
    if (deal) params.set("deal", deal);
    if (state.meter) params.set("meter", state.meter); // ("royal_flush:4000-8000": any-meter.js)
    const hash = "#" + params.toString().replace(/%2F/g, "/").replace(/%3A/g, ":");
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  return { readAddress, writeAddress };
};
