// Where each function of a plain script starts and ends, for the function-length rule of
// static/js (function-length.test.mjs; issue 52: no function over 150 lines, so that a reader can
// hold each one). No parser is installed and the site adds no npm dependency for a test, so this
// is a small scanner that knows just enough JavaScript for our files: it skips comments, strings,
// template literals (their ${...} parts are code again) and regular expressions, matches braces,
// and calls a block a function's body when it follows `=>`, or a parameter list after `function`
// or after a method's name (`name(...) {`, not `if (...) {` and the like).
//
// `node tests/js/js-functions.mjs FILE...` prints each file's longest function the rule measures.
import fs from "node:fs";

const KEYWORDS_BEFORE_REGEX = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete",
  "void", "throw", "yield", "await", "instanceof"]);
const NOT_METHODS = new Set(["if", "for", "while", "switch", "catch", "with", "function", "return"]);

/** The code's tokens that matter here: punctuation, words, and "str"/"re" for literals, with lines. */
export function tokens(text) {
  const out = [];
  const modes = []; // per open brace: "code", or "template" for a template literal's ${
  let line = 1;
  let i = 0;
  const push = (type, value) => out.push({ type, value, line });
  const last = () => out[out.length - 1];
  const regexAllowed = () => {
    const t = last();
    if (!t) return true;
    if (t.type === "word") return KEYWORDS_BEFORE_REGEX.has(t.value);
    if (t.type === "punct") return ![")", "]", "}"].includes(t.value);
    return false; // after a number, a string or a regex
  };
  // A template literal from just after its opening backquote (or a ${...}'s closing brace).
  const template = () => {
    while (i < text.length) {
      const ch = text[i];
      if (ch === "\\") { if (text[i + 1] === "\n") line++; i += 2; continue; }
      if (ch === "\n") line++;
      if (ch === "`") { i++; push("str", "`"); return; }
      if (ch === "$" && text[i + 1] === "{") { i += 2; modes.push("template"); push("punct", "("); return; }
      i++;
    }
  };
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === "\n") { line++; i++; continue; }
    if (/\s/.test(ch)) { i++; continue; }
    if (ch === "/" && next === "/") { while (i < text.length && text[i] !== "\n") i++; continue; }
    if (ch === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (let j = i; j < stop; j++) if (text[j] === "\n") line++;
      i = stop;
      continue;
    }
    if (ch === "'" || ch === '"') {
      i++;
      while (i < text.length && text[i] !== ch && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      i++;
      push("str", ch);
      continue;
    }
    if (ch === "`") { i++; template(); continue; }
    if (ch === "/" && regexAllowed()) {
      i++;
      let inClass = false;
      while (i < text.length && text[i] !== "\n" && (inClass || text[i] !== "/")) {
        if (text[i] === "\\") i++;
        else if (text[i] === "[") inClass = true;
        else if (text[i] === "]") inClass = false;
        i++;
      }
      i++;
      while (/[a-z]/i.test(text[i] || "")) i++;
      push("re", "/");
      continue;
    }
    if (/[A-Za-z_$0-9]/.test(ch)) {
      let j = i;
      while (j < text.length && /[A-Za-z_$0-9]/.test(text[j])) j++;
      push(/[0-9]/.test(ch) ? "num" : "word", text.slice(i, j));
      i = j;
      continue;
    }
    if (ch === "=" && next === ">") { push("punct", "=>"); i += 2; continue; }
    if (ch === "{") { modes.push("code"); push("punct", "{"); i++; continue; }
    if (ch === "}") {
      i++;
      if (modes.pop() === "template") { push("punct", ")"); template(); } else push("punct", "}");
      continue;
    }
    push("punct", ch);
    i++;
  }
  return out;
}

