// Real content from data/ and throw-away copies of it for the content-check tests.
// It loads the `yaml` package, whose browser build is untransformed ESM: test files that use this helper need
//   /** @jest-environment-options {"customExportConditions": ["node", "node-addons"]} */
// so that `yaml` resolves to its CommonJS build. Types: content.d.cts.
const fs = require("fs");
const os = require("os");
const path = require("path");
const { parse } = require("yaml");
// Jest compiles the TypeScript source: the site's own rule for a service's path, never a copy of it.
const { servicePath } = require("../../src/lib/paths");
const { withComputedFirmFields } = require("../../src/content/firm-fields");
const { loadSchemas } = require("../../src/content/load");

const PROJECT_ROOT = path.resolve(__dirname, "..", "..");
const DATA_DIR = path.join(PROJECT_ROOT, "data");
const FIXTURES_DIR = path.join(__dirname, "..", "fixtures");

function readYaml(file) {
  return parse(fs.readFileSync(file, "utf8"));
}

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

/** A data/services/*.yaml directory's services, in menu order, with the path the site gives each. */
function loadServices(dataDir) {
  const dir = path.join(dataDir, "services");
  return fs
    .readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => readYaml(path.join(dir, name)))
    .sort((a, b) => a.order - b.order)
    .map((service) => ({ ...service, path: servicePath(service.slug) }));
}

/**
 * Every content file of data/, parsed, shaped like the page queries' results (services get their `path`, the firm's
 * phone its `dial`, its address the state's name).
 */
function loadRealContent(dataDir = DATA_DIR) {
  const page = (name) => readYaml(path.join(dataDir, name));
  return {
    layout: page("layout.yaml"),
    firm: withComputedFirmFields(page("firm.yaml"), loadSchemas(dataDir)),
    home: page("home.yaml"),
    about: page("about.yaml"),
    servicesPage: page("services-page.yaml"),
    contact: page("contact.yaml"),
    notFound: page("not-found.yaml"),
    services: loadServices(dataDir),
  };
}

module.exports = {
  PROJECT_ROOT,
  DATA_DIR,
  FIXTURES_DIR,
  readYaml,
  lineOf,
  copyRealData,
  loadServices,
  loadRealContent,
};
