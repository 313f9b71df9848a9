// The site's service worker (imported by sw.js, which the build writes: generator/site/offline.py).
// It serves this build's files from its cache, so a phone with no signal reloads a page,
// follows a link and runs the checker as before; it keeps each file of the build a page opens.
//
//   install:  keeps the core (the index, the "Any pay table" page, its engine and games' data,
//             scripts, styles, icons), the pages open now, and what the player had kept under an
//             older build (each file this build still has): from the old cache when the bytes
//             are the same, else from the network. Any failure leaves the old worker in charge.
//   activate: removes the older builds' caches and takes charge of the open pages (their
//             offline.js then reloads them, or offers to, onto this build).
//   fetch:    a file of this build: from the cache, else the network (kept if its bytes are
//             this build's: a newer build on the server is passed through, not kept, and looked
//             for). A page the cache lacks with no network: a page saying what is saved.
//   message:  {type: "keep", paths} / {type: "saved", paths} from a page (offline.js): keep
//             these files / which are kept; {type: "usage"}: every file kept. The reply, to the
//             message's port: {type: "kept", kept: [path], bytes: their size, build}.
/* global importScripts */
(function () {
  "use strict";
  const build = self.vpchartsBuild;
  const C = self.vpcharts.offlineCache;
  const NAME = C.cacheName(build);
  const scope = self.registration.scope;

  async function digestOf(buffer) {
    return C.hex(await crypto.subtle.digest("SHA-256", buffer));
  }

  // The file at `path` from the network: {response, ours} (ours: its bytes are this build's).
  async function fromNetwork(path) {
    const response = await fetch(C.urlOf(path, scope), { cache: "no-cache" });
    if (!response.ok) return { response, ours: false };
    const digest = await digestOf(await response.clone().arrayBuffer());
    return { response, ours: C.isOfBuild(build, path, digest) };
  }

  // A copy of `path` with this build's bytes in another build's cache, or null.
  async function carriedCopy(path, olds) {
    for (const old of olds) {
      const hit = await old.match(C.urlOf(path, scope));
      if (hit && C.isOfBuild(build, path, await digestOf(await hit.clone().arrayBuffer()))) return hit;
    }
    return null;
  }

  async function keep(cache, path, olds = []) {
    if (await cache.match(C.urlOf(path, scope))) return;
    const copy = await carriedCopy(path, olds);
    if (copy) return cache.put(C.urlOf(path, scope), copy);
    const { response, ours } = await fromNetwork(path);
    if (!ours) throw new Error(`${path}: not this build's file (${response.status})`);
    await cache.put(C.urlOf(path, scope), response);
  }

  async function keptPaths(cache) {
    return (await cache.keys()).map((request) => C.pathOf(request.url, scope)).filter((p) => p !== null);
  }

  self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
      const names = C.otherCaches(await caches.keys(), build);
      const olds = await Promise.all(names.map((name) => caches.open(name)));
      const carried = [];
      for (const old of olds) carried.push(...(await keptPaths(old)));
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      carried.push(...open.map((client) => C.pathOf(client.url, scope)).filter((p) => p !== null));
      const cache = await caches.open(NAME);
      await Promise.all(C.toInstall(build, carried).map((path) => keep(cache, path, olds)));
      await self.skipWaiting();
    })());
  });

  self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
      for (const name of C.otherCaches(await caches.keys(), build)) await caches.delete(name);
      await self.clients.claim();
    })());
  });

  async function notSaved(path) {
    const cache = await caches.open(NAME);
    const saved = [];
    for (const kept of (await keptPaths(cache)).filter((p) => p.endsWith(".html")).sort()) {
      saved.push({ path: kept, title: C.titleOf(await (await cache.match(C.urlOf(kept, scope))).text()) });
    }
    return new Response(C.notSavedPage(path, saved), {
      status: 200, headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }

  async function respond(request, path) {
    const cache = await caches.open(NAME);
    const hit = C.hasFile(build, path) ? await cache.match(C.urlOf(path, scope)) : undefined;
    if (hit) return hit;
    try {
      if (!C.hasFile(build, path)) return await fetch(request);
      const { response, ours } = await fromNetwork(path);
      if (ours) {
        await cache.put(C.urlOf(path, scope), response.clone());
      } else if (response.ok) {
        self.registration.update().catch(() => {}); // a newer build is on the server
      }
      return response;
    } catch (error) {
      if (request.mode === "navigate") return notSaved(path);
      return Response.error();
    }
  }

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const path = C.pathOf(request.url, scope);
    if (path === null || path === "sw.js") return;
    if (!C.hasFile(build, path) && request.mode !== "navigate") return; // not the site's: as if no worker
    event.respondWith(respond(request, path));
  });

  self.addEventListener("message", (event) => {
    const message = event.data || {};
    const port = event.ports[0];
    if (!port || !(Array.isArray(message.paths) || message.type === "usage")) return;
    event.waitUntil((async () => {
      const cache = await caches.open(NAME);
      const paths = (message.type === "usage" ? await keptPaths(cache) : message.paths)
        .filter((path) => C.hasFile(build, path));
      try {
        if (message.type === "keep") await Promise.all(paths.map((path) => keep(cache, path)));
        let bytes = 0;
        const kept = [];
        for (const path of paths) {
          const hit = await cache.match(C.urlOf(path, scope));
          if (hit) {
            kept.push(path);
            bytes += (await hit.arrayBuffer()).byteLength;
          }
        }
        port.postMessage({ type: "kept", kept, bytes, build: build.id });
      } catch (error) {
        port.postMessage({ type: "failed", message: String(error && error.message) });
      }
    })());
  });
})();
