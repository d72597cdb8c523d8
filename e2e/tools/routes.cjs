// Every route of the site, from the content and the site's path helpers (src/content, src/lib/paths.ts): a new
// service is included without editing this file, in whatever URL form the helpers give. Used by lighthouserc.cjs,
// e2e/tools/speed-gate.mjs and e2e/tools/screenshots.mjs.
const path = require("node:path");
const { require: tsxRequire } = require("tsx/cjs/api");

const { sitePaths } = tsxRequire("../../src/lib/paths.ts", __filename);
const { contentDirectory, readSiteContent } = tsxRequire("../../src/content/read-content.ts", __filename);

const content = readSiteContent(contentDirectory(path.join(__dirname, "..", "..")));
module.exports = sitePaths(content.services.map((s) => s.slug));
