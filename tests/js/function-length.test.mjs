// No function in static/js over 150 lines (issue 52: rooms a reader can hold), a file's wrapper
// included when it is a closure: when its functions share variables it declares with let or var,
// or it returns early (a page's code), the whole closure is one thing to read. A wrapper that only
// declares (a module: a namespace of functions, each read on its own) is measured by its
// functions. The scanner is js-functions.mjs; its own checks come first, so that the rule cannot
// pass by the scanner missing functions.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { functionSpans } from "./js-functions.mjs";

const LIMIT = 150;
const STATIC_JS = new URL("../../static/js/", import.meta.url);

const lines = (n) => Array.from({ length: n }, (_, i) => `  x += ${i};`).join("\n");

test("the scanner finds functions past strings, templates, regexes and comments", () => {
  const text = [
    "(function (root) {",
    '  const a = "}{", b = \'{\', re = /[{}]\\/}/g; // } {',
    "  /* function fake() { */",
    "  const t = `${a}{${ {x: 1}.x }}` + `}`;",
    "  function named(x) {",
    "    return x / 2 / 3;",
    "  }",
    "  const arrow = (y) => {",
    "    if (y) { return y; }",
    "  };",
    "  const obj = { method(z) {", "    return z;", "  } };",
    "  function* gen() {", "    yield 1;", "  }",
    "  ns.x = { named, arrow, obj, gen };",
    "})(globalThis);",
  ].join("\n");
  const spans = functionSpans(text);
  const found = Object.fromEntries(spans.map((s) => [s.name, [s.start, s.end, s.kind]]));
  assert.deepEqual(found, {
    named: [5, 7, "function"], arrow: [8, 10, "function"], method: [11, 13, "function"],
    gen: [14, 16, "function"], "(anonymous)": [1, 18, "module"],
  });
});

test("a wrapper with let, var or return is a closure; one that only declares is a module", () => {
  const kind = (body) => functionSpans(`(function () {\n${body}\n})();`).find((s) => s.name === "(anonymous)").kind;
  assert.equal(kind("  const a = 1;\n  function f() { let b = 2; return b; }"), "module");
  assert.equal(kind("  let state = 1;"), "closure");
  assert.equal(kind("  if (!app) return;"), "closure");
  assert.equal(kind("  for (let i = 0; i < 2; i++) f(i);"), "module"); // (the let is the loop's)
});

test("a function of 151 lines is over the limit, one of 150 is not", () => {
  const over = functionSpans(`function f() {\n${lines(151)}\n}`)[0];
  const at = functionSpans(`function f() {\n${lines(150)}\n}`)[0];
  assert.equal(over.lines, 151);
  assert.equal(at.lines, 150);
  // and a long closure counts whole, though each function in it is short
  const closure = `(function () {\n  let n = 0;\n${lines(200)}\n  function g() { n++; }\n})();`;
  assert.equal(functionSpans(closure).find((s) => s.kind === "closure").lines, 202);
});

test(`no function in static/js is over ${LIMIT} lines`, () => {
  const names = fs.readdirSync(STATIC_JS).filter((name) => name.endsWith(".js")).sort();
  assert.ok(names.includes("checker-ui.js") && names.includes("rules-core.js"), names.join(", "));
  const over = [];
  for (const name of names) {
    const spans = functionSpans(fs.readFileSync(new URL(name, STATIC_JS), "utf8"));
    assert.ok(spans.length > 0 || name.endsWith("-worker.js"), `${name}: no function found`);
    for (const s of spans) {
      if (s.kind === "module" || s.lines <= LIMIT) continue;
      over.push(`${name}:${s.start} ${s.name} (${s.kind}), ${s.lines} lines`);
    }
  }
  assert.deepEqual(over, []);
});
