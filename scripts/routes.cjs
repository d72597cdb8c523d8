// Every route of the site, from the content and the site's path helpers (data/services/*.yaml, src/lib/paths.ts): a new
// service is included without editing this file, in whatever URL form the helpers give. Used by lighthouserc.cjs,
// scripts/perf-compare.mjs and scripts/screenshots.mjs.
const fs = require("node:fs");
const path = require("node:path");
const { parse } = require("yaml");
const { require: tsxRequire } = require("tsx/cjs/api");

const { sitePaths } = tsxRequire("../src/lib/paths.ts", __filename);

const servicesDir = path.join(__dirname, "..", "data", "services");
const services = fs
  .readdirSync(servicesDir)
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => parse(fs.readFileSync(path.join(servicesDir, file), "utf8")))
  .sort((a, b) => a.order - b.order);

module.exports = sitePaths(services.map((s) => s.slug));
