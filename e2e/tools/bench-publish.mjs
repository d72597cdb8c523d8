// What an editor's Publish costs on this machine, the way a host with build caching runs it (Cloudflare Pages keeps
// Gatsby's .cache and public between builds, and npm's own cache): `npm run bench:publish`.
//
// In two copies of this checkout's tracked files (in a temporary folder, so nothing here is touched), it times:
//   1. npm ci, the full install (as a developer or CI installs), with npm's cache warm;
//   2. npm ci --omit=dev, the host's install;
//   3. a cold `npm run build` (no .cache, no public) in the host's install;
//   4. three edits of one field (the firm's phone number), each followed by `npm run build`: the warm builds;
//   5. a second cold build, of the last edit's content: the reference.
// Each warm build must show the new number on /contact/ and in the JSON-LD, and the old one nowhere; the last must
// equal the reference, every file byte for byte but for webpack's compilation hash. It exits non-zero otherwise.
// The table gives the median warm build against the mean of the two cold ones.
// Options: --keep (leave the temporary folder for a look).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseDocument } from "yaml";
import { dialNumber } from "../../src/content/site-content.ts";
import { differences, snapshot } from "./build-snapshot.mjs";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const keep = process.argv.includes("--keep");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-publish-"));
const env = { ...process.env, CI: "true" };

/** Runs a command in `cwd`; returns its duration in seconds and its output; stops the benchmark if it fails. */
function timed(cwd, command, args, extraEnv = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env: { ...env, ...extraEnv }, encoding: "utf8", maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
  }
  return { seconds, output: `${result.stdout}\n${result.stderr}` };
}

/** A copy of the tracked files, as a fresh clone has them (uncommitted edits included, untracked files not). */
function copyCheckout(name) {
  const dir = path.join(work, name);
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: repo, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(repo, file))) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(dir, file));
  }
  return dir;
}

const installed = (output) => Number(/added (\d+) packages?/.exec(output)?.[1] ?? NaN);

/** Every file under dir whose text contains `needle`, relative. */
function filesContaining(dir, needle) {
  const out = [];
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(html|json|txt|xml)$/.test(entry.name) && fs.readFileSync(full, "utf8").includes(needle)) {
        out.push(path.relative(dir, full));
      }
    }
  };
  walk(dir);
  return out;
}

/** Checks that the built site shows `after` (and dials it) and carries `before` nowhere; returns what is wrong. */
function phoneProblems(site, before, after, country) {
  const publicDir = path.join(site, "public");
  const contact = fs.readFileSync(path.join(publicDir, "contact", "index.html"), "utf8");
  const problems = [];
  if (!contact.includes(`>${after}<`)) problems.push(`/contact/ does not show ${after}`);
  if (!contact.includes(`"telephone":"${dialNumber(after, country)}"`))
    problems.push("the JSON-LD lacks the new number");
  for (const old of [before, dialNumber(before, country)]) {
    for (const file of filesContaining(publicDir, old)) problems.push(`${file} still has ${old}`);
  }
  return problems;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  console.log(`Benchmark in ${work}`);
  const full = copyCheckout("full");
  const install = timed(full, "npm", ["ci", "--no-audit", "--no-fund"]);
  const site = copyCheckout("host");
  const hostInstall = timed(site, "npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"]);
  const cold = [timed(site, "npm", ["run", "build"]).seconds];

  // An editor's edit: the phone number shown (and so dialled) changes, one digit at a time.
  const firmFile = path.join(site, "data", "firm.yaml");
  const problems = [];
  const warm = [];
  for (let edit = 0; edit < 3; edit++) {
    const doc = parseDocument(fs.readFileSync(firmFile, "utf8"));
    const before = String(doc.getIn(["phone", "display"]));
    const after = before.replace(/\d(?=\D*$)/, (digit) => String((Number(digit) + 1) % 10));
    doc.setIn(["phone", "display"], after);
    fs.writeFileSync(firmFile, doc.toString());
    warm.push(timed(site, "npm", ["run", "build"]).seconds);
    const country = String(doc.getIn(["address", "country"]));
    problems.push(...phoneProblems(site, before, after, country).map((p) => `edit ${edit + 1} (${after}): ${p}`));
  }
  const warmOutput = snapshot(path.join(site, "public"));

  // The reference: a cold build of the same edited content.
  fs.rmSync(path.join(site, ".cache"), { recursive: true, force: true });
  fs.rmSync(path.join(site, "public"), { recursive: true, force: true });
  cold.push(timed(site, "npm", ["run", "build"]).seconds);
  const diff = differences(snapshot(path.join(site, "public")), warmOutput);

  const coldMean = (cold[0] + cold[1]) / 2;
  const row = (what, seconds, note = "") =>
    console.log(`| ${what.padEnd(48)} | ${seconds.toFixed(1).padStart(7)} s | ${note}`);
  console.log("\n| Step                                             |    Time   | ");
  console.log("| ------------------------------------------------ | --------- | ");
  row("npm ci (full, npm cache warm)", install.seconds, `${installed(install.output)} packages`);
  row("npm ci --omit=dev (the host's install)", hostInstall.seconds, `${installed(hostInstall.output)} packages`);
  row("npm run build, cold (mean of 2)", coldMean, cold.map((s) => `${s.toFixed(1)} s`).join(", "));
  row(
    "npm run build after one edit, warm (median of 3)",
    median(warm),
    `${warm.map((s) => `${s.toFixed(1)} s`).join(", ")}; ${(median(warm) / coldMean).toFixed(2)}× cold`,
  );
  row("install + warm build (host)", hostInstall.seconds + median(warm));
  console.log(
    problems.length === 0
      ? "\nEvery edit shows on /contact/ and in the JSON-LD, and the number before it is in no page."
      : `\nThe edits do not show as they should:\n  ${problems.join("\n  ")}`,
  );
  console.log(
    diff.length === 0
      ? `The last warm build's ${warmOutput.size} files equal a cold build's, byte for byte but for the compilation hash.`
      : `The warm build differs from a cold build of the same content:\n  ${diff.slice(0, 40).join("\n  ")}`,
  );
  if (diff.length > 0 || problems.length > 0) process.exitCode = 1;
} finally {
  if (keep) console.log(`Kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
