// A built site's files as hashes of their content, to tell whether two builds wrote the same bytes: webpack's
// compilation hash (which differs from build to build), the CSP hash of the inline script that holds it, and so the
// order of a policy's hashes, are replaced by placeholders.
//   node e2e/tools/build-snapshot.mjs save      keeps public/'s snapshot (after a cold build) in .e2e-builds/
//   node e2e/tools/build-snapshot.mjs compare   exits 1, naming each file, where public/ differs from the one kept
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

/** Every file under dir, relative, with the hash of its content, normalized as above. */
export function snapshot(dir) {
  const hashes = new Set();
  const files = new Map();
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(dir, full), fs.readFileSync(full));
    }
  };
  walk(dir);
  for (const content of files.values()) {
    for (const [, hash] of content.toString("latin1").matchAll(/webpackCompilationHash["=:]+"?([0-9a-f]{20})/g)) {
      hashes.add(hash);
    }
  }
  const scriptHash = (hash) =>
    crypto.createHash("sha256").update(`window.___webpackCompilationHash="${hash}";`).digest("base64");
  const normalized = new Map();
  for (const [file, content] of files) {
    // A gzip copy for nginx (x.gz) holds its file's hash too: it counts as its file's copy, or not.
    const original = file.endsWith(".gz") && files.get(file.slice(0, -3));
    if (original) {
      normalized.set(file, zlib.gunzipSync(content).equals(original) ? "a copy of its file" : "not its file");
      continue;
    }
    let text = content.toString("latin1");
    for (const hash of hashes) {
      text = text.split(hash).join("<compilation-hash>").split(scriptHash(hash)).join("<compilation-hash-script>");
    }
    text = text.replace(/'sha256-[^']+'(?: 'sha256-[^']+')*/g, (list) => list.split(" ").sort().join(" "));
    normalized.set(file, crypto.createHash("sha256").update(text, "latin1").digest("hex"));
  }
  return normalized;
}

/** What differs between a cold build's snapshot and a warm one's, a line per file. */
export function differences(cold, warm) {
  const out = [];
  for (const file of new Set([...cold.keys(), ...warm.keys()])) {
    if (!cold.has(file)) out.push(`only in the warm build: ${file}`);
    else if (!warm.has(file)) out.push(`only in the cold build: ${file}`);
    else if (cold.get(file) !== warm.get(file)) out.push(`differs: ${file}`);
  }
  return out.sort();
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const kept = path.join(root, ".e2e-builds", "cold-build.json");
const command = process.argv[2];
if (command === "save") {
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  fs.writeFileSync(kept, JSON.stringify([...snapshot(path.join(root, "public"))]));
} else if (command === "compare") {
  // Gatsby leaves in public/ what earlier builds wrote (old scripts and stylesheets, for visitors still on a page that
  // loads them; earlier images): no page of this build refers to them.
  const diff = differences(new Map(JSON.parse(fs.readFileSync(kept, "utf8"))), snapshot(path.join(root, "public")));
  const left = diff.filter((line) => line.startsWith("only in the warm build"));
  if (diff.length > left.length) {
    console.error(`The warm build differs from a cold build of the same code and content:\n  ${diff.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `The warm build's files equal the cold build's, byte for byte but for the compilation hash (and ${left.length} ` +
      "files earlier builds left in public/, which no page refers to).",
  );
}
