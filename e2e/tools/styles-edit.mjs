// A developer's edit to the site's CSS alone, then `npm run build` over the last build's cache: every page must carry
// the edit. Gatsby re-renders a page only when its data or its renderer changed; the styles fingerprint
// (plugins/styles-fingerprint) makes a CSS edit change the renderer. Run it after a build of the same content. The
// stylesheet is put back however the run ends (its next build then puts every page back: build-snapshot.mjs checks).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const stylesheet = path.join(root, "src", "styles", "global.css");
const original = fs.readFileSync(stylesheet, "utf8");
const MARK = "styles-edit-check";
process.on("exit", () => fs.writeFileSync(stylesheet, original));
process.on("SIGINT", () => process.exit(130));
fs.writeFileSync(stylesheet, `${original}\n.${MARK} {\n  order: 1;\n}\n`);
execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });

const pages = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Gatsby's fragments (_gatsby, ~partytown) and the editor (its own stylesheet) are not the site's pages.
    if (entry.isDirectory()) return /^[~_]|^admin$/.test(entry.name) ? [] : pages(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });
const all = pages(path.join(root, "public"));
const stale = all.filter((file) => !fs.readFileSync(file, "utf8").includes(MARK));
if (all.length === 0 || stale.length > 0) {
  console.error(`After a CSS edit, ${stale.length} of ${all.length} pages kept the old styles:`);
  for (const file of stale) console.error(`  ${path.relative(root, file)}`);
  process.exit(1);
}
console.log(`After a CSS edit alone, all ${all.length} pages carry it.`);
