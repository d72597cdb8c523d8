// Builds the editor's Decap CMS from the packages of one release: `npm run editor:update -- <version>` (e.g. 3.16.3);
// `npm run check:editor` rebuilds the pinned one from its recorded lockfile and fails unless the bytes match.
//
// It takes from the packages decap-cms-app@<version> pins only what the site uses (the proxy backend, English, WIDGETS),
// registered as decap-cms-app's src/extensions.js does; the bundle sets window.CMS and window.DECAP_MODULES (its
// React 19, which the editor's code renders with). The packages are installed in a temporary folder, bundled by
// esbuild, and packed with their licences as vendor/decap-cms-<version>.tgz, their lockfile beside it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CMS_WIDGETS } from "../src/cms/config.ts";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vendor = path.join(repo, "vendor");
/** The field kinds the editor writes (src/cms/config.ts); file, image's base, comes with image. */
const WIDGETS = [...CMS_WIDGETS];
/** The modules the editor's own code takes from this bundle (window.DECAP_MODULES): one React on the page. */
const MODULES = ["react", "react-dom"];

/**
 * Decap's check of its configuration, left out of the browser's bundle (it compiles a JSON Schema with ajv on every
 * load: about 0.4 s of a slow phone's first screen) and built for Node as node/config-check.cjs, which the site's
 * tests run on the configuration the build writes. Each widget's schema is registered as the bundle registers it.
 */
const CONFIG_SCHEMA = "decap-cms-core/dist/esm/constants/configSchema.js";
const NO_CHECK = { contents: "export function validateConfig() {}" };
const CHECK_ENTRY = (schemas) => `import { registerWidget } from "decap-cms-core/dist/esm/lib/registry";
${schemas.map((name) => `import ${name} from "decap-cms-widget-${name}/dist/esm/schema.js";`).join("\n")}
const schemas = { ${schemas.join(", ")} };
registerWidget(${JSON.stringify(WIDGETS)}.map((name) => ({ name, controlComponent: name, schema: schemas[name] })));
export { validateConfig } from "${CONFIG_SCHEMA}";`;

const check = process.argv.includes("--check");
const pinned = JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8")).dependencies["decap-cms"];
const version = check ? /decap-cms-(.+)\.tgz$/.exec(pinned)?.[1] : process.argv[2];
if (!/^\d+\.\d+\.\d+$/.test(version ?? "")) {
  console.error("Usage: npm run editor:update -- <version>, e.g. 3.16.3 (see npm view decap-cms versions)");
  process.exit(2);
}
const lockFile = path.join(vendor, `decap-cms-${version}.lock.json`);
const packed = `decap-cms-${version}.tgz`;

