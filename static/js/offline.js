// Every page's part of the offline site (generator/site/offline.py): over http(s), register the
// service worker (sw.js at the site's top, static/js/offline-worker.js), say when the page is the
// copy saved on this phone (no signal), move onto a newer build when one took charge, and run a
// pay table page's "Keep this machine offline" button. From file:// it does nothing: browsers
// refuse service workers there, and the pages work from disk as they are.
(function () {
  "use strict";
  const script = document.currentScript;
  const sw = navigator.serviceWorker;
  if (!/^https?:$/.test(location.protocol) || !sw || !window.isSecureContext || !script) return;
  const root = new URL("../../", script.src); // (this file is static/js/offline.js)
  const $ = (id) => document.getElementById(id);
  const hadWorker = Boolean(sw.controller);
  let touched = false; // the player has done something here: never reload the page under them
  for (const type of ["keydown", "pointerdown", "input"]) {
    addEventListener(type, () => { touched = true; }, { capture: true });
  }

  function here() {
    const path = decodeURIComponent(location.pathname.slice(root.pathname.length));
    return path === "" || path.endsWith("/") ? path + "index.html" : path;
  }

  // A question to the worker in charge (or the one that will be): its reply, or an error.
  function ask(worker, message) {
    return new Promise((resolve, reject) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => (event.data.type === "kept" ? resolve(event.data)
        : reject(new Error(event.data.message)));
      worker.postMessage(message, [channel.port2]);
    });
  }

  function saved(shown) {
    const note = $("offline-saved");
    if (note) note.hidden = !shown;
  }

  function size(bytes) {
    return bytes >= 1e6 ? (bytes / 1e6).toFixed(1) + " MB" : Math.max(1, Math.round(bytes / 1e3)) + " kB";
  }

  addEventListener("offline", () => saved(Boolean(sw.controller)));
  addEventListener("online", () => saved(false));

  // A newer build's worker took charge (it removed this build's files): show its copy of this
  // page, at once if the player has not started on this one, else when they say.
  sw.addEventListener("controllerchange", () => {
    if (!hadWorker) return; // the first worker, taking charge of a page the network gave
    if (!touched) return location.reload();
    const newer = $("offline-newer");
    if (newer) newer.hidden = false;
  });
  const reload = $("offline-reload");
  if (reload) reload.addEventListener("click", () => location.reload());

  function keepButton(worker) {
    const box = $("offline-keep-box");
    const button = $("offline-keep");
    const status = $("offline-keep-status");
    if (!box || !button || !status) return;
    const paths = button.dataset.keep.split(" ");
    const done = (reply) => {
      button.hidden = true;
      status.textContent = `Kept on this phone (${size(reply.bytes)}): this page, its pocket card, ` +
        "the checker and the exact table work with no signal.";
    };
    // (shown once the worker says whether they are kept: no button that turns into a note)
    ask(worker, { type: "saved", paths }).then((reply) => {
      if (reply.kept.length === paths.length) done(reply);
      box.hidden = false;
    }, () => { box.hidden = false; });
    button.addEventListener("click", () => {
      button.disabled = true;
      status.textContent = "Saving…";
      ask(worker, { type: "keep", paths }).then(done, (error) => {
        button.disabled = false;
        status.textContent = `Not saved (${error.message}): try again where there is signal.`;
      });
    });
  }

  sw.register(new URL("sw.js", root).href, { scope: root.href, updateViaCache: "none" })
    .then((registration) => {
      if (sw.controller) {
        // Served by the worker: a saved copy. Is the site there? (update() asks for sw.js.)
        if (!navigator.onLine) saved(true);
        registration.update().then(() => saved(!navigator.onLine), () => saved(true));
        // (kept already unless opened before the worker took charge: then it is kept now)
        ask(sw.controller, { type: "keep", paths: [here()] }).catch(() => {});
      }
      return sw.ready;
    })
    .then((registration) => keepButton(registration.active))
    .catch(() => {}); // a browser that refuses the worker: the site works as before, online
})();
