// What the service worker keeps and under which name (static/js/offline-cache.js), without a
// browser. tests/test_offline.py drives the worker itself in chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import "../../static/js/offline-cache.js";

const C = globalThis.vpcharts.offlineCache;
const sha = (text) => createHash("sha256").update(text).digest("hex");
const build = {
  id: "0123456789abcdef",
  files: { "index.html": sha("index").slice(0, 16), "any.html": sha("any").slice(0, 16),
           "a b.html": sha("a b").slice(0, 16), "static/site.css": sha("css").slice(0, 16) },
  core: ["any.html", "index.html", "static/site.css"],
};
const SCOPE = "https://example.org/vp/";

test("a build's cache is named after it; the other builds' caches of the site are found, no one else's", () => {
  assert.equal(C.cacheName(build), "vpcharts-0123456789abcdef");
  assert.deepEqual(C.otherCaches(["vpcharts-0123456789abcdef", "vpcharts-ffff", "someone-else"], build),
                   ["vpcharts-ffff"]);
});

test("a URL's site path: the folder is its index, the query and fragment are dropped, outside is null", () => {
  assert.equal(C.pathOf("https://example.org/vp/", SCOPE), "index.html");
  assert.equal(C.pathOf("https://example.org/vp/any.html?x=1#game=deuces-wild", SCOPE), "any.html");
  assert.equal(C.pathOf("https://example.org/vp/a%20b.html", SCOPE), "a b.html");
  assert.equal(C.pathOf("https://example.org/vp/static/site.css", SCOPE), "static/site.css");
  assert.equal(C.pathOf("https://example.org/other/index.html", SCOPE), null);
  assert.equal(C.pathOf("https://elsewhere.org/vp/index.html", SCOPE), null);
  assert.equal(C.pathOf("https://example.org/vp/%E0%A4%A.html", SCOPE), null); // not UTF-8
  assert.equal(C.urlOf("a b.html", SCOPE), "https://example.org/vp/a%20b.html");
  assert.equal(C.pathOf(C.urlOf("a b.html", SCOPE), SCOPE), "a b.html");
});

test("an installing worker keeps the core and what was kept before, once each, only this build's files", () => {
  assert.deepEqual(C.toInstall(build, []), ["index.html", "any.html", "static/site.css"]);
  assert.deepEqual(C.toInstall(build, ["a b.html", "a b.html", "removed.html", "index.html"]),
                   ["index.html", "any.html", "a b.html", "static/site.css"]);
});

test("a file is this build's only with its digest, under its own path", () => {
  assert.equal(C.isOfBuild(build, "any.html", sha("any")), true);
  assert.equal(C.isOfBuild(build, "any.html", sha("any, a newer build")), false);
  assert.equal(C.isOfBuild(build, "index.html", sha("any")), false);
  assert.equal(C.isOfBuild(build, "toString", sha("any")), false);
  assert.equal(C.hasFile(build, "toString"), false); // (no name of Object's prototype is a file)
  assert.equal(C.hasFile(build, "a b.html"), true);
  assert.equal(C.hex(new Uint8Array([0, 15, 255]).buffer), "000fff");
});

test("the page for a page never opened lists the saved ones by title, its own path escaped", () => {
  assert.equal(C.titleOf("<head><title>9/6 Jacks or Better: strategy · vpcharts</title>"),
               "9/6 Jacks or Better: strategy");
  assert.equal(C.titleOf("no title"), "");
  const html = C.notSavedPage("<x>.html", [{ path: "index.html", title: "All pay tables" },
                                           { path: "a b.html", title: "" }]);
  assert.match(html, /<h1>Not saved on this phone<\/h1>/);
  assert.match(html, /&lt;x&gt;\.html was never opened/);
  assert.match(html, /<li><a href="index.html">All pay tables<\/a><\/li>\n<li><a href="a b.html">a b.html<\/a><\/li>/);
});
