// The JS tests' fixtures in tests/js/fixtures/, checked in and written by Python
// (`python -m tests.make_js_fixtures`; tests/test_js.py checks they equal what it writes now),
// so `node --test tests/js/` runs every test on its own. Not a test file itself (the name does
// not match node's test patterns).
import fs from "node:fs";
import zlib from "node:zlib";

export const FIXTURES = new URL("./fixtures/", import.meta.url);

/** A fixture's bytes, gunzipped when its name ends in .gz; `folder` (a path or URL) overrides
 * the checked-in folder. */
export function fixtureBytes(name, folder = FIXTURES) {
  const base = folder instanceof URL ? folder : new URL(`file://${fs.realpathSync(folder)}/`);
  const raw = fs.readFileSync(new URL(name, base));
  return name.endsWith(".gz") ? zlib.gunzipSync(raw) : raw;
}

export function fixtureJson(name, folder = FIXTURES) {
  return JSON.parse(fixtureBytes(name, folder).toString("utf8"));
}

/** The names in the folder that start with `prefix` and end with `suffix`, sorted. */
export function fixtureNames(prefix, suffix, folder = FIXTURES) {
  return fs.readdirSync(folder).filter((name) => name.startsWith(prefix) && name.endsWith(suffix)).sort();
}
