// What the service worker keeps, and under which name: the pure part of the offline site
// (generator/site/offline.py), with no browser API, so Node tests it (tests/js/offline.test.mjs).
//
// A build is {id, files: {path: the first 16 hex digits of its SHA-256}, core: [path, ...]},
// written into sw.js by the build. Its cache is named after it: a file is kept there only when
// its bytes have the digest the build names, so one cache never holds two builds' files.
(function (global) {
  "use strict";
  const ns = (global.vpcharts = global.vpcharts || {});
  const PREFIX = "vpcharts-";

  function cacheName(build) {
    return PREFIX + build.id;
  }

  // The caches of other builds of this site (the browser keeps one set of caches per origin).
  function otherCaches(names, build) {
    return names.filter((name) => name.startsWith(PREFIX) && name !== cacheName(build));
  }

  // The site path of a URL ("9-6-jacks-or-better.html", "static/js/cards.js"), or null for a
  // URL outside the site (another origin, or above the worker's scope). The folder itself is
  // its index; the query and the fragment name no other file.
  function pathOf(url, scope) {
    const u = new URL(url), s = new URL(scope);
    if (u.origin !== s.origin || !u.pathname.startsWith(s.pathname)) return null;
    let path;
    try {
      path = decodeURIComponent(u.pathname.slice(s.pathname.length));
    } catch (error) {
      return null;
    }
    return path === "" || path.endsWith("/") ? path + "index.html" : path;
  }

  function urlOf(path, scope) {
    return new URL(path.split("/").map(encodeURIComponent).join("/"), scope).href;
  }

  // What an installing worker keeps: the core, the pages open now and what the player kept
  // under an older build, each once and only if this build has it (a page since removed is
  // dropped), in the build's order.
  function toInstall(build, carried) {
    const wanted = new Set(build.core.concat(carried));
    return Object.keys(build.files).filter((path) => wanted.has(path));
  }

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function hasFile(build, path) {
    return Object.prototype.hasOwnProperty.call(build.files, path);
  }

  // Whether bytes whose SHA-256 is `digest` (hex) are this build's file at `path`.
  function isOfBuild(build, path, digest) {
    return hasFile(build, path) && digest.slice(0, 16) === build.files[path];
  }

  // The title a page gives itself, without the site's name ("9/6 Jacks or Better: strategy").
  function titleOf(html) {
    const found = /<title>([^<]*)<\/title>/.exec(html);
    return found ? found[1].replace(/ · vpcharts$/, "").trim() : "";
  }

  // The page a player gets for a page that was never opened with signal: what is saved instead.
  // `saved`: [{path, title}] of the saved pages (titles as the pages wrote them: HTML already).
  function notSavedPage(path, saved) {
    const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    const items = saved.map((page) => `<li><a href="${escape(page.path)}">${page.title || escape(page.path)}</a></li>`);
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not saved on this phone · vpcharts</title>
<link rel="stylesheet" href="static/site.css">
<link rel="icon" href="icons/icon.svg" type="image/svg+xml">
</head>
<body>
<header class="site-head"><nav aria-label="Site"><a class="home" href="index.html">vpcharts: all pay tables</a>
<a href="any.html">Any pay table</a></nav></header>
<main>
<h1>Not saved on this phone</h1>
<p>There is no signal, and ${escape(path)} was never opened here while there was, so it is not saved.
These pages are, and work as before:</p>
<ul>
${items.join("\n")}
</ul>
</main>
</body>
</html>
`;
  }

  ns.offlineCache = { cacheName, otherCaches, pathOf, urlOf, toInstall, hex, hasFile, isOfBuild, titleOf, notSavedPage };
})(globalThis);
