// Checks the production build in public/: every page is valid HTML (W3C Nu checker, vnu-jar) and every internal link
// and asset reference resolves to a built file. Exits 1 with the list of problems.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vnuJar from "vnu-jar";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", process.argv[2] ?? "public");

function htmlFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // ~partytown and _gatsby hold Gatsby's internal fragments, not pages.
    if (entry.isDirectory()) return /^[~_]/.test(entry.name) ? [] : htmlFiles(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });
}

/** Resolves as a plain static host does (scripts/serve.ts): a file at its path, a folder's page at `folder/`. */
function resolves(urlPath) {
  const clean = decodeURIComponent(urlPath.split(/[?#]/)[0]);
  if (clean === "" || clean === "/") return fs.existsSync(path.join(root, "index.html"));
  const base = path.join(root, clean);
  const file = clean.endsWith("/") ? path.join(base, "index.html") : base;
  return fs.existsSync(file) && fs.statSync(file).isFile();
}

/** A link to a page's folder without the trailing slash costs a redirect on every host (src/lib/paths.ts). */
const redirects = (urlPath) => {
  const clean = decodeURIComponent(urlPath.split(/[?#]/)[0]);
  return !clean.endsWith("/") && fs.existsSync(path.join(root, clean, "index.html"));
};

const files = htmlFiles(root);
if (files.length === 0) {
  console.error(`No HTML in ${root}: build the site first (npm run build).`);
  process.exit(1);
}
const problems = [];

// 1. The Nu checker, all pages in one JVM. It writes its JSON report to stderr.
const run = spawnSync("java", ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error || !run.stderr.trim().startsWith("{")) {
  console.error(`The W3C Nu checker did not run (is Java 17 installed?): ${run.error?.message ?? run.stderr}`);
  process.exit(1);
}
const { messages } = JSON.parse(run.stderr);
for (const m of messages) {
  if (m.type === "error" || m.subType === "fatal") {
    problems.push(`${path.relative(root, new URL(m.url).pathname)}:${m.lastLine ?? "?"}: ${m.message}`);
  }
}

// 2. Internal links and assets.
for (const file of files) {
  const html = fs.readFileSync(file, "utf8");
  for (const match of html.matchAll(/\s(?:href|src)="(\/[^"]*)"/g)) {
    const target = match[1].replace(/&amp;/g, "&");
    if (target.startsWith("//")) continue;
    if (redirects(target)) problems.push(`${path.relative(root, file)}: ${target} redirects: link to ${target}/`);
    else if (!resolves(target)) problems.push(`${path.relative(root, file)}: broken internal link ${target}`);
  }
  for (const match of html.matchAll(/\ssrcSet="([^"]*)"/gi)) {
    for (const candidate of match[1].split(",")) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url.startsWith("/") && !resolves(url)) problems.push(`${path.relative(root, file)}: missing image ${url}`);
    }
  }
}

if (problems.length > 0) {
  console.error(`HTML check failed: ${problems.length} problem(s) in ${files.length} pages\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`HTML check passed: ${files.length} pages valid (W3C Nu checker), no broken internal links or images.`);