const ENTRY = `${MODULES.map((name, i) => `import M${i} from "${name}";`).join("\n")}
import { DecapCmsCore as CMS } from "decap-cms-core";
import { ProxyBackend } from "decap-cms-backend-proxy";
import { en } from "decap-cms-locales";
${WIDGETS.map((name, i) => `import W${i} from "decap-cms-widget-${name}";`).join("\n")}
CMS.registerBackend("proxy", ProxyBackend);
CMS.registerWidget([${WIDGETS.map((_, i) => `W${i}.Widget()`).join(", ")}]);
CMS.registerLocale("en", en);
window.CMS = CMS;
window.DECAP_MODULES = { ${MODULES.map((name, i) => `"${name}": M${i}`).join(", ")} };
`;

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "decap-"));
try {
  const run = (command, args, cwd = temp) =>
    execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 28 });
  const manifest = (name) => {
    const tarball = run("npm", ["pack", `${name}@${version}`, "--silent"])
      .toString()
      .trim()
      .split("\n")
      .pop();
    return JSON.parse(run("tar", ["xzOf", tarball, "package/package.json"]).toString());
  };
  // What the release pins: decap-cms's React, decap-cms-app's Decap packages.
  const cms = manifest("decap-cms");
  const app = { ...cms.dependencies, ...manifest("decap-cms-app").dependencies };
  const wanted = ["decap-cms-core", "decap-cms-backend-proxy", "decap-cms-locales", "decap-cms-widget-file"]
    .concat(WIDGETS.map((name) => `decap-cms-widget-${name}`))
    .concat(Object.keys(app).filter((name) => /^decap-cms-(lib|ui)-/.test(name)));
  const dependencies = Object.fromEntries(
    [...wanted, "react", "react-dom"].sort().map((name) => {
      if (!app[name]) throw new Error(`decap-cms@${version} pins no ${name}`);
      return [name, app[name]];
    }),
  );
  const build = path.join(temp, "build");
  fs.mkdirSync(build);
  fs.writeFileSync(path.join(build, "package.json"), JSON.stringify({ private: true, dependencies }, null, 2));
  if (check) fs.copyFileSync(lockFile, path.join(build, "package-lock.json"));
  run("npm", [check ? "ci" : "install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], build);
  // Every Decap package installed is the one the release pins: a range in between would let another in.
  const lock = JSON.parse(fs.readFileSync(path.join(build, "package-lock.json"), "utf8"));
  for (const [at, { version: got }] of Object.entries(lock.packages)) {
    const name = at.split("node_modules/").pop();
    if (app[name] && /^decap-cms-/.test(name) && got !== app[name]) {
      throw new Error(`${name} ${got} is installed, but decap-cms-app@${version} pins ${app[name]}`);
    }
  }
  fs.writeFileSync(path.join(build, "entry.js"), ENTRY);
  const out = path.join(temp, "out", "package");
  fs.mkdirSync(path.join(out, "dist"), { recursive: true });
  const esbuild = await import("esbuild");
  const common = { absWorkingDir: build, bundle: true, minify: true, legalComments: "linked", logLevel: "warning" };
  await esbuild.build({
    ...common,
    entryPoints: ["entry.js"],
    // An ES module, so what it loads only when needed (the WebP encoder) stays in chunks of its own beside it.
    format: "esm",
    splitting: true,
    target: ["chrome109", "firefox115", "safari15"],
    outdir: path.join(out, "dist"),
    entryNames: "decap-cms",
    chunkNames: "decap-cms-[hash]",
    loader: { ".js": "jsx" },
    define: { "process.env.NODE_ENV": '"production"', global: "globalThis" },
    plugins: [
      { name: "no-check", setup: (b) => b.onLoad({ filter: /constants[\\/]configSchema\.js$/ }, () => NO_CHECK) },
    ],
  });
  // Only the modules the check uses (sideEffects: false): the registry's others are the browser's.
  const pure = (b) =>
    b.onResolve({ filter: /./ }, async ({ path: to, pluginData, ...args }) =>
      pluginData ? undefined : { ...(await b.resolve(to, { ...args, pluginData: true })), sideEffects: false },
    );
  const schemas = WIDGETS.filter((name) =>
    fs.existsSync(path.join(build, `node_modules/decap-cms-widget-${name}/dist/esm/schema.js`)),
  );
  await esbuild.build({
    ...common,
    stdin: { contents: CHECK_ENTRY(schemas), resolveDir: build },
    platform: "node",
    format: "cjs",
    outfile: path.join(out, "node", "config-check.cjs"),
    plugins: [{ name: "pure", setup: pure }],
  });
  const description = `Decap CMS ${version} built from its packages by scripts/update-editor.mjs: ${wanted.join(", ")}.`;
  const pkg = {
    name: "decap-cms",
    version,
    description,
    license: cms.license,
    main: "dist/decap-cms.js",
    widgets: WIDGETS,
    modules: MODULES,
  };
  fs.writeFileSync(path.join(out, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);

  // The same bytes on every run: files in name order, no owners, no dates.
  const tar = ["--sort=name", "--mtime=@0", "--owner=0", "--group=0", "--numeric-owner", "-cf", "-", "package"];
  const archive = run("tar", tar, path.join(temp, "out"));
  const bytes = execFileSync("gzip", ["-9n"], { input: archive, maxBuffer: 1 << 28 });
  if (check) {
    if (!bytes.equals(fs.readFileSync(path.join(vendor, packed)))) {
      throw new Error(`Rebuilt from ${path.basename(lockFile)}, ${packed} is not the same: run npm run editor:update.`);
    }
    console.log(`vendor/${packed} rebuilds to the same bytes.`);
  } else {
    for (const old of fs.readdirSync(vendor).filter((file) => /^decap-cms-/.test(file))) {
      fs.rmSync(path.join(vendor, old));
    }
    fs.writeFileSync(path.join(vendor, packed), bytes);
    fs.copyFileSync(path.join(build, "package-lock.json"), lockFile);
    // Named in full, so npm records the new bytes' integrity even when the version is the same.
    run("npm", ["install", "--no-audit", "--no-fund", `file:vendor/${packed}`], repo);
    console.log(`The editor is Decap CMS ${version} from its packages: vendor/${packed}.`);
  }
} finally {
  fs.rmSync(temp, { recursive: true, force: true });
}