/**
 * [{name, start, end, lines, kind}] of every function in the text: start and end are the lines
 * of its body's braces, lines the count of lines between them (the body's lines, the functions
 * it defines included). kind is "function", or for a file's wrapper (a function no other function
 * holds, called where it is defined: `(function (root) { ... })(globalThis)`), "closure" when its body declares variables with let or var or returns (state its
 * functions share and change, or a page's code that stops where its elements are missing: one
 * room a reader must hold whole) and "module" when it only declares (a namespace of functions,
 * each read on its own).
 */
export function functionSpans(text) {
  const toks = tokens(text);
  const parens = []; // indexes of the open "(" tokens
  const openParen = new Map(); // index of a ")" -> index of its "("
  const braces = []; // {fn: name or null, start, at: the token index of "{"}
  const out = [];
  toks.forEach((t, k) => {
    if (t.type !== "punct") return;
    if (t.value === "(") parens.push(k);
    else if (t.value === ")") openParen.set(k, parens.pop());
    else if (t.value === "{") braces.push({ fn: functionName(toks, k, openParen), start: t.line, at: k });
    else if (t.value === "}") {
      const open = braces.pop();
      if (!open || open.fn === null) return;
      const outermost = !braces.some((b) => b.fn !== null);
      const invoked = toks[k + 1] && toks[k + 1].value === ")" && toks[k + 2] && toks[k + 2].value === "(";
      const kind = !outermost || !invoked ? "function" : holdsState(toks, open.at, k) ? "closure" : "module";
      out.push({ name: open.fn, start: open.start, end: t.line, lines: Math.max(0, t.line - open.start - 1), kind });
    }
  });
  return out;
}

/** Whether the body between toks[from] ("{") and toks[to] ("}") says let, var or return itself. */
function holdsState(toks, from, to) {
  let depth = 0;
  for (let k = from + 1; k < to; k++) {
    const t = toks[k];
    if (t.type === "punct" && "([{".includes(t.value)) depth++;
    else if (t.type === "punct" && ")]}".includes(t.value)) depth--;
    else if (depth === 0 && t.type === "word" && ["let", "var", "return"].includes(t.value)) return true;
  }
  return false;
}

/** The name of the function whose body the "{" at toks[k] opens ("" when anonymous), or null. */
function functionName(toks, k, openParen) {
  const before = toks[k - 1];
  if (!before) return null;
  if (before.value === "=>") {
    const at = k - 2;
    const start = toks[at] && toks[at].value === ")" ? openParen.get(at) : at;
    const assigned = toks[start - 1] && toks[start - 1].value === "=" ? toks[start - 2] : null;
    return assigned && assigned.type === "word" ? assigned.value : "(arrow)";
  }
  if (before.value !== ")") return null;
  const open = openParen.get(k - 1);
  const head = toks[open - 1];
  if (!head) return null;
  if (head.value === "function") return "(anonymous)";
  if (head.type !== "word" || NOT_METHODS.has(head.value)) return null;
  const prior = toks[open - 2];
  if (prior && prior.value === "function") return head.value;
  if (prior && prior.value === "*" && toks[open - 3] && toks[open - 3].value === "function") return head.value;
  // a method: `name(...) {` in an object literal or a class body
  if (!prior || ["{", ",", "}", ";"].includes(prior.value) || ["get", "set", "static", "async"].includes(prior.value)) return head.value;
  return null;
}

/** The longest function the length rule measures (every one but a module's wrapper), or null. */
export function longest(text) {
  return functionSpans(text).filter((s) => s.kind !== "module").reduce((a, b) => (b.lines > (a ? a.lines : -1) ? b : a), null);
}

if (import.meta.url === `file://${fs.realpathSync(process.argv[1] || ".")}`) {
  for (const file of process.argv.slice(2)) {
    const text = fs.readFileSync(file, "utf8");
    const top = longest(text);
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    const wrapper = functionSpans(text).find((s) => s.kind !== "function");
    console.log(`${file}: ${lines} lines, ${wrapper ? `a ${wrapper.kind}` : "no wrapper"}; longest function measured: ${top ? `${top.name} (line ${top.start}), ${top.lines} lines` : "none"}`);
  }
}
