// Pins Decap CMS's prebuilt editor bundle: `npm run editor:update -- <version>` (e.g. 3.16.3).
//
// The npm package decap-cms ships its prebuilt bundle (dist/decap-cms.js and the chunks it loads by name, with its own
// React inside) together with 468 packages of its source tree, which the bundle does not use. /admin/ needs only the
// bundle, so this command takes it from the registry's decap-cms@<version>, repacks dist/'s JavaScript and licence into
// vendor/decap-cms-<version>.tgz (a package with no dependencies), points package.json's decap-cms at the tarball and
// updates package-lock.json, which records the tarball's integrity (npm ci refuses any other bytes).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const version = process.argv[2];
if (!/^\d+\.\d+\.\d+$/.test(version ?? "")) {
  console.error("Usage: npm run editor:update -- <version>, e.g. 3.16.3 (see npm view decap-cms versions)");
  process.exit(2);
}
/** The files of dist/ that /admin/ serves: the entry, the chunks it loads by name, and the entry's licence notice. */
const BUNDLE_FILE = /^(decap-cms\.js|\d+\.decap-cms\.js|decap-cms\.js\.LICENSE\.txt)$/;

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "decap-"));
try {
  const run = (command, args, cwd = temp) => execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"] });
  const tarball = run("npm", ["pack", `decap-cms@${version}`, "--silent"])
    .toString()
    .trim()
    .split("\n")
    .pop();
  run("tar", ["xzf", tarball]);
  const dist = path.join(temp, "package", "dist");
  const files = fs
    .readdirSync(dist)
    .filter((file) => BUNDLE_FILE.test(file))
    .sort();
  if (!files.includes("decap-cms.js")) throw new Error(`decap-cms@${version} has no dist/decap-cms.js`);

  const out = path.join(temp, "out", "package");
  fs.mkdirSync(path.join(out, "dist"), { recursive: true });
  for (const file of files) fs.copyFileSync(path.join(dist, file), path.join(out, "dist", file));
  const upstream = JSON.parse(fs.readFileSync(path.join(temp, "package", "package.json"), "utf8"));
  const manifest = {
    name: "decap-cms",
    version,
    description: `Decap CMS's prebuilt bundle only: dist/ of decap-cms@${version} from the npm registry, repacked by scripts/update-editor.mjs.`,
    license: upstream.license,
    main: "dist/decap-cms.js",
  };
  fs.writeFileSync(path.join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

  // The same bytes on every run: files in name order, no owners, no dates.
  const vendor = path.join(repo, "vendor");
  fs.mkdirSync(vendor, { recursive: true });
  for (const old of fs.readdirSync(vendor).filter((file) => /^decap-cms-.*\.tgz$/.test(file))) {
    fs.rmSync(path.join(vendor, old));
  }
  const packed = `decap-cms-${version}.tgz`;
  const tar = ["--sort=name", "--mtime=@0", "--owner=0", "--group=0", "--numeric-owner", "-cf", "-", "package"];
  const archive = execFileSync("tar", tar, { cwd: path.join(temp, "out"), maxBuffer: 1 << 28 });
  fs.writeFileSync(path.join(vendor, packed), execFileSync("gzip", ["-9n"], { input: archive, maxBuffer: 1 << 28 }));

  const pkgFile = path.join(repo, "package.json");
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8"));
  pkg.dependencies["decap-cms"] = `file:vendor/${packed}`;
  fs.writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  run("npm", ["install", "--no-audit", "--no-fund"], repo);
  console.log(`The editor is pinned to decap-cms ${version}: vendor/${packed}, ${files.length} files.`);
} finally {
  fs.rmSync(temp, { recursive: true, force: true });
}
