// Real content from data/ and throw-away copies of it for the content-check tests.
// It loads the `yaml` package, whose browser build is untransformed ESM: test files that use this helper need
//   /** @jest-environment-options {"customExportConditions": ["node", "node-addons"]} */
// so that `yaml` resolves to its CommonJS build. Types: content.d.cts.
const fs = require("fs");
const os = require("os");
const path = require("path");
// Jest compiles the TypeScript source: the site's own content reader, never a copy of it.
const { readSiteContent } = require("../../src/content/read-content");

const PROJECT_ROOT = path.resolve(__dirname, "..", "..");
const DATA_DIR = path.join(PROJECT_ROOT, "data");

/** 1-based number of the first line of `text` that matches `search` (a substring or a RegExp). */
function lineOf(text, search) {
  const lines = text.split("\n");
  const index = lines.findIndex((line) => (typeof search === "string" ? line.includes(search) : search.test(line)));
  if (index === -1) throw new Error(`No line matches ${String(search)}`);
  return index + 1;
}

/** Copies data/ (pages, services, schema, images) to <tmp>/data; paths given to the methods are relative to <tmp>. */
function copyRealData() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "content-check-"));
  const dataDir = path.join(root, "data");
  fs.cpSync(DATA_DIR, dataDir, { recursive: true });
  const file = (relative) => path.join(root, relative);
  const read = (relative) => fs.readFileSync(file(relative), "utf8");
  const write = (relative, text) => fs.writeFileSync(file(relative), text);
  return {
    root,
    dataDir,
    file,
    read,
    write,
    edit(relative, search, replacement) {
      const before = read(relative);
      const after = before.replace(search, replacement);
      if (after === before) throw new Error(`${relative}: ${String(search)} not found, the edit changed nothing`);
      write(relative, after);
    },
    remove(relative) {
      fs.rmSync(file(relative));
    },
    lineOf(relative, search) {
      return lineOf(read(relative), search);
    },
    cleanup() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A content directory's services, in menu order, with the path the site gives each (src/content). */
function loadServices(dataDir) {
  return readSiteContent(dataDir).services;
}

/**
 * Every content file of data/, parsed, shaped like the page queries' results (services get their `path`, the firm's
 * phone its `dial`, its address the state's name), by the site's own reader (src/content/read-content.ts).
 */
function loadRealContent(dataDir = DATA_DIR) {
  return readSiteContent(dataDir);
}

module.exports = {
  PROJECT_ROOT,
  DATA_DIR,
  lineOf,
  copyRealData,
  loadServices,
  loadRealContent,
};
